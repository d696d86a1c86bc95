import { DIGITS, DISTANCE } from './cell-patterns';
import { invalidQuantity, strongItems, type LineFormat } from './line-outcome';
import { looksNumeric, parseQuantity, SPACED_NUMBER_SOURCE } from './quantity.parser';

const SURVEY_DISTANCE = new RegExp(`^${SPACED_NUMBER_SOURCE}? ?k?m$`);

/** Survey scanner rows: `ore, quantity, distance m|km` (a volume column may sit before the distance). */
export const surveyScannerFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if ((cells.length !== 3 && cells.length !== 4) || !SURVEY_DISTANCE.test(cells[cells.length - 1]!))
    return null;
  if (!looksNumeric(cells[1]!)) return null;
  const quantity = parseQuantity(cells[1]!);
  if (quantity === null) return invalidQuantity(cells[1]!);
  return strongItems('survey-scanner', lookup, [{ name: cells[0]!, quantity }]);
};

/**
 * Directional scan: `label, type, distance` where the distance is `N m|km|AU` or `-`, optionally after a type id
 * column. The type column names the item; each line is one.
 */
export const directionalScanFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  let type: string;
  if (cells.length === 3) type = cells[1]!;
  else if (cells.length === 4 && DIGITS.test(cells[0]!)) type = cells[2]!;
  else return null;
  const distance = cells[cells.length - 1]!;
  if (type.length === 0 || looksNumeric(type) || (distance !== '-' && !DISTANCE.test(distance))) return null;
  return strongItems('directional-scan', lookup, [{ name: type, quantity: 1 }]);
};

const META_LEVELS = new Set([
  'tech i',
  'tech ii',
  'tech iii',
  'faction',
  'deadspace',
  'storyline',
  'officer',
  'abyssal',
  'structure tech i',
  'structure tech ii',
  'structure faction',
  'limited time',
  'premium',
]);

/** The module "Compare" window: `name, Tech I|Tech II|Faction|..., attribute values...`; one item per line. */
export const compareFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length < 2 || !META_LEVELS.has(cells[1]!.toLowerCase())) return null;
  return strongItems('compare', lookup, [{ name: cells[0]!, quantity: 1 }]);
};
