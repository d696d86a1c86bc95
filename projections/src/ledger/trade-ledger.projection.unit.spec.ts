import { tradeLedgerDocumentIds as ids, type TradeLedgerDocument } from '@tradewise/contracts';
import type { RecordedEvent } from '@tradewise/platform';
import { tradeLedgerProjection as projection, type AccountTradeLedger } from './trade-ledger.projection';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const CHARACTER = 90_000_001;
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

/** Applies the events and returns every document the state has for the ids they changed. */
function project(...events: RecordedEvent[]): {
  state: AccountTradeLedger;
  documents: Map<string, TradeLedgerDocument>;
} {
  const state = projection.initialState(ACCOUNT);
  const changed = new Set<string>();
  for (const recorded of events) {
    expect(projection.partitionOf(recorded)).toBe(ACCOUNT);
    for (const id of projection.apply(state, recorded)) changed.add(id);
  }
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
});
