import {
  found,
  invalidQuantity,
  skip,
  unknownItem,
  type FoundItem,
  type LineFormat,
  type RejectOutcome,
} from './line-outcome';
import { multiplyQuantity, NUMBER_SOURCE, parseAmount, parseQuantity, toQuantity } from './quantity.parser';
import { cleanName, type TypeNameLookup } from './type-name.lookup';

export type ListingShape = 'module-charge' | 'quantity-first' | 'quantity-last' | 'name-only';

export interface ListingMatch {
  readonly items: readonly FoundItem[];
  readonly shape: ListingShape;
}

const MULTIPLIER_SUFFIX = new RegExp(`\\s*[*×]\\s*(\\d{1,3}(?: \\d{3})+|${NUMBER_SOURCE})$`);
const QUANTITY_SIGN = /^[xX×*]$/;
const LEADING_QUANTITY = new RegExp(`^(${NUMBER_SOURCE})([xX×*])?$`);
const TRAILING_QUANTITY = new RegExp(`^([xX×*])?(${NUMBER_SOURCE})([xX×])?$`);
const THREE_DIGITS = /^\d{3}$/;
const LATER_GROUP = /^(\d{3})([xX×*])?$/;
const UP_TO_THREE_DIGITS = /^\d{1,3}$/;
const FIRST_GROUP = /^([xX×*])?(\d{1,3})$/;
const STARTS_WITH_LETTER = /^\p{L}/u;
const TRAILING_PUNCTUATION = /[:,;]+$/;
/** Names are a few words; a longer run of words is prose, not worth splitting every way. */
const WORDS_MAX = 24;

interface Candidate {
  readonly quantityText: string;
  readonly nameWords: readonly string[];
}

/**
 * One item per line as players type it or the multibuy window takes it: `Name`, `N Name`, `Nx Name`, `N x Name`,
 * `Name N`, `Name xN`, `Name x N`, `Name: N`, `Name Nx`, `Module, Charge`, with a `*N` or `×N` multiplier after any
 * of them, and quantities grouped in any locale, spaces included (`1 000 Tritanium`). Each reading counts only when
 * its name is a known type, so `Navy Cap Booster 400` is one booster, not 400 of "Navy Cap Booster". Null for empty
 * text; a rejection saying what was closest otherwise.
 */
export function parseListingText(text: string, lookup: TypeNameLookup): ListingMatch | RejectOutcome | null {
  let line = cleanName(text);
  if (line.length === 0) return null;
  let multiplier = 1;
  const multiplied = MULTIPLIER_SUFFIX.exec(line);
  if (multiplied && multiplied.index > 0) {
    const factor = parseQuantity(multiplied[1]!);
    if (factor === null) return invalidQuantity(multiplied[1]!, 'is not a usable multiplier');
    multiplier = factor;
    line = line.slice(0, multiplied.index);
  }

  let rejection: RejectOutcome | null = null;
  const words = line.split(' ');
  if (words.length <= WORDS_MAX && words.length > 1) {
    const charge = moduleAndCharge(line, lookup);
    if (charge) {
      return { shape: 'module-charge', items: [found(charge[0], multiplier), found(charge[1], multiplier)] };
    }
    for (const [shape, candidates] of [
      ['quantity-first', quantityFirst(words)],
      ['quantity-last', quantityLast(words)],
    ] as const) {
      for (const candidate of candidates) {
        const name = candidate.nameWords.join(' ').replace(TRAILING_PUNCTUATION, '');
        if (name.length === 0) continue;
        const counted = parseQuantity(candidate.quantityText);
        const quantity = counted === null ? null : multiplyQuantity(counted, multiplier);
        const match = lookup.find(name);
        if (match && quantity !== null) return { shape, items: [found(match, quantity)] };
        if (match) rejection = invalidQuantity(candidate.quantityText);
        else if (quantity !== null && rejection === null) rejection = unknownItem(name, quantity);
      }
    }
  }
  const whole = lookup.find(line.replace(TRAILING_PUNCTUATION, ''));
  if (whole) return { shape: 'name-only', items: [found(whole, multiplier)] };
  return rejection ?? unknownItem(line, multiplier);
}

function moduleAndCharge(line: string, lookup: TypeNameLookup) {
  const comma = line.lastIndexOf(',');
  if (comma <= 0) return null;
  const chargeName = line.slice(comma + 1).trim();
  if (!STARTS_WITH_LETTER.test(chargeName)) return null;
  const module = lookup.find(line.slice(0, comma));
  if (!module) return null;
  const charge = lookup.find(chargeName);
  return charge ? ([module, charge] as const) : null;
}

/** `N Name`, `Nx Name`, `N x Name`, then space-grouped `1 000 Name`, `1 000 000 x Name`, `1 000x Name`. */
function quantityFirst(words: readonly string[]): Candidate[] {
  const leading = LEADING_QUANTITY.exec(words[0]!);
  if (!leading) return [];
  const candidates: Candidate[] = [];
  const after = (index: number, signed: boolean) =>
    !signed && index < words.length && QUANTITY_SIGN.test(words[index]!) ? index + 1 : index;
  candidates.push({ quantityText: leading[1]!, nameWords: words.slice(after(1, leading[2] !== undefined)) });
  if (leading[2] === undefined && UP_TO_THREE_DIGITS.test(words[0]!)) {
    for (let end = 1; end < words.length - 1; end++) {
      const group = LATER_GROUP.exec(words[end]!);
      if (!group) break;
      const signed = group[2] !== undefined;
      candidates.push({
        quantityText: [...words.slice(0, end), group[1]!].join(' '),
        nameWords: words.slice(after(end + 1, signed)),
      });
      if (signed) break;
    }
  }
  return candidates;
}

/** `Name N`, `Name xN`, `Name x N`, `Name Nx`, `Name: N`, then space-grouped `Name 1 000`, `Name 1 000x`. */
function quantityLast(words: readonly string[]): Candidate[] {
  const lastIndex = words.length - 1;
  const trailing = TRAILING_QUANTITY.exec(words[lastIndex]!);
  if (!trailing) return [];
  const signed = trailing[1] !== undefined || trailing[3] !== undefined;
  const before = (end: number) => (!signed && end > 1 && QUANTITY_SIGN.test(words[end - 1]!) ? end - 1 : end);
  const candidates: Candidate[] = [
    { quantityText: trailing[2]!, nameWords: words.slice(0, before(lastIndex)) },
  ];
  if (trailing[1] === undefined && THREE_DIGITS.test(trailing[2]!)) {
    for (let start = lastIndex - 1; start >= 1; start--) {
      const word = words[start]!;
      const group = FIRST_GROUP.exec(word);
      if (group) {
        candidates.push({
          quantityText: [group[2]!, ...words.slice(start + 1, lastIndex), trailing[2]!].join(' '),
          nameWords: words.slice(0, group[1] === undefined ? before(start) : start),
        });
        if (group[1] !== undefined) break;
      }
      if (!THREE_DIGITS.test(word)) break;
    }
  }
  return candidates;
}

export const listingFormat: LineFormat = (line, context) => {
  if (line.tabbed) return null;
  const parsed = parseListingText(line.text, context.lookup);
  if (parsed === null || 'kind' in parsed) return parsed;
  const copyScanned = parsed.shape === 'quantity-first' && parsed.items[0]!.match.blueprint !== undefined;
  const format = context.fittingWindow ? 'fitting-window' : copyScanned ? 'cargo-scan' : 'listing';
  return { kind: 'items', format, items: parsed.items, strong: false };
};

/** `N<TAB>Name`: a quantity column before the name (spreadsheets, some tools' exports). */
export const quantityThenNameFormat: LineFormat = (line, context) => {
  const cells = line.cells.filter((cell) => cell.length > 0);
  if (cells.length !== 2) return null;
  const quantity = parseAmount(cells[0]!);
  if (quantity === null) return null;
  const whole = toQuantity(quantity);
  const match = context.lookup.find(cells[1]!);
  if (!match) return unknownItem(cells[1]!, whole ?? 1);
  if (whole === null) return invalidQuantity(cells[0]!);
  return { kind: 'items', format: 'listing', items: [found(match, whole)], strong: false };
};

const BULLET = /^(?:[-+•·*]\s*)+/;
const FOLDER = /^\+/;

/** Market quickbar exports and bulleted lists: `+ Folder` lines, `- Item` lines. */
export const quickbarFormat: LineFormat = (line, context) => {
  if (line.tabbed) return null;
  const bullet = BULLET.exec(line.text);
  if (!bullet) return null;
  const rest = line.text.slice(bullet[0].length);
  // `+ Name` is a folder even when a type has its name (the folder `Drones` is not the skill).
  if (FOLDER.test(line.text) && rest.length > 0) return skip('quickbar', 'header');
  const parsed = parseListingText(rest, context.lookup);
  // Bullets alone (`----------`) are a divider, no folder: reported like any other line nothing reads.
  if (parsed === null || 'kind' in parsed) return parsed;
  return { kind: 'items', format: 'quickbar', items: parsed.items, strong: false };
};
