import { formatIskFull, formatUtcClock, formatUtcDate } from '../../format';

/** A row's time in UTC, 'YYYY-MM-DD HH:mm' (the text as given when it is not a date). */
export function dateTimeText(date: string): string {
  const time = Date.parse(date);
  return Number.isNaN(time) ? date : `${formatUtcDate(time)} ${formatUtcClock(time)}`;
}

/** Cents in full ISK with separators and 2 decimals: 1,234,567.89. */
export function centsIskText(cents: number): string {
  return formatIskFull(cents / 100);
}

/** The character of a transaction, with ' (Corp order)' when it was the corporation's (account-area §2). */
export function characterOrderText(characterName: string | null, isPersonal: boolean): string {
  return `${characterName ?? '--'}${isPersonal ? '' : ' (Corp order)'}`;
}
