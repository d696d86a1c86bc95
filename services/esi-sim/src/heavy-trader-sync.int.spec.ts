import type { RunningEsiSimulator } from './esi-simulator';
import { esiFetch, startTestSimulator } from './testing/test-simulator';
import { HEAVY_TRADER_ID } from './world/world-profiles';
import { characterWallet } from './world/world-records';

const WALLET = 'esi-wallet.read_character_wallet.v1';

/** What a product client does on its first sync: every journal page, then every transaction back via from_id. */
async function syncWallet(
  simulator: RunningEsiSimulator,
  token: string,
): Promise<{ rows: number; transactions: number; requests: number }> {
  let rows = 0;
  let requests = 0;
  let pages = 1;
  for (let page = 1; page <= pages; page++) {
    const answer = await esiFetch(simulator, `/characters/${HEAVY_TRADER_ID}/wallet/journal?page=${page}`, {
      token,
      headers: { 'Accept-Encoding': 'gzip' },
    });
    expect(answer.status).toBe(200);
    pages = Number(answer.headers.get('x-pages'));
    rows += ((await answer.json()) as unknown[]).length;
    requests++;
  }
  let transactions = 0;
  let fromId: number | undefined;
  for (;;) {
    const answer = await esiFetch(
      simulator,
      `/characters/${HEAVY_TRADER_ID}/wallet/transactions${fromId === undefined ? '' : `?from_id=${fromId}`}`,
      { token, headers: { 'Accept-Encoding': 'gzip' } },
    );
    requests++;
    const batch = (await answer.json()) as { transaction_id: number }[];
    const fresh = batch.filter((transaction) => transaction.transaction_id !== fromId);
    if (fresh.length === 0) break;
    transactions += fresh.length;
    fromId = batch[batch.length - 1]!.transaction_id;
  }
  return { rows, transactions, requests };
}

// How fast this is, is measured by `npm run bench -- esi` (docs/PERFORMANCE.md, "ESI client"), not here: a bound
// checked inside the suite measures the other files running beside it as much as the simulator.
describe('a heavy trader’s first sync', () => {
  it('serves 30 days of journal and transactions, every page, and the same again from the page cache', async () => {
    const simulator = await startTestSimulator({ profile: 'heavy-trader' });
    try {
      const token = simulator.issueTokens(HEAVY_TRADER_ID, [WALLET]).access_token;
      await simulator.warmUp();
      const first = await syncWallet(simulator, token);
      const again = await syncWallet(simulator, token);
      const wallet = characterWallet(HEAVY_TRADER_ID);
      const atMs = simulator.clock.now().getTime();
      expect(first.rows).toBe(simulator.world.journal(wallet, atMs).length);
      expect(first.transactions).toBe(simulator.world.transactions(wallet, atMs).length);
      expect(first.transactions).toBeGreaterThan(100_000 / 12);
      expect(again).toEqual(first);
    } finally {
      await simulator.close();
    }
  }, 30_000);
});
