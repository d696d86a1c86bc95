import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import { expectEveryLineAccountedFor } from './paste-lines.fixture';
import { corpusTypeNames, readCorpus } from './paste-corpus.fixture';
import { parsePaste } from './paste.parser';
import { PASTE_FORMAT_LABELS, UNPARSED_TEXT_MAX, type PasteParseResult } from './paste.types';
import { MAX_LINE_QUANTITY } from './quantity.parser';

const resolve = corpusTypeNames();
const corpus = readCorpus();
/** The issue's bound; parsing normally takes a few hundredths of it. */
const MS_PER_KB = 50;
/** Thousands of parses per test: on a busy machine they take longer than Jest's default five seconds. */
const TIMEOUT_MS = 120_000;
/** `PASTE_FUZZ_SCALE=50` runs fifty times as many random pastes, to hunt for rare failures. */
const RUN_SCALE = Math.max(1, Number(process.env.PASTE_FUZZ_SCALE) || 1);

/** Parse time against input size, for pastes large enough that the time is the parser's work, not a call's cost. */
class Stopwatch {
  private elapsedMs = 0;
  private bytes = 0;

  parse(text: string): PasteParseResult {
    const started = performance.now();
    const result = parsePaste(text, resolve);
    this.elapsedMs += performance.now() - started;
    this.bytes += Buffer.byteLength(text, 'utf8');
    return result;
  }

  expectWithinBound(): void {
    const kilobytes = Math.max(this.bytes / 1024, 1);
    expect(this.elapsedMs / kilobytes).toBeLessThan(MS_PER_KB);
  }
}

/** What holds for any paste, whatever it is. */
function expectWellFormed(text: string, result: PasteParseResult): void {
  const refused = result.problem !== null && result.problem.code !== 'nothing-parsed';
  if (refused) {
    expect(result.items).toEqual([]);
    return;
  }
  expect(result.problem === null).toBe(result.items.length > 0);
  expectEveryLineAccountedFor(text, result);
  for (const item of result.items) {
    expect(Number.isInteger(item.quantity) && item.quantity >= 1 && item.quantity <= MAX_LINE_QUANTITY).toBe(
      true,
    );
    expect(item.lineNumber >= 1 && item.lineNumber <= result.lineCount).toBe(true);
    expect(item.name.length).toBeGreaterThan(0);
    expect(PASTE_FORMAT_LABELS[item.format]).toBeDefined();
  }
  for (const line of result.unparsed) {
    expect(line.text.length).toBeLessThanOrEqual(UNPARSED_TEXT_MAX);
    expect(line.message.length).toBeGreaterThan(0);
  }
  if (result.kind !== null) expect(result.formats.map((usage) => usage.format)).toContain(result.kind);
  const itemTotal = result.items.reduce((sum, item) => sum + item.quantity, 0);
  const mergedTotal = result.merged.reduce((sum, item) => sum + item.quantity, 0);
  if (itemTotal <= Number.MAX_SAFE_INTEGER) expect(mergedTotal).toBe(itemTotal);
}

// Single UTF-16 code units, lone surrogates and every control character included.
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
const anyText = fc.string({ unit: codeUnit, maxLength: 3_000 });
const fullUnicode = fc.string({ unit: 'binary', maxLength: 3_000 });
const bytes = fc.uint8Array({ maxLength: 6_000 });
const binaryAsLatin1 = bytes.map((array) => Buffer.from(array).toString('latin1'));
const binaryAsUtf8 = bytes.map((array) => Buffer.from(array).toString('utf8'));

const SPACES = [
  ' ',
  '  ',
  '\t',
  '\u00a0',
  '\u202f',
  '\u2009',
  '\u3000',
  '\u1680',
  '\u205f',
  '\u200b',
  '\ufeff',
];
const BREAKS = ['\n', '\r\n', '\r', '\u2028', '\u2029', '\u0085'];
const WORDS = [
  ...new Set(
    corpus.flatMap((paste) => paste.text.split(/[\t\n]/)).flatMap((line) => [line, ...line.split(' ')]),
  ),
]
  .filter((word) => word.length > 0 && word.length < 80)
  .slice(0, 3_000);
const NUMBERS = fc.oneof(
  fc.nat({ max: 2_000_000_000 }).map(String),
  fc.nat({ max: 2_000_000_000 }).map((value) => value.toLocaleString('en')),
  fc.nat({ max: 2_000_000_000 }).map((value) => value.toLocaleString('de')),
  fc.nat({ max: 2_000_000_000 }).map((value) => value.toLocaleString('fr')),
  fc.nat({ max: 2_000_000_000 }).map((value) => value.toLocaleString('de-CH')),
  fc.double({ min: 0, max: 1e12, noNaN: true }).map(String),
  fc.constantFrom('0', '-1', '1,2,3', '1.000,5', "1'000", '1’000', '1e9', '99999999999999999999', '½'),
);
const token = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...WORDS) },
  { weight: 3, arbitrary: NUMBERS },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      'x',
      'X',
      '×',
      '*',
      ':',
      ',',
      '-',
      '[',
      ']',
      '(',
      ')',
      'Qty:',
      '(Copy)',
      '(Original)',
      'Units)',
      'ISK',
      'm3',
      'm³',
      'km',
      'AU',
      'Routed',
      'Tech II',
      'has looted',
      '/OFFLINE',
      '[Empty Med slot]',
      'Destroyed items:',
      'High power',
      'Total:',
      '+',
      '•',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: codeUnit, maxLength: 8 }) },
);
const line = fc
  .array(fc.tuple(token, fc.constantFrom(...SPACES)), { maxLength: 14 })
  .map((parts) => parts.map(([text, space]) => text + space).join(''));
const pasteLike = fc
  .array(fc.tuple(line, fc.constantFrom(...BREAKS)), { maxLength: 60 })
  .map((lines) => lines.map(([text, lineBreak]) => text + lineBreak).join(''));

/** A corpus paste with a few edits: characters inserted or deleted, lines repeated, dropped or shuffled in. */
const editedCorpusPaste = fc
  .tuple(
    fc.constantFrom(...corpus.map((paste) => paste.text)),
    fc.array(
      fc.tuple(
        fc.constantFrom('insert', 'delete', 'repeat-line', 'break'),
        fc.nat(),
        fc.string({ unit: codeUnit }),
      ),
      { maxLength: 8 },
    ),
  )
  .map(([text, edits]) => {
    let edited = text;
    for (const [edit, position, inserted] of edits) {
      const at = edited.length === 0 ? 0 : position % edited.length;
      if (edit === 'insert') edited = edited.slice(0, at) + inserted + edited.slice(at);
      else if (edit === 'delete') edited = edited.slice(0, at) + edited.slice(at + 1 + (position % 5));
      else if (edit === 'break') edited = `${edited.slice(0, at)}\n${edited.slice(at)}`;
      else {
        const lines = edited.split('\n');
        const repeated = lines[position % lines.length]!;
        lines.splice(position % (lines.length + 1), 0, repeated);
        edited = lines.join('\n');
      }
    }
    return edited;
  });

describe('parsing any input', () => {
  it.each([
    ['any UTF-16 text, lone surrogates and control characters included', anyText, 400],
    ['any Unicode text', fullUnicode, 300],
    ['binary bytes read as Latin-1', binaryAsLatin1, 300],
    ['binary bytes read as UTF-8', binaryAsUtf8, 300],
    ['lines built from the words, numbers and markers of every format', pasteLike, 600],
    ['corpus pastes with random edits', editedCorpusPaste, 600],
  ] as const)(
    // Not timed: these pastes are a few dozen characters, so time per KB would measure each call's fixed cost and
    // the files running beside this one (it failed CI at 58 ms). The costliest pastes below are timed, large.
    'never throws on %s, and accounts for every line',
    (_, input, runs) => {
      fc.assert(
        fc.property(input, (text: string) => {
          expectWellFormed(text, parsePaste(text, resolve));
        }),
        { numRuns: runs * RUN_SCALE },
      );
    },
    TIMEOUT_MS,
  );

  it(
    'reads the same paste the same way every time, also after other pastes',
    () => {
      fc.assert(
        fc.property(pasteLike, pasteLike, (first, second) => {
          const before = JSON.stringify(parsePaste(first, resolve));
          parsePaste(second, resolve);
          expect(JSON.stringify(parsePaste(first, resolve))).toBe(before);
        }),
        { numRuns: 200 },
      );
    },
    TIMEOUT_MS,
  );
});

describe('parsing the largest and the costliest pastes', () => {
  const lines = (count: number, makeLine: (index: number) => string) =>
    Array.from({ length: count }, (_, index) => makeLine(index)).join('\n');
  const words = WORDS.filter((word) => !word.includes('\t'));
  const wordSoup = (index: number, length: number) => {
    let text = '';
    for (let word = 0; text.length < length; word++)
      text += `${words[(index * 7919 + word * 104_729) % words.length]} `;
    return text.slice(0, length);
  };

  it.each([
    // Lines just short enough to be looked at, made of words the corpus knows, which the heuristic walks.
    ['999-character lines of known words', lines(200, (index) => wordSoup(index, 999))],
    ['299-character lines of known words', lines(600, (index) => wordSoup(index, 299))],
    ['lines of known words', lines(2_000, (index) => wordSoup(index, 80))],
    [
      'dash-joined lists',
      lines(2_000, (index) => `${wordSoup(index, 40)} x 1- ${wordSoup(index + 1, 40)} x 2`),
    ],
    ['tab rows of words', lines(2_000, (index) => wordSoup(index, 80).replaceAll(' ', '\t'))],
    [
      'an EFT block of module, charge lines',
      `[Vexor, x]\n${lines(2_000, (index) => `${wordSoup(index, 60)}, ${wordSoup(index, 20)}`)}`,
    ],
    [
      '200 KB of binary',
      Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31) % 256)).toString('latin1'),
    ],
  ])(
    'parses %s within 50 ms per KB',
    (_, text) => {
      const stopwatch = new Stopwatch();
      const result = stopwatch.parse(text);
      expect(result.problem?.code ?? 'none').toMatch(/^(none|nothing-parsed)$/);
      expectWellFormed(text, result);
      stopwatch.expectWithinBound();
    },
    TIMEOUT_MS,
  );
});
