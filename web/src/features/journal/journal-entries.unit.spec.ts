import {
  NO_JOURNAL_FILTERS,
  amountText,
  amountTone,
  hasJournalFilter,
  journalDateText,
  journalEntriesArgs,
  partyText,
} from './journal-entries';

describe('the journal call', () => {
  it('asks for the first page of everything', () => {
    expect(journalEntriesArgs('acc-1', NO_JOURNAL_FILTERS, 0, 40)).toEqual({
      account: 'acc-1',
      start: 0,
      count: 40,
    });
  });

  it('sends the row offset of the page, the clamped size, the ref type in upper case and the character', () => {
    expect(
      journalEntriesArgs('acc-1', { refType: 'market_transaction', characterId: 90000001 }, 3, 20),
    ).toEqual({
      account: 'acc-1',
      start: 60,
      count: 20,
      refType: 'MARKET_TRANSACTION',
      characterId: 90000001,
    });
    expect(journalEntriesArgs('acc-1', NO_JOURNAL_FILTERS, -1, 1000)).toMatchObject({
      start: 0,
      count: 100,
    });
  });

  it('knows whether a filter is set', () => {
    expect(hasJournalFilter(NO_JOURNAL_FILTERS)).toBe(false);
    expect(hasJournalFilter({ refType: 'bounty_prizes', characterId: null })).toBe(true);
    expect(hasJournalFilter({ refType: null, characterId: 1 })).toBe(true);
  });
});

describe('journal rows', () => {
  it("shows '--' for a party that is not a character of the account", () => {
    expect(partyText(null)).toBe('--');
    expect(partyText('')).toBe('--');
    expect(partyText('Ava Trader')).toBe('Ava Trader');
  });

  it('colours amounts by sign', () => {
    expect(amountTone(1.5)).toBe('positive');
    expect(amountTone(-0.01)).toBe('negative');
    expect(amountTone(0)).toBe('neutral');
    expect(amountTone(null)).toBe('neutral');
  });

  it('shows amounts in full ISK with 2 decimals', () => {
    expect(amountText(1234567.891)).toBe('1,234,567.89');
    expect(amountText(-25000)).toBe('-25,000.00');
    expect(amountText(0)).toBe('0.00');
    expect(amountText(null)).toBe('--');
  });

  it('shows the date in UTC', () => {
    expect(journalDateText('2026-11-21T09:05:33Z')).toBe('2026-11-21 09:05');
    expect(journalDateText('not a date')).toBe('not a date');
  });
});
