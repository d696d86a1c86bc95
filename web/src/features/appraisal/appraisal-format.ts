import { formatIsk, formatIskFull, formatQuantity, formatRelativeTime } from '../../shared/format';

const wholeNumber = new Intl.NumberFormat('en-US');
const volumeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

export const formatWholeNumber = (value: number): string => wholeNumber.format(value);

/** m³ with at most two decimals and thousands separators. */
export function formatVolume(m3: number): string {
  return `${volumeFormat.format(m3)} m3`;
}

/** The short ISK form (k, m, b, t) with the full amount to hover. */
export function iskCell(value: number | null): { text: string; title?: string } {
  if (value === null) return { text: '-' };
  return { text: formatIsk(value), title: `${formatIskFull(value)} ISK` };
}

/** Market Details: a value of 0 means nothing there (public-tools §2), shown as 'n/a'. */
export function orNotAvailable(value: number, format: (value: number) => string): string {
  return value === 0 ? 'n/a' : format(value);
}

export { formatIsk, formatIskFull, formatQuantity };

/** '3 items found' / '1 item found'. */
export function itemsFound(count: number): string {
  return `${wholeNumber.format(count)} ${count === 1 ? 'item' : 'items'} found`;
}

/** The unknown-items notice, word for word (public-tools §2, §8). */
export function unknownItemsNotice(count: number): string {
  return `${count} item(s) weren't found when creating the appraisal.`;
}

/** How long ago something happened: a server time a moment ahead of this browser's clock still reads as past. */
export function formatAgo(time: string, now: number): string {
  const at = Date.parse(time);
  return formatRelativeTime(Number.isNaN(at) ? time : Math.min(at, now), now);
}

/**
 * Rows whose sell or buy side has no price at all are left out of that total, and the page says so (issue 25):
 * 'Total sell leaves out 1 row with no sell price; total buy leaves out 2 rows with no buy price.' Null when none.
 */
export function unpricedNote(totals: { unpricedSellRows: number; unpricedBuyRows: number }): string | null {
  const rows = (count: number) => `${count} ${count === 1 ? 'row' : 'rows'}`;
  const parts: string[] = [];
  if (totals.unpricedSellRows > 0)
    parts.push(`total sell leaves out ${rows(totals.unpricedSellRows)} with no sell price`);
  if (totals.unpricedBuyRows > 0)
    parts.push(`total buy leaves out ${rows(totals.unpricedBuyRows)} with no buy price`);
  if (parts.length === 0) return null;
  const sentence = parts.join('; ');
  return `${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`;
}
