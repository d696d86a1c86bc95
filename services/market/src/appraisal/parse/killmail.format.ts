import { skip, strongItems, type LineOutcome } from './line-outcome';
import type { PasteLine } from './paste-line.reader';
import { parseQuantity, SPACED_NUMBER_SOURCE } from './quantity.parser';
import type { TypeNameLookup } from './type-name.lookup';

const TIMESTAMP = /^\d{4}[./-]\d{2}[./-]\d{2} \d{2}:\d{2}(?::\d{2})?$/;
const SECTIONS: Readonly<Record<string, Section>> = {
  'involved parties:': 'involved',
  'destroyed items:': 'destroyed',
  'dropped items:': 'dropped',
};
const DETAIL = /^([^:]{1,40}):(?: (.*))?$/;
const QUANTITY = new RegExp(`, ?Qty: ?(${SPACED_NUMBER_SOURCE})`, 'i');
const LOCATION = / ?\(([^()]*)\)$/;
const BLUEPRINT_MARK = /^(?:copy|original)$/i;

type Section = 'victim' | 'involved' | 'destroyed' | 'dropped';

/** A killmail starts with its time, `2021.03.04 12:34:56`. */
export function isKillmailStart(text: string): boolean {
  return TIMESTAMP.test(text);
}

/**
 * Reads an in-game killmail line by line: the time, the victim's `Key: Value` details (the destroyed ship is an
 * item too), `Involved parties:`, then `Destroyed items:` and `Dropped items:` with `Name[, Qty: N][ (Location)]`
 * lines. Lines it cannot place (null), and bare lines naming no known type, go through the other formats instead of
 * spoiling the whole killmail.
 */
export class KillmailReader {
  private section: Section = 'victim';

  constructor(private readonly lookup: TypeNameLookup) {}

  read(line: PasteLine): LineOutcome | null {
    const text = line.text;
    if (TIMESTAMP.test(text)) {
      this.section = 'victim';
      return skip('killmail', 'header');
    }
    const section = SECTIONS[text.toLowerCase()];
    if (section) {
      this.section = section;
      return skip('killmail', 'header');
    }
    if (line.tabbed) return null;
    if (this.section === 'victim' || this.section === 'involved') {
      const detail = DETAIL.exec(text);
      if (!detail) return null;
      if (this.section === 'victim' && detail[1]!.toLowerCase() === 'destroyed' && detail[2]) {
        return strongItems('killmail', this.lookup, [
          { name: detail[2], quantity: 1, flags: { fate: 'destroyed' } },
        ]);
      }
      return skip('killmail', 'metadata');
    }
    return this.item(text, this.section);
  }

  private item(text: string, fate: 'destroyed' | 'dropped'): LineOutcome | null {
    let name = text;
    let quantity = 1;
    const counted = QUANTITY.exec(name);
    if (counted) {
      const parsed = parseQuantity(counted[1]!);
      if (parsed === null) return null;
      quantity = parsed;
      name = name.slice(0, counted.index) + name.slice(counted.index + counted[0].length);
    }
    const location = LOCATION.exec(name);
    if (location && !BLUEPRINT_MARK.test(location[1]!) && !this.lookup.find(name)) {
      const withoutLocation = name.slice(0, location.index);
      return strongItems('killmail', this.lookup, [
        { name: withoutLocation, quantity, flags: { fate, location: location[1]!.trim() } },
      ]);
    }
    // A bare line proves nothing by its shape (a link, a remark): it is an item only when it names a known type.
    if (!counted && !this.lookup.find(name)) return null;
    return strongItems('killmail', this.lookup, [{ name, quantity, flags: { fate } }]);
  }
}
