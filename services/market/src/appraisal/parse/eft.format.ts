import { skip, strongItems, type ItemText, type LineFormat, type LineOutcome } from './line-outcome';
import { parseListingText } from './listing.format';
import { NUMBER_SOURCE, parseQuantity } from './quantity.parser';
import type { TypeNameLookup } from './type-name.lookup';

const HEADER = /^\[([^[\],]+),([^\]]*)\]$/;
const EMPTY_SLOT = /^\[\s*empty\b[^\]]*\]$/i;
const BRACKETED = /^\[.*\]$/;
const OFFLINE = /\s*\/\s*offline$/i;
const MUTATION_REFERENCE = /\s*\[\d+\]$/;
const MUTATION_HEADER = /^\[\d+\] \S/;
const INDENTED = /^[ \t\u00a0]+\S/;
const TRAILING_COUNT = new RegExp(`^(\\S.*?) [xX×] ?(${NUMBER_SOURCE})$`);

/** `[Ship, Fit name]`: the ship is everything before the first comma (fit names may hold commas). */
export function eftHeaderShip(text: string): string | null {
  const header = HEADER.exec(text);
  if (!header || EMPTY_SLOT.test(text)) return null;
  const ship = header[1]!.trim();
  return ship.length > 0 ? ship : null;
}

export function eftHeaderOutcome(ship: string, lookup: TypeNameLookup): LineOutcome | null {
  return strongItems('eft', lookup, [{ name: ship, quantity: 1 }]);
}

/** `[Empty Med slot]`, `[empty high slot]`, ... wherever they appear. */
export const emptySlotFormat: LineFormat = (line) =>
  !line.tabbed && EMPTY_SLOT.test(line.text) ? skip('eft', 'empty-slot') : null;

/** pyfa's mutated-module details after the fit: `[1] Base Module`, then indented mutaplasmid and attribute lines. */
export function isEftMutationHeader(text: string): boolean {
  return MUTATION_HEADER.test(text);
}

/** An indented line under a mutation header (`  Unstable ... Mutaplasmid`, `  attribute value, ...`). */
export function isEftMutationDetail(raw: string): boolean {
  return INDENTED.test(raw);
}

/**
 * A line under an EFT header: `Module`, `Module, Charge`, `Drone xN`, `Module /OFFLINE`, pyfa's mutated-module
 * reference `Module [1]` (also after `/OFFLINE`). A name no type has is kept as an unknown item of the fit only where
 * the line has an EFT shape (`Name xN`, or `Module, Charge` with one of them known); other unknown lines (remarks,
 * links) are reported, unless another format reads them.
 */
export const eftLineFormat: LineFormat = (line, { lookup, inEftBlock }) => {
  if (!inEftBlock || line.tabbed || BRACKETED.test(line.text)) return null;
  let text = line.text.replace(MUTATION_REFERENCE, '');
  const offline = OFFLINE.test(text);
  if (offline) text = text.replace(OFFLINE, '');
  const flags = offline ? { offline: true } : {};
  const parsed = parseListingText(text, lookup);
  if (parsed === null) return null;
  if (!('kind' in parsed)) {
    // In `Module, Charge /OFFLINE` the module is offline, not its charge.
    const items = parsed.items.map((item, index) =>
      index === 0 ? { ...item, flags: { ...item.flags, ...flags } } : item,
    );
    return { kind: 'items', format: 'eft', items, strong: false };
  }
  const texts = eftItemTexts(text, flags);
  if (texts === null || (texts.length > 1 && !texts.some((item) => lookup.find(item.name)))) return parsed;
  return strongItems('eft', lookup, texts);
};

function eftItemTexts(text: string, flags: { offline?: boolean }): ItemText[] | null {
  const counted = TRAILING_COUNT.exec(text);
  const quantity = counted ? parseQuantity(counted[2]!) : null;
  if (counted && quantity !== null) return [{ name: counted[1]!, quantity, flags }];
  const comma = text.lastIndexOf(',');
  if (comma > 0 && /^\s*\p{L}/u.test(text.slice(comma + 1))) {
    return [
      { name: text.slice(0, comma), quantity: 1, flags },
      { name: text.slice(comma + 1), quantity: 1 },
    ];
  }
  return null;
}
