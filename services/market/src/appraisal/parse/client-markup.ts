/**
 * Markup the game client leaves in copied names. The Chinese client wraps each name as
 * `<localized hint="(Chinese name)">(English name)</localized>`; chat links are `<url=showinfo:…>Name</url>`, a
 * fitting link `<url=fitting:17841:3178;2::>Fit name</url>`; text may carry `<b>`, `<color=…>`, `<font …>`.
 */
const LOCALIZED = /<localized\s+hint="([^"]*)"\s*>(.*?)<\/localized>/gi;
const LOCALIZED_EMPTY = /<localized\s+hint="([^"]*)"\s*\/>/gi;
const FITTING_LINK = /<url=fitting:([\d:;_]+)>.*?<\/url>/gi;
const OTHER_TAGS = /<\/?(?:url|b|i|u|color|font|a|br)\b[^>]*>/gi;

/**
 * The text as the player sees it: the name a `<localized>` element shows (its hint when empty), a fitting link's
 * DNA, other tags dropped.
 */
export function stripClientMarkup(text: string): string {
  if (!text.includes('<')) return text;
  const shown = text
    .replace(LOCALIZED, (_, hint: string, shown: string) => (shown.trim().length > 0 ? shown : hint))
    .replace(LOCALIZED_EMPTY, (_, hint: string) => hint)
    .replace(FITTING_LINK, (_, dna: string) => dna)
    .replace(OTHER_TAGS, '');
  // Text that was all markup (or a tag left open) is reported as written rather than vanishing as a blank line.
  return shown.trim().length > 0 ? shown : text;
}
