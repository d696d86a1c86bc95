import { invalidQuantity, strongItems, type LineFormat } from './line-outcome';
import { looksNumeric, parseQuantity } from './quantity.parser';

const HAS_LETTER = /\p{L}/u;

/**
 * "View contents" of a ship or container: `name, group, location, quantity` or `name, group, quantity`. The
 * quantity is the last column; the location is whatever hold or slot the client names (in any language, and the
 * newer holds too: ammo, fleet hangar, mining, infrastructure, ...).
 */
export const viewContentsFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length !== 3 && cells.length !== 4) return null;
  const [name, group] = [cells[0]!, cells[1]!];
  const quantityText = cells[cells.length - 1]!;
  if (name.length === 0 || !HAS_LETTER.test(group) || !looksNumeric(quantityText)) return null;
  const location = cells.length === 4 ? cells[2]! : '';
  if (looksNumeric(location)) return null;
  const quantity = parseQuantity(quantityText);
  if (quantity === null) return invalidQuantity(quantityText);
  return strongItems('view-contents', lookup, [{ name, quantity, flags: location ? { location } : {} }]);
};
