import { DATE, DATE_OR_DATE_TIME, DIGITS, ISK_AMOUNT, VOLUME } from './cell-patterns';
import { found, invalidQuantity, skip, strongItems, unknownItem, type LineFormat } from './line-outcome';
import { parseAmount, parseQuantity, toQuantity } from './quantity.parser';

/**
 * Moon-mining ledger: `date, corporation, pilot, ore, quantity, volume, price ISK`, or its "copy to clipboard"
 * form with raw numbers and two id columns after a `Timestamp, Corporation, ...` header.
 */
export const moonLedgerFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length !== 7 && cells.length !== 9) return null;
  if (cells[0]!.toLowerCase() === 'timestamp' && cells[3]!.toLowerCase() === 'ore type') {
    return skip('moon-ledger', 'header');
  }
  if (!DATE_OR_DATE_TIME.test(cells[0]!) || cells[3]!.length === 0) return null;
  if (cells.length === 9 ? !DIGITS.test(cells[7]!) || !DIGITS.test(cells[8]!) : !priceLike(cells[6]!))
    return null;
  const quantity = parseQuantity(cells[4]!);
  if (quantity === null) return invalidQuantity(cells[4]!);
  return strongItems('moon-ledger', lookup, [{ name: cells[3]!, quantity }]);
};

/** Personal mining ledger: `date, ore, quantity, volume m³, price ISK, system`. */
export const miningLedgerFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length !== 6 || !DATE.test(cells[0]!) || !VOLUME.test(cells[3]!) || !priceLike(cells[4]!))
    return null;
  const quantity = parseQuantity(cells[2]!);
  if (quantity === null) return invalidQuantity(cells[2]!);
  return strongItems('mining-ledger', lookup, [{ name: cells[1]!, quantity }]);
};

/**
 * Moon extraction (Athanor, Tatara) rows, `ore, volume m³, value ISK`: no quantity, so the volume is divided by the
 * ore's unit volume when the resolver knows it.
 */
export const moonExtractionFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length !== 3 || !ISK_AMOUNT.test(cells[2]!)) return null;
  const volume = VOLUME.exec(cells[1]!);
  if (!volume) return null;
  const cubicMetres = parseAmount(volume[1]!);
  if (cubicMetres === null) return null;
  const match = lookup.find(cells[0]!);
  if (!match) return unknownItem(cells[0]!);
  if (!match.volume || match.volume <= 0) {
    return invalidQuantity(cells[1]!, 'cannot be turned into units: the unit volume is unknown');
  }
  const quantity = toQuantity(cubicMetres / match.volume + 1e-9);
  if (quantity === null) return invalidQuantity(cells[1]!, 'is less than one unit');
  return { kind: 'items', format: 'moon-extraction', items: [found(match, quantity)], strong: true };
};

function priceLike(cell: string): boolean {
  return ISK_AMOUNT.test(cell) || parseAmount(cell) !== null;
}
