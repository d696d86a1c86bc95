import type { StaffEventsApiArg } from '../../shared/api';

/** The event log's filters as the console's form holds them: text, empty when not set. */
export interface EventLogFilters {
  readonly account?: string;
  readonly character?: string;
  readonly stream?: string;
  /** Event types, comma-separated. */
  readonly type?: string;
  readonly correlation?: string;
  /** A date (`2026-11-28`, the start of that UTC day) or an ISO time. */
  readonly from?: string;
  readonly to?: string;
}

export type EventLogSelection = Omit<StaffEventsApiArg, 'after' | 'limit' | 'order'>;

function isoTime(text: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00:00.000Z` : text;
}

/** The filters as the API's query: blanks left out; a character id that is not a number is left for the API to refuse. */
export function eventLogSelection(filters: EventLogFilters): EventLogSelection {
  const text = (value: string | undefined): string | undefined => value?.trim() || undefined;
  const character = text(filters.character);
  const selection: Record<string, string | number> = {};
  const set = (key: keyof EventLogSelection, value: string | number | undefined): void => {
    if (value !== undefined) selection[key] = value;
  };
  set('account', text(filters.account));
  set(
    'character',
    character === undefined ? undefined : /^\d+$/.test(character) ? Number(character) : character,
  );
  set('stream', text(filters.stream));
  set(
    'type',
    text(filters.type)
      ?.split(',')
      .map((type) => type.trim())
      .filter(Boolean)
      .join(','),
  );
  set('correlation', text(filters.correlation));
  const from = text(filters.from);
  const to = text(filters.to);
  set('from', from && isoTime(from));
  set('to', to && isoTime(to));
  return selection as EventLogSelection;
}

/** Where the browser downloads the selection as JSON Lines, newest first as the table lists it. */
export function eventLogExportHref(selection: EventLogSelection): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(selection)) query.set(key, String(value));
  query.set('order', 'newest');
  return `/api/v1/staff/events/export?${query.toString()}`;
}
