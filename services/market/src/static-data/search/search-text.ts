/** Accents and other marks of the Latin, Greek and Cyrillic scripts; kana voicing marks lie elsewhere and stay. */
const COMBINING_DIACRITICS = /[\u0300-\u036f]/g;

/**
 * How names and queries compare: case-insensitive, trimmed, runs of whitespace as one space, accents ignored
 * (`systeme` finds `Système`, `grosser` finds `Großer`) and compatibility forms folded (NFKC), so full-width letters
 * typed on a Japanese or Chinese keyboard match.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(COMBINING_DIACRITICS, '')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .trim()
    .replace(/\s+/g, ' ');
}

/** Match quality, best first; the ranking sorts by tier, then by the length of the matching name. */
export const MatchTier = {
  exact: 0,
  prefix: 1,
  wordPrefix: 2,
  substring: 3,
} as const;
export type MatchTier = (typeof MatchTier)[keyof typeof MatchTier];

const letterOrDigit = /[\p{L}\p{N}]/u;

/** Letters and digits continue a word; anything else (space, dash, bracket, quote) ends one. */
export function isWordCharacter(code: number): boolean {
  if (code < 128) {
    return (code >= 48 && code <= 57) || (code >= 97 && code <= 122) || (code >= 65 && code <= 90);
  }
  return letterOrDigit.test(String.fromCharCode(code));
}

/** Positions after the first that follow a character that is not a letter or digit: where {@link matchTier} sees a word prefix. */
export function laterWordStarts(name: string): number[] {
  const starts: number[] = [];
  for (let position = 1; position < name.length; position++) {
    if (!isWordCharacter(name.charCodeAt(position - 1))) starts.push(position);
  }
  return starts;
}

/** The tier at which `name` matches `query` (both normalized), or null when it does not contain it. */
export function matchTier(name: string, query: string): MatchTier | null {
  let at = name.indexOf(query);
  if (at === -1) return null;
  if (at === 0) return name.length === query.length ? MatchTier.exact : MatchTier.prefix;
  while (at !== -1) {
    if (!isWordCharacter(name.charCodeAt(at - 1))) return MatchTier.wordPrefix;
    at = name.indexOf(query, at + 1);
  }
  return MatchTier.substring;
}
