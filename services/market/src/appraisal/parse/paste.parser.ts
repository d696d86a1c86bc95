import { contractFormat, contractTitleFormat } from './contract.format';
import {
  eftHeaderOutcome,
  eftHeaderShip,
  eftLineFormat,
  emptySlotFormat,
  isEftMutationDetail,
  isEftMutationHeader,
} from './eft.format';
import { hangarFormat } from './hangar.format';
import { heuristicFormat } from './heuristic.format';
import { industryBlueprintsFormat, industryMaterialsFormat, industryUnitsFormat } from './industry.format';
import { isKillmailStart, KillmailReader } from './killmail.format';
import { moonExtractionFormat, miningLedgerFormat, moonLedgerFormat } from './ledger.format';
import {
  skip,
  type LineFormat,
  type LineOutcome,
  type ParseContext,
  type RejectOutcome,
} from './line-outcome';
import { listingFormat, quantityThenNameFormat, quickbarFormat } from './listing.format';
import { lootExportFormat, lootLogFormat } from './loot-history.format';
import { mergePasteItems } from './paste-items.merger';
import { checkPasteLimits } from './paste-limits';
import { cleanLine, readLine, splitLines, type PasteLine } from './paste-line.reader';
import {
  UNPARSED_TEXT_MAX,
  type FormatUsage,
  type PasteFormat,
  type PasteItem,
  type PasteParseOptions,
  type PasteParseResult,
  type PasteProblem,
  type SkippedLine,
  type TypeNameResolver,
  type UnparsedLine,
} from './paste.types';
import { planetaryInteractionFormat } from './planetary-interaction.format';
import {
  compareFormat,
  directionalScanFormat,
  surveyScannerFormat,
  surveyScannerHeaderFormat,
  surveyScannerHeaders,
} from './scan.format';
import { shipDnaFormat } from './ship-dna.format';
import { TypeNameLookup } from './type-name.lookup';
import { viewContentsFormat } from './view-contents.format';
import { walletFormat } from './wallet.format';

const DEFAULT_MAX_LINE_LENGTH = 1_000;

const FITTING_WINDOW_HEADERS = new Set([
  'high power',
  'medium power',
  'low power',
  'rig slot',
  'rig slots',
  'sub system',
  'subsystem',
  'subsystems',
  'service slots',
  'charges',
  'drones',
  'fighters',
  'fuel',
  'cargo',
  'cargo hold',
  'drone bay',
  'fighter bay',
]);
const EMPTY: PasteProblem = { code: 'empty', message: 'Paste some items to appraise.' };
const SUMMARY = /^(?:total|sum|subtotal)\b[^:\t]{0,30}:/i;

const fittingWindowHeaderFormat: LineFormat = (line) =>
  !line.tabbed && FITTING_WINDOW_HEADERS.has(line.text.toLowerCase())
    ? skip('fitting-window', 'header')
    : null;

const summaryFormat: LineFormat = (line) =>
  SUMMARY.test(line.text) ? skip(line.tabbed ? 'hangar' : 'listing', 'summary') : null;

/**
 * Anchored formats first (a date, an ISK amount, a distance, a fixed header), so that a number in the second
 * column is read as a quantity only where it is one; then the generic column rules; the heuristic last.
 */
const COLUMN_FORMATS: readonly LineFormat[] = [
  summaryFormat,
  surveyScannerHeaderFormat,
  lootExportFormat,
  walletFormat,
  moonLedgerFormat,
  miningLedgerFormat,
  moonExtractionFormat,
  planetaryInteractionFormat,
  surveyScannerFormat,
  directionalScanFormat,
  compareFormat,
  industryMaterialsFormat,
  industryBlueprintsFormat,
  viewContentsFormat,
  contractFormat,
  hangarFormat,
  quantityThenNameFormat,
];
const TEXT_FORMATS: readonly LineFormat[] = [
  shipDnaFormat,
  surveyScannerHeaderFormat,
  fittingWindowHeaderFormat,
  emptySlotFormat,
  summaryFormat,
  lootLogFormat,
  industryUnitsFormat,
  contractTitleFormat,
  eftLineFormat,
  listingFormat,
  quickbarFormat,
];
const TABBED_CHAIN: readonly LineFormat[] = [...COLUMN_FORMATS, heuristicFormat];
// Columns cut at runs of spaces may be a table whose tabs got lost, or a list line with wide spacing: try both.
const SPACED_CHAIN: readonly LineFormat[] = [...TEXT_FORMATS, ...COLUMN_FORMATS, heuristicFormat];
const TEXT_CHAIN: readonly LineFormat[] = [...TEXT_FORMATS, heuristicFormat];

/**
 * Reads everything players paste into an appraisal: each non-blank line becomes items (with the format that
 * recognised it), a skipped line (headers, empty slots, journal entries) or an unparsed line with the reason.
 * Formats are chosen per line, so a paste may mix them; killmails, EFT fits and fitting-window copies are also
 * recognised by their structure around the line. Pure: no I/O; names are matched through `resolveTypeName`. Never
 * throws on bad text: an empty or oversized paste comes back with a `problem`.
 */
export function parsePaste(
  text: string,
  resolveTypeName: TypeNameResolver,
  options: PasteParseOptions = {},
): PasteParseResult {
  const maxLineLength = options.maxLineLength ?? DEFAULT_MAX_LINE_LENGTH;

  if (typeof text !== 'string') return refused(0, EMPTY);
  const tooLarge = checkPasteLimits(text, options);
  if (tooLarge) return refused(0, tooLarge);
  if (cleanLine(text).trim().length === 0) return refused(0, EMPTY);
  const rawLines = splitLines(text);

  const lookup = new TypeNameLookup(resolveTypeName);
  const lines = rawLines.map((raw, index) => (raw.length > maxLineLength ? null : readLine(raw, index + 1)));
  const firstContent = lines.findIndex((line) => line === null || line.text.length > 0);
  const firstLine = firstContent >= 0 ? lines[firstContent] : null;
  const killmail = firstLine && isKillmailStart(firstLine.text) ? new KillmailReader(lookup) : null;
  const fittingWindow = lines.some(
    (line) => line !== null && FITTING_WINDOW_HEADERS.has(line.text.toLowerCase()),
  );
  const surveyHeaders = surveyScannerHeaders(lines);
  const resolveTypeId = options.resolveTypeId;

  const items: PasteItem[] = [];
  const unparsed: UnparsedLine[] = [];
  const skipped: SkippedLine[] = [];
  const linesByFormat = new Map<PasteFormat, number>();
  const itemLinesByFormat = new Map<PasteFormat, number>();
  let inEftBlock = false;
  let inEftMutation = false;

  lines.forEach((line, index) => {
    if (line === null) {
      const raw = rawLines[index]!;
      if (cleanLine(raw).trim().length === 0) return;
      unparsed.push({
        lineNumber: index + 1,
        text: raw.slice(0, UNPARSED_TEXT_MAX),
        reason: 'line-too-long',
        message: `The line is longer than ${maxLineLength.toLocaleString('en')} characters.`,
      });
      return;
    }
    if (line.text.length === 0) return;

    let outcome: LineOutcome | null = killmail ? killmail.read(line) : null;
    if (outcome === null && !line.tabbed && !killmail) {
      const ship = eftHeaderShip(line.text);
      if (ship !== null && (index === firstContent || lookup.find(ship))) {
        inEftBlock = true;
        outcome = eftHeaderOutcome(ship, lookup);
      }
    }
    if (outcome === null && inEftBlock) {
      inEftMutation = isEftMutationHeader(line.text) || (inEftMutation && isEftMutationDetail(line.raw));
      if (inEftMutation) outcome = skip('eft', 'metadata');
    }
    outcome ??= readWithFormats(line, { lookup, fittingWindow, inEftBlock, surveyHeaders, resolveTypeId });

    if (outcome.kind === 'reject') {
      unparsed.push({
        lineNumber: line.number,
        text: line.raw.slice(0, UNPARSED_TEXT_MAX),
        reason: outcome.reason,
        message: outcome.message,
        ...(outcome.name === undefined ? {} : { name: outcome.name, quantity: outcome.quantity ?? 1 }),
      });
      return;
    }
    // A total line says nothing of the format, so it does not count toward the parsers shown.
    if (outcome.kind !== 'skip' || outcome.reason !== 'summary') {
      linesByFormat.set(outcome.format, (linesByFormat.get(outcome.format) ?? 0) + 1);
    }
    if (outcome.kind === 'skip') {
      skipped.push({ lineNumber: line.number, format: outcome.format, reason: outcome.reason });
      return;
    }
    itemLinesByFormat.set(outcome.format, (itemLinesByFormat.get(outcome.format) ?? 0) + 1);
    for (const item of outcome.items) {
      items.push({
        lineNumber: line.number,
        format: outcome.format,
        typeId: item.match.typeId,
        name: item.match.name,
        quantity: item.quantity,
        flags: item.flags,
        ...(item.guess ? { guess: item.guess } : {}),
      });
    }
  });

  const formats: FormatUsage[] = [...linesByFormat.entries()]
    .map(([format, count]) => ({ format, lines: count }))
    .sort((a, b) => b.lines - a.lines);
  let kind: PasteFormat | null = null;
  let kindLines = 0;
  for (const [format, count] of itemLinesByFormat) {
    if (count > kindLines) [kind, kindLines] = [format, count];
  }
  return {
    items,
    merged: mergePasteItems(items),
    unparsed,
    skipped,
    formats,
    kind,
    lineCount: rawLines.length,
    problem: items.length === 0 ? { code: 'nothing-parsed', message: 'No valid lines found.' } : null,
  };
}

/**
 * Runs the line through the formats in order. A reading where every name is a known type wins at once. Otherwise
 * the first reading whose shape proves an item list is kept (with its unknown names) unless a later format, the
 * heuristic excepted, reads the line with known names; then the heuristic's guesses (names inside longer names,
 * never priced until confirmed); failing all, the most telling rejection is reported. The heuristic does not get a
 * line a format has already read as an item list or as a known item with a bad quantity.
 */
function readWithFormats(line: PasteLine, context: ParseContext): LineOutcome | RejectOutcome {
  const chain = line.tabbed ? TABBED_CHAIN : line.cells.length > 1 ? SPACED_CHAIN : TEXT_CHAIN;
  let fallback: LineOutcome | null = null;
  let guessed: LineOutcome | null = null;
  let rejection: RejectOutcome | null = null;
  for (const format of chain) {
    if (format === heuristicFormat && (fallback !== null || rejection?.reason === 'invalid-quantity')) break;
    const outcome = format(line, context);
    if (outcome === null) continue;
    if (outcome.kind === 'skip') return outcome;
    if (outcome.kind === 'reject') {
      if (
        rejection === null ||
        (outcome.reason === 'invalid-quantity' && rejection.reason !== outcome.reason)
      ) {
        rejection = outcome;
      }
      continue;
    }
    if (outcome.items.every((item) => item.match.typeId !== null)) return outcome;
    if (outcome.strong && fallback === null) fallback = outcome;
    else if (guessed === null && outcome.items.some((item) => item.guess)) guessed = outcome;
  }
  return (
    fallback ??
    guessed ??
    rejection ?? { kind: 'reject', reason: 'unrecognised', message: 'No item or known format on this line.' }
  );
}

function refused(lineCount: number, problem: PasteProblem): PasteParseResult {
  return { items: [], merged: [], unparsed: [], skipped: [], formats: [], kind: null, lineCount, problem };
}
