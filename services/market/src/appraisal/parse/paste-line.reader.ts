import { stripClientMarkup } from './client-markup';

/** One line of a paste, cleaned for matching; `raw` is kept for reporting. */
export interface PasteLine {
  /** 1-based. */
  readonly number: number;
  readonly raw: string;
  /**
   * Every Unicode space as ' ', invisible and control characters removed, the client's markup (`<localized>`, links)
   * replaced by the text it shows, trimmed (tabs too).
   */
  readonly text: string;
  /**
   * Tab-separated cells, each trimmed. A line without tabs but with runs of two or more spaces (tabs a browser or
   * chat turned into spaces) is cut at those runs instead; otherwise the line is one cell.
   */
  readonly cells: readonly string[];
  readonly tabbed: boolean;
}

const LINE_BREAK = /\r\n|[\n\r\u2028\u2029\u0085]/;
const UNICODE_SPACE = /[\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]/g;
/* eslint-disable no-control-regex -- pastes carry control characters; these find them */
// Zero-width characters, soft hyphens, byte order marks, and C0/C1 controls except tab.
const INVISIBLE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2060\ufeff]/g;
const SPACE_RUN = / {2,}/;
const NEEDS_CLEANING =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u00a0\u00ad\u1680\u2000-\u200f\u202f\u205f\u2060\u3000\ufeff]/;
/* eslint-enable no-control-regex */

/** Splits on every line-break convention (CRLF, CR, LF, Unicode separators); a final empty line does not count. */
export function splitLines(text: string): string[] {
  const lines = text.split(LINE_BREAK);
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

export function cleanLine(raw: string): string {
  return NEEDS_CLEANING.test(raw) ? raw.replace(UNICODE_SPACE, ' ').replace(INVISIBLE, '') : raw;
}

export function readLine(raw: string, number: number): PasteLine {
  const cleaned = stripClientMarkup(cleanLine(raw));
  const text = cleaned.trim();
  if (cleaned.includes('\t')) {
    return { number, raw, text, cells: cleaned.split('\t').map((cell) => cell.trim()), tabbed: true };
  }
  return { number, raw, text, cells: SPACE_RUN.test(text) ? text.split(SPACE_RUN) : [text], tabbed: false };
}
