import type { JournalEntriesApiArg } from '../../shared/api';
import { formatIskFull, formatUtcClock, formatUtcDate } from '../../shared/format';
import type { JournalRefType } from './journal-ref-types';
import { firstRowOf, pageSizeOf } from '../../shared/ui/editable-list';

export interface JournalFilters {
  /** null: every reference type. */
  readonly refType: JournalRefType | null;
  /** null: every character of the account. */
  readonly characterId: number | null;
}

export const NO_JOURNAL_FILTERS: JournalFilters = { refType: null, characterId: null };

/** The arguments of GET /journal/{account}/entries for one page; the ref type goes in upper case (§5). */
export function journalEntriesArgs(
  accountId: string,
  filters: JournalFilters,
  page: number,
  pageSize: number,
): JournalEntriesApiArg {
  return {
    account: accountId,
    start: firstRowOf(page, pageSize),
    count: pageSizeOf(pageSize),
    ...(filters.refType ? { refType: filters.refType.toUpperCase() } : {}),
    ...(filters.characterId !== null ? { characterId: filters.characterId } : {}),
  };
}

export function hasJournalFilter(filters: JournalFilters): boolean {
  return filters.refType !== null || filters.characterId !== null;
}

/** A party is named only when it is one of the account's characters (the server sends null otherwise). */
export function partyText(name: string | null): string {
  return name === null || name.trim() === '' ? '--' : name;
}

export type AmountTone = 'positive' | 'negative' | 'neutral';

export function amountTone(amount: number | null): AmountTone {
  if (amount === null || amount === 0 || !Number.isFinite(amount)) return 'neutral';
  return amount > 0 ? 'positive' : 'negative';
}

/** The amount in full ISK with 2 decimals (account-area §9), '--' when the row has none. */
export function amountText(amount: number | null): string {
  return amount === null ? '--' : formatIskFull(amount);
}

/** The entry's time in UTC, 'YYYY-MM-DD HH:mm'. */
export function journalDateText(date: string): string {
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : `${formatUtcDate(time)} ${formatUtcClock(time)}`;
}
