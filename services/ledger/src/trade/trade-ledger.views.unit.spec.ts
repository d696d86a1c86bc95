import {
  BROKER_FEE_ESTIMATE_REASONS,
  type BrokerFeePaidDocument,
  type LearnedBrokerRateDocument,
  type LedgerTransactionDocument,
  type ManufacturingProfitDocument,
  type ManufacturingResultDocument,
  type MarketOrderDocument,
  type TradeProfitDocument,
} from '@tradewise/contracts';
import type { LedgerSnapshot } from './ledger-snapshots';
import {
  brokerFeeEstimates,
  brokerFeeSuggestions,
  itemHistoryDetails,
  itemHistorySummaries,
  itemProfits,
  journalStats,
  manufacturingProfitView,
  manufacturingResultsPage,
  profitAggregates,
  tradeProfitsPage,
  walletTransactionsPage,
  tradeProfitView,
  unnamedLocation,
  unprocessedTransactions,
  walletTransactionView,
  type LedgerOwnerFilter,
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
    brokerRates: [],
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
  matchState: 'open',
  taught: { ratePpm: null, relistRateTenthsOfPpm: null },
  ...over,
});

const job = (over: Partial<ManufacturingResultDocument> = {}): ManufacturingResultDocument => ({
  _id: `job:${ACCOUNT}:${over.jobId ?? 7}`,
  accountId: ACCOUNT,
  kind: 'job',
  jobId: 7,
  characterId: ALICE,
  corporationId: null,
  activityId: 1,
  status: 'delivered',
  blueprintTypeId: 999,
  productTypeId: PYERITE,
  typeId: PYERITE,
  makesBlueprintRuns: false,
  runs: 1,
  facilityId: 60003760,
  startDate: '2026-10-31T00:00:00Z',
  date: '2026-11-01T00:00:00Z',
  quantity: 10,
  quantitySold: 0,
  quantityConsumed: 0,
  quantityRemaining: 10,
  costCents: 1_000,
  materialsCostCents: 9_000,
  copiesCostCents: 0,
  totalCostCents: 10_000,
  materialCosts: [],
  missingMaterials: [],
  missingRuns: 0,
  materialsIncomplete: false,
  tracked: true,
  beforeWalletHistory: false,
  ...over,
});

let nextEntry = 1;
const fee = (
  date: string,
  amountCents: number,
  match: { orderId: number; isBuy: boolean } | null,
  characterId = ALICE,
  division: number | null = null,
): BrokerFeePaidDocument => {
  const journalEntryId = nextEntry++;
  return {
    _id: `orderFee:${ACCOUNT}:${journalEntryId}`,
    accountId: ACCOUNT,
    kind: 'orderFee',
    journalEntryId,
    characterId,
    division,
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

describe('broker fee suggestions (docs/profit-rules.md §6.5)', () => {
  const JITA = 60_003_760;
  const AMARR = 60_008_494;
  const KEEPSTAR = 1_035_466_617_946;
  const FORTIZAR = 1_040_000_000_001;
  const rate = (over: Partial<LearnedBrokerRateDocument>): LearnedBrokerRateDocument => ({
    _id: `brokerRate:${ACCOUNT}:${over.characterId ?? ALICE}:${over.locationId ?? JITA}`,
    accountId: ACCOUNT,
    kind: 'brokerRate',
    characterId: ALICE,
    locationId: JITA,
    ratePpm: 15_000,
    relistRatePpm: 7_500,
    agreeing: 5,
    samples: 5,
    ...over,
  });
  const characters: ViewNames = {
    typeName: (typeId) => `type ${typeId}`,
    characterName: (characterId) => (characterId === ALICE ? 'Alice' : characterId === BOB ? 'Bob' : null),
  };
  const stationNames = new Map([
    [JITA, 'Jita IV - Moon 4 - Caldari Navy Assembly Plant'],
    [AMARR, 'Amarr VIII (Oris) - Emperor Family Academy'],
    [KEEPSTAR, 'Perimeter - Tranquility Trading Tower'],
  ]);
  const locationName = (locationId: number) => stationNames.get(locationId) ?? unnamedLocation(locationId);
  const suggest = (rates: LearnedBrokerRateDocument[]) =>
    brokerFeeSuggestions(snapshotOf({ brokerRates: rates }), characters, locationName);

  it('given an NPC station and two structures, when suggested, then NPC sells take the station, sells the structure with the most agreeing orders and buys the location with the most overall', () => {
    const suggestions = suggest([
      rate({ locationId: JITA, ratePpm: 13_500, agreeing: 40, samples: 42 }),
      rate({ locationId: KEEPSTAR, ratePpm: 5_000, agreeing: 60, samples: 61 }),
      rate({ locationId: FORTIZAR, ratePpm: 8_000, agreeing: 12, samples: 12 }),
    ]);
    expect(suggestions).toEqual([
      {
        characterId: ALICE,
        characterName: 'Alice',
        buyFee: 0.5,
        sellFee: 0.5,
        npcSellFee: 1.35,
        basis: [
          {
            locationId: KEEPSTAR,
            locationName: 'Perimeter - Tranquility Trading Tower',
            ratePercent: 0.5,
            agreeing: 60,
            samples: 61,
          },
          {
            locationId: JITA,
            locationName: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
            ratePercent: 1.35,
            agreeing: 40,
            samples: 42,
          },
          {
            locationId: FORTIZAR,
            locationName: `Structure ${FORTIZAR}`,
            ratePercent: 0.8,
            agreeing: 12,
            samples: 12,
          },
        ],
      },
    ]);
  });

  it('given only NPC stations, when suggested, then sells take the NPC rate too, and the station with the most agreeing orders decides', () => {
    const [suggestion] = suggest([
      rate({ locationId: JITA, ratePpm: 13_500, agreeing: 7, samples: 9 }),
      rate({ locationId: AMARR, ratePpm: 12_345, agreeing: 8, samples: 20 }),
    ]);
    expect(suggestion).toMatchObject({ buyFee: 1.2345, sellFee: 1.2345, npcSellFee: 1.2345 });
    expect(suggestion!.basis.map((basis) => basis.locationId)).toEqual([AMARR, JITA]);
  });

  it('given only a structure, when suggested, then NPC sells take its rate as well', () => {
    const [suggestion] = suggest([rate({ locationId: KEEPSTAR, ratePpm: 9_000, agreeing: 5, samples: 5 })]);
    expect(suggestion).toMatchObject({ buyFee: 0.9, sellFee: 0.9, npcSellFee: 0.9 });
  });

  it('given rates fewer than 5 orders agree on, or no placement rate yet, when suggested, then they are no basis and a character without one has no suggestion', () => {
    const suggestions = suggest([
      rate({ characterId: ALICE, locationId: JITA, ratePpm: 13_500, agreeing: 5, samples: 6 }),
      rate({ characterId: ALICE, locationId: KEEPSTAR, ratePpm: 5_000, agreeing: 4, samples: 4 }),
      rate({ characterId: BOB, locationId: JITA, ratePpm: null, agreeing: 0, samples: 0 }),
      rate({ characterId: BOB, locationId: KEEPSTAR, ratePpm: 5_000, agreeing: 4, samples: 30 }),
    ]);
    expect(suggestions).toHaveLength(1);
    expect(suggestions[0]).toMatchObject({ characterId: ALICE, sellFee: 1.35, npcSellFee: 1.35 });
    expect(suggestions[0]!.basis.map((basis) => basis.locationId)).toEqual([JITA]);
  });

  it('given equally agreeing locations, when suggested, then the one with fewer disagreeing orders wins, then the lower id', () => {
    const [suggestion] = suggest([
      rate({ locationId: FORTIZAR, ratePpm: 8_000, agreeing: 10, samples: 10 }),
      rate({ locationId: KEEPSTAR, ratePpm: 5_000, agreeing: 10, samples: 14 }),
      rate({ locationId: AMARR, ratePpm: 12_000, agreeing: 10, samples: 10 }),
    ]);
    expect(suggestion!.basis.map((basis) => basis.locationId)).toEqual([AMARR, FORTIZAR, KEEPSTAR]);
    expect(suggestion).toMatchObject({ buyFee: 1.2, sellFee: 0.8, npcSellFee: 1.2 });
  });

  it('given several characters, when suggested, then one row each by name, and a character no longer on the account is left out', () => {
    const suggestions = suggest([
      rate({ characterId: BOB, locationId: JITA, ratePpm: 20_000 }),
      rate({ characterId: 9003, locationId: JITA, ratePpm: 20_000 }),
      rate({ characterId: ALICE, locationId: JITA, ratePpm: 15_000 }),
    ]);
    expect(suggestions.map((row) => [row.characterName, row.npcSellFee])).toEqual([
      ['Alice', 1.5],
      ['Bob', 2],
    ]);
  });

  it('names a location nothing names by its kind and id', () => {
    expect(unnamedLocation(JITA)).toBe(`Station ${JITA}`);
    expect(unnamedLocation(KEEPSTAR)).toBe(`Structure ${KEEPSTAR}`);
  });
});

describe('the ledger views: the owner filter (Personal / Corporation, per division)', () => {
  const CORPORATION = 98770002;
  const snapshot = snapshotOf({
    profits: [
      profit({
        rowId: '3-0',
        characterId: CORPORATION,
        isPersonal: false,
        division: 2,
        date: '2026-11-03T00:00:00Z',
      }),
      profit({
        rowId: '2-0',
        characterId: CORPORATION,
        isPersonal: false,
        division: 1,
        date: '2026-11-02T00:00:00Z',
      }),
      profit({ rowId: '1-0', characterId: ALICE, isPersonal: true, date: '2026-11-01T00:00:00Z' }),
    ],
    transactions: [
      transaction({ transactionId: 3, characterId: CORPORATION, isPersonal: false, division: 2 }),
      transaction({ transactionId: 2, characterId: ALICE, isPersonal: false, division: null }),
      transaction({ transactionId: 1, characterId: ALICE, isPersonal: true }),
    ],
  });
  const page = { start: 0, count: 10 };
  const rowIds = (owner?: Parameters<typeof tradeProfitsPage>[1]['owner']) =>
    tradeProfitsPage(snapshot, owner ? { owner } : {}, page, names).rows.map((row) => row.id);

  it('given rows of both owners, when filtered, then each owner keeps its own and a division keeps only its rows', () => {
    expect(rowIds()).toEqual(['3-0', '2-0', '1-0']);
    expect(rowIds({ owner: 'personal' })).toEqual(['1-0']);
    expect(rowIds({ owner: 'corporation' })).toEqual(['3-0', '2-0']);
    expect(rowIds({ owner: 'corporation', division: 1 })).toEqual(['2-0']);
    expect(rowIds({ owner: 'personal', division: 1 })).toEqual([]);
  });

  it("given a character's fill for its corporation (no division), when filtered, then it is the corporation's but in no division", () => {
    const ids = (owner: NonNullable<Parameters<typeof walletTransactionsPage>[1]['owner']>) =>
      walletTransactionsPage(snapshot, { owner }, page, names).rows.map((row) => row.id);
    expect(ids({ owner: 'corporation' })).toEqual([3, 2]);
    expect(ids({ owner: 'corporation', division: 2 })).toEqual([3]);
    expect(ids({ owner: 'personal' })).toEqual([1]);
  });

  it('shows whose wallet a row is of: the owner and the division', () => {
    expect(
      tradeProfitsPage(snapshot, {}, page, names).rows.map((row) => [row.isPersonal, row.division]),
    ).toEqual([
      [false, 2],
      [false, 1],
      [true, null],
    ]);
  });
});

describe('the ledger views: the owner filter on Pending Transactions, Item Analysis and the Overview', () => {
  const CORPORATION = 98770002;
  const MASTER_WALLET: LedgerOwnerFilter = { owner: 'corporation', division: 1 };
  const corporationBuy = transaction({
    transactionId: 14,
    date: '2026-11-04T10:00:00.000Z',
    characterId: CORPORATION,
    isPersonal: false,
    division: 1,
    isBuy: true,
    unitPriceCents: 1_000,
    quantity: 5,
    quantitySold: 0,
    quantityRemaining: 5,
  });
  const aliceBuy = transaction({
    transactionId: 13,
    date: '2026-11-03T10:00:00.000Z',
    isBuy: true,
    unitPriceCents: 3_000,
    quantity: 5,
    quantitySold: 0,
    quantityRemaining: 5,
  });
  const corporationPendingSale = transaction({
    transactionId: 12,
    date: '2026-11-02T10:00:00.000Z',
    characterId: CORPORATION,
    isPersonal: false,
    division: 2,
    quantitySold: 0,
    quantityRemaining: 10,
    pending: true,
  });
  const alicePendingSale = transaction({
    transactionId: 11,
    date: '2026-11-01T10:00:00.000Z',
    quantitySold: 0,
    quantityRemaining: 10,
    pending: true,
  });
  const snapshot = snapshotOf({
    transactions: [corporationBuy, aliceBuy, corporationPendingSale, alicePendingSale],
    jobs: [
      job({ jobId: 22, corporationId: CORPORATION, date: '2026-11-02T00:00:00Z', totalCostCents: 20_000 }),
      job({ jobId: 21, date: '2026-11-01T00:00:00Z' }),
    ],
    profits: [
      profit({
        rowId: '32-0',
        characterId: CORPORATION,
        isPersonal: false,
        division: 1,
        date: '2026-11-02T10:00:00.000Z',
        profitCents: 5_000,
      }),
      profit({ rowId: '31-0', date: '2026-11-02T09:00:00.000Z', profitCents: 700 }),
    ],
    orderFees: [
      fee('2026-11-02T12:00:00.000Z', 1_000, null),
      fee('2026-11-03T12:00:00.000Z', 400, null, CORPORATION, 2),
    ],
  });

  it('given pending sales of both owners, when Pending Transactions are read, then the owner and division keep their own, oldest first', () => {
    const ids = (owner?: LedgerOwnerFilter) =>
      unprocessedTransactions(snapshot, owner ? { owner } : {}, names).map((row) => row.id);
    expect(ids()).toEqual([11, 12]);
    expect(ids({ owner: 'personal' })).toEqual([11]);
    expect(ids({ owner: 'corporation' })).toEqual([12]);
    expect(ids({ owner: 'corporation', division: 2 })).toEqual([12]);
    expect(ids(MASTER_WALLET)).toEqual([]);
  });

  it("given buys of both owners, when Item Analysis is read, then a division's summary and price history are its buys only", () => {
    expect(itemHistorySummaries(snapshot, {}, names)).toMatchObject([
      { typeId: TRITANIUM, total: 10, avgPrice: 20, minPrice: 10, maxPrice: 30 },
    ]);
    expect(itemHistorySummaries(snapshot, { owner: MASTER_WALLET }, names)).toMatchObject([
      { typeId: TRITANIUM, total: 5, avgPrice: 10, totalCost: 50 },
    ]);
    expect(itemHistorySummaries(snapshot, { owner: { owner: 'personal' } }, names)).toMatchObject([
      { typeId: TRITANIUM, total: 5, avgPrice: 30, totalCost: 150 },
    ]);
    expect(itemHistoryDetails(snapshot, TRITANIUM, { owner: MASTER_WALLET }, names).boughtStats).toEqual([
      { date: Date.parse('2026-11-04T00:00:00Z'), minPrice: 10, maxPrice: 10, avgPrice: 10, quantity: 5 },
    ]);
  });

  it("given jobs of both owners, when manufactured items are read, then a corporation's job is the corporation's in every division, as Industry Jobs lists it", () => {
    const unitCosts = (owner: LedgerOwnerFilter) =>
      itemHistorySummaries(snapshot, { owner }, names, 'manufactured').map((row) => row.avgPrice);
    expect(unitCosts({ owner: 'corporation' })).toEqual([20]);
    expect(unitCosts(MASTER_WALLET)).toEqual([20]);
    expect(unitCosts({ owner: 'personal' })).toEqual([10]);
    expect(
      itemHistoryDetails(snapshot, PYERITE, { owner: MASTER_WALLET }, names).manufacturedStats.map(
        (day) => day.avgPrice,
      ),
    ).toEqual([20]);
    expect(
      manufacturingResultsPage(snapshot, { owner: MASTER_WALLET }, { start: 0, count: 10 }, names).rows.map(
        (row) => row.jobId,
      ),
    ).toEqual([22]);
  });

  it("given profits of both owners, when the Overview's hourly chart and item table are read, then only the owner's count", () => {
    expect(
      profitAggregates(snapshot, { owner: MASTER_WALLET }, 'hour').map((hour) => [
        hour.timestamp,
        hour.tradeProfit,
      ]),
    ).toEqual([[Date.parse('2026-11-02T10:00:00.000Z'), 50]]);
    expect(itemProfits(snapshot, { owner: { owner: 'personal' } }, names)).toEqual([
      { typeId: TRITANIUM, typeName: `type ${TRITANIUM}`, quantitySold: 10, profit: 7 },
    ]);
  });

  it("given a character's and a corporation division's broker fees, when the chart is read per owner, then each keeps its own", () => {
    const corporationDay = { date: Date.parse('2026-11-03T00:00:00Z'), total: 4, totalSell: 0, totalBuy: 0 };
    expect(brokerFeeEstimates(snapshot, { owner: { owner: 'corporation' } })).toEqual([corporationDay]);
    expect(brokerFeeEstimates(snapshot, { owner: { owner: 'corporation', division: 2 } })).toEqual([
      corporationDay,
    ]);
    expect(brokerFeeEstimates(snapshot, { owner: MASTER_WALLET })).toEqual([]);
    expect(brokerFeeEstimates(snapshot, { owner: { owner: 'personal' } })).toEqual([
      { date: Date.parse('2026-11-02T00:00:00Z'), total: 10, totalSell: 0, totalBuy: 0 },
    ]);
  });
});
