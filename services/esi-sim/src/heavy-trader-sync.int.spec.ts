import type { RunningEsiSimulator } from './esi-simulator';
import { esiFetch, startTestSimulator } from './testing/test-simulator';
import { HEAVY_TRADER_ID } from './world/world-profiles';

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

describe('a heavy trader’s first sync', () => {
  it('serves 30 days of journal and transactions, every page, in under 5 seconds', async () => {
    const simulator = await startTestSimulator({ profile: 'heavy-trader' });
    try {
      const token = simulator.issueTokens(HEAVY_TRADER_ID, [WALLET]).access_token;
      const warmUpStart = performance.now();
      await simulator.warmUp();
      const warmUpMs = performance.now() - warmUpStart;
      const firstStart = performance.now();
      const firstCpu = process.cpuUsage();
      const first = await syncWallet(simulator, token);
      const firstMs = performance.now() - firstStart;
      // Client and simulator share this process: its CPU time is the sync's cost, whatever else runs beside it.
      const { user, system } = process.cpuUsage(firstCpu);
      const firstCpuMs = (user + system) / 1000;
      const againStart = performance.now();
      const again = await syncWallet(simulator, token);
      const againMs = performance.now() - againStart;
      console.log(
        `heavy trader sync: ${first.rows} journal rows, ${first.transactions} transactions in ${first.requests} requests; ` +
          `warm-up ${Math.round(warmUpMs)} ms, first sync ${Math.round(firstMs)} ms (${Math.round(firstCpuMs)} ms of CPU), ` +
          `again from the page cache ${Math.round(againMs)} ms`,
      );
      expect(again).toEqual(first);
      expect(first.transactions).toBeGreaterThan(100_000 / 12);
      expect(first.rows).toBeGreaterThan(first.transactions * 2);
      expect(firstCpuMs).toBeLessThan(5_000);
    } finally {
      await simulator.close();
    }
  }, 30_000);
});
