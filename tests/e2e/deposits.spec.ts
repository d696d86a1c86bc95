import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { accountStream, depositsStream, type AccountTransactionDto } from '@tradewise/contracts';
import type { DepositTruth } from '@tradewise/esi-sim';
import { EVENT_STORE, type EventStore } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/**
 * Deposits over the demo's wiring (docs/billing.md): the simulator's Tradewise Banker is linked as the service
 * character without an operator, the deposit sync reads the product corporation's journal, and every deposit the
 * simulator's ground truth lists for a linked character is credited once, to its account, to the cent; a deposit
 * from a character no account held is credited when the character is added.
 */
describe('Deposits to the product corporation, credited to the sender’s account', () => {
  jest.setTimeout(180_000);
  let dataDir: string;
  let server: RunningServer;
  let client: ProductClient;
  let accountId: string;
  /** Deposits of the simulated traders the journal surely lists now (clear of its 30-day edge). */
  let truth: DepositTruth[];
  let senders: number[];

  const worker = () => server.syncWorker!;
  const transactions = async (): Promise<AccountTransactionDto[]> =>
    (await client.get('/api/v1/account/transactions')).body as AccountTransactionDto[];
  const creditedRefIds = async (): Promise<number[]> =>
    (await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(accountId)))
      .filter((e) => e.type === 'DepositCredited')
      .map((e) => (e.data as { journalRefId: number }).journalRefId);
  /** One deposit sync and one sweep; the bus hands the read deposits to the consumer on its own time. */
  async function syncUntil(done: () => Promise<boolean>): Promise<void> {
    await worker().depositSync!.runDue();
    for (let attempt = 0; attempt < 100; attempt++) {
      await worker().deposits.runDue();
      if (await done()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error('The deposits were not credited in time');
  }
  const depositsOf = (characterIds: readonly number[]) =>
    truth.filter((deposit) => characterIds.includes(deposit.characterId));
  const hasAll = (expected: readonly DepositTruth[]) => async () => {
    const credited = new Set(await creditedRefIds());
    const shown = (await transactions()).filter((row) => row.reason === 'DEPOSIT');
    return expected.every((deposit) => credited.has(deposit.journalId)) && shown.length >= expected.length;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-deposits-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
    const simulator = server.simulator!;
    const now = simulator.clock.now().getTime();
    const simulated = new Set(simulator.world.characters.map((c) => c.characterId));
    truth = simulator.world.groundTruth
      .deposits('', now - 30 * DAY + 2 * HOUR, now - 2 * HOUR)
      .filter((deposit) => simulated.has(deposit.characterId));
    senders = [...new Set(truth.map((deposit) => deposit.characterId))];
    expect(senders.length).toBeGreaterThanOrEqual(2);
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('links the simulator’s Tradewise Banker as the service character, with the corporation wallet scope', async () => {
    await worker().depositSync!.runDue();
    expect(await worker().serviceCharacter.current()).toMatchObject({
      characterId: 2119000001,
      characterName: 'Tradewise Banker',
      corporationId: 98770001,
      scopes: ['esi-wallet.read_corporation_wallets.v1'],
      esiError: null,
    });
  });

  it('credits the first sender’s deposits once it logs in, to the cent, as DEPOSIT transactions', async () => {
    client = new ProductClient(server.url);
    await client.authorize(senders[0]!);
    accountId = ((await client.get('/api/v1/account')).body as { id: string }).id;
    const expected = depositsOf([senders[0]!]);
    await syncUntil(hasAll(expected));
    const deposits = (await transactions()).filter((row) => row.reason === 'DEPOSIT');
    expect(deposits.map((row) => row.amount).sort()).toEqual(
      expected.map((deposit) => deposit.amountCents / 100).sort(),
    );
  });

  it('keeps the deposits of a character no account holds, and credits them when it is added', async () => {
    const kept = depositsOf([senders[1]!]).map((deposit) => deposit.journalId);
    const received = async () =>
      (await server.app.get<EventStore>(EVENT_STORE).readStream(depositsStream(senders[1]!))).map(
        (e) => e.type,
      );
    await syncUntil(async () => (await received()).length >= kept.length);
    expect(await received()).toEqual(kept.map(() => 'DepositReceived'));
    await client.authorize(senders[1]!, { path: '/api/v1/account/addCharacter' });
    const expected = depositsOf([senders[0]!, senders[1]!]);
    await syncUntil(hasAll(expected));
    const credited = await creditedRefIds();
    expect(credited.sort()).toEqual(expected.map((deposit) => deposit.journalId).sort());
    const balance = ((await client.get('/api/v1/account')).body as { balance: number }).balance;
    expect(Math.round(balance * 100)).toBe(expected.reduce((sum, d) => sum + d.amountCents, 0));
  });

  it('credits nothing twice: another sync and sweep change nothing', async () => {
    const before = await creditedRefIds();
    await worker().depositSync!.runDue();
    await worker().deposits.runDue();
    await worker().deposits.settleWaiting();
    expect(await creditedRefIds()).toEqual(before);
    expect(new Set(before).size).toBe(before.length);
  });
});
