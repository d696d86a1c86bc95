import {
  BROKER_FEE_ESTIMATE_REASONS,
  type BrokerFeePaidDocument,
  type LedgerTransactionDocument,
  type ManufacturingProfitDocument,
  type MarketOrderDocument,
  type TradeProfitDocument,
} from '@tradewise/contracts';
import type { LedgerSnapshot } from './ledger-snapshots';
import {
  brokerFeeEstimates,
  journalStats,
  manufacturingProfitView,
  tradeProfitView,
  walletTransactionView,
  type ViewNames,
} from './trade-ledger.views';

const ACCOUNT = 'acc';
const ALICE = 9001;
const BOB = 9002;
const TRITANIUM = 34;
const PYERITE = 35;
const names: ViewNames = { typeName: (typeId) => `type ${typeId}`, characterName: () => 'Alice' };

function snapshotOf(parts: Partial<LedgerSnapshot>): LedgerSnapshot {
  return {
    accountId: ACCOUNT,
    position: 1,
    profits: [],
    manufacturingProfits: [],
    jobs: [],
    transactions: [],
    warehouse: [],
    brokerFeeOverrides: [],
    contractProfits: [],
    boughtContractItems: [],
    contracts: new Map(),
    orderFees: [],
    orders: new Map(),
    unfilledOrders: [],
    ...parts,
  };
}

const profit = (over: Partial<TradeProfitDocument> = {}): TradeProfitDocument => ({
  _id: `profit:${ACCOUNT}:1-2`,
  accountId: ACCOUNT,
  kind: 'profit',
  rowId: '1-2',
  sellTransactionId: 1,
  date: '2026-05-01T10:00:00.000Z',
  characterId: ALICE,
  typeId: TRITANIUM,
  isPersonal: true,
  quantitySold: 10,
  buyCostCents: 10_000,
  buyBrokerFeeCents: 50,
  sellGrossCents: 20_000,
  sellBrokerFeeCents: 100,
  sellTaxCents: 200,
  profitCents: 9_650,
  brokerFeeEstimates: [],
  edited: false,
  deleted: false,
  ...over,
});

const manufacturingProfit = (
  over: Partial<ManufacturingProfitDocument> = {},
): ManufacturingProfitDocument => ({
  _id: `manufacturing:${ACCOUNT}:1-7`,
  accountId: ACCOUNT,
  kind: 'manufacturingProfit',
  rowId: '1-7',
  sellTransactionId: 1,
  date: '2026-05-01T10:00:00.000Z',
  characterId: ALICE,
  typeId: TRITANIUM,
  isPersonal: true,
  quantitySold: 10,
  manufacturingCostCents: 10_000,
  sellGrossCents: 20_000,
  sellBrokerFeeCents: 100,
  sellTaxCents: 200,
  profitCents: 9_700,
  costIncomplete: false,
  jobIds: [7],
  brokerFeeEstimates: [],
  edited: false,
  deleted: false,
  ...over,
});

const transaction = (over: Partial<LedgerTransactionDocument> = {}): LedgerTransactionDocument => ({
  _id: `transaction:${ACCOUNT}:1`,
  accountId: ACCOUNT,
  kind: 'transaction',
  transactionId: 1,
  date: '2026-05-01T10:00:00.000Z',
  characterId: ALICE,
  typeId: TRITANIUM,
  locationId: 60003760,
  isBuy: false,
  isPersonal: true,
  unitPriceCents: 2_000,
  quantity: 10,
  quantitySold: 10,
  quantityConsumed: 0,
  quantityRemaining: 0,
  tracked: true,
  brokerFeeCents: 100,
  brokerFeeSource: 'order',
  brokerFeeEstimate: null,
  orderId: 555,
  salesTaxCents: 200,
  salesTaxSource: 'journal',
  pending: false,
  ...over,
});

const order = (over: Partial<MarketOrderDocument> = {}): MarketOrderDocument => ({
  _id: `order:${ACCOUNT}:${over.orderId ?? 555}`,
  accountId: ACCOUNT,
  kind: 'order',
  orderId: 555,
  characterId: ALICE,
  typeId: TRITANIUM,
  locationId: 60003760,
  isBuy: false,
  volumeTotal: 20,
  volumeRemain: 10,
  closed: true,
  firstIssued: '2026-04-30T09:00:00.000Z',
  lastIssued: '2026-04-30T09:00:00.000Z',
  readAt: '2026-05-02T00:00:00.000Z',
  complete: true,
  estimate: null,
  fees: [],
  fills: [],
  feesCents: 200,
  unfilledFeeCents: 100,
  ...over,
});

let nextEntry = 1;
const fee = (
  date: string,
  amountCents: number,
  match: { orderId: number; isBuy: boolean } | null,
  characterId = ALICE,
): BrokerFeePaidDocument => {
  const journalEntryId = nextEntry++;
  return {
    _id: `orderFee:${ACCOUNT}:${journalEntryId}`,
    accountId: ACCOUNT,
    kind: 'orderFee',
    journalEntryId,
    characterId,
    date,
    amountCents,
    orderId: match?.orderId ?? null,
    isBuy: match?.isBuy ?? null,
    feeKind: match ? 'placement' : null,
  };
};

describe('the ledger views: broker fee estimates on the rows', () => {
  it('given a trade row whose fees are what was paid, when viewed, then it is not marked', () => {
    expect(tradeProfitView(profit(), names).brokerFeeEstimate).toBeNull();
  });

  it('given a trade row with estimate reasons, when viewed, then it carries their texts, each once', () => {
    const row = profit({ brokerFeeEstimates: ['fillsMissing', 'noOrderHistory', 'fillsMissing'] });
    expect(tradeProfitView(row, names).brokerFeeEstimate).toBe(
      `${BROKER_FEE_ESTIMATE_REASONS.fillsMissing} ${BROKER_FEE_ESTIMATE_REASONS.noOrderHistory}`,
    );
  });

  it('given an edited row, when viewed, then it is not marked: its figures are the user’s', () => {
    const row = profit({ edited: true, brokerFeeEstimates: ['fillsMissing'] });
    expect(tradeProfitView(row, names).brokerFeeEstimate).toBeNull();
    const built = manufacturingProfit({ edited: true, brokerFeeEstimates: ['unseenChange'] });
    expect(manufacturingProfitView(built, names).brokerFeeEstimate).toBeNull();
  });

  it('given a manufacturing row with an estimated sell fee, when viewed, then it carries the reason', () => {
    const row = manufacturingProfit({ brokerFeeEstimates: ['ordersNotReadYet'] });
    expect(manufacturingProfitView(row, names).brokerFeeEstimate).toBe(
      BROKER_FEE_ESTIMATE_REASONS.ordersNotReadYet,
    );
    expect(manufacturingProfitView(manufacturingProfit(), names).brokerFeeEstimate).toBeNull();
  });

  it('given transactions, when viewed, then each says where its fee came from, its order and why it is estimated', () => {
    expect(walletTransactionView(transaction(), names)).toMatchObject({
      brokerFee: 1,
      brokerFeeSource: 'order',
      brokerFeeEstimate: null,
      orderId: 555,
    });
    expect(
      walletTransactionView(
        transaction({
          brokerFeeSource: 'estimated',
          brokerFeeEstimate: 'feeNotInJournal',
          orderId: null,
          brokerFeeCents: 300,
        }),
        names,
      ),
    ).toMatchObject({
      brokerFee: 3,
      brokerFeeSource: 'estimated',
      brokerFeeEstimate: BROKER_FEE_ESTIMATE_REASONS.feeNotInJournal,
      orderId: null,
    });
    expect(
      walletTransactionView(
        transaction({ brokerFeeSource: 'noOrder', brokerFeeCents: 0, orderId: null }),
        names,
      ),
    ).toMatchObject({ brokerFee: 0, brokerFeeSource: 'noOrder', brokerFeeEstimate: null });
  });
});

describe('the ledger views: the broker fees the journal says were paid', () => {
  const sinceMs = Date.parse('2026-05-01T00:00:00.000Z');
  // Newest first, as the snapshot keeps them.
  const orderFees = [
    fee('2026-05-02T12:00:00.000Z', 1_000, { orderId: 555, isBuy: false }),
    fee('2026-05-02T08:00:00.000Z', 250, null),
    fee('2026-05-01T20:00:00.000Z', 400, { orderId: 556, isBuy: true }),
    fee('2026-05-01T10:00:00.000Z', 700, { orderId: 557, isBuy: false }, BOB),
    fee('2026-04-30T23:59:59.000Z', 9_999, { orderId: 555, isBuy: false }),
  ];
  const orders = new Map(
    [
      order({ orderId: 555 }),
      order({ orderId: 556, isBuy: true, typeId: PYERITE, closed: false, unfilledFeeCents: 0 }),
      order({ orderId: 557, characterId: BOB, readAt: '2026-05-01T12:00:00.000Z', unfilledFeeCents: 30 }),
      order({ orderId: 558, readAt: '2026-04-29T00:00:00.000Z', unfilledFeeCents: 5_000 }),
    ].map((document) => [document.orderId, document]),
  );
  const unfilledOrders = [orders.get(555)!, orders.get(557)!, orders.get(558)!];
  // The ledger's fills carry fees of their own, which the panel no longer adds up.
  const transactions = [
    transaction({ transactionId: 2, date: '2026-05-02T13:00:00.000Z', brokerFeeCents: 12_345 }),
    transaction({ transactionId: 1, isBuy: true, salesTaxCents: null, brokerFeeCents: 678 }),
  ];
  const snapshot = snapshotOf({ orderFees, orders, unfilledOrders, transactions });

  it('given brokers_fee rows and closed orders, when the panel is read, then broker fees are the rows in the window and the unfilled fees those of orders closed in it', () => {
    expect(journalStats(snapshot, { sinceMs })).toEqual({
      sellIsk: 200,
      buyIsk: 200,
      totalTax: 2,
      totalBroker: 23.5,
      unfilledBroker: 1.3,
      numBuys: 1,
      numSells: 1,
    });
  });

  it('given a character filter, when the panel is read, then only that character’s rows and orders count', () => {
    expect(journalStats(snapshot, { sinceMs, characterId: BOB })).toMatchObject({
      totalBroker: 7,
      unfilledBroker: 0.3,
    });
  });

  it('given an item filter, when the panel is read, then only fees matched to an order of a matching item count', () => {
    expect(journalStats(snapshot, { sinceMs, typeIds: new Set([PYERITE]) })).toMatchObject({
      totalBroker: 4,
      unfilledBroker: 0,
    });
  });

  it('given no window, when the panel is read, then every row and every closed order counts', () => {
    expect(journalStats(snapshot, {})).toMatchObject({ totalBroker: 123.49, unfilledBroker: 51.3 });
  });

  it('given brokers_fee rows, when the chart is read, then each UTC day sums them by the side of their order, unmatched ones in the total only', () => {
    expect(brokerFeeEstimates(snapshot, { sinceMs })).toEqual([
      { date: Date.parse('2026-05-01T00:00:00.000Z'), total: 11, totalSell: 7, totalBuy: 4 },
      { date: Date.parse('2026-05-02T00:00:00.000Z'), total: 12.5, totalSell: 10, totalBuy: 0 },
    ]);
    expect(brokerFeeEstimates(snapshot, { sinceMs, characterId: BOB })).toEqual([
      { date: Date.parse('2026-05-01T00:00:00.000Z'), total: 7, totalSell: 7, totalBuy: 0 },
    ]);
  });
});
