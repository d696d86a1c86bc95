import { skip, strongItems, type ItemText, type LineFormat, type LineOutcome } from './line-outcome';
import { parseListingText } from './listing.format';
import { parseQuantity } from './quantity.parser';
import type { TypeNameLookup } from './type-name.lookup';

const HEADER = /^\[([^[\],]+),([^\]]*)\]$/;
const EMPTY_SLOT = /^\[\s*empty\b[^\]]*\]$/i;
const BRACKETED = /^\[.*\]$/;
const OFFLINE = /\s*\/\s*offline$/i;
const MUTATION_REFERENCE = /\s*\[\d+\]$/;
const TRAILING_COUNT = /^(\S.*?) [xX×] ?(\d[\d,.'’]*)$/;

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

/**
 * A line under an EFT header: `Module`, `Module, Charge`, `Drone xN`, `Module /OFFLINE`, pyfa's mutated-module
 * reference `Module [1]`. A name no type has is still an item of the fit (reported unknown), unless another format
 * reads the line better.
 */
export const eftLineFormat: LineFormat = (line, { lookup, inEftBlock }) => {
  if (!inEftBlock || line.tabbed || BRACKETED.test(line.text)) return null;
  let text = line.text;
  const offline = OFFLINE.test(text);
  if (offline) text = text.replace(OFFLINE, '');
  text = text.replace(MUTATION_REFERENCE, '');
  const flags = offline ? { offline: true } : {};
  const parsed = parseListingText(text, lookup);
  if (parsed === null) return null;
  if (!('kind' in parsed)) {
    const items = parsed.items.map((item) => ({ ...item, flags: { ...item.flags, ...flags } }));
    return { kind: 'items', format: 'eft', items, strong: false };
  }
  return strongItems('eft', lookup, eftItemTexts(text, flags));
};

function eftItemTexts(text: string, flags: { offline?: boolean }): ItemText[] {
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
  return [{ name: text, quantity: 1, flags }];
}
