import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walletTransactionsStream, type AccountDto, type WarehouseEntryDto } from '@tradewise/contracts';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

const ARIA = 2119000011;
const TRITANIUM = 34;
/** Sold with nothing bought and no warehouse entry: its sales wait for a cost. */
const PYERITE = 35;

/** Issue #31: ledger writes that named what does not exist, or took a form the spec allows, answer as they should. */
describe('Ledger inputs as a script sends them (npm start, embedded)', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let server: RunningServer;
  let client: ProductClient;
  let account: AccountDto;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-ledger-inputs-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
    client = new ProductClient(server.url);
    await client.authorize(ARIA);
    account = (await client.get('/api/v1/account')).body as AccountDto;
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('a warehouse entry for a type the game does not have answers 400 and stores nothing', async () => {
    const refused = await client.request('POST', '/api/v1/account/itemWarehouse', {
      body: { typeId: 999_999_999, unitPrice: 5, quantity: 10 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ message: 'typeId: there is no item with type id 999999999.' });
    // Found by the schemathesis run: the static data's type 0 ('#System') was taken for an item, and the event
    // store refused the entry with a 500.
    const system = await client.request('POST', '/api/v1/account/itemWarehouse', {
      body: { typeName: '#System', unitPrice: 5, quantity: 1 },
    });
    expect(system).toMatchObject({ status: 400, body: { message: "There is no item named '#System'." } });
    const saved = await client.request('POST', '/api/v1/account/itemWarehouse', {
      body: { typeId: TRITANIUM, unitPrice: 5, quantity: 10 },
    });
    expect(saved.status).toBe(201);
    const { position } = saved.body as { position: number };
    const entries = (await client.get(`/api/v1/account/itemWarehouse?position=${position}`))
      .body as WarehouseEntryDto[];
    expect(entries.map((entry) => entry.typeId)).toEqual([TRITANIUM]);
  });

  it('a broker fee override whose start date is not a UTC date and time answers 400', async () => {
    const body = (startDate: string) => ({
      startDate,
      characterId: ARIA,
      typeName: null,
      buyFee: 1,
      sellFee: 1,
      npcSellFee: 3,
    });
    for (const startDate of ['2026-01-01', 'tomorrow', '2026-02-30 10:00', '2026-01-01 25:00']) {
      const answer = await client.request('POST', '/api/v1/account/brokerfees', { body: body(startDate) });
      expect({ startDate, status: answer.status }).toEqual({ startDate, status: 400 });
      expect((answer.body as { message: string }).message).toMatch(/^startDate: /);
    }
    expect(
      (await client.request('POST', '/api/v1/account/brokerfees', { body: body('2026-01-01 12:00') })).status,
    ).toBe(201);
  });

  it('pending sales can be ignored by bare ids (the spec’s "array of id") as well as by objects, and unknown fields are refused', async () => {
    const eventStore = server.app.get<EventStore>(EVENT_STORE);
    const date = new Date(Date.now() - 3_600_000).toISOString().replace(/\.\d+Z$/, 'Z');
    const sale = (transactionId: number) => ({
      id: randomUUID(),
      type: 'WalletTransactionRecorded',
      data: {
        accountId: account.id,
        characterId: ARIA,
        transactionId,
        date,
        typeId: PYERITE,
        quantity: 10,
        unitPriceCents: 500,
        isBuy: false,
        isPersonal: true,
        esi: {
          transaction_id: transactionId,
          date,
          type_id: PYERITE,
          quantity: 10,
          unit_price: 5,
          is_buy: false,
          is_personal: true,
          client_id: 2_120_000_001,
          location_id: 60_003_760,
          journal_ref_id: transactionId * 10,
        },
      },
      metadata: { $correlationId: 'ledger-inputs', $causationId: 'ledger-inputs', actor: 'system:sync' },
    });
    const { position } = await eventStore.append(
      walletTransactionsStream(ARIA),
      [sale(8_000_000_001), sale(8_000_000_002)],
      { expectedRevision: 'any' },
    );
    const pendingIds = async (at: number) =>
      JSON.stringify((await client.get(`/api/v1/journal/${account.id}/unprocessed?position=${at}`)).body);
    expect(await pendingIds(position)).toContain('8000000001');

    const unknownField = await client.request('POST', `/api/v1/journal/${account.id}/unprocessed/process`, {
      body: { transactionsToIgnore: [8_000_000_001], markAsSold: true },
    });
    expect(unknownField.status).toBe(400);

    const bare = await client.request('POST', `/api/v1/journal/${account.id}/unprocessed/process`, {
      body: { transactionsToIgnore: [8_000_000_001] },
    });
    expect(bare.status).toBe(201);
    const objects = await client.request('POST', `/api/v1/journal/${account.id}/unprocessed/process`, {
      body: { transactionsToIgnore: [{ id: 8_000_000_002 }] },
    });
    expect(objects.status).toBe(201);
    const after = await pendingIds((objects.body as { position: number }).position);
    expect(after).not.toContain('8000000001');
    expect(after).not.toContain('8000000002');
  });
});
