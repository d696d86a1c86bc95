import { DIGITS, DISTANCE } from './cell-patterns';
import { invalidQuantity, skip, strongItems, type LineFormat } from './line-outcome';
import type { PasteLine } from './paste-line.reader';
import { looksNumeric, parseQuantity, SPACED_NUMBER_SOURCE } from './quantity.parser';

const SURVEY_DISTANCE = new RegExp(`^${SPACED_NUMBER_SOURCE}? ?k?m$`);

/** `ore, quantity, distance m|km` (a volume column may sit before the distance). */
export function isSurveyScannerRow(line: PasteLine): boolean {
  const { cells } = line;
  return (
    (cells.length === 3 || cells.length === 4) &&
    SURVEY_DISTANCE.test(cells[cells.length - 1]!) &&
    looksNumeric(cells[1]!)
  );
}

/** Survey scanner rows: `ore, quantity, distance m|km` (a volume column may sit before the distance). */
export const surveyScannerFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (!isSurveyScannerRow(line)) return null;
  const quantity = parseQuantity(cells[1]!);
  if (quantity === null) return invalidQuantity(cells[1]!);
  return strongItems('survey-scanner', lookup, [{ name: cells[0]!, quantity }]);
};

/**
 * The survey scanner groups its rows under one line per ore, the ore's name alone or with the group's total: a
 * header, not one unit of ore (nor the total again). A line is one when the next row under it is a survey row of
 * that ore (see {@link surveyScannerHeaders}).
 */
export const surveyScannerHeaderFormat: LineFormat = (line, { surveyHeaders }) =>
  surveyHeaders?.has(line.number) ? skip('survey-scanner', 'header') : null;

/** The numbers of the lines that head a group of survey-scanner rows (`lines` in paste order, null for long ones). */
export function surveyScannerHeaders(lines: readonly (PasteLine | null)[]): ReadonlySet<number> {
  const headers = new Set<number>();
  let next: PasteLine | null = null;
  for (let index = lines.length - 1; index >= 0; index--) {
    const line = lines[index];
    if (!line || line.text.length === 0) continue;
    if (next && isSurveyScannerRow(next) && !isSurveyScannerRow(line)) {
      const cells = line.cells.filter((cell) => cell.length > 0);
      const named = cells.length === 1 || (cells.length === 2 && looksNumeric(cells[1]!));
      if (named && next.cells[0]!.toLowerCase().includes(cells[0]!.toLowerCase())) headers.add(line.number);
    }
    next = line;
  }
  return headers;
}

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
