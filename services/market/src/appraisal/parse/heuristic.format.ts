import { found, guessedItem, type FoundItem, type LineFormat } from './line-outcome';
import { parseListingText } from './listing.format';
import { parseAmount, toQuantity } from './quantity.parser';
import type { NameMatch, TypeNameLookup } from './type-name.lookup';

/** Beyond this the line is prose or junk; the heuristic's cost grows with its words. */
const LINE_MAX = 300;
const WORDS_MAX = 16;
const NAME_WORDS_MAX = 5;
const WORD_SPLITTER = / /;
// Commas split only before a space: `3,029,400` is one number.
const SPLITTERS = [/\t/, / {2,}/, /\s*[|;]\s*/, /,\s+/, /-/, WORD_SPLITTER];
const WHITESPACE = /\s+/;
const JUNK_AROUND = /^[\s,_=\-[\]*]+|[\s,_=\-[\]*]+$/g;
/** `WTS:`, `Price:`: a label before a list, not part of a name. */
const LABEL = /:$/;

/**
 * The last resort, for lines no format recognised: cuts the line into pieces (at tabs, else runs of spaces, else
 * pipes or semicolons, else commas before a space, else dashes, else spaces) and tries the shapes
 * `[-, item, -, quantity]`, `[quantity, -, item]`, `[item, quantity, -]`, `[item, quantity]`, `[quantity, item]`;
 * then reads each piece as a list line (`Procurer x 1- Ice Harvester II x 2`), or looks for known names among its
 * words (`WTS: 5x Hammerhead II, 10 Hobgoblin II`). Only known names count. The page warns when this format carried
 * a paste.
 */
export const heuristicFormat: LineFormat = (line, { lookup }) => {
  if (line.text.length > LINE_MAX) return null;
  const { pieces, byWord } = splitPieces(line.text);
  if (pieces.length > 1) {
    const positional = positionalItem(pieces, lookup);
    if (positional) return { kind: 'items', format: 'heuristic', items: [positional], strong: false };
  }
  if (pieces.length > 1 && !byWord) {
    const listed: FoundItem[] = [];
    for (const piece of pieces) {
      const parsed = parseListingText(piece, lookup);
      if (parsed && !('kind' in parsed)) listed.push(...parsed.items);
      else listed.push(...walkWords(piece.split(WHITESPACE), lookup));
    }
    if (listed.length > 0) return { kind: 'items', format: 'heuristic', items: listed, strong: false };
  }
  const walked = walkWords(line.text.split(WHITESPACE), lookup);
  return walked.length > 0 ? { kind: 'items', format: 'heuristic', items: walked, strong: false } : null;
};

/** The first splitter that cuts the line in several pieces wins; single words are left to {@link walkWords}. */
function splitPieces(text: string): { pieces: string[]; byWord: boolean } {
  for (const splitter of SPLITTERS) {
    const pieces = text
      .split(splitter)
      .map((piece) => piece.replace(JUNK_AROUND, ''))
      .filter((piece) => piece.length > 0);
    if (pieces.length > 1) return { pieces, byWord: splitter === WORD_SPLITTER };
  }
  return { pieces: [], byWord: false };
}

function positionalItem(pieces: readonly string[], lookup: TypeNameLookup): FoundItem | null {
  const patterns: readonly (readonly [number, number, number])[] = [
    [4, 1, 3],
    [3, 2, 0],
    [3, 0, 1],
    [2, 0, 1],
    [2, 1, 0],
  ];
  for (const [length, itemAt, quantityAt] of patterns) {
    if (pieces.length !== length) continue;
    const quantity = quantityIn(pieces[quantityAt]!);
    if (quantity === null) continue;
    const match = lookup.find(pieces[itemAt]!);
    if (match) return found(match, quantity);
  }
  return null;
}

function quantityIn(text: string): number | null {
  const amount = parseAmount(text.replace(/^[xX×]\s*|\s*[xX×]$/g, ''));
  return amount === null ? null : toQuantity(amount);
}

/**
 * Longest known names first at each word; a number right after (or before) a name is its quantity. A one-word name
 * counts only beside a quantity. A name is taken only when it is the whole name written there: bounded on each side
 * by the piece's edge, a quantity or punctuation (a `WTS:` label on its left). A known name inside a longer run of
 * words (`Experimental 10MN Afterburner I`, `Tengu Offensive - ...`) may be another item at another price: the run
 * is returned as written, with the longest known name of two words or more in it as a guess the player confirms;
 * without one, the run is left out.
 */
function walkWords(allWords: readonly string[], lookup: TypeNameLookup): FoundItem[] {
  const words = allWords.slice(0, WORDS_MAX).map((word) => word.replace(JUNK_AROUND, ''));
  const count = words.length;
  const quantities = words.map((word) => (word.length > 0 ? quantityIn(word) : null));
  const isEdge = (index: number) =>
    index < 0 || index >= count || words[index]!.length === 0 || quantities[index] !== null;
  const items: FoundItem[] = [];
  let start = 0;
  while (start < count) {
    let matched = false;
    if (words[start]!.length > 0 && quantities[start] === null) {
      const names = namesFrom(words, start, count);
      for (let span = names.length; span > 0 && !matched; span--) {
        const end = start + span;
        const after = end < count ? quantities[end]! : null;
        const before = start > 0 ? quantities[start - 1]! : null;
        // One common word alone ("Garbage", "Water") in prose is no item; beside a quantity it is.
        if (span === 1 && after === null && before === null) continue;
        const match = lookup.find(names[span - 1]!);
        if (!match) continue;
        matched = true;
        const labelled = start > 0 && LABEL.test(words[start - 1]!);
        if ((isEdge(start - 1) || labelled) && isEdge(end)) {
          items.push(found(match, after ?? before ?? 1));
          start = after === null ? end : end + 1;
          continue;
        }
        let from = start;
        while (!isEdge(from - 1) && !LABEL.test(words[from - 1]!)) from--;
        let to = end;
        while (!isEdge(to)) to++;
        const quantity = (to < count ? quantities[to] : null) ?? (from > 0 ? quantities[from - 1] : null);
        // A one-word name inside longer text (`Tengu` in `Tengu Electronics - ...`) is too weak even to offer.
        const guess = longestKnownName(words, from, to, lookup);
        if (guess) items.push(guessedItem(words.slice(from, to).join(' '), guess, quantity ?? 1));
        start = to < count && quantities[to] !== null ? to + 1 : to;
      }
    }
    if (!matched) start++;
  }
  return items;
}

function namesFrom(words: readonly string[], start: number, end: number): string[] {
  const names: string[] = [];
  let name = '';
  for (let at = start; at < Math.min(end, start + NAME_WORDS_MAX); at++) {
    name = at === start ? words[at]! : `${name} ${words[at]}`;
    names.push(name);
  }
  return names;
}

/** The known name of most words in `words[from, to)`, the leftmost among equals; a single word does not count. */
function longestKnownName(
  words: readonly string[],
  from: number,
  to: number,
  lookup: TypeNameLookup,
): NameMatch | null {
  let best: NameMatch | null = null;
  let bestSpan = 1;
  for (let start = from; start < to; start++) {
    const names = namesFrom(words, start, to);
    for (let span = names.length; span > bestSpan; span--) {
      const match = lookup.find(names[span - 1]!);
      if (match) {
        best = match;
        bestSpan = span;
        break;
      }
    }
  }
  return best;
}
