import { invalidQuantity, strongItems, type LineFormat } from './line-outcome';
import { looksNumeric, parseQuantity, SPACED_NUMBER_SOURCE } from './quantity.parser';
import type { PasteItemFlags } from './paste.types';

const TITLE = new RegExp(`^(\\S.*?) [xX×] ?(${SPACED_NUMBER_SOURCE}?) \\((?:Item Exchange|Auction)\\)$`, 'i');
const BLUEPRINT_COPY = /blueprint copy/i;
const BLUEPRINT_ORIGINAL = /blueprint original/i;
const RUNS = /runs:? ?(\d+)/i;
const DAMAGED = /(\d+(?:[.,]\d+)?) ?% damaged/i;
const FITTED = /\bfitted\b/i;
const HAS_LETTER = /\p{L}/u;

/** What a contract's details column (or any free-text column) says: fitted, damaged, blueprint copy and runs. */
export function detailsFlags(details: string): PasteItemFlags {
  if (details.length === 0) return {};
  const flags: { -readonly [K in keyof PasteItemFlags]: PasteItemFlags[K] } = {};
  if (BLUEPRINT_COPY.test(details)) {
    flags.blueprint = 'copy';
    const runs = RUNS.exec(details);
    if (runs) flags.runs = Number(runs[1]);
  } else if (BLUEPRINT_ORIGINAL.test(details)) {
    flags.blueprint = 'original';
  }
  const damaged = DAMAGED.exec(details);
  if (damaged) flags.damagePercent = Number(damaged[1]!.replace(',', '.'));
  if (FITTED.test(details)) flags.fitted = true;
  return flags;
}

/**
 * Contract item lists, `name, quantity, type, category, details` (details empty, `Fitted`, `72% damaged`,
 * `BLUEPRINT COPY - Runs: 9 - ...`) or `name, quantity, type`; and contract titles dragged from chat,
 * `Name x N (Item Exchange)`.
 */
export const contractFormat: LineFormat = (line, { lookup }) => {
  const { cells } = line;
  if (cells.length !== 5 && cells.length !== 3) return null;
  const [name, quantityText, type] = [cells[0]!, cells[1]!, cells[2]!];
  if (name.length === 0 || !looksNumeric(quantityText) || !HAS_LETTER.test(type)) return null;
  const quantity = parseQuantity(quantityText);
  if (quantity === null) return invalidQuantity(quantityText);
  return strongItems('contract', lookup, [{ name, quantity, flags: detailsFlags(cells[4] ?? '') }]);
};

export const contractTitleFormat: LineFormat = (line, { lookup }) => {
  if (line.tabbed) return null;
  const title = TITLE.exec(line.text);
  if (!title) return null;
  const quantity = parseQuantity(title[2]!);
  if (quantity === null) return invalidQuantity(title[2]!);
  return strongItems('contract', lookup, [{ name: title[1]!, quantity }]);
};
