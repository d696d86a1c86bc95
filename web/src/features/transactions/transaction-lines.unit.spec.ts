import type { WalletTransactionRow } from '../../shared/api';
import {
  NO_TRANSACTION_FILTERS,
  characterText,
  editableField,
  quantityBounds,
  shownRow,
  totalCents,
  transactionFiltersOf,
  transactionLineOf,
  transactionPatches,
  walletTransactionsArgs,
  withQuantity,
} from './transaction-lines';

function transaction(overrides: Partial<WalletTransactionRow> = {}): WalletTransactionRow {
  return {
    id: 1014251105976320,
    date: '2026-11-21T20:03:40Z',
    characterId: 2119000011,
    characterName: 'Aria Venn',
    isPersonal: true,
    typeId: 55649,
    typeName: 'Stabber Biosecurity Responders SKIN',
    unitPrice: 83490.5,
    quantity: 100,
    isBuy: true,
    quantitySold: 30,
    quantityConsumed: 10,
    quantityRemaining: 60,
    brokerFee: 0,
    brokerFeeSource: 'noOrder',
    brokerFeeEstimate: null,
    orderId: null,
    salesTax: null,
    tracked: true,
    ...overrides,
  };
}

const buy = transaction();
const sell = transaction({
  id: 2,
  isBuy: false,
  quantitySold: 40,
  quantityConsumed: 0,
  quantityRemaining: 60,
});

describe('transaction counters (account-area §4 Quantity rules)', () => {
  it('lets buys raise consumed and sells raise sold; untracked corporation trades neither', () => {
    expect(editableField(buy)).toBe('quantityConsumed');
    expect(editableField(sell)).toBe('quantitySold');
    expect(editableField(transaction({ tracked: false }))).toBeNull();
  });

  it('bounds a buy’s consumed to quantity − sold and a sale’s sold to quantity − consumed, raise only', () => {
    expect(quantityBounds(buy)).toEqual({ min: 10, max: 70 });
    expect(quantityBounds(sell)).toEqual({ min: 40, max: 100 });
    expect(quantityBounds(transaction({ isBuy: false, quantitySold: 5, quantityConsumed: 20 }))).toEqual({
      min: 5,
      max: 80,
    });
  });

  it('holds an edit within the bounds, floored, and recomputes what remains', () => {
    const line = transactionLineOf(buy);
    expect(withQuantity(line, 25.7).quantity).toBe(25);
    expect(withQuantity(line, 5).quantity).toBe(10);
    expect(withQuantity(line, 500).quantity).toBe(70);
    expect(shownRow(withQuantity(line, 25))).toMatchObject({ quantityConsumed: 25, quantityRemaining: 45 });
    expect(shownRow(withQuantity(transactionLineOf(sell), 90))).toMatchObject({
      quantitySold: 90,
      quantityConsumed: 0,
      quantityRemaining: 10,
    });
    expect(shownRow(line)).toBe(buy);
  });

  it('sends only raised counters, each under its own name', () => {
    expect(
      transactionPatches([
        withQuantity(transactionLineOf(buy), 25),
        withQuantity(transactionLineOf(sell), 40),
        withQuantity(transactionLineOf(sell), 41),
      ]),
    ).toEqual([
      { id: buy.id, quantityConsumed: 25 },
      { id: sell.id, quantitySold: 41 },
    ]);
  });
});

describe('transaction rows (account-area §2 Transactions)', () => {
  it("names the character, with ' (Corp order)' for a corporation's transaction", () => {
    expect(characterText(buy)).toBe('Aria Venn');
    expect(characterText(transaction({ isPersonal: false }))).toBe('Aria Venn (Corp order)');
    expect(characterText(transaction({ characterName: null }))).toBe('--');
  });

  it('shows the total negative for buys, exactly', () => {
    expect(totalCents(buy)).toBe(-834905000);
    expect(totalCents(sell)).toBe(834905000);
  });

  it('asks for one page with the filters and the last edit’s position', () => {
    expect(
      walletTransactionsArgs('acc', { item: ' skin ', characterId: 3, owner: 'corporation' }, 1, 10, 77),
    ).toEqual({
      account: 'acc',
      start: 10,
      count: 10,
      filter: 'skin',
      characterId: 3,
      ownerFilter: 'corporation',
      position: 77,
    });
    expect(walletTransactionsArgs('acc', NO_TRANSACTION_FILTERS, 0, 40, null)).toEqual({
      account: 'acc',
      start: 0,
      count: 40,
    });
  });
});

describe('the filters an address asks for', () => {
  it('takes the item name of Item Analysis’s shift-click link, and nothing from an address without one', () => {
    expect(transactionFiltersOf(new URLSearchParams('filter=Tritanium'))).toEqual({
      ...NO_TRANSACTION_FILTERS,
      item: 'Tritanium',
    });
    expect(transactionFiltersOf(new URLSearchParams(''))).toEqual(NO_TRANSACTION_FILTERS);
  });
});
