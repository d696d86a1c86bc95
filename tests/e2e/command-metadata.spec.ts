import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { tradeLedgerStream, walletTransactionsStream, type AccountDto } from '@tradewise/contracts';
import { EVENT_STORE, type EventStore, type RecordedEvent } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

/** A demo trader with wallet transactions to import. */
const ARIA = 2119000011;
const TRITANIUM = 34;

/** DESIGN.md §5: what auditors read on every event, stamped in one place whatever wrote it. */
function expectFullMetadata(event: RecordedEvent, actor: string, correlationId?: string): void {
  expect(event.metadata).toEqual({
    $correlationId: correlationId ?? expect.any(String),
    $causationId: expect.any(String),
    actor,
    schemaVersion: expect.any(Number),
    recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
  });
  expect(event.metadata.$correlationId).not.toBe('');
}

describe('Every command goes through the CommandBus and the one decider runner (npm start, embedded)', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let server: RunningServer;
  let client: ProductClient;
  let account: AccountDto;
  let eventStore: EventStore;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-metadata-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
    client = new ProductClient(server.url);
    await client.authorize(ARIA);
    account = (await client.get('/api/v1/account')).body as AccountDto;
    eventStore = server.app.get<EventStore>(EVENT_STORE);
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a ledger edit's events carry the request's correlation id, the owner as actor, the schema version and the time", async () => {
    const correlationId = 'audit-trail-check-0001';
    const saved = await client.request('POST', '/api/v1/account/itemWarehouse', {
      body: { typeId: TRITANIUM, unitPrice: 4.25, quantity: 1000 },
      headers: { 'x-correlation-id': correlationId },
    });
    expect(saved.status).toBe(201);
    const [event] = await eventStore.readStream(tradeLedgerStream(account.id), {
      direction: 'backwards',
      maxCount: 1,
    });
    expect(event!.type).toBe('WarehouseEntrySaved');
    expect(event!.position).toBe((saved.body as { position: number }).position);
    expectFullMetadata(event!, `account:${account.id}`, correlationId);
    expect(event!.metadata.$causationId).toBe(correlationId);
  });

  it("an import batch's events carry the sync's correlation id, the sync as actor, the schema version and the time", async () => {
    expect((await client.request('PATCH', '/api/v1/account', { body: { syncEnabled: true } })).status).toBe(
      200,
    );
    // A round may already be running (the scheduler starts one at start): the next one takes the account.
    await server.syncWorker!.scheduler.runDue();
    await server.syncWorker!.scheduler.runDue();
    const stream = walletTransactionsStream(ARIA);
    const deadline = Date.now() + 60_000;
    let events: RecordedEvent[] = [];
    while (events.length === 0) {
      if (Date.now() > deadline) throw new Error('the sync recorded no wallet transaction');
      await new Promise((resolve) => setTimeout(resolve, 100));
      events = await eventStore.readStream(stream, { maxCount: 50 });
    }
    for (const event of events) expectFullMetadata(event, 'system:sync');
  });
});
