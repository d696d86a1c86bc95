/**
 * `npm run bench -- esi [--runs N]`: the ESI client syncing a heavy trader's 30 days (every journal page and the
 * whole from_id walk of transactions) from the ESI simulator over HTTP on this machine, then syncing again
 * before `Expires` (nothing may be sent) and after it with nothing changed (every page must come back 304).
 * Method and numbers: docs/PERFORMANCE.md, "ESI client".
 */
import { ProductScope } from '@tradewise/contracts';
import { characterWallet, HEAVY_TRADER_ID } from '@tradewise/esi-sim';
import { ManualClock } from '@tradewise/platform';
import { EsiClient, EsiHttpClient, RefreshingTokenProvider } from '@tradewise/platform';
import { RecordingGrantStore, ssoClientFor, USER_AGENT } from '../esi/support/esi-test-kit';
import { esiRequests, hostSimulator, type HostedSimulator } from '../esi/support/simulator-host';
import type { Bench, BenchRow } from './bench';
import { numberOption } from './support/bench-args';

const HOUR = 3_600_000;
const format = (n: number): string => n.toLocaleString('en-US');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;

interface SyncClient {
  readonly esi: EsiClient;
  readonly http: EsiHttpClient;
  /** The HTTP cache's clock; tokens keep the simulator's (the SSO's) time. */
  readonly cacheClock: ManualClock;
}

/** A fresh client, as a sync worker has after a start: empty cache, one refresh token. */
function newClient(host: HostedSimulator): SyncClient {
  const grants = new RecordingGrantStore();
  const issued = host.simulator.issueTokens(HEAVY_TRADER_ID, [ProductScope.characterWallet]);
  grants.refreshTokens.set(HEAVY_TRADER_ID, issued.refresh_token!);
  const tokens = new RefreshingTokenProvider({ sso: ssoClientFor(host), grants, clock: host.clock });
  const cacheClock = new ManualClock(host.clock.now());
  const http = new EsiHttpClient({ baseUrl: host.url, userAgent: USER_AGENT, clock: cacheClock, tokens });
  return { esi: new EsiClient(http), http, cacheClock };
}

interface WalletSync {
  readonly ms: number;
  readonly journal: number;
  readonly transactions: number;
  readonly newestTransactionId?: number;
}

async function syncWallet(client: SyncClient, newerThanId?: number): Promise<WalletSync> {
  const started = performance.now();
  const [journal, transactions] = await Promise.all([
    client.esi.getWalletJournal(HEAVY_TRADER_ID),
    client.esi.getWalletTransactions(HEAVY_TRADER_ID, { newerThanId }),
  ]);
  return {
    ms: performance.now() - started,
    journal: journal.data.length,
    transactions: transactions.data.length,
    newestTransactionId: transactions.data[0]?.transaction_id,
  };
}

const bench: Bench = async (args) => {
  const runs = numberOption(args, 'runs', 5);
  const host = await hostSimulator({ profile: 'heavy-trader' });
  try {
    const generationStarted = performance.now();
    const window = Math.floor(host.clock.now().getTime() / HOUR) * HOUR;
    const truth = {
      journal: host.simulator.world.journal(characterWallet(HEAVY_TRADER_ID), window).length,
      transactions: host.simulator.world.transactions(characterWallet(HEAVY_TRADER_ID), window).length,
    };
    const generationMs = performance.now() - generationStarted;

    const coldServer = newClient(host);
    const first = await syncWallet(coldServer);
    const complete = first.journal === truth.journal && first.transactions === truth.transactions;
    const firstRequests = coldServer.http.metrics.requests;

    const warmTimes: number[] = [];
    for (let run = 0; run < runs; run++) {
      // A full sync spends about a third of the character's char-wallet budget (150 tokens per 15 minutes): each
      // run stands for a sync in a window of its own.
      host.simulator.resetLimits();
      warmTimes.push((await syncWallet(newClient(host))).ms);
    }
    host.simulator.resetLimits();
    warmTimes.sort((a, b) => a - b);

    const beforeExpires = esiRequests(host).length;
    coldServer.cacheClock.advance(HOUR - 1_000);
    const cached = await syncWallet(coldServer);
    const sentBeforeExpires = esiRequests(host).length - beforeExpires;

    const afterExpires = host.requests.length;
    coldServer.cacheClock.advance(1_000);
    const revalidated = await syncWallet(coldServer);
    const revalidation = esiRequests(host, afterExpires);
    const notModified = revalidation.filter((request) => request.status === 304).length;

    // An hour of trading later, the next sync asks for transactions newer than the last one imported.
    host.clock.advance(HOUR);
    host.simulator.resetLimits();
    const hourly = newClient(host);
    const nextHour = await syncWallet(hourly, first.newestTransactionId);

    return [
      { metric: 'heavy trader: journal entries (30 days)', value: format(first.journal) },
      { metric: 'heavy trader: wallet transactions (30 days)', value: format(first.transactions) },
      {
        metric: 'every entry and transaction of the simulator synced',
        value: complete ? 'yes' : `no (${format(truth.journal)} / ${format(truth.transactions)} expected)`,
        ok: complete,
      },
      { metric: 'requests of a full sync (journal pages + from_id walk)', value: format(firstRequests) },
      { metric: 'simulator world generation, before timing', value: seconds(generationMs) },
      {
        metric: 'full sync, first (simulator builds each page)',
        value: seconds(first.ms),
        target: '<= 5 s',
        ok: first.ms <= 5_000,
      },
      {
        metric: `full sync, fresh client, warm simulator (median of ${runs})`,
        value: seconds(warmTimes[Math.floor(runs / 2)]),
        target: '<= 5 s',
        ok: warmTimes[Math.floor(runs / 2)] <= 5_000,
      },
      {
        metric: `full sync, fresh client, warm simulator (worst of ${runs})`,
        value: seconds(warmTimes[runs - 1]),
      },
      {
        metric: 're-sync 1 s before Expires: requests sent',
        value: format(sentBeforeExpires),
        target: '0',
        ok: sentBeforeExpires === 0,
      },
      { metric: 're-sync 1 s before Expires: time', value: `${cached.ms.toFixed(1)} ms` },
      {
        metric: 're-sync after Expires, nothing changed: 304s / requests',
        value: `${format(notModified)} / ${format(revalidation.length)}`,
        target: 'all 304',
        ok: revalidation.length > 0 && notModified === revalidation.length,
      },
      { metric: 're-sync after Expires, nothing changed: time', value: seconds(revalidated.ms) },
      {
        metric: 'an hour later, new transactions only (newerThanId): requests',
        value: `${format(hourly.http.metrics.requests)} (${format(nextHour.transactions)} new transactions)`,
      },
      { metric: 'an hour later, new transactions only (newerThanId): time', value: seconds(nextHour.ms) },
    ] satisfies BenchRow[];
  } finally {
    await host.close();
  }
};

export default bench;
