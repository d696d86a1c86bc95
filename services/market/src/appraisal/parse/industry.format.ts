import { DIGITS, INTEGER } from './cell-patterns';
import { invalidQuantity, skip, strongItems, type LineFormat } from './line-outcome';
import { multiplyQuantity, parseAmount, parseQuantity, SPACED_NUMBER_SOURCE } from './quantity.parser';

const UNITS = new RegExp(
  `^(\\S.*?) ?\\((${SPACED_NUMBER_SOURCE}?) Units?\\)(?: ?[*×] ?(${SPACED_NUMBER_SOURCE}))?$`,
  'i',
);

/**
 * Bills of materials and reprocessing results, `Name (N Units)` or `(1 Unit)`, also with a `*M` multiplier after
 * them (reprocessing info copied once per batch).
 */
export const industryUnitsFormat: LineFormat = (line, { lookup }) => {
  if (line.tabbed) return null;
  const units = UNITS.exec(line.text);
  if (!units) return null;
  const quantity = parseQuantity(units[2]!);
  if (quantity === null) return invalidQuantity(units[2]!);
  const multiplier = units[3] === undefined ? 1 : parseQuantity(units[3]);
  if (multiplier === null) return invalidQuantity(units[3]!, 'is not a usable multiplier');
  const total = multiplyQuantity(quantity, multiplier);
  if (total === null) return invalidQuantity(`${units[2]}*${units[3]}`, 'is too large');
  return strongItems('industry', lookup, [{ name: units[1]!, quantity: total }]);
};

const MATERIAL_HEADER = ['item', 'required', 'available', 'est. unit price', 'typeid'];

/**
 * "Copy material information": section lines (`Minerals`, `Datacores`, `No item selected` with empty columns),
 * the column header, then `item, required, available, est. unit price, typeID` rows.
 */
export const industryMaterialsFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length !== 5) return null;
  if (cells.every((cell, index) => cell.toLowerCase() === MATERIAL_HEADER[index]))
    return skip('industry', 'header');
  if (cells[0]!.length > 0 && cells.slice(1).every((cell) => cell.length === 0) && !lookup.find(cells[0]!)) {
    return skip('industry', 'header');
  }
  if (!DIGITS.test(cells[4]!) || parseAmount(cells[2]!) === null || parseAmount(cells[3]!) === null)
    return null;
  const quantity = parseQuantity(cells[1]!);
  if (quantity === null) return invalidQuantity(cells[1]!);
  return strongItems('industry', lookup, [{ name: cells[0]!, quantity }]);
};

const COUNT_PREFIX = /^(\d+) x (\S.*)$/;

/**
 * The industry window's Blueprints tab: `[N x ]name, ME, TE[, ?], runs, [location, [location, ]]group`. A blueprint
 * with runs left is a copy; runs of 0 or -1 mark an original. ME (0-10) and TE (even, 0-20) keep other tables with
 * numbers in the second column out.
 */
export const industryBlueprintsFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length < 5) return null;
  let numbers = 0;
  while (numbers < 4 && 1 + numbers < cells.length && INTEGER.test(cells[1 + numbers]!)) numbers++;
  const rest = cells.length - 1 - numbers;
  if (numbers < 3 || rest < 1 || rest > 3) return null;
  const me = Number(cells[1]);
  const te = Number(cells[2]);
  if (me < 0 || me > 10 || te < 0 || te > 20 || te % 2 !== 0) return null;
  const runs = Number(cells[numbers]);
  const counted = COUNT_PREFIX.exec(cells[0]!);
  const quantity = counted ? Number(counted[1]) : 1;
  if (quantity < 1) return invalidQuantity(counted![1]!);
  const flags = runs > 0 ? ({ blueprint: 'copy', runs } as const) : ({ blueprint: 'original' } as const);
  return strongItems('industry', lookup, [{ name: counted ? counted[2]! : cells[0]!, quantity, flags }]);
};
