import { detailsFlags } from './contract.format';
import { invalidQuantity, strongItems, type LineFormat } from './line-outcome';
import { looksNumeric, parseQuantity } from './quantity.parser';
import type { PasteItemFlags } from './paste.types';

/**
 * Inventory (hangar) list view, asset lists and the multibuy window: `name, quantity` and whatever columns the
 * player has switched on after them (group, category, size, slot, volume, meta and tech level, estimated price),
 * in any order. An empty quantity is a single assembled item.
 */
export const hangarFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length < 2 || cells[0]!.length === 0) return null;
  const quantityText = cells[1]!;
  let quantity = 1;
  // Without a quantity the group follows; a number there means some other table.
  if (quantityText.length === 0 && cells.length > 2 && looksNumeric(cells[2]!)) return null;
  if (quantityText.length > 0) {
    if (!looksNumeric(quantityText)) return null;
    const parsed = parseQuantity(quantityText);
    if (parsed === null) return invalidQuantity(quantityText);
    quantity = parsed;
  }
  let flags: PasteItemFlags = {};
  for (let index = 2; index < cells.length; index++) {
    const { blueprint, runs } = detailsFlags(cells[index]!);
    if (blueprint) flags = runs === undefined ? { blueprint } : { blueprint, runs };
  }
  const outcome = strongItems('hangar', lookup, [{ name: cells[0]!, quantity, flags }]);
  // Without a quantity the shape proves little (any text with a tab), so an unknown name is not kept as an item.
  return outcome?.kind === 'items' && quantityText.length === 0 ? { ...outcome, strong: false } : outcome;
};
