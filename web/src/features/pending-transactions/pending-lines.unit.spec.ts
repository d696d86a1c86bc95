import type { UnprocessedTransaction } from '../../shared/api';
import {
  NO_PENDING_MATCH_TEXT,
  NO_PENDING_TEXT,
  customPricesRequest,
  ignoreRequest,
  matchingPending,
  pendingEmptyText,
  pendingLineOf,
  unprocessedArgs,
} from './pending-lines';

function pending(id: number, typeName: string): UnprocessedTransaction {
  return {
    id,
    date: '2026-10-22T22:44:22Z',
    characterId: 2119000011,
    characterName: 'Aria Venn',
    isPersonal: true,
    typeId: 36772,
    typeName,
    unitPrice: 142000,
    quantity: 205,
    total: 29110000,
    customBuyPrice: null,
  };
}

const rows = [pending(1, 'Vagabond Valklear Glory SKIN'), pending(2, "Tairei's Modified Cap Recharger")];

describe('Pending Transactions (account-area §2)', () => {
  it('filters by a part of the item name in any case', () => {
    expect(matchingPending(rows, 'skin').map((row) => row.id)).toEqual([1]);
    expect(matchingPending(rows, ' CAP ').map((row) => row.id)).toEqual([2]);
    expect(matchingPending(rows, '')).toEqual(rows);
  });

  it('says whether there is nothing pending or nothing matches the filter', () => {
    expect(NO_PENDING_TEXT).toBe('You have no unprocessed transactions.');
    expect(NO_PENDING_MATCH_TEXT).toBe('No unprocessed transactions match the filter.');
    expect(pendingEmptyText(0, '', 'all')).toBe(NO_PENDING_TEXT);
    expect(pendingEmptyText(0, 'skin', 'all')).toBe(NO_PENDING_TEXT);
    expect(pendingEmptyText(2, 'plex', 'all')).toBe(NO_PENDING_MATCH_TEXT);
  });

  it('given an owner chosen, when it has no pending sales, then they match nothing rather than none are pending', () => {
    expect(pendingEmptyText(0, '', 'corporation')).toBe(NO_PENDING_MATCH_TEXT);
    expect(pendingEmptyText(0, '', 'division:2')).toBe(NO_PENDING_MATCH_TEXT);
  });

  it("reads the chosen owner's pending sales, at the last command's position", () => {
    expect(unprocessedArgs('acc', 'all', null)).toEqual({ account: 'acc' });
    expect(unprocessedArgs('acc', 'personal', 42)).toEqual({
      account: 'acc',
      ownerFilter: 'personal',
      position: 42,
    });
    expect(unprocessedArgs('acc', 'division:3', null)).toEqual({
      account: 'acc',
      ownerFilter: 'corporation',
      division: 3,
    });
  });

  it('processes the edited lines at their custom prices, in ISK', () => {
    expect(
      customPricesRequest([
        { ...pendingLineOf(rows[0]!), customBuyPriceCents: 12345067 },
        { ...pendingLineOf(rows[1]!), customBuyPriceCents: 0 },
      ]),
    ).toEqual({
      transactionsToProcess: [
        { id: 1, customBuyPrice: 123450.67 },
        { id: 2, customBuyPrice: 0 },
      ],
      transactionsToIgnore: [],
    });
    expect(customPricesRequest([pendingLineOf(rows[0]!)]).transactionsToProcess).toEqual([]);
  });

  it('marks the selected sales as sold or consumed (ignored)', () => {
    expect(ignoreRequest([2, 1])).toEqual({
      transactionsToProcess: [],
      transactionsToIgnore: [2, 1],
    });
  });
});
