import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import {
  eventCatalogue,
  streamHeadsDigestStream,
  type StreamHeadsDigestRecordedData,
} from '@tradewise/contracts';
import {
  ManualClock,
  SqliteEventStore,
  createLogger,
  loadPlatformConfig,
  verifyEventLog,
  type PlatformConfig,
} from '@tradewise/platform';
import { startStreamHeadsDigests } from './stream-heads-digests';

describe('the stream heads digests of the projections role', () => {
  const logger = createLogger('silent', new Writable({ write: (_chunk, _encoding, done) => done() }));
  const key = randomBytes(32);
  let dir: string;
  let store: SqliteEventStore;
  let config: PlatformConfig;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tw-digests-'));
    store = new SqliteEventStore({
      path: join(dir, 'events.sqlite'),
      catalogue: eventCatalogue,
      clock: new ManualClock(),
    });
    config = loadPlatformConfig({ DATA_DIR: dir, AUDIT_DIGEST_INTERVAL_MINUTES: '1' });
    jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  });

  afterEach(async () => {
    jest.useRealTimers();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function openAccount(): Promise<void> {
    const accountId = randomUUID();
    const id = randomUUID();
    await store.append(
      `account-${accountId}`,
      [
        {
          id,
          type: 'AccountOpened',
          data: { accountId, loginCharacterId: 2119000013 },
          metadata: { $correlationId: id, $causationId: id, actor: 'system:test' },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  }

  const digests = async () =>
    (await store.readStream(streamHeadsDigestStream())).map(
      (event) => event.data as StreamHeadsDigestRecordedData,
    );

  it('signs the heads one interval after the start and at shutdown, and nothing at a shutdown before its first run', async () => {
    await openAccount();
    const early = startStreamHeadsDigests({ config, signingKey: key, eventStore: store, logger })!;
    await early.stop();
    expect(await digests()).toEqual([]);

    const running = startStreamHeadsDigests({ config, signingKey: key, eventStore: store, logger })!;
    await jest.advanceTimersByTimeAsync(60_000);
    expect((await digests()).map((digest) => digest.streamCount)).toEqual([1]);
    await openAccount();
    await running.stop();
    expect((await digests()).map((digest) => [digest.streamCount, digest.changedHeads.length])).toEqual([
      [1, 1],
      [2, 1],
    ]);
    expect((await verifyEventLog(store, key)).ok).toBe(true);
  });

  it('records none in a process without the projections role, or when the interval is 0', () => {
    const start = (env: Record<string, string>) =>
      startStreamHeadsDigests({
        config: loadPlatformConfig({ DATA_DIR: dir, ...env }),
        signingKey: key,
        eventStore: store,
        logger,
      });
    expect(start({ ROLES: 'api,sync' })).toBeUndefined();
    expect(start({ AUDIT_DIGEST_INTERVAL_MINUTES: '0' })).toBeUndefined();
  });
});
