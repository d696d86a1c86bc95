import type { JournalEntryRecorded, TradeProfitRowDto, WalletTransactionRowDto } from '@tradewise/contracts';
import type { SimulatedWorld, TransactionRecord } from '@tradewise/esi-sim';
import { expectedLedger, type ExpectedLedger, type TruthTransaction } from './independent-fifo';
import type { ProductClient } from './product-client';

const DAY_MS = 86_400_000;
const FREE_HISTORY_MS = 30 * DAY_MS;
/** The rate in force since 13 Mar 2025 (public-tools §9), for a sale whose journal row ESI no longer lists. */
export const CURRENT_SALES_TAX_PPM = 33_750n;
const cents = (isk: number): bigint => BigInt(Math.round(isk * 100));

export interface LedgerTruth {
  /** The independent recomputation over the transactions the product imported. */
  readonly expected: ExpectedLedger;
  /** The rows a FREE account sees, as compared (those within a second of the 30-day edge left out). */
  readonly compared: number;
  /** Of them, the sales whose gross and tax equal the ground truth's own figures for the sale. */
  readonly checkedAgainstTruth: number;
  /** When the product answered its last page of profit rows. */
  readonly answeredAt: number;
}

/**
 * A transaction as the independent recomputation takes it: the world's own record, with the broker fee the simulator
 * charged its units where the ledger matched it to an order, nothing where it says the fill took another player's
 * order, and no fee (the configured rate) where it estimates.
 */
export function truthTransactionOf(
  row: Pick<WalletTransactionRowDto, 'id' | 'brokerFeeSource'>,
  record: TransactionRecord,
  fillFees: ReadonlyMap<number, bigint>,
): TruthTransaction {
  const brokerFee =
    row.brokerFeeSource === 'order'
      ? (fillFees.get(row.id) ?? 0n)
      : row.brokerFeeSource === 'noOrder'
        ? 0n
        : undefined;
  return {
    id: record.id,
    timeMs: record.timeMs,
    typeId: record.typeId,
    quantity: record.quantity,
    unitPriceCents: record.unitPrice,
    isBuy: record.isBuy,
    locationId: record.locationId,
    ...(brokerFee === undefined ? {} : { brokerFee }),
  };
}

/**
 * The truth test's comparison, for one character's account (FREE: 30 days): every imported transaction must be
 * one of the world's, with its price; the journal's sales tax must be the ground truth's; and every profit row the
 * API serves, and their total, must equal the independent recomputation (`independent-fifo`) over those
 * transactions, with the broker fees the simulator charged.
 */
export async function expectTradeLedgerToMatchTruth(options: {
  readonly client: ProductClient;
  readonly accountId: string;
  readonly world: SimulatedWorld;
  readonly wallet: string;
  /** When the first sync of the account started: ESI answers from caches, so it saw a recent past. */
  readonly syncStartMs: number;
  /** The journal entries the product recorded for the character (its `walletjournal-<character>` stream). */
  readonly journal: readonly JournalEntryRecorded[];
}): Promise<LedgerTruth> {
  const { client, accountId, world, wallet, syncStartMs } = options;
  const nowMs = Date.now();
  // The world's own records of the transactions the sync imported (values from the world, not from our import).
  // The world's 30 days as of a few instants: ESI answers from caches, so the sync saw a recent past.
  const worldRecords = new Map(
    [-24, -6, -1, 0]
      .map((hours) => syncStartMs + hours * 3_600_000)
      .concat(nowMs)
      .flatMap((atMs) => world.transactions(wallet, atMs))
      .map((t) => [t.id, t]),
  );
  const transactions = await client.allRows<WalletTransactionRowDto>(
    `/api/v1/journal/${accountId}/transactions`,
  );
  // The fee each fill's order charged it, as the simulator charged it (docs/profit-rules.md §6): where the
  // ledger matched the fill to an order, the recomputation takes the simulator's figure; where it says the fill
  // took another player's order, nothing; where it estimates, the configured rate.
  const fillFees = new Map<number, bigint>();
  for (const order of world.groundTruth.orderFees(wallet, nowMs - 40 * DAY_MS, nowMs))
    for (const fill of order.fills) fillFees.set(fill.transactionId, BigInt(fill.brokerFee));
  const truthTransactions: TruthTransaction[] = transactions.map((row) => {
    const record = worldRecords.get(row.id);
    if (!record) throw new Error(`transaction ${row.id} is not one of the world's`);
    expect(cents(row.unitPrice)).toBe(BigInt(record.unitPrice));
    return truthTransactionOf(row, record, fillFees);
  });

  // Which sales ESI still listed a tax row for comes from the import; the amounts come from the ground truth.
  const taxRows = options.journal.filter((entry) => entry.refType === 'transaction_tax');
  const truthSales = new Map(
    world.groundTruth.sales(wallet, nowMs - 40 * DAY_MS, nowMs).map((sale) => [sale.transactionId, sale]),
  );
  const journalTax = new Map<number, bigint>();
  for (const row of taxRows) {
    const sale = truthSales.get(row.esi.context_id!)!;
    expect(-BigInt(row.amountCents!)).toBe(BigInt(sale.salesTax));
    journalTax.set(sale.transactionId, BigInt(sale.salesTax));
  }
  const expected = expectedLedger(truthTransactions, journalTax, CURRENT_SALES_TAX_PPM);

  const requestedAt = Date.now();
  const rows = await client.allRows<TradeProfitRowDto>(`/api/v1/profit/${accountId}/tradeProfits`);
  const answeredAt = Date.now();
  // A FREE account sees 30 days; rows within the seconds the paging took are on either side of that edge.
  const edge = (timeMs: number): boolean =>
    timeMs >= requestedAt - FREE_HISTORY_MS - 1_000 && timeMs <= answeredAt - FREE_HISTORY_MS + 1_000;
  const visible = expected.rows.filter(
    (row) => row.timeMs >= answeredAt - FREE_HISTORY_MS && !edge(row.timeMs),
  );
  const served = new Map(rows.filter((row) => !edge(Date.parse(row.date))).map((row) => [row.id, row]));
  expect(served.size).toBe(visible.length);
  let total = 0n;
  let checkedAgainstTruth = 0;
  for (const want of visible) {
    const got = served.get(want.id);
    expect(got).toBeDefined();
    expect({
      id: got!.id,
      typeId: got!.typeId,
      quantitySold: got!.quantitySold,
      buyCost: cents(got!.buyCost),
      buyBrokerFee: cents(got!.buyBrokerFee),
      sellGross: cents(got!.sellGross),
      sellBrokerFee: cents(got!.sellBrokerFee),
      sellTax: cents(got!.sellTax),
      profit: cents(got!.profit),
    }).toEqual({
      id: want.id,
      typeId: want.typeId,
      quantitySold: want.quantitySold,
      buyCost: want.buyCost,
      buyBrokerFee: want.buyBrokerFee,
      sellGross: want.sellGross,
      sellBrokerFee: want.sellBrokerFee,
      sellTax: want.sellTax,
      profit: want.profit,
    });
    total += want.profit;
    // The ground truth's own figures for the sale: what it fetched and what it paid in tax.
    const sale = truthSales.get(Number(want.id.split('-')[0]));
    if (sale && want.quantitySold === sale.quantity && journalTax.has(sale.transactionId)) {
      expect(want.sellGross).toBe(BigInt(sale.revenue));
      expect(want.sellTax).toBe(BigInt(sale.salesTax));
      checkedAgainstTruth += 1;
    }
  }
  expect(total).toBe(
    rows.reduce((sum, row) => sum + (edge(Date.parse(row.date)) ? 0n : cents(row.profit)), 0n),
  );
  return { expected, compared: visible.length, checkedAgainstTruth, answeredAt };
}
