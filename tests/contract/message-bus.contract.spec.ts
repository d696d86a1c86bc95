import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InProcessBus, KafkaBus } from '@tradewise/platform';
import { KAFKA_BROKERS, serverUp } from '../support/servers';
import { messageBusContract } from './message-bus.contract';

messageBusContract(
  'inprocess',
  () => true,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-bus-'));
    return {
      open: async () => new InProcessBus(join(dir, 'bus.sqlite')),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
      patienceMs: 10_000,
    };
  },
);

messageBusContract(
  'kafka',
  () => serverUp('kafka'),
  () => ({
    open: async () => new KafkaBus({ brokers: KAFKA_BROKERS, clientId: 'tradewise-contract' }),
    cleanup: async () => undefined,
    patienceMs: 30_000,
  }),
);
