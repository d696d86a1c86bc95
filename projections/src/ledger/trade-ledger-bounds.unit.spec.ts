import fc from 'fast-check';
import {
  MAX_ISK_CENTS,
  MAX_QUANTITY,
  tradeLedgerDocumentIds as ids,
  type TradeLedgerDocument,
} from '@tradewise/contracts';
import type { RecordedEvent } from '@tradewise/platform';
import { tradeLedgerProjection as projection, type AccountTradeLedger } from './trade-ledger.projection';
import {
  DEFAULT_TRADE_LEDGER_CONFIG,
  allTransactionQuantities,
  pendingSales,
  tradeProfitRows,
  type TradeLedgerInput,
  type TradeLedgerState,
  type TradeProfitRow,
} from './trade-ledger/index';
import {
  ALT,
  JITA_STATION,
  MAIN,
  UPWELL_STRUCTURE,
  bought,
  given,
  sold,
} from './trade-ledger/trade-ledger.test-kit';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const YEAR_START_MS = Date.parse('2025-01-01T00:00:00Z');
const DAY_MS = 86_400_000;
const CHARACTERS = [MAIN, ALT];
const ENTRIES = ['0b7e0c36-9a55-4e0e-8c4e-0d1b5f3e6a01', '0b7e0c36-9a55-4e0e-8c4e-0d1b5f3e6a02'];
/** A default price stored before the bounds: 300 billion ISK (the finding). */
const LEGACY_DEFAULT_PRICE = 30_000_000_000_000;
/** A custom buy price stored before the bounds: 90,071,992,547,409.90 ISK (the finding). */
const LEGACY_CUSTOM_PRICE = 9_007_199_254_740_990;

/**
 * How item types trade: a unit price ceiling and a quantity ceiling whose product is one line at the limit, so the
 * wallet's fills stay real (no account has bought more than a line's worth of one sale's units).
 */
const BANDS = [
  { typeId: 23_773, maxPrice: MAX_ISK_CENTS, maxQuantity: 1 },
  { typeId: 34, maxPrice: Math.floor(MAX_ISK_CENTS / MAX_QUANTITY), maxQuantity: MAX_QUANTITY },
  { typeId: 44_992, maxPrice: 100_000_000_000, maxQuantity: 10_000 },
] as const;

type Op =
  | {
      kind: 'fill';
      band: number;
      day: number;
      isBuy: boolean;
      price: number;
      quantity: number;
      /** The journal's tax, per mille of the gross; null when the rate applies. */
      taxPerMille: number | null;
      npc: boolean;
      character: number;
    }
  | { kind: 'warehouse'; band: number; entry: number; price: number; quantity: number | null }
  | { kind: 'removeWarehouse'; band: number; entry: number }
  | { kind: 'customPrice'; ref: number; price: number }
  | { kind: 'ignore'; ref: number }
  | { kind: 'consume'; ref: number; quantity: number }
  | { kind: 'markSold'; ref: number; quantity: number }
  | { kind: 'editRow'; ref: number; figures: readonly number[]; quantity: number }
  | { kind: 'deleteRow'; ref: number }
  | { kind: 'override'; character: number; day: number; band: number | null; rates: readonly number[] };

const atMost = (max: number) => fc.oneof(fc.constant(max), fc.constant(0), fc.integer({ min: 0, max }));
const band = fc.integer({ min: 0, max: BANDS.length - 1 });
const ref = fc.nat();
const money = atMost(MAX_ISK_CENTS);

/** A line at the limit or below: the largest quantity the price allows, or fewer. */
const line = (maxPrice: number, maxQuantity: number) =>
  atMost(maxPrice).chain((price) => {
    const most = price === 0 ? maxQuantity : Math.min(maxQuantity, Math.floor(MAX_ISK_CENTS / price));
    return fc.record({
      price: fc.constant(price),
      quantity: fc.oneof(fc.constant(most), fc.integer({ min: 1, max: most })),
    });
  });

const fill: fc.Arbitrary<Op> = band.chain((index) =>
  fc
    .record({
      kind: fc.constant('fill' as const),
      band: fc.constant(index),
      day: fc.integer({ min: 0, max: 364 }),
      isBuy: fc.boolean(),
      taxPerMille: fc.option(fc.integer({ min: 0, max: 1_000 })),
      npc: fc.boolean(),
      character: fc.integer({ min: 0, max: CHARACTERS.length - 1 }),
      line: line(BANDS[index]!.maxPrice, BANDS[index]!.maxQuantity),
    })
    .map(({ line: { price, quantity }, ...rest }) => ({ ...rest, price, quantity })),
);

const edit: fc.Arbitrary<Op> = fc.oneof(
  // What the edge accepts: a finite entry within a line, a default price within the bound.
  fc
    .record({
      kind: fc.constant('warehouse' as const),
      band,
      entry: fc.nat({ max: ENTRIES.length - 1 }),
      finite: fc.boolean(),
      line: line(MAX_ISK_CENTS, MAX_QUANTITY),
    })
    .map(({ finite, line: { price, quantity }, ...rest }) => ({
      ...rest,
      price,
      quantity: finite ? quantity : null,
    })),
  // What the log may already hold from before the bounds.
  fc.record({
    kind: fc.constant('warehouse' as const),
    band,
    entry: fc.nat({ max: ENTRIES.length - 1 }),
    price: fc.constantFrom(LEGACY_DEFAULT_PRICE, LEGACY_CUSTOM_PRICE, MAX_ISK_CENTS + 1),
    quantity: fc.constantFrom(null, 1_000_000_000_000_000),
  }),
  fc.record({
    kind: fc.constant('removeWarehouse' as const),
    band,
    entry: fc.nat({ max: ENTRIES.length - 1 }),
  }),
  fc.record({
    kind: fc.constant('customPrice' as const),
    ref,
    price: fc.oneof(money, fc.constant(LEGACY_CUSTOM_PRICE), fc.constant(LEGACY_DEFAULT_PRICE)),
  }),
  fc.record({ kind: fc.constant('ignore' as const), ref }),
  fc.record({
    kind: fc.constant('consume' as const),
    ref,
    quantity: fc.oneof(atMost(MAX_QUANTITY), fc.constant(1_000_000_000_000_000)),
  }),
  fc.record({ kind: fc.constant('markSold' as const), ref, quantity: atMost(MAX_QUANTITY) }),
  fc.record({
    kind: fc.constant('editRow' as const),
    ref,
    figures: fc.array(money, { minLength: 5, maxLength: 5 }),
    quantity: atMost(MAX_QUANTITY),
  }),
  fc.record({ kind: fc.constant('deleteRow' as const), ref }),
  fc.record({
    kind: fc.constant('override' as const),
    character: fc.integer({ min: 0, max: CHARACTERS.length - 1 }),
    day: fc.integer({ min: 0, max: 364 }),
    band: fc.option(band),
    rates: fc.array(atMost(1_000_000), { minLength: 3, maxLength: 3 }),
  }),
);

/** A year of an account: mostly fills, with every kind of edit among them. */
const aYear = fc.array(fc.oneof({ arbitrary: fill, weight: 3 }, { arbitrary: edit, weight: 2 }), {
  minLength: 20,
  maxLength: 120,
});

function dateOf(day: number, index: number): string {
  return new Date(YEAR_START_MS + day * DAY_MS + (index % 86_400) * 1_000).toISOString();
}

/** The events of a year, in log order: the fills of each day in id order, the edits where they fell. */
function eventsOf(ops: readonly Op[]): RecordedEvent[] {
  const events: RecordedEvent[] = [];
  const fills: { transactionId: number; isBuy: boolean }[] = [];
  const event = (type: string, data: Record<string, unknown>) =>
    events.push({
      id: `e${events.length + 1}`,
      streamId: 'any-1',
      revision: 0,
      position: events.length + 1,
      type,
      data: { accountId: ACCOUNT, ...data },
      metadata: {
        $correlationId: 'c',
        $causationId: 'c',
        actor: 'system:test',
        schemaVersion: 1,
        recordedAt: '2026-01-01T00:00:00.000Z',
      },
    });
  const target = (index: number, side?: 'buy' | 'sell') => {
    const candidates = side ? fills.filter((f) => f.isBuy === (side === 'buy')) : fills;
    return candidates.length === 0 ? undefined : candidates[index % candidates.length]!.transactionId;
  };
  const byDay = ops.filter((op) => op.kind === 'fill').sort((a, b) => a.day - b.day);
  const sorted = ops.map((op) => (op.kind === 'fill' ? byDay.shift()! : op));
  sorted.forEach((op, index) => {
    switch (op.kind) {
      case 'fill': {
        const transactionId = 7_000_000_000 + fills.length;
        const { typeId } = BANDS[op.band]!;
        const characterId = CHARACTERS[op.character]!;
        const date = dateOf(op.day, index);
        const locationId = op.npc ? JITA_STATION : UPWELL_STRUCTURE;
        fills.push({ transactionId, isBuy: op.isBuy });
        event('WalletTransactionRecorded', {
          characterId,
          transactionId,
          date,
          typeId,
          quantity: op.quantity,
          unitPriceCents: op.price,
          isBuy: op.isBuy,
          isPersonal: true,
          esi: {
            transaction_id: transactionId,
            date,
            type_id: typeId,
            quantity: op.quantity,
            unit_price: op.price / 100,
            is_buy: op.isBuy,
            is_personal: true,
            client_id: 1,
            location_id: locationId,
            journal_ref_id: transactionId,
          },
        });
        if (!op.isBuy && op.taxPerMille !== null) {
          const tax = Number((BigInt(op.price) * BigInt(op.quantity) * BigInt(op.taxPerMille)) / 1_000n);
          const entryId = 9_000_000_000 + fills.length;
          event('JournalEntryRecorded', {
            characterId,
            entryId,
            date,
            refType: 'transaction_tax',
            amountCents: -tax,
            balanceCents: null,
            taxCents: null,
            esi: {
              id: entryId,
              date,
              ref_type: 'transaction_tax',
              description: 'tax',
              amount: -tax / 100,
              context_id: transactionId,
              context_id_type: 'market_transaction_id',
            },
          });
        }
        return;
      }
      case 'warehouse':
        event('WarehouseEntrySaved', {
          entryId: ENTRIES[op.entry],
          typeId: BANDS[op.band]!.typeId,
          unitPriceCents: op.price,
          quantity: op.quantity,
        });
        return;
      case 'removeWarehouse':
        event('WarehouseEntryRemoved', { entryId: ENTRIES[op.entry] });
        return;
      case 'override': {
        const [buyFeePpm, sellFeePpm, npcSellFeePpm] = op.rates;
        event('BrokerFeeOverrideSaved', {
          overrideId: `0b7e0c36-9a55-4e0e-8c4e-${String(index).padStart(12, '0')}`,
          startDate: dateOf(op.day, 0),
          characterId: CHARACTERS[op.character],
          typeId: op.band === null ? null : BANDS[op.band]!.typeId,
          buyFeePpm,
          sellFeePpm,
          npcSellFeePpm,
        });
        return;
      }
    }
    const transactionId = target(op.ref, op.kind === 'consume' ? 'buy' : 'sell');
    if (transactionId === undefined) return;
    switch (op.kind) {
      case 'customPrice':
        event('PendingSaleCostSet', { transactionId, unitBuyPriceCents: op.price });
        return;
      case 'ignore':
        event('PendingSaleIgnored', { transactionId });
        return;
      case 'consume':
        event('BuyQuantityConsumedSet', { transactionId, quantityConsumed: op.quantity });
        return;
      case 'markSold':
        event('SellQuantitySoldSet', { transactionId, quantitySold: op.quantity });
        return;
      case 'editRow': {
        const [buyCostCents, buyBrokerFeeCents, sellGrossCents, sellBrokerFeeCents, sellTaxCents] =
          op.figures;
        event('TradeProfitRowEdited', {
          rowId: `${transactionId}-0`,
          quantitySold: op.quantity,
          buyCostCents,
          buyBrokerFeeCents,
          sellGrossCents,
          sellBrokerFeeCents,
          sellTaxCents,
        });
        return;
      }
      case 'deleteRow':
        event('TradeProfitRowDeleted', { rowId: `${transactionId}-0` });
        return;
    }
  });
  return events;
}

function project(events: readonly RecordedEvent[]): {
  state: AccountTradeLedger;
  documents: TradeLedgerDocument[];
} {
  const state = projection.initialState(ACCOUNT);
  const changed = new Set<string>();
  for (const recorded of events) for (const id of projection.apply(state, recorded)) changed.add(id);
  for (const id of projection.settle!(state)) changed.add(id);
  const documents = [...changed].flatMap((id) => projection.document(state, id) ?? []);
  return { state, documents };
}

const big = BigInt;

function expectSafeNumbers(value: unknown, where: string): void {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`${where} is ${value}, not a safe integer`);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) expectSafeNumbers(child, `${where}.${key}`);
  }
}

/** Every figure of a computed row within one line, and its sums exactly what BigInt makes of its sources. */
function expectExactRow(row: TradeProfitRow): void {
  const figures = [row.buyCost, row.buyBrokerFee, row.sellGross, row.sellBrokerFee, row.sellTax];
  for (const figure of figures) {
    expect(figure).toBeGreaterThanOrEqual(0);
    expect(figure).toBeLessThanOrEqual(MAX_ISK_CENTS);
  }
  const cost = row.sources.reduce(
    (sum, source) =>
      sum + (source.kind === 'contract' ? big(source.cost) : big(source.unitPrice) * big(source.quantity)),
    0n,
  );
  expect(big(row.buyCost)).toBe(cost);
  const fees = row.sources.reduce(
    (sum, source) => sum + (source.kind === 'bought' ? big(source.brokerFee) : 0n),
    0n,
  );
  expect(big(row.buyBrokerFee)).toBe(fees);
  const profit =
    big(row.sellGross) - big(row.sellTax) - big(row.sellBrokerFee) - big(row.buyCost) - big(row.buyBrokerFee);
  expect(big(row.profit)).toBe(profit);
}

/** The parts of a transaction's fee and tax in its rows add up to the whole, to the cent, once all its units are in rows. */
function expectAllocationsAddUp(ledger: TradeLedgerState): void {
  const rows = tradeProfitRows(ledger);
  const bySale = new Map<number, TradeProfitRow[]>();
  const buyShares = new Map<number, { units: number; fee: bigint }>();
  for (const row of rows) {
    bySale.set(row.sellTransactionId, [...(bySale.get(row.sellTransactionId) ?? []), row]);
    for (const source of row.sources) {
      if (source.kind !== 'bought') continue;
      const share = buyShares.get(source.transactionId) ?? { units: 0, fee: 0n };
      buyShares.set(source.transactionId, {
        units: share.units + source.quantity,
        fee: share.fee + big(source.brokerFee),
      });
    }
  }
  for (const counters of allTransactionQuantities(ledger)) {
    if (counters.isBuy) {
      const share = buyShares.get(counters.transactionId);
      if (share && share.units === counters.quantity) expect(share.fee).toBe(big(counters.brokerFee));
      continue;
    }
    const saleRows = bySale.get(counters.transactionId) ?? [];
    const units = saleRows.reduce((sum, row) => sum + row.quantitySold, 0);
    expect(units).toBeLessThanOrEqual(counters.quantitySold);
    if (units !== counters.quantity) continue;
    expect(saleRows.reduce((sum, row) => sum + big(row.sellTax), 0n)).toBe(big(counters.salesTax!));
    expect(saleRows.reduce((sum, row) => sum + big(row.sellBrokerFee), 0n)).toBe(big(counters.brokerFee));
  }
}

describe('trade ledger at the bounds of money and quantities (docs/profit-rules.md §12)', () => {
  it('folds any year of maximal amounts, edits and legacy out-of-bound edits without a throw, every figure exact', () => {
    fc.assert(
      fc.property(aYear, (ops) => {
        const { state, documents } = project(eventsOf(ops));
        for (const document of documents) {
          expectSafeNumbers(document, document._id);
          if (document.kind !== 'profit') continue;
          const profit =
            big(document.sellGrossCents) -
            big(document.sellTaxCents) -
            big(document.sellBrokerFeeCents) -
            big(document.buyCostCents) -
            big(document.buyBrokerFeeCents);
          expect(big(document.profitCents)).toBe(profit);
        }
        tradeProfitRows(state.ledger).forEach(expectExactRow);
        expectSafeNumbers(pendingSales(state.ledger), 'pending sales');
        expectAllocationsAddUp(state.ledger);
      }),
      { numRuns: 60, seed: 30 },
    );
  });

  it('given 362 units pending, when a default price of 300 billion ISK is in the log, then the fold costs only a line of them', () => {
    const { state, documents } = project(
      eventsOf([
        {
          kind: 'fill',
          band: 1,
          day: 120,
          isBuy: false,
          price: 100,
          quantity: 362,
          taxPerMille: null,
          npc: true,
          character: 0,
        },
        { kind: 'warehouse', band: 1, entry: 0, price: LEGACY_DEFAULT_PRICE, quantity: null },
        { kind: 'customPrice', ref: 0, price: LEGACY_CUSTOM_PRICE },
      ]),
    );
    // 10^15 cents hold 33 units at 3 × 10^13 cents; the other 329 wait, and the custom price fits none of them.
    const [row] = tradeProfitRows(state.ledger);
    expect(row).toMatchObject({ quantitySold: 33, buyCost: 33 * LEGACY_DEFAULT_PRICE });
    expect(pendingSales(state.ledger)).toMatchObject([{ quantity: 329 }]);
    expect(documents.find((document) => document._id === ids.warehouse(ACCOUNT, ENTRIES[0]!))).toMatchObject({
      unitPriceCents: LEGACY_DEFAULT_PRICE,
      quantity: null,
    });
  });

  it('folds a heavy account’s year of fills at the limits (340 a day), every sale costed exactly', () => {
    const fillsPerDay = 340;
    const inputs: TradeLedgerInput[] = [
      ...BANDS.map(({ typeId }, index): TradeLedgerInput => ({
        type: 'WarehouseEntrySaved',
        entry: { entryId: `default-${index}`, typeId, unitPrice: BANDS[index]!.maxPrice, quantity: null },
      })),
    ];
    let expectedCost = 0n;
    let expectedGross = 0n;
    let expectedUnits = 0n;
    for (let index = 0; index < fillsPerDay * 365; index += 2) {
      const { typeId, maxPrice, maxQuantity } = BANDS[index % BANDS.length]!;
      const date = new Date(YEAR_START_MS + Math.floor((index * DAY_MS) / fillsPerDay)).toISOString();
      const characterId = CHARACTERS[index % 2]!;
      const locationId = index % 4 === 0 ? JITA_STATION : UPWELL_STRUCTURE;
      const fill = { date, quantity: maxQuantity, unitPrice: maxPrice };
      // One sale in ten finds no buy and takes the default price, the same unit price.
      if (index % 20 !== 0) inputs.push(bought({ id: index, ...fill }, { typeId, characterId, locationId }));
      inputs.push(sold({ id: index + 1, ...fill }, { typeId, characterId, locationId }));
      expectedCost += big(maxPrice) * big(maxQuantity);
      expectedGross += big(maxPrice) * big(maxQuantity);
      expectedUnits += big(maxQuantity);
    }
    const ledger = given(DEFAULT_TRADE_LEDGER_CONFIG, ...inputs);
    const rows = tradeProfitRows(ledger);
    let cost = 0n;
    let gross = 0n;
    let units = 0n;
    for (const row of rows) {
      const figures = [
        row.buyCost,
        row.buyBrokerFee,
        row.sellGross,
        row.sellBrokerFee,
        row.sellTax,
        row.profit,
      ];
      if (!figures.every((figure) => Number.isSafeInteger(figure) && Math.abs(figure) <= MAX_ISK_CENTS))
        throw new Error(`row ${row.id} has a figure beyond a line: ${figures.join(', ')}`);
      cost += big(row.buyCost);
      gross += big(row.sellGross);
      units += big(row.quantitySold);
    }
    expect({ cost, gross, units }).toEqual({
      cost: expectedCost,
      gross: expectedGross,
      units: expectedUnits,
    });
    expect(Number(units)).toBeLessThanOrEqual(Number.MAX_SAFE_INTEGER);
    expect(pendingSales(ledger)).toEqual([]);
  });
});
