import type { PasteParseResult, UnparsedLine } from './paste.types';

/**
 * What became of one non-blank line: its items were all found (`item`), it holds a name offered as a guess that the
 * player has not confirmed (`guess`), a name no type has (`unknown`), nothing any format could read (`unreadable`),
 * or nothing to appraise by design (`skipped`: headers, empty slots, totals). A line with several items takes the
 * worst of them, in that order.
 */
export const LINE_STATUSES = ['item', 'guess', 'unknown', 'unreadable', 'skipped'] as const;
export type LineStatus = (typeof LINE_STATUSES)[number];

export interface LineAccountEntry {
  readonly lineNumber: number;
  readonly status: LineStatus;
}

/** Lines per status; with blank lines they add up to the paste's line count. */
export type LineAccountCounts = Readonly<Record<LineStatus, number>>;

export interface LineAccount {
  /** Every non-blank line, in paste order. */
  readonly lines: readonly LineAccountEntry[];
  readonly counts: LineAccountCounts;
  /** Names no type has: unknown items and lines refused for an unknown name, each once per merged row or line. */
  readonly unknownNames: number;
  /** Merged rows offered as guesses, none priced. */
  readonly guesses: number;
}

const RANK: Readonly<Record<LineStatus, number>> = {
  skipped: 0,
  item: 1,
  guess: 2,
  unknown: 3,
  unreadable: 4,
};

/** One honest account of every line of a parsed paste: nothing the parser saw goes unreported. */
export function accountLines(result: PasteParseResult): LineAccount {
  const statusByLine = new Map<number, LineStatus>();
  const mark = (lineNumber: number, status: LineStatus) => {
    const known = statusByLine.get(lineNumber);
    if (known === undefined || RANK[status] > RANK[known]) statusByLine.set(lineNumber, status);
  };
  for (const item of result.items) {
    mark(item.lineNumber, item.typeId !== null ? 'item' : item.guess ? 'guess' : 'unknown');
  }
  for (const line of result.skipped) mark(line.lineNumber, 'skipped');
  for (const line of result.unparsed) mark(line.lineNumber, isUnknownName(line) ? 'unknown' : 'unreadable');

  const counts: Record<LineStatus, number> = { item: 0, guess: 0, unknown: 0, unreadable: 0, skipped: 0 };
  const lines = [...statusByLine]
    .sort(([a], [b]) => a - b)
    .map(([lineNumber, status]) => {
      counts[status] += 1;
      return { lineNumber, status };
    });
  let unknownNames = result.unparsed.filter(isUnknownName).length;
  let guesses = 0;
  for (const item of result.merged) {
    if (item.typeId !== null) continue;
    if (item.guess) guesses += 1;
    else unknownNames += 1;
  }
  return { lines, counts, unknownNames, guesses };
}

/** Refused for a name no type has, where the text was a name (not `!!!` or a sentence). */
function isUnknownName(line: UnparsedLine): boolean {
  return line.reason === 'unknown-item' && line.name !== undefined;
}
