/**
 * `npm run bench -- ledger [--days 365] [--profile heavy-trader|heavy-industrialist] [--servers] [--no-contracts]
 * [--no-orders] [--keep-data <dir>]`: a year of the heavy trader's wallet, as ESI would have listed it, published on
 * the bus in the sync's messages, imported as events and projected (trade ledger and journal) until caught up; then the
 * Trade Profits list with filters, and a rebuild of the trade ledger read model. The heavy trader's account also holds
 * the contract traders (Lena Vasko, Kael Oduya): their year of wallet and of contracts as the sync publishes them, and
 * the Contract Profits and bought contract items lists. Then the same for the heavy industrialist, whose year adds
 * 5,000+ industry jobs with their bills, and the Industry Jobs and Manufacturing Profits lists. Each character's order
 * reads (every 20 minutes, as the sync records them) come with its wallet, so the trade ledger matches its broker fees
 * to its orders; the final matches are then recorded as events (a first round, as the sync role's recorder makes it
 * over an account's history) and the rebuild folds them too. `--profile` runs one of the two alone; `--servers` runs
 * the same on Kafka + FerretDB (deploy/local/servers.sh up) beside the embedded default; `--no-contracts` leaves the
 * contract traders out (the bench as it was before contracts), `--no-orders` the order reads (as it was before issue
 * #29). `--keep-data <dir>` keeps each profile's embedded data directory as `<dir>/<profile>`, for `npm run bench --
 * ledger-rebuild` to rebuild again.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NestFactory } from '@nestjs/core';
import { CommandBus, CqrsModule } from '@nestjs/cqrs';
import {
  CONTRACTS_TOPIC,
  INDUSTRY_JOBS_TOPIC,
  INDUSTRY_RECORDS_PER_MESSAGE,
  WALLET_JOURNAL_TOPIC,
  WALLET_RECORDS_PER_MESSAGE,
  WALLET_TRANSACTIONS_TOPIC,
  contractsStream,
  eventCatalogue,
  industryJobsStream,
  orderHistoryStream,
  type ImportedContract,
  type OrderHistoryImported,
} from '@tradewise/contracts';
import {
  HEAVY_INDUSTRIALIST_ID,
  HEAVY_TRADER_ID,
  createEsiSimulator,
  esiContractHistory,
  esiIndustryHistory,
  esiOrderReads,
  esiWalletHistory,
  loadUniverseFromStaticDataset,
} from '@tradewise/esi-sim';
import {
  JournalQueries,
  NO_ORDER_HISTORY,
  decideOrderHistory,
  evolveOrderHistory,
  OrderFeeMatchRecorder,
  RecordOrderHistory,
  RecordOrderHistoryHandler,
  RecordOrderFeeMatchHandler,
  startWalletImportThread,
} from '@tradewise/ledger';
import { LedgerSnapshots, type LedgerSnapshot } from '../../services/ledger/src/trade/ledger-snapshots';
import {
  boughtContractItemsPage,
  contractProfitsPage,
  manufacturingProfitsPage,
  manufacturingResultsPage,
  tradeProfitsPage,
  typesNamed,
} from '../../services/ledger/src/trade/trade-ledger.views';
import { resolveStaticDataDir } from '@tradewise/market';
import { contractMessages } from '@tradewise/sync';
import {
  EVENT_STORE,
  createAdapters,
  createLogger,
  loadPlatformConfig,
  uuidV5,
  type EventToAppend,
  type PlatformAdapters,
} from '@tradewise/platform';
import {
  ProjectionRunner,
  RegistryReadModels,
  journalEntriesProjection,
  rebuildOffline,
  tradeLedgerProjection,
  type AnyProjection,
} from '@tradewise/projections';
import { KAFKA_BROKERS, MONGODB_URL, probeServers, serverUp } from '../support/servers';
import type { Bench, BenchRow } from './bench';
import { numberOption, textOption } from './support/bench-args';
import { startOrderAppends, type OrderAppends } from './support/order-appends';
import { cpuMsSince, cpuText, percentile } from './support/samples';

const DAY_MS = 86_400_000;
/**
 * The demo world's contract traders: Lena Vasko sells and buys through contracts, Kael Oduya buys. Dax Korrin's
 * contracts sell what he builds (his jobs would come too), and Mira Soltan's are her corporation's.
 */
const CONTRACT_TRADERS = [
  { characterId: 2119000022, name: 'Lena Vasko' },
  { characterId: 2119000021, name: 'Kael Oduya' },
] as const;
const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const format = (n: number): string => n.toLocaleString('en-US');

type WalletHistory = ReturnType<typeof esiWalletHistory>;

/** Another character of the account: its year of wallet and of contracts as the sync would have published them. */
interface ContractTrader {
  readonly characterId: number;
  readonly name: string;
  readonly history: WalletHistory;
  readonly contracts: readonly ImportedContract[];
}

/** One character's year as the sync would have published it: its wallet, and its industry when it builds. */
interface Feed {
  readonly label: string;
  readonly characterId: number;
  readonly characterName: string;
  readonly history: WalletHistory;
  readonly industry?: ReturnType<typeof esiIndustryHistory>;
  /** The account's contract traders, beside the character. */
  readonly contractTraders?: readonly ContractTrader[];
  /** The character's order reads as a sync every 20 minutes records them (`--no-orders` leaves them out). */
  readonly orderEvents?: readonly EventToAppend[];
  /** The last of those reads as the sync published it, decided on again after the year is recorded. */
  readonly lastOrderRead?: OrderHistoryImported;
  /** The import + projection target in seconds, embedded. */
  readonly targetSeconds: number;
}

async function publishWallet(adapters: PlatformAdapters, characterId: number, history: WalletHistory) {
  const base = { accountId: ACCOUNT, characterId, fetchedAt: new Date().toISOString() };
  const key = String(characterId);
  for (let start = 0; start < history.transactions.length; start += WALLET_RECORDS_PER_MESSAGE) {
    const transactions = history.transactions.slice(start, start + WALLET_RECORDS_PER_MESSAGE);
    await adapters.bus.publish(WALLET_TRANSACTIONS_TOPIC, [
      { key, value: { ...base, transactions }, headers: {} },
    ]);
  }
  for (let start = 0; start < history.journal.length; start += WALLET_RECORDS_PER_MESSAGE) {
    const entries = history.journal.slice(start, start + WALLET_RECORDS_PER_MESSAGE);
    await adapters.bus.publish(WALLET_JOURNAL_TOPIC, [{ key, value: { ...base, entries }, headers: {} }]);
  }
}

async function publishHistory(
  adapters: PlatformAdapters,
  feed: Feed,
  orderAppends: OrderAppends | undefined,
): Promise<void> {
  const { history, industry, characterId } = feed;
  const base = { accountId: ACCOUNT, characterId, fetchedAt: new Date().toISOString() };
  const key = String(characterId);
  for (const trader of feed.contractTraders ?? []) {
    // Its contracts in the sync's message-sized parts, then its wallet.
    const fetchedAt = new Date().toISOString();
    for (const contracts of contractMessages(trader.contracts))
      await adapters.bus.publish(CONTRACTS_TOPIC, [
        {
          key: String(trader.characterId),
          value: { accountId: ACCOUNT, characterId: trader.characterId, fetchedAt, contracts },
          headers: {},
        },
      ]);
    await publishWallet(adapters, trader.characterId, trader.history);
  }
  for (let start = 0; start < (industry?.jobs.length ?? 0); start += INDUSTRY_RECORDS_PER_MESSAGE) {
    const jobs = industry!.jobs.slice(start, start + INDUSTRY_RECORDS_PER_MESSAGE);
    const ids = new Set(jobs.map((job) => job.job_id));
    const bills = industry!.bills.filter((bill) => ids.has(bill.jobId));
    await adapters.bus.publish(INDUSTRY_JOBS_TOPIC, [
      { key, value: { ...base, corporationId: null, jobs, bills }, headers: {} },
    ]);
  }
  await publishWallet(adapters, characterId, history);
  await orderAppends?.append();
}

const ORDER_EVENTS_PER_APPEND = 5_000;

/**
 * The events the order-history import records for a character's reads every 20 minutes over the window, and the
 * last read as its batch.
 */
function orderReadEvents(
  world: Parameters<typeof esiOrderReads>[0],
  characterId: number,
  fromMs: number,
  toMs: number,
): { events: EventToAppend[]; last: OrderHistoryImported | undefined } {
  let state = NO_ORDER_HISTORY;
  const events: EventToAppend[] = [];
  let last: OrderHistoryImported | undefined;
  const metadata = { $correlationId: ACCOUNT, $causationId: ACCOUNT, actor: 'system:sync' };
  for (const read of esiOrderReads(world, characterId, fromMs, toMs)) {
    last = {
      accountId: ACCOUNT,
      characterId,
      fetchedAt: new Date(read.readAtMs).toISOString(),
      orders: [...read.closedSince],
      openOrders: [...read.open],
    };
    for (const event of decideOrderHistory(state, last)) {
      state = evolveOrderHistory(state, event);
      events.push({ id: uuidV5(event.source), type: event.type, data: event.data, metadata });
    }
  }
  return { events, last };
}

/**
 * What a sync's order read costs the import at the end of the window: the order-history handler decides on the last
 * read again (it is recorded: nothing new), first folding the character's whole order stream, as a process that
 * kept no state does, then from the state it kept.
 */
async function orderReadRows(adapters: PlatformAdapters, label: string, read: OrderHistoryImported) {
  const handler = new RecordOrderHistoryHandler(adapters.eventStore);
  const timed = async (): Promise<number> => {
    const started = performance.now();
    const { recorded } = await handler.execute(new RecordOrderHistory(read));
    if (recorded !== 0) throw new Error(`the last order read was recorded again (${recorded} events)`);
    return performance.now() - started;
  };
  const wholeStreamMs = await timed();
  const keptMs = await timed();
  return [
    {
      metric: `${label}: one more order read at the window's end, folding the whole order stream`,
      value: `${wholeStreamMs.toFixed(0)} ms`,
    },
    { metric: `${label}: the same from the state the handler kept`, value: `${keptMs.toFixed(2)} ms` },
  ];
}

/** Events in a stream, from its last revision: reading the whole stream on every poll would weigh on the timing. */
async function recordedCount(adapters: PlatformAdapters, streamId: string): Promise<number> {
  const [last] = await adapters.eventStore.readStream(streamId, { direction: 'backwards', maxCount: 1 });
  return last ? last.revision + 1 : 0;
}

async function run(
  setName: string,
  env: Record<string, string>,
  feed: Feed,
  keepDataIn?: string,
): Promise<BenchRow[]> {
  const { history, industry, characterId } = feed;
  const label = `${feed.label}, ${setName}`;
  const embedded = setName === 'embedded';
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-ledger-bench-'));
  const logger = createLogger('silent');
  const config = loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...env });
  const adapters = await createAdapters(config, eventCatalogue, { now: () => new Date() });
  const projections = [tradeLedgerProjection, journalEntriesProjection] as unknown as AnyProjection[];
  const dependencies = { ...adapters, catalogue: eventCatalogue, logger, clock: { now: () => new Date() } };
  const runner = new ProjectionRunner(projections, dependencies);
  const rows: BenchRow[] = [];
  try {
    await runner.start();
    const consumer = await startWalletImportThread({ config, logger });
    // A year of order reads is 26,000 sync batches, each decided from the state the import keeps: the bench decided
    // them before and stores them in large appends, from a thread of their own as the import does (PERFORMANCE.md).
    const orderAppends = feed.orderEvents
      ? await startOrderAppends(
          config,
          orderHistoryStream(characterId),
          feed.orderEvents,
          ORDER_EVENTS_PER_APPEND,
        )
      : undefined;
    const started = performance.now();
    const cpuAtStart = process.cpuUsage();
    await publishHistory(adapters, feed, orderAppends);
    const jobEvents = (industry?.jobs.length ?? 0) + (industry?.bills.length ?? 0);
    const traders = feed.contractTraders ?? [];
    // Each contract is recorded once: a year as last listed has no later status to add.
    const contracts = traders.reduce((sum, trader) => sum + trader.contracts.length, 0);
    const transactions =
      history.transactions.length + traders.reduce((sum, t) => sum + t.history.transactions.length, 0);
    const journalRows =
      history.journal.length + traders.reduce((sum, t) => sum + t.history.journal.length, 0);
    const orderEvents = feed.orderEvents?.length ?? 0;
    const events = transactions + journalRows + jobEvents + contracts + orderEvents;
    const tradersRecorded = async (): Promise<boolean> => {
      for (const trader of traders)
        if (
          (await recordedCount(adapters, `wallettransactions-${trader.characterId}`)) !==
            trader.history.transactions.length ||
          (await recordedCount(adapters, `walletjournal-${trader.characterId}`)) !==
            trader.history.journal.length ||
          (await recordedCount(adapters, contractsStream(trader.characterId))) !== trader.contracts.length
        )
          return false;
      return true;
    };
    for (;;) {
      const head = await adapters.eventStore.headPosition();
      const statuses = await runner.statuses();
      const done = statuses.every((s) => s.state === 'live' && s.position >= head);
      if (head > 0 && done) {
        const stored = await recordedCount(adapters, `wallettransactions-${characterId}`);
        const journal = await recordedCount(adapters, `walletjournal-${characterId}`);
        const jobs = await recordedCount(adapters, industryJobsStream(characterId));
        if (
          stored === history.transactions.length &&
          journal === history.journal.length &&
          jobs === jobEvents &&
          (await recordedCount(adapters, orderHistoryStream(characterId))) === orderEvents &&
          (await tradersRecorded())
        )
          break;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const importMs = performance.now() - started;
    const importCpuMs = cpuMsSince(cpuAtStart);
    await consumer.close();
    const orderRows = feed.lastOrderRead ? await orderReadRows(adapters, label, feed.lastOrderRead) : [];
    const jobsText = industry ? `, ${format(industry.jobs.length)} industry jobs` : '';
    const contractsText = traders.length > 0 ? `, ${format(contracts)} contracts` : '';
    const ordersText = orderEvents > 0 ? `, ${format(orderEvents)} order reads` : '';
    rows.push({
      metric: `${label}: import + project ${format(transactions)} transactions, ${format(journalRows)} journal rows${jobsText}${contractsText}${ordersText}`,
      value: `${(importMs / 1000).toFixed(1)} s (${format(Math.round((events / importMs) * 1000))}/s; ${cpuText(importCpuMs, importMs)})`,
      ...(embedded
        ? { target: `<= ${feed.targetSeconds} s`, ok: importMs <= feed.targetSeconds * 1000 }
        : {}),
    });
    rows.push(...orderRows);

    // The Trade Profits list as the API computes it: snapshot (cached per version) and the filtered page.
    const snapshots = new LedgerSnapshots(
      new RegistryReadModels(adapters.readStore, adapters.checkpointStore, dependencies.clock),
    );
    const firstStarted = performance.now();
    const snapshot = await snapshots.of(ACCOUNT);
    const firstMs = performance.now() - firstStarted;
    const characterNames = new Map(traders.map((trader) => [trader.characterId, trader.name]));
    const names = {
      typeName: (typeId: number) => `Type ${typeId}`,
      characterName: (id: number) => characterNames.get(id) ?? feed.characterName,
    };
    const typeIds = [...new Set(snapshot.profits.map((row) => row.typeId))];
    const samples: number[] = [];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      const current = await snapshots.of(ACCOUNT);
      const filter = {
        ...(i % 3 === 0
          ? { typeIds: typesNamed(String(typeIds[i % typeIds.length]), typeIds, names.typeName) }
          : {}),
        ...(i % 2 === 0 ? { characterId } : {}),
        ...(i % 5 === 0 ? { minProfitCents: 100_000 } : {}),
      };
      tradeProfitsPage(current, filter, { start: (i * 40) % 4000, count: 40 }, names);
      samples.push(performance.now() - started);
    }
    rows.push({
      metric: `${label}: Trade Profits page over ${format(snapshot.profits.length)} rows, p95 of 200 (filters)`,
      value: `${percentile(samples, 0.95).toFixed(2)} ms`,
      target: '<= 50 ms',
      ok: percentile(samples, 0.95) <= 50,
    });
    if (industry) {
      const products = [...new Set(snapshot.jobs.map((job) => job.productTypeId ?? job.blueprintTypeId))];
      const pages = {
        'Industry Jobs': (current: LedgerSnapshot, i: number, filter: object) =>
          manufacturingResultsPage(
            current,
            i % 4 === 0 ? { ...filter, owner: { owner: 'personal' } } : filter,
            { start: (i * 40) % 2000, count: 40 },
            names,
          ),
        'Manufacturing Profits': (current: LedgerSnapshot, i: number, filter: object) =>
          manufacturingProfitsPage(current, filter, { start: (i * 40) % 4000, count: 40 }, names),
      };
      for (const [page, read] of Object.entries(pages)) {
        const times: number[] = [];
        for (let i = 0; i < 200; i++) {
          const started = performance.now();
          const current = await snapshots.of(ACCOUNT);
          const filter = {
            ...(i % 3 === 0
              ? { typeIds: typesNamed(String(products[i % products.length]), products, names.typeName) }
              : {}),
            ...(i % 2 === 0 ? { characterId } : {}),
          };
          read(current, i, filter);
          times.push(performance.now() - started);
        }
        const rowsOf = page === 'Industry Jobs' ? snapshot.jobs.length : snapshot.manufacturingProfits.length;
        rows.push({
          metric: `${label}: ${page} page over ${format(rowsOf)} rows, p95 of 200 (filters)`,
          value: `${percentile(times, 0.95).toFixed(2)} ms`,
          target: '<= 50 ms',
          ok: percentile(times, 0.95) <= 50,
        });
      }
    }
    if (traders.length > 0) {
      // Contract Profits and the bought contract items as the API computes them, filtered by item, character
      // (each contract trader in turn) and, for the profits, a minimum profit.
      const sold = [...new Set(snapshot.contractProfits.flatMap((row) => row.typeIds))];
      const bought = [...new Set(snapshot.boughtContractItems.map((item) => item.typeId))];
      const pages = {
        'Contract Profits': {
          rows: snapshot.contractProfits.length,
          types: sold,
          read: (current: LedgerSnapshot, i: number, filter: object) =>
            contractProfitsPage(
              current,
              { ...filter, ...(i % 5 === 0 ? { minProfitCents: 100_000 } : {}) },
              { start: (i * 40) % 400, count: 40 },
              names,
            ),
        },
        'bought contract items': {
          rows: snapshot.boughtContractItems.length,
          types: bought,
          read: (current: LedgerSnapshot, i: number, filter: object) =>
            boughtContractItemsPage(current, filter, { start: (i * 40) % 800, count: 40 }, names),
        },
      };
      for (const [page, { rows: rowsOf, types, read }] of Object.entries(pages)) {
        const times: number[] = [];
        for (let i = 0; i < 200; i++) {
          const started = performance.now();
          const current = await snapshots.of(ACCOUNT);
          const filter = {
            ...(i % 3 === 0 && types.length > 0
              ? { typeIds: typesNamed(String(types[i % types.length]), types, names.typeName) }
              : {}),
            ...(i % 2 === 0 ? { characterId: traders[(i / 2) % traders.length]!.characterId } : {}),
          };
          read(current, i, filter);
          times.push(performance.now() - started);
        }
        rows.push({
          metric: `${label}: ${page} page over ${format(rowsOf)} rows, p95 of 200 (filters)`,
          value: `${percentile(times, 0.95).toFixed(2)} ms`,
          target: '<= 50 ms',
          ok: percentile(times, 0.95) <= 50,
        });
      }
    }
    // The Journal page as the API asks it: one page of the account's rows, newest first, with its total. The
    // first page of a filter after a write sorts the account's rows; the next pages reuse that (embedded store).
    const journal = new JournalQueries(
      new RegistryReadModels(adapters.readStore, adapters.checkpointStore, dependencies.clock),
    );
    const firstPages: number[] = [];
    const nextPages: number[] = [];
    const journalFilters = [
      {},
      { refType: 'market_transaction' },
      { characterId },
      { refType: 'transaction_tax', characterId },
    ];
    for (let i = 0; i < 200; i++) {
      const started = performance.now();
      await journal.entries({
        accountId: ACCOUNT,
        start: (i * 400) % 20_000,
        count: 40,
        ...journalFilters[i % journalFilters.length],
      });
      (i < journalFilters.length ? firstPages : nextPages).push(performance.now() - started);
    }
    rows.push({
      metric: `${label}: Journal page over ${format(journalRows)} rows, first page of a filter, slowest of ${journalFilters.length}`,
      value: `${Math.max(...firstPages).toFixed(1)} ms`,
    });
    rows.push({
      metric: `${label}: Journal page, next pages, p95 of ${nextPages.length}`,
      value: `${percentile(nextPages, 0.95).toFixed(2)} ms`,
    });
    rows.push({
      metric: `${label}: first read of the account (loads every document)`,
      value: `${firstMs.toFixed(0)} ms`,
    });

    if (feed.orderEvents) {
      const writes = await NestFactory.createApplicationContext(
        {
          module: class BenchLedgerWrites {},
          imports: [CqrsModule.forRoot()],
          providers: [{ provide: EVENT_STORE, useValue: adapters.eventStore }, RecordOrderFeeMatchHandler],
        },
        { logger: false },
      );
      try {
        const recorder = new OrderFeeMatchRecorder({
          commands: writes.get(CommandBus),
          readModels: new RegistryReadModels(
            adapters.readStore,
            adapters.checkpointStore,
            dependencies.clock,
          ),
          logger,
        });
        const recordStarted = performance.now();
        const recorded = await recorder.recordFinalMatchesOf(ACCOUNT);
        rows.push({
          metric: `${label}: record ${format(recorded)} final order fee matches, a first round (the ledger folds them)`,
          value: `${((performance.now() - recordStarted) / 1000).toFixed(1)} s`,
        });
      } finally {
        await writes.close();
      }
    }

    const rebuildStarted = performance.now();
    const rebuildCpuAtStart = process.cpuUsage();
    await runner.stop();
    await rebuildOffline(tradeLedgerProjection as unknown as AnyProjection, dependencies, () => undefined);
    const rebuildMs = performance.now() - rebuildStarted;
    rows.push({
      metric: `${label}: rebuild the trade ledger read model`,
      value: `${(rebuildMs / 1000).toFixed(1)} s (${cpuText(cpuMsSince(rebuildCpuAtStart), rebuildMs)})`,
      ...(embedded ? { target: '<= 10 s', ok: rebuildMs <= 10_000 } : {}),
    });
  } finally {
    await runner.stop().catch(() => undefined);
    await adapters.close();
    if (keepDataIn !== undefined) cpSync(dataDir, join(keepDataIn, feed.label), { recursive: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

const PROFILES = ['heavy-trader', 'heavy-industrialist'] as const;
type Profile = (typeof PROFILES)[number];

/** One profile's year as the simulator knows it, read before the clock starts. */
function feedOf(
  universe: Awaited<ReturnType<typeof loadUniverseFromStaticDataset>>,
  profile: Profile,
  options: { readonly days: number; readonly withContracts: boolean; readonly withOrders: boolean },
): { feed: Feed; row: BenchRow } {
  const simulator = createEsiSimulator({ universe, seed: 'tradewise', profile, controlApi: false });
  const nowMs = simulator.clock.now().getTime();
  const fromMs = nowMs - options.days * DAY_MS;
  const loadStarted = performance.now();
  const characterId = profile === 'heavy-trader' ? HEAVY_TRADER_ID : HEAVY_INDUSTRIALIST_ID;
  const history = esiWalletHistory(simulator.world, characterId, fromMs, nowMs);
  const industry =
    profile === 'heavy-industrialist'
      ? esiIndustryHistory(simulator.world, characterId, { fromMs, toMs: nowMs, walletFromMs: fromMs })
      : undefined;
  const contractTraders =
    profile === 'heavy-trader' && options.withContracts
      ? CONTRACT_TRADERS.map(({ characterId: id, name }) => ({
          characterId: id,
          name,
          history: esiWalletHistory(simulator.world, id, fromMs, nowMs),
          contracts: esiContractHistory(simulator.world, id, { fromMs, toMs: nowMs }),
        }))
      : [];
  const row = {
    metric: `the simulator's ${options.days} days of the ${profile}${contractTraders.length > 0 ? ' and the contract traders' : ''} (read once, not timed below)`,
    value: `${((performance.now() - loadStarted) / 1000).toFixed(1)} s`,
  };
  const orderReads = options.withOrders
    ? orderReadEvents(simulator.world, characterId, fromMs, nowMs)
    : undefined;
  const feed = {
    label: profile,
    characterId,
    characterName: profile === 'heavy-trader' ? 'Hektor Volume' : 'Ingrid Forge',
    history,
    ...(industry ? { industry } : {}),
    ...(contractTraders.length > 0 ? { contractTraders } : {}),
    ...(orderReads ? { orderEvents: orderReads.events, lastOrderRead: orderReads.last } : {}),
    targetSeconds: profile === 'heavy-trader' ? 30 : 20,
  };
  return { feed, row };
}

const ledgerBench: Bench = async (args) => {
  const options = {
    days: numberOption(args, 'days', 365),
    withContracts: !args.includes('--no-contracts'),
    withOrders: !args.includes('--no-orders'),
  };
  const onlyProfile = textOption(args, 'profile');
  const keepDataIn = textOption(args, 'keep-data');
  if (onlyProfile !== undefined && !(PROFILES as readonly string[]).includes(onlyProfile))
    throw new Error(`--profile: one of ${PROFILES.join(', ')}`);
  const universe = await loadUniverseFromStaticDataset(resolveStaticDataDir(process.env));
  const servers = args.includes('--servers');
  if (servers) await probeServers();
  const rows: BenchRow[] = [];
  // One profile's year at a time: a server holds no simulator's year in its memory, and the next profile's, read
  // ahead, sat in the heap every collection marks.
  for (const profile of PROFILES) {
    if (onlyProfile !== undefined && profile !== onlyProfile) continue;
    const { feed, row } = feedOf(universe, profile, options);
    rows.push(row);
    rows.push(...(await run('embedded', {}, feed, keepDataIn)));
    if (!servers) continue;
    if (serverUp('kafka') && serverUp('mongodb'))
      rows.push(
        ...(await run(
          'Kafka + FerretDB',
          {
            BUS: 'kafka',
            KAFKA_BROKERS: KAFKA_BROKERS.join(','),
            READ_STORE: 'mongodb',
            MONGODB_URL,
            MONGODB_DB: `tw_ledger_bench_${Date.now()}`,
          },
          feed,
        )),
      );
    else rows.push({ metric: 'Kafka + FerretDB', value: 'not reachable: deploy/local/servers.sh up' });
  }
  return rows;
};

export default ledgerBench;
