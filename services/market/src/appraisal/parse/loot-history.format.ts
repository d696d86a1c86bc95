import { DATE_TIME } from './cell-patterns';
import { invalidQuantity, skip, strongItems, type LineFormat } from './line-outcome';
import { parseQuantity, SPACED_NUMBER_SOURCE } from './quantity.parser';

const LOOT_LOG = new RegExp(
  `^\\[?\\s*\\d{1,2}:\\d{2}(?::\\d{2})?\\s*\\]?\\s+\\S.*? has looted (${SPACED_NUMBER_SOURCE}?) x (\\S.*)$`,
);
const EXPORT_HEADER = ['time', 'character', 'item type', 'quantity', 'item group'];

/** Fleet loot log lines: `12:01:02 Some Pilot has looted 40 x Scourge Light Missile`. */
export const lootLogFormat: LineFormat = (line, { lookup }) => {
  if (line.tabbed) return null;
  const log = LOOT_LOG.exec(line.text);
  if (!log) return null;
  const quantity = parseQuantity(log[1]!);
  if (quantity === null) return invalidQuantity(log[1]!);
  return strongItems('loot-history', lookup, [{ name: log[2]!, quantity }]);
};

/** Fleet loot export: the `Time, Character, Item Type, Quantity, Item Group` header, then one row per drop. */
export const lootExportFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length !== 5) return null;
  if (cells.every((cell, index) => cell.toLowerCase() === EXPORT_HEADER[index])) {
    return skip('loot-history', 'header');
  }
  if (!DATE_TIME.test(cells[0]!) || cells[2]!.length === 0) return null;
  const quantity = parseQuantity(cells[3]!);
  if (quantity === null) return invalidQuantity(cells[3]!);
  return strongItems('loot-history', lookup, [{ name: cells[2]!, quantity }]);
};
