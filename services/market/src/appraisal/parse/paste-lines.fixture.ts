import { accountLines } from './line-account';
import type { PasteParseResult } from './paste.types';

// eslint-disable-next-line no-control-regex -- a blank line holds only spaces, controls and invisibles
const BLANK = /[\s\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2060\ufeff]/g;

/** Every non-blank line of `text` ends up in exactly one place: items, skipped or unparsed. */
export function expectEveryLineAccountedFor(text: string, result: PasteParseResult): void {
  const nonBlank = text
    .split(/\r\n|[\n\r\u2028\u2029\u0085]/)
    .map((line, index) => ({ line, number: index + 1 }))
    .filter(({ line }) => line.replace(BLANK, '') !== '')
    .map(({ number }) => number);
  const seen = new Map<number, string>();
  const place = (lineNumber: number, where: string) => {
    const before = seen.get(lineNumber);
    if (before !== undefined && before !== where)
      throw new Error(`line ${lineNumber} is in ${before} and ${where}`);
    seen.set(lineNumber, where);
  };
  for (const item of result.items) place(item.lineNumber, 'items');
  for (const line of result.skipped) place(line.lineNumber, 'skipped');
  for (const line of result.unparsed) place(line.lineNumber, 'unparsed');
  expect([...seen.keys()].sort((a, b) => a - b)).toEqual(nonBlank);
  const account = accountLines(result);
  expect(account.lines.map((line) => line.lineNumber)).toEqual(nonBlank);
  const counted = Object.values(account.counts).reduce((sum, count) => sum + count, 0);
  expect(counted).toBe(nonBlank.length);
}
