import { tradeLedgerDocumentIds as ids, type TradeLedgerDocument } from '@tradewise/contracts';
import type { RecordedEvent } from '@tradewise/platform';
import type { FoldProjection } from '../runner/projection';
import { tradeLedgerProjection as projection, type AccountTradeLedger } from './trade-ledger.projection';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const CHARACTER = 90_000_001;
const CORPORATION = 98_770_002;
const TRITANIUM = 34;
const JITA = 60_003_760;
const ENTRY = '0b7e0c36-9a55-4e0e-8c4e-0d1b5f3e6a01';

let position = 0;
function event(type: string, data: Record<string, unknown>): RecordedEvent {
  position += 1;
  return {
    id: `e${position}`,
    streamId: 'any-1',
    revision: 0,
    position,
    type,
    data: { accountId: ACCOUNT, ...data },
    metadata: {
      $correlationId: 'c',
      $causationId: 'c',
      actor: 'system:test',
      schemaVersion: 1,
      recordedAt: '2026-11-21T12:00:00.000Z',
    },
  };
}

function transaction(
  transactionId: number,
  isBuy: boolean,
  quantity: number,
  unitPriceCents: number,
  date: string,
) {
  return event('WalletTransactionRecorded', {
    characterId: CHARACTER,
    transactionId,
    date,
    typeId: TRITANIUM,
    quantity,
    unitPriceCents,
    isBuy,
    isPersonal: true,
    esi: {
      transaction_id: transactionId,
      date,
      type_id: TRITANIUM,
      quantity,
      unit_price: unitPriceCents / 100,
      is_buy: isBuy,
      is_personal: true,
      client_id: 1,
      location_id: JITA,
      journal_ref_id: transactionId * 10,
    },
  });
}

function salesTax(entryId: number, transactionId: number, amountCents: number) {
  return event('JournalEntryRecorded', {
    characterId: CHARACTER,
    entryId,
    date: '2026-11-02T10:00:00Z',
    refType: 'transaction_tax',
    amountCents,
    balanceCents: null,
    taxCents: null,
    esi: {
      id: entryId,
      date: '2026-11-02T10:00:00Z',
      ref_type: 'transaction_tax',
      description: 'tax',
      amount: amountCents / 100,
      context_id: transactionId,
      context_id_type: 'market_transaction_id',
    },
  });
}

const RIFTER = 587;

/** An industry job as the import records it (only the fields the ledger reads matter here). */
function job(
  status: 'delivered' | 'cancelled',
  jobId: number,
  costCents: number,
  corporationId: number | null = null,
) {
  return event('IndustryJobRecorded', {
    characterId: CHARACTER,
    corporationId,
    jobId,
    activityId: 1,
    blueprintId: 1,
    blueprintTypeId: 691,
    runs: 2,
    licensedRuns: 2,
    probability: null,
    productTypeId: RIFTER,
    successfulRuns: status === 'delivered' ? 2 : null,
    costCents,
    facilityId: JITA,
    locationId: JITA,
    status,
    startDate: '2026-11-01T12:00:00Z',
    endDate: '2026-11-02T12:00:00Z',
    completedDate: status === 'delivered' ? '2026-11-02T13:00:00Z' : null,
    completedCharacterId: null,
    readAt: '2026-11-03T00:00:00Z',
    esi: {},
  });
}

function bill(jobId: number, tritanium: number, made: number) {
  return event('IndustryJobBillResolved', {
    characterId: CHARACTER,
    bill: {
      jobId,
      materials: [{ typeId: TRITANIUM, quantity: tritanium }],
      productQuantity: made,
      usesBlueprintCopy: false,
      defaultUnitPrices: [],
      basis: {
        materialEfficiency: 10,
        structure: null,
        reactionBonusPercent: null,
        defaultPriceRegionId: null,
        defaultPriceFactor: null,
      },
    },
  });
}

function rifterSale(transactionId: number, quantity: number, unitPriceCents: number) {
  const sale = transaction(transactionId, false, quantity, unitPriceCents, '2026-11-03T10:00:00Z');
  const data = sale.data as { typeId: number; esi: { type_id: number } };
  return {
    ...sale,
    data: { ...data, typeId: RIFTER, esi: { ...data.esi, type_id: RIFTER } },
  } as RecordedEvent;
}

const OUTSIDER = 2_112_000_001;
const PYERITE = 35;

/** A contract as the import records it: Lena's list shows it in `status`, with its items on the first read. */
function contract(
  type: 'ContractRecorded' | 'ContractStatusChanged',
  contractId: number,
  fields: {
    status: string;
    issuerId: number;
    acceptorId?: number;
    availability?: string;
    forCorporation?: boolean;
    items?: { record_id: number; type_id: number; quantity: number; is_included: boolean }[];
    appraisal?: { typeId: number; method: string; unitPriceCents: number }[];
    priceCents?: number;
  },
) {
  return event(type, {
    characterId: CHARACTER,
    contractId,
    type: 'item_exchange',
    status: fields.status,
    availability: fields.availability ?? 'personal',
    forCorporation: fields.forCorporation ?? false,
    issuerId: fields.issuerId,
    issuerCorporationId: 98_000_001,
    assigneeId: 0,
    acceptorId: fields.acceptorId ?? 0,
    title: 'Minerals',
    priceCents: fields.priceCents ?? 100_000,
    rewardCents: 0,
    collateralCents: 0,
    buyoutCents: 0,
    volume: 1,
    startLocationId: JITA,
    endLocationId: JITA,
    dateIssued: '2026-11-01T11:00:00Z',
    dateExpired: '2026-11-15T11:00:00Z',
    dateAccepted: fields.status === 'finished' ? '2026-11-02T11:00:00Z' : null,
    dateCompleted: fields.status === 'finished' ? '2026-11-02T11:00:00Z' : null,
    readAt: '2026-11-03T00:00:00Z',
    esi: {},
    partyNames: { [String(OUTSIDER)]: 'Outside Buyer' },
    ...(type === 'ContractRecorded'
      ? {
          items: (fields.items ?? []).map((item) => ({ ...item, is_singleton: false })),
          appraisal: fields.appraisal
            ? { regionId: 10000002, appraisedAt: '2026-11-01T12:00:00Z', prices: fields.appraisal }
            : null,
        }
      : { previousStatus: 'outstanding' }),
  });
}

function contractFee(entryId: number, contractId: number, refType: string, amountCents: number) {
  return event('JournalEntryRecorded', {
    characterId: CHARACTER,
    entryId,
    date: '2026-11-02T11:00:00Z',
    refType,
    amountCents,
    balanceCents: null,
    taxCents: null,
    esi: {
      id: entryId,
      date: '2026-11-02T11:00:00Z',
      ref_type: refType,
      description: 'fee',
      amount: amountCents / 100,
      context_id: contractId,
      context_id_type: 'contract_id',
    },
  });
}

interface OrderFields {
  readonly issued: string;
  readonly readAt: string;
  readonly priceCents: number;
  readonly volumeTotal: number;
  readonly volumeRemain: number;
}

/** A read of one of the corporation's orders (a sell order of Tritanium in Jita) as its import records it. */
function corporationOrder(closed: boolean, orderId: number, fields: OrderFields) {
  return event(closed ? 'CorporationMarketOrderClosed' : 'CorporationMarketOrderObserved', {
    corporationId: CORPORATION,
    walletDivision: 2,
    issuedBy: CHARACTER,
    orderId,
    typeId: TRITANIUM,
    regionId: 10000002,
    locationId: JITA,
    isBuyOrder: false,
    ...fields,
    ...(closed ? { state: 'expired' } : {}),
    esi: {},
  });
}

/** A read of an order the character placed for the corporation, from the character's own order list. */
function characterOrderForCorporation(closed: boolean, orderId: number, fields: OrderFields) {
  return event(closed ? 'MarketOrderClosed' : 'MarketOrderObserved', {
    characterId: CHARACTER,
    isCorporation: true,
    orderId,
    typeId: TRITANIUM,
    regionId: 10000002,
    locationId: JITA,
    isBuyOrder: false,
    ...fields,
    ...(closed ? { state: 'expired' } : {}),
    esi: {},
  });
}

function brokersFeeRow(
  type: 'JournalEntryRecorded' | 'CorporationJournalEntryRecorded',
  entryId: number,
  date: string,
  amountCents: number,
) {
  return event(type, {
    ...(type === 'JournalEntryRecorded'
      ? { characterId: CHARACTER }
      : { corporationId: CORPORATION, division: 2 }),
    entryId,
    date,
    refType: 'brokers_fee',
    amountCents,
    balanceCents: null,
    taxCents: null,
    esi: { id: entryId, date, ref_type: 'brokers_fee', description: 'fee', amount: amountCents / 100 },
  });
}

/** A fill of the corporation's division 2 wallet. */
function divisionFill(
  transactionId: number,
  isBuy: boolean,
  quantity: number,
  unitPriceCents: number,
  date: string,
) {
  return event('CorporationWalletTransactionRecorded', {
    corporationId: CORPORATION,
    division: 2,
    transactionId,
    date,
    typeId: TRITANIUM,
    quantity,
    unitPriceCents,
    isBuy,
    esi: {
      transaction_id: transactionId,
      date,
      type_id: TRITANIUM,
      quantity,
      unit_price: unitPriceCents / 100,
      is_buy: isBuy,
      client_id: 1,
      location_id: JITA,
      journal_ref_id: transactionId * 10,
    },
  });
}

/** Applies the events and returns every document the state has for the ids they changed. */
function project(...events: RecordedEvent[]): {
  state: AccountTradeLedger;
  documents: Map<string, TradeLedgerDocument>;
} {
  return projectWith(projection, events);
}

function projectWith(
  projection: FoldProjection<AccountTradeLedger, TradeLedgerDocument>,
  events: readonly RecordedEvent[],
): { state: AccountTradeLedger; documents: Map<string, TradeLedgerDocument> } {
  const state = projection.initialState(ACCOUNT);
  const changed = new Set<string>();
  for (const recorded of events) {
    expect(projection.partitionOf(recorded)).toBe(ACCOUNT);
    for (const id of projection.apply(state, recorded)) changed.add(id);
  }
  // The runner settles each batch's partitions after their events.
  for (const id of projection.settle!(state)) changed.add(id);
  const documents = new Map<string, TradeLedgerDocument>();
  for (const id of changed) {
    const document = projection.document(state, id);
    if (document) documents.set(id, document);
  }
  return { state, documents };
}

describe('trade-ledger projection', () => {
  beforeEach(() => (position = 0));

  it('given a buy, when part of it is sold and the journal names the tax, then the row uses the journal tax and the buy keeps the rest', () => {
    // Built-in fees: buy 0.5%, NPC-station sell 3.5%. Buy 100 × 5.00 = 500.00 (fee 2.50, 1.00 for 40 units);
    // sell 40 × 6.00 = 240.00 (fee 8.40), journal tax 8.10. Profit = 240.00 − 8.10 − 8.40 − 200.00 − 1.00 = 22.50.
    const { documents } = project(
      transaction(1, true, 100, 500, '2026-11-01T10:00:00Z'),
      transaction(2, false, 40, 600, '2026-11-02T10:00:00Z'),
      salesTax(77, 2, -810),
    );
    expect(documents.get(ids.profit(ACCOUNT, '2-0'))).toMatchObject({
      kind: 'profit',
      quantitySold: 40,
      buyCostCents: 20_000,
      buyBrokerFeeCents: 100,
      sellGrossCents: 24_000,
      sellBrokerFeeCents: 840,
      sellTaxCents: 810,
      profitCents: 2_250,
      edited: false,
      deleted: false,
    });
    expect(documents.get(ids.transaction(ACCOUNT, 1))).toMatchObject({
      quantitySold: 40,
      quantityRemaining: 60,
      brokerFeeCents: 250,
      pending: false,
    });
    expect(documents.get(ids.transaction(ACCOUNT, 2))).toMatchObject({
      salesTaxSource: 'journal',
      pending: false,
    });
    expect(documents.get(ids.version(ACCOUNT))).toMatchObject({ kind: 'version', position: 3 });
  });

  it("given a corporation division's buy and a character's buy, when the corporation sells, then its row is the corporation's, costed FIFO across the shared pool, with the division's tax and an estimated fee", () => {
    // The corporation's fills share the account's pool (docs/profit-rules.md §9): FIFO takes Ava's older buy first.
    // Ava buys 10 × 4.00 (fee 0.20); the corporation buys 10 × 5.00 in division 2 (fee 0.25); the corporation sells
    // 15 × 6.00 = 90.00 (NPC station, 3.5%: 3.15), tax 3.04 from the division's journal.
    // Cost 40.00 + 25.00, buy fees 0.20 + 0.125 → 0.20 + 0.13 (shares of the fees, rounded half up per stack).
    const corporation = (
      transactionId: number,
      isBuy: boolean,
      quantity: number,
      unitPriceCents: number,
      date: string,
    ) =>
      event('CorporationWalletTransactionRecorded', {
        corporationId: CORPORATION,
        division: 2,
        transactionId,
        date,
        typeId: TRITANIUM,
        quantity,
        unitPriceCents,
        isBuy,
        esi: {
          transaction_id: transactionId,
          date,
          type_id: TRITANIUM,
          quantity,
          unit_price: unitPriceCents / 100,
          is_buy: isBuy,
          client_id: 1,
          location_id: JITA,
          journal_ref_id: transactionId * 10,
        },
      });
    const divisionTax = event('CorporationJournalEntryRecorded', {
      corporationId: CORPORATION,
      division: 2,
      entryId: 90,
      date: '2026-11-03T10:00:00Z',
      refType: 'transaction_tax',
      amountCents: -304,
      balanceCents: null,
      taxCents: null,
      esi: {
        id: 90,
        date: '2026-11-03T10:00:00Z',
        ref_type: 'transaction_tax',
        description: 'tax',
        amount: -3.04,
        context_id: 3,
        context_id_type: 'market_transaction_id',
      },
    });
    const { documents } = project(
      transaction(1, true, 10, 400, '2026-11-01T10:00:00Z'),
      corporation(2, true, 10, 500, '2026-11-02T10:00:00Z'),
      corporation(3, false, 15, 600, '2026-11-03T10:00:00Z'),
      divisionTax,
    );
    const row = documents.get(ids.profit(ACCOUNT, '3-0'))!;
    expect(row).toMatchObject({
      characterId: CORPORATION,
      isPersonal: false,
      division: 2,
      quantitySold: 15,
      buyCostCents: 6_500,
      sellGrossCents: 9_000,
      sellBrokerFeeCents: 315,
      sellTaxCents: 304,
      // The corporation's sale, and Ava's buy, whose orders this account has no history of.
      brokerFeeEstimates: ['noOrderHistory'],
    });
    expect(row.kind === 'profit' && row.buyBrokerFeeCents).toBe(20 + 13);
    expect(row.kind === 'profit' && row.profitCents).toBe(9_000 - 304 - 315 - 6_500 - 33);
    expect(documents.get(ids.transaction(ACCOUNT, 3))).toMatchObject({
      isPersonal: false,
      division: 2,
      tracked: true,
      salesTaxSource: 'journal',
      brokerFeeSource: 'estimated',
      brokerFeeEstimate: 'noOrderHistory',
    });
    expect(documents.get(ids.transaction(ACCOUNT, 1))).toMatchObject({ isPersonal: true, division: null });
  });

  describe("the corporation's orders and its division journals' broker fees (docs/profit-rules.md §9)", () => {
    // Sell 15 Tritanium at 6.00 placed at 09:00 for the corporation; its division paid 3.15 then.
    const placed = { issued: '2026-11-03T09:00:00Z', priceCents: 600, volumeTotal: 15 };
    const sellOrder = [
      corporationOrder(false, 500, { ...placed, readAt: '2026-11-03T09:10:00Z', volumeRemain: 15 }),
      corporationOrder(true, 500, { ...placed, readAt: '2026-11-04T10:00:00Z', volumeRemain: 0 }),
    ];

    it("given the corporation's order and its division's fee row, when a division fill sells on it, then the fill carries the fee its order was charged", () => {
      const { documents } = project(
        divisionFill(2, true, 15, 500, '2026-11-02T10:00:00Z'),
        sellOrder[0]!,
        brokersFeeRow('CorporationJournalEntryRecorded', 91, '2026-11-03T09:00:00Z', -315),
        divisionFill(3, false, 15, 600, '2026-11-03T10:00:00Z'),
        sellOrder[1]!,
      );
      expect(documents.get(ids.transaction(ACCOUNT, 3))).toMatchObject({
        division: 2,
        brokerFeeSource: 'order',
        brokerFeeCents: 315,
        brokerFeeEstimate: null,
      });
      expect(documents.get(ids.orderFee(ACCOUNT, 91))).toMatchObject({
        characterId: CORPORATION,
        division: 2,
        orderId: 500,
        feeKind: 'placement',
      });
      expect(documents.get(ids.profit(ACCOUNT, '3-0'))).toMatchObject({
        characterId: CORPORATION,
        sellBrokerFeeCents: 315,
        buyBrokerFeeCents: 0,
        brokerFeeEstimates: [],
      });
    });

    it('given a batch settled, when the next batch only closes the order, then the fill its settling changes moves the version to the read', () => {
      // The version's position is how the pages see that the account moved: a change made only when the batch
      // settles must move it as an event's change does, or a reader's cached ledger never sees the fill's new fee.
      const state = projection.initialState(ACCOUNT);
      const fold = (...events: RecordedEvent[]): Set<string> => {
        const changed = new Set(events.flatMap((recorded) => [...projection.apply(state, recorded)]));
        for (const id of projection.settle!(state)) changed.add(id);
        return changed;
      };
      fold(
        divisionFill(2, true, 15, 500, '2026-11-02T10:00:00Z'),
        sellOrder[0]!,
        brokersFeeRow('CorporationJournalEntryRecorded', 91, '2026-11-03T09:00:00Z', -315),
        divisionFill(3, false, 15, 600, '2026-11-03T10:00:00Z'),
      );
      const closing = sellOrder[1]!;
      const changed = fold(closing);
      expect(changed).toContain(ids.transaction(ACCOUNT, 3));
      expect(projection.document(state, ids.transaction(ACCOUNT, 3))).toMatchObject({
        brokerFeeSource: 'order',
      });
      expect(changed).toContain(ids.version(ACCOUNT));
      expect(projection.document(state, ids.version(ACCOUNT))).toMatchObject({ position: closing.position });
    });

    it('given its match recorded, when a later fee row would leave its fee in doubt, then the fill keeps the recorded fee', () => {
      const history = [
        divisionFill(2, true, 15, 500, '2026-11-02T10:00:00Z'),
        sellOrder[0]!,
        brokersFeeRow('CorporationJournalEntryRecorded', 91, '2026-11-03T09:00:00Z', -315),
        divisionFill(3, false, 15, 600, '2026-11-03T10:00:00Z'),
        sellOrder[1]!,
      ];
      const doubt = () => brokersFeeRow('CorporationJournalEntryRecorded', 93, '2026-11-03T09:00:00Z', -316);
      expect(project(...history, doubt()).documents.get(ids.transaction(ACCOUNT, 3))).toMatchObject({
        brokerFeeSource: 'estimated',
      });
      const recorded = event('OrderFeesMatched', {
        orderId: 500,
        ownerId: CORPORATION,
        fees: [
          {
            journalEntryId: 91,
            date: '2026-11-03T09:00:00.000Z',
            amountCents: 315,
            kind: 'placement',
            unitsOnOrder: 15,
          },
        ],
        fills: [{ transactionId: 3, quantity: 15, brokerFeeCents: 315 }],
        unfilledFeeCents: 0,
      });
      const { documents } = project(...history, recorded, doubt());
      expect(documents.get(ids.order(ACCOUNT, 500))).toMatchObject({
        matchState: 'recorded',
        complete: true,
        fees: [{ journalEntryId: 91, amountCents: 315 }],
      });
      expect(documents.get(ids.transaction(ACCOUNT, 3))).toMatchObject({
        brokerFeeSource: 'order',
        brokerFeeCents: 315,
      });
      expect(documents.get(ids.orderFee(ACCOUNT, 93))).toMatchObject({ orderId: null });
    });

    it("given the corporation's orders read, when a division fill took another's order, then it pays no broker fee", () => {
      const { documents } = project(...sellOrder, divisionFill(2, true, 15, 500, '2026-11-02T10:00:00Z'));
      expect(documents.get(ids.transaction(ACCOUNT, 2))).toMatchObject({
        brokerFeeSource: 'noOrder',
        brokerFeeCents: 0,
      });
    });

    it("given a character's order for the corporation, when its own fee row and sale fall at its second and price, then neither is matched to it", () => {
      // Read from the character's list (is_corporation): the corporation's order, paid from its division. The
      // character's own fee row of that second is not its, nor is the character's own sale at its price.
      const { documents } = project(
        characterOrderForCorporation(false, 700, {
          ...placed,
          readAt: '2026-11-03T09:10:00Z',
          volumeRemain: 15,
        }),
        brokersFeeRow('JournalEntryRecorded', 92, '2026-11-03T09:00:00Z', -315),
        transaction(2, true, 15, 500, '2026-11-02T10:00:00Z'),
        transaction(3, false, 15, 600, '2026-11-03T10:00:00Z'),
        characterOrderForCorporation(true, 700, {
          ...placed,
          readAt: '2026-11-04T10:00:00Z',
          volumeRemain: 0,
        }),
      );
      expect(documents.get(ids.orderFee(ACCOUNT, 92))).toMatchObject({
        characterId: CHARACTER,
        division: null,
        orderId: null,
      });
      expect(documents.get(ids.order(ACCOUNT, 700))).toBeUndefined();
      // The reads still say when the character's orders were read: its fills are known to be free of its orders.
      expect(documents.get(ids.transaction(ACCOUNT, 3))).toMatchObject({
        brokerFeeSource: 'noOrder',
        brokerFeeCents: 0,
      });
    });
  });

  it('given a sale with nothing bought, when a default price is saved, then the pending sale is costed at it', () => {
    const sale = transaction(2, false, 10, 1_000, '2026-11-02T10:00:00Z');
    const before = project(sale);
    expect(before.documents.get(ids.transaction(ACCOUNT, 2))).toMatchObject({
      pending: true,
      quantityRemaining: 10,
    });
    const { documents } = project(
      sale,
      event('WarehouseEntrySaved', {
        entryId: ENTRY,
        typeId: TRITANIUM,
        unitPriceCents: 400,
        quantity: null,
      }),
    );
    expect(documents.get(ids.transaction(ACCOUNT, 2))).toMatchObject({
      pending: false,
      quantityRemaining: 0,
    });
    expect(documents.get(ids.profit(ACCOUNT, '2-0'))).toMatchObject({
      quantitySold: 10,
      buyCostCents: 4_000,
    });
    expect(documents.get(ids.warehouse(ACCOUNT, ENTRY))).toMatchObject({ quantity: null, removed: false });
  });

  it('given a row, when the user edits it, then the edit replaces the figures and profit follows; when deleted, it is marked', () => {
    const history = [
      transaction(1, true, 10, 500, '2026-11-01T10:00:00Z'),
      transaction(2, false, 10, 600, '2026-11-02T10:00:00Z'),
    ];
    const edit = {
      rowId: '2-0',
      quantitySold: 10,
      buyCostCents: 4_000,
      buyBrokerFeeCents: 0,
      sellGrossCents: 6_000,
      sellBrokerFeeCents: 0,
      sellTaxCents: 100,
    };
    const edited = project(...history, event('TradeProfitRowEdited', edit));
    expect(edited.documents.get(ids.profit(ACCOUNT, '2-0'))).toMatchObject({
      profitCents: 1_900,
      edited: true,
    });
    const deleted = project(
      ...history,
      event('TradeProfitRowEdited', edit),
      event('TradeProfitRowDeleted', { rowId: '2-0' }),
    );
    expect(deleted.documents.get(ids.profit(ACCOUNT, '2-0'))).toMatchObject({ deleted: true, edited: false });
  });

  it('given a warehouse entry, when it is removed, then its document stays, marked removed', () => {
    const { documents } = project(
      event('WarehouseEntrySaved', { entryId: ENTRY, typeId: TRITANIUM, unitPriceCents: 400, quantity: 5 }),
      event('WarehouseEntryRemoved', { entryId: ENTRY }),
    );
    expect(documents.get(ids.warehouse(ACCOUNT, ENTRY))).toMatchObject({
      removed: true,
      unitPriceCents: 400,
    });
  });

  it('ignores journal rows that are not a sale tax and events without an account', () => {
    const state = projection.initialState(ACCOUNT);
    const donation = event('JournalEntryRecorded', {
      characterId: CHARACTER,
      entryId: 5,
      date: '2026-11-02T10:00:00Z',
      refType: 'player_donation',
      amountCents: 100,
      balanceCents: null,
      taxCents: null,
      esi: { id: 5, date: '2026-11-02T10:00:00Z', ref_type: 'player_donation', description: 'gift' },
    });
    expect([...projection.apply(state, donation)]).toEqual([]);
    expect(projection.partitionOf({ ...donation, data: {} })).toBeNull();
  });

  it('given a delivered job and its bill, when its product sells, then the job and a manufacturing row are documents of their own', () => {
    // 100 Tritanium at 5.00 (0.5% buy fee: 2.50) and a job cost of 20.00 make 2 Rifters at 261.25 each.
    const { documents } = project(
      transaction(1, true, 100, 500, '2026-11-01T10:00:00Z'),
      job('delivered', 7_001, 2_000),
      bill(7_001, 100, 2),
      rifterSale(9, 1, 100_000),
    );
    expect(documents.get(ids.job(ACCOUNT, 7_001))).toMatchObject({
      kind: 'job',
      typeId: RIFTER,
      status: 'delivered',
      quantity: 2,
      quantitySold: 1,
      costCents: 2_000,
      materialsCostCents: 50_250,
      totalCostCents: 52_250,
      tracked: true,
    });
    expect(documents.get(ids.manufacturingProfit(ACCOUNT, '9-0'))).toMatchObject({
      kind: 'manufacturingProfit',
      manufacturingCostCents: 26_125,
      sellGrossCents: 100_000,
      costIncomplete: false,
      jobIds: [7_001],
    });
    expect(documents.has(ids.profit(ACCOUNT, '9-0'))).toBe(false);
  });

  it('given a job read before its bill, then nothing is taken until the bill; a cancelled job is its fee alone', () => {
    const before = project(
      transaction(1, true, 100, 500, '2026-11-01T10:00:00Z'),
      job('delivered', 7_001, 2_000),
    );
    expect(before.documents.has(ids.job(ACCOUNT, 7_001))).toBe(false);
    const cancelled = project(job('cancelled', 7_002, 1_500));
    expect(cancelled.documents.get(ids.job(ACCOUNT, 7_002))).toMatchObject({
      status: 'cancelled',
      quantity: 0,
      totalCostCents: 1_500,
    });
  });

  it('given a manufacturing row, when the user edits, re-processes and deletes, then the documents follow', () => {
    const history = [job('delivered', 7_001, 2_000), bill(7_001, 100, 2), rifterSale(9, 1, 100_000)];
    const incomplete = project(...history);
    expect(incomplete.documents.get(ids.job(ACCOUNT, 7_001))).toMatchObject({
      materialsIncomplete: true,
      missingMaterials: [{ typeId: TRITANIUM, quantity: 100 }],
    });
    const reprocessed = project(
      ...history,
      event('IndustryJobReprocessed', {
        jobId: 7_001,
        customUnitPrices: [{ typeId: TRITANIUM, unitPriceCents: 400 }],
        customRunPriceCents: null,
      }),
      event('JobQuantityConsumedSet', { jobId: 7_001, quantityConsumed: 1 }),
    );
    expect(reprocessed.documents.get(ids.job(ACCOUNT, 7_001))).toMatchObject({
      materialsIncomplete: false,
      totalCostCents: 42_000,
      quantityConsumed: 1,
      quantityRemaining: 0,
    });
    expect(reprocessed.documents.get(ids.manufacturingProfit(ACCOUNT, '9-0'))).toMatchObject({
      manufacturingCostCents: 21_000,
      costIncomplete: false,
    });
    const edit = {
      rowId: '9-0',
      quantitySold: 1,
      manufacturingCostCents: 30_000,
      sellGrossCents: 100_000,
      sellBrokerFeeCents: 0,
      sellTaxCents: 0,
    };
    const edited = project(...history, event('ManufacturingProfitRowEdited', edit));
    expect(edited.documents.get(ids.manufacturingProfit(ACCOUNT, '9-0'))).toMatchObject({
      profitCents: 70_000,
      edited: true,
    });
    const deleted = project(
      ...history,
      event('ManufacturingProfitRowEdited', edit),
      event('ManufacturingProfitRowDeleted', { rowId: '9-0' }),
    );
    expect(deleted.documents.get(ids.manufacturingProfit(ACCOUNT, '9-0'))).toMatchObject({
      deleted: true,
      edited: false,
    });
  });
  it('given a contract Lena issued, when it reads finished, then it sells her items with the journal fee; outstanding it does nothing', () => {
    const issued = contract('ContractRecorded', 501, {
      status: 'outstanding',
      issuerId: CHARACTER,
      items: [{ record_id: 1, type_id: TRITANIUM, quantity: 60, is_included: true }],
    });
    const before = project(transaction(1, true, 100, 500, '2026-11-01T10:00:00Z'), issued);
    expect(before.documents.get(ids.contract(ACCOUNT, 501))).toMatchObject({
      status: 'outstanding',
      role: 'none',
    });
    expect(before.documents.has(ids.contractProfit(ACCOUNT, 501))).toBe(false);

    const { documents } = project(
      transaction(1, true, 100, 500, '2026-11-01T10:00:00Z'),
      issued,
      contractFee(70, 501, 'contract_brokers_fee', -1_000_000),
      contract('ContractStatusChanged', 501, {
        status: 'finished',
        issuerId: CHARACTER,
        acceptorId: OUTSIDER,
      }),
    );
    // 60 × 5.00 + 0.5% buy fee on them (1.50) = 301.50; private: the journal's 10,000.00 fee, no tax.
    expect(documents.get(ids.contractProfit(ACCOUNT, 501))).toMatchObject({
      kind: 'contractProfit',
      acceptorId: OUTSIDER,
      typeIds: [TRITANIUM],
      totalCostCents: 30_150,
      sellGrossCents: 100_000,
      sellBrokerFeeCents: 1_000_000,
      sellBrokerFeeSource: 'journal',
      sellTaxCents: 0,
      sellTaxSource: 'rule',
      profitCents: 100_000 - 1_000_000 - 30_150,
      materialsIncomplete: false,
      counted: true,
    });
    expect(documents.get(ids.contract(ACCOUNT, 501))).toMatchObject({
      status: 'finished',
      role: 'sold',
      partyNames: { [String(OUTSIDER)]: 'Outside Buyer' },
      items: [{ itemId: 1, typeId: TRITANIUM, quantity: 60, isIncluded: true }],
    });
    expect(documents.get(ids.transaction(ACCOUNT, 1))).toMatchObject({
      quantitySold: 60,
      quantityRemaining: 40,
    });
  });

  it('given a contract Lena accepted, then its lines are bought items at their appraised share; a corporation contract waits for tracking', () => {
    const { documents } = project(
      contract('ContractRecorded', 601, {
        status: 'finished',
        issuerId: OUTSIDER,
        acceptorId: CHARACTER,
        priceCents: 700_00,
        items: [
          { record_id: 11, type_id: TRITANIUM, quantity: 100, is_included: true },
          { record_id: 12, type_id: PYERITE, quantity: 30, is_included: true },
        ],
        appraisal: [
          { typeId: TRITANIUM, method: 'MARKET_ORDERS', unitPriceCents: 400 },
          { typeId: PYERITE, method: 'MARKET_ORDERS', unitPriceCents: 1_000 },
        ],
      }),
      contract('ContractRecorded', 602, {
        status: 'finished',
        issuerId: CHARACTER,
        acceptorId: OUTSIDER,
        forCorporation: true,
        items: [{ record_id: 21, type_id: TRITANIUM, quantity: 1, is_included: true }],
      }),
    );
    expect(documents.get(ids.contractItem(ACCOUNT, 11))).toMatchObject({
      kind: 'contractItem',
      contractId: 601,
      costCents: 400_00,
      appraisalMethod: 'MARKET_ORDERS',
      appraisedUnitPriceCents: 400,
      quantityRemaining: 100,
    });
    expect(documents.get(ids.contractItem(ACCOUNT, 12))).toMatchObject({ costCents: 300_00 });
    expect(documents.get(ids.contract(ACCOUNT, 601))).toMatchObject({ role: 'bought' });
    expect(documents.get(ids.contract(ACCOUNT, 602))).toMatchObject({ role: 'none' });
    expect(documents.has(ids.contractProfit(ACCOUNT, 602))).toBe(false);
  });

  it('given an incomplete contract row, when the user edits it, then it counts; when deleted, it is marked', () => {
    const history = [
      contract('ContractRecorded', 503, {
        status: 'finished',
        issuerId: CHARACTER,
        acceptorId: OUTSIDER,
        availability: 'public',
        items: [{ record_id: 1, type_id: TRITANIUM, quantity: 10, is_included: true }],
      }),
    ];
    expect(project(...history).documents.get(ids.contractProfit(ACCOUNT, 503))).toMatchObject({
      materialsIncomplete: true,
      missingMaterials: [{ typeId: TRITANIUM, quantity: 10 }],
      sellBrokerFeeCents: 950,
      sellTaxCents: 500,
      counted: false,
    });
    const edit = {
      contractId: 503,
      totalCostCents: 50_000,
      sellGrossCents: 100_000,
      sellBrokerFeeCents: 950,
      sellTaxCents: 500,
    };
    expect(
      project(...history, event('ContractProfitRowEdited', edit)).documents.get(
        ids.contractProfit(ACCOUNT, 503),
      ),
    ).toMatchObject({ counted: true, edited: true, profitCents: 48_550 });
    expect(
      project(
        ...history,
        event('ContractProfitRowEdited', edit),
        event('ContractProfitRowDeleted', { contractId: 503 }),
      ).documents.get(ids.contractProfit(ACCOUNT, 503)),
    ).toMatchObject({ deleted: true, edited: false });
  });

  describe('with the rules of the rules stream', () => {
    const rule = (type: string, data: Record<string, unknown>) => ({
      ...event(type, data),
      streamId: 'rules-trade',
    });
    const ruled = (...rules: RecordedEvent[]) =>
      projection.rules!.withRules(rules) as unknown as FoldProjection<
        AccountTradeLedger,
        TradeLedgerDocument
      >;
    const history = () => [
      transaction(1, true, 100, 500, '2026-11-01T10:00:00Z'),
      transaction(2, false, 40, 600, '2026-11-02T10:00:00Z'),
      contract('ContractRecorded', 504, {
        status: 'finished',
        issuerId: CHARACTER,
        acceptorId: OUTSIDER,
        availability: 'public',
        items: [{ record_id: 1, type_id: TRITANIUM, quantity: 10, is_included: true }],
      }),
    ];

    it("given no rule events, then the rules are the spec's: the same documents as the projection without rules", () => {
      const plain = project(...history()).documents;
      position = 0;
      expect(projectWith(ruled(), history()).documents).toEqual(plain);
    });

    it('given a sales tax rate, built-in broker fees and public contract fees recorded, then the fold charges them, each rate from its date', () => {
      // Sale 40 × 6.00 = 240.00 on 2 Nov: tax 8% (scheduled from 2 Nov; the 20% from 3 Nov is later) = 19.20, NPC
      // sell fee 2% = 4.80; buy 100 × 5.00 at 1% = 5.00, 2.00 for 40 units. Profit 240 − 19.20 − 4.80 − 200 − 2 = 14.00.
      // The public contract of 1,000.00: broker fee 2% = 20.00, tax 1% = 10.00 (the spec's 0.95% and 0.5% before).
      const rules = ruled(
        rule('SalesTaxRateScheduled', { from: '2026-11-02', ratePpm: 80_000, reason: 'r' }),
        rule('SalesTaxRateScheduled', { from: '2026-11-03', ratePpm: 200_000, reason: 'r' }),
        rule('BuiltInBrokerFeesChanged', {
          buyFeePpm: 10_000,
          sellFeePpm: 10_000,
          npcSellFeePpm: 20_000,
          reason: 'r',
        }),
        rule('PublicContractFeesChanged', { brokerFeePpm: 20_000, salesTaxPpm: 10_000, reason: 'r' }),
      );
      const { documents } = projectWith(rules, history());
      expect(documents.get(ids.profit(ACCOUNT, '2-0'))).toMatchObject({
        sellTaxCents: 1_920,
        sellBrokerFeeCents: 480,
        buyBrokerFeeCents: 200,
        profitCents: 1_400,
      });
      expect(documents.get(ids.contractProfit(ACCOUNT, 504))).toMatchObject({
        sellBrokerFeeCents: 2_000,
        sellTaxCents: 1_000,
      });
    });
  });
});
