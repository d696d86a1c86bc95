import { DATE_TIME, ISK_AMOUNT } from './cell-patterns';
import { invalidQuantity, skip, strongItems, type LineFormat } from './line-outcome';
import { parseQuantity } from './quantity.parser';

/**
 * Wallet windows. Transactions (`date, item, price ISK, quantity, credit ISK, currency, client, location`) hold an
 * item; journal entries (`date, type, amount ISK, balance ISK, description`) hold none and are only recognised.
 */
export const walletFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length < 4 || !DATE_TIME.test(cells[0]!) || !ISK_AMOUNT.test(cells[2]!)) return null;
  if (ISK_AMOUNT.test(cells[3]!)) return skip('wallet', 'no-items');
  if (cells.length < 5 || !ISK_AMOUNT.test(cells[4]!)) return null;
  const quantity = parseQuantity(cells[3]!);
  if (quantity === null) return invalidQuantity(cells[3]!);
  return strongItems('wallet', lookup, [{ name: cells[1]!, quantity }]);
};
