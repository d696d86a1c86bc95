import type { PasteLine } from './paste-line.reader';
import type {
  PasteFormat,
  PasteItemFlags,
  SkipReason,
  TypeGuess,
  TypeIdResolver,
  UnparsedReason,
} from './paste.types';
import type { NameMatch, TypeNameLookup } from './type-name.lookup';

export interface FoundItem {
  readonly match: NameMatch;
  readonly quantity: number;
  readonly flags: PasteItemFlags;
  /** With a match without a type: the type the written name contains, offered but not priced. */
  readonly guess?: TypeGuess;
}

/** What one format made of one line. */
export type LineOutcome =
  | {
      readonly kind: 'items';
      readonly format: PasteFormat;
      readonly items: readonly FoundItem[];
      /** The shape alone proves the line is an item list, so names no type has are kept as unknown items. */
      readonly strong: boolean;
    }
  | { readonly kind: 'skip'; readonly format: PasteFormat; readonly reason: SkipReason }
  | {
      readonly kind: 'reject';
      readonly reason: Exclude<UnparsedReason, 'line-too-long'>;
      readonly message: string;
      /** For `unknown-item`: the name, and the quantity the line gave it. */
      readonly name?: string;
      readonly quantity?: number;
    };

export type RejectOutcome = Extract<LineOutcome, { kind: 'reject' }>;

/** What a format may know about the paste around a line. */
export interface ParseContext {
  readonly lookup: TypeNameLookup;
  /** A line of the paste is a fitting-window section header (`High power`, `Drones`, ...). */
  readonly fittingWindow: boolean;
  /** The line follows an EFT `[Ship, Fit]` header. */
  readonly inEftBlock: boolean;
  /** Lines that head a group of survey-scanner rows (the ore's name, alone or with the group's total). */
  readonly surveyHeaders?: ReadonlySet<number>;
  readonly resolveTypeId?: TypeIdResolver;
}

export type LineFormat = (line: PasteLine, context: ParseContext) => LineOutcome | null;

export interface ItemText {
  readonly name: string;
  readonly quantity: number;
  readonly flags?: PasteItemFlags;
}

/** Items of a format whose shape leaves no doubt; unknown names stay as unknown items. */
export function strongItems(
  format: PasteFormat,
  lookup: TypeNameLookup,
  texts: readonly ItemText[],
): LineOutcome | null {
  const items: FoundItem[] = [];
  for (const text of texts) {
    const match = lookup.match(text.name);
    if (match === null) return null;
    items.push(found(match, text.quantity, text.flags));
  }
  return items.length === 0 ? null : { kind: 'items', format, items, strong: true };
}

export function found(match: NameMatch, quantity: number, flags: PasteItemFlags = {}): FoundItem {
  return { match, quantity, flags: match.blueprint ? { blueprint: match.blueprint, ...flags } : flags };
}

export function skip(format: PasteFormat, reason: SkipReason): LineOutcome {
  return { kind: 'skip', format, reason };
}

/** Item names have a letter and a few words; other text refused as unknown is not reported as a name. */
const NAME_LIKE = /\p{L}/u;
const NAME_WORDS_MAX = 8;

export function unknownItem(name: string, quantity = 1): RejectOutcome {
  const message = `"${shorten(name)}" is not a known item.`;
  const nameLike = NAME_LIKE.test(name) && name.split(' ').length <= NAME_WORDS_MAX;
  return nameLike
    ? { kind: 'reject', reason: 'unknown-item', message, name, quantity }
    : { kind: 'reject', reason: 'unknown-item', message };
}

/** `written` names no type, but holds the whole name of `guess`: offered to the player, not priced. */
export function guessedItem(written: string, guess: NameMatch, quantity: number): FoundItem {
  return {
    match: { typeId: null, name: written },
    quantity,
    flags: {},
    guess: { typeId: guess.typeId!, name: guess.name },
  };
}

export function invalidQuantity(
  quantityText: string,
  detail = 'is not a whole number of at least 1',
): RejectOutcome {
  return {
    kind: 'reject',
    reason: 'invalid-quantity',
    message: `Quantity "${shorten(quantityText)}" ${detail}.`,
  };
}

function shorten(text: string): string {
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}
