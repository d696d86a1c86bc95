import type { FoundItem, LineFormat } from './line-outcome';
import { MAX_LINE_QUANTITY } from './quantity.parser';

/** Ends in `::`, so that a time (`12:30`) is no fit. */
const DNA = /^\d{1,10}(?::\d{1,10}_?(?:;\d{1,10})?)*::$/;
const ENTRY = /^(\d{1,10})_?(?:;(\d{1,10}))?$/;

/**
 * Ship DNA, as fitting links and tools write a fit: `ship:module;count:module;count:...::` (type ids; a count of 1
 * may be left out; `_` marks a charge or an offline module in some tools). The ship counts 1. Ids the static data
 * does not know stay as unknown items `Type <id>`.
 */
export const shipDnaFormat: LineFormat = (line, { resolveTypeId }) => {
  if (line.tabbed || !DNA.test(line.text)) return null;
  const [ship, ...entries] = line.text.split(':');
  const counts = new Map<number, number>([[Number(ship), 1]]);
  for (const entry of entries) {
    if (entry.length === 0) continue;
    const parsed = ENTRY.exec(entry);
    if (!parsed) return null;
    const typeId = Number(parsed[1]);
    const quantity = parsed[2] === undefined ? 1 : Number(parsed[2]);
    if (quantity < 1) continue;
    counts.set(typeId, Math.min((counts.get(typeId) ?? 0) + quantity, MAX_LINE_QUANTITY));
  }
  const items: FoundItem[] = [...counts].map(([typeId, quantity]) => {
    const type = resolveTypeId?.(typeId) ?? null;
    return {
      match: type
        ? { typeId: type.typeId, name: type.name, volume: type.volume }
        : { typeId: null, name: `Type ${typeId}` },
      quantity,
      flags: {},
    };
  });
  return { kind: 'items', format: 'ship-dna', items, strong: true };
};
