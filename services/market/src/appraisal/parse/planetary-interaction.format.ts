import { VOLUME } from './cell-patterns';
import { invalidQuantity, strongItems, type LineFormat } from './line-outcome';
import { parseAmount, toQuantity } from './quantity.parser';

const ROUTING = /^(?:not )?routed$/i;

/**
 * Planetary-interaction windows: `quantity, commodity, Routed|Not routed` (a facility's products), and storage
 * rows after the icon column, `(empty), commodity, quantity[, volume]`. Quantities may be written as `960.0`.
 */
export const planetaryInteractionFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  let name: string;
  let quantityText: string;
  if (cells.length === 3 && ROUTING.test(cells[2]!)) {
    [quantityText, name] = [cells[0]!, cells[1]!];
  } else if (
    cells[0] === '' &&
    (cells.length === 3 ||
      (cells.length === 4 && (VOLUME.test(cells[3]!) || parseAmount(cells[3]!) !== null)))
  ) {
    [name, quantityText] = [cells[1]!, cells[2]!];
  } else {
    return null;
  }
  const amount = parseAmount(quantityText);
  if (amount === null || name.length === 0) return null;
  const quantity = toQuantity(amount);
  if (quantity === null) return invalidQuantity(quantityText);
  return strongItems('planetary-interaction', lookup, [{ name, quantity }]);
};
