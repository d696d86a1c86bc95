/** Public-tools §9: a link lives 24 hours unless the user says otherwise. */
export const DEFAULT_EXPIRY_TEXT = '24h';
/** The server keeps links at most 90 days. */
export const MAX_EXPIRY_SECONDS = 90 * 24 * 3600;

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  s: 1,
  m: 60,
  h: 3600,
  d: 24 * 3600,
  w: 7 * 24 * 3600,
};
const EXPIRY = /^(\d{1,7})\s*([smhdw])$/i;

/**
 * 'Expires in' as the user types it (public-tools §5): a number followed by a unit (s, m, h, d or w: '30m', '24h',
 * '7d'). Null when the text is not one, or is zero or past the longest expiry: the field is then marked and no
 * expiry is sent.
 */
export function parseExpiryText(text: string): number | null {
  const match = EXPIRY.exec(text.trim());
  if (!match) return null;
  const seconds = Number(match[1]) * UNIT_SECONDS[match[2]!.toLowerCase()]!;
  return seconds > 0 && seconds <= MAX_EXPIRY_SECONDS ? seconds : null;
}
