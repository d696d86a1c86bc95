import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventStoreDbEventStore, SqliteEventStore } from '@tradewise/platform';
import { EVENTSTORE_URL, serverUp } from '../support/servers';
import { eventStoreContract } from './event-store.contract';

eventStoreContract(
  'sqlite',
  () => true,
  () => {
    const dir = mkdtempSync(join(tmpdir(), 'tw-events-'));
    return {
      open: async (catalogue, clock) =>
        new SqliteEventStore({ path: join(dir, 'events.sqlite'), catalogue, clock, pollIntervalMs: 20 }),
      cleanup: async () => rmSync(dir, { recursive: true, force: true }),
    };
  },
);

// EventStoreDB cannot run on this machine; the suite runs wherever EVENTSTORE_URL points at one.
eventStoreContract(
  'eventstoredb',
  () => serverUp('eventstoredb'),
  () => ({
    open: async (catalogue, clock) =>
      new EventStoreDbEventStore({ connectionString: EVENTSTORE_URL!, catalogue, clock, pollIntervalMs: 20 }),
    cleanup: async () => undefined,
  }),
);
