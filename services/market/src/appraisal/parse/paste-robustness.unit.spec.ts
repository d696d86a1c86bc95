import { performance } from 'node:perf_hooks';
import { expectEveryLineAccountedFor } from './paste-lines.fixture';
import { parsePaste } from './paste.parser';
import type { PasteParseResult } from './paste.types';
import { fakeTypeNames } from './type-names.fixture';

function parse(text: string, options?: Parameters<typeof parsePaste>[2]): PasteParseResult {
  return parsePaste(text, fakeTypeNames().resolve, options);
}

/** Tests that parse megabytes: on a busy machine they take longer than Jest's default five seconds. */
const TIMEOUT_MS = 60_000;

/** The fastest of a few timed runs: a bound on the parser, not on whatever else the machine is doing. */
function fastestOf(
  runs: number,
  run: () => PasteParseResult,
): { result: PasteParseResult; fastestMs: number } {
  let result = run();
  let fastestMs = Infinity;
  for (let attempt = 0; attempt < runs; attempt++) {
    const started = performance.now();
    result = run();
    fastestMs = Math.min(fastestMs, performance.now() - started);
  }
  return { result, fastestMs };
}

/** Deterministic pseudo-random numbers (mulberry32), so a failure can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

describe('empty and oversized pastes', () => {
  it.each(['', ' ', '\n\n\n', '\t\t\r\n  \u00a0\u3000', '\ufeff', '\u200b\n\u200b'])(
    'refuses an empty paste %j with a sentence',
    (text) => {
      const result = parse(text);
      expect(result.problem).toEqual({ code: 'empty', message: 'Paste some items to appraise.' });
      expect(result.items).toEqual([]);
    },
  );

  it('refuses input that is no text at all instead of throwing', () => {
    for (const value of [undefined, null, 42, {}, []]) {
      expect(parsePaste(value as unknown as string, fakeTypeNames().resolve).problem?.code).toBe('empty');
    }
  });

  it('refuses more than 10,000 lines and more than 1 MB, limits adjustable', () => {
    const lines = (count: number) => Array.from({ length: count }, () => 'Tritanium 1').join('\n');
    expect(parse(lines(10_000) + '\n').problem).toBeNull();
    expect(parse(lines(10_001)).problem).toEqual({
      code: 'too-many-lines',
      status: 400,
      message: 'The paste has more than 10,000 lines: split it into several appraisals.',
    });
    expect(parse('x'.repeat(1_000_001)).problem).toEqual({
      code: 'too-large',
      status: 413,
      message: 'The paste is larger than 1 MB: split it into several appraisals.',
    });
    expect(parse('Tritanium 1\nTritanium 2', { maxLines: 1 }).problem?.code).toBe('too-many-lines');
    expect(parse('Tritanium 1', { maxBytes: 5 }).problem?.code).toBe('too-large');
  });

  it('reports a line too long to be an item without looking at it, and reads the rest', () => {
    const long = 'Tritanium '.repeat(50_000);
    const result = parse(`${long}\nPyerite 5`);
    expect(result.unparsed).toEqual([
      {
        lineNumber: 1,
        text: long.slice(0, 200),
        reason: 'line-too-long',
        message: 'The line is longer than 1,000 characters.',
      },
    ]);
    expect(result.items.map((item) => [item.name, item.quantity])).toEqual([['Pyerite', 5]]);
    expect(parse('Tritanium 5', { maxLineLength: 5 }).unparsed[0]?.reason).toBe('line-too-long');
  });
});

describe('line breaks, spaces and invisible characters', () => {
  it('reads CRLF, CR, LF and Unicode line separators alike, with the same line numbers', () => {
    for (const breakText of ['\n', '\r\n', '\r', '\u2028']) {
      const result = parse(['Tritanium 1', '', 'Pyerite\t2', 'Mexallon x 3'].join(breakText));
      expect(result.items.map((item) => [item.lineNumber, item.name, item.quantity])).toEqual([
        [1, 'Tritanium', 1],
        [3, 'Pyerite', 2],
        [4, 'Mexallon', 3],
      ]);
    }
  });

  it('reads names through byte order marks, zero-width and control characters, and any Unicode space', () => {
    const result = parse(
      [
        '\ufeffTritanium\u200b x 5',
        'Hammerhead\u00a0II\u2003x\u202f2',
        'Heavy\u0000 Missile Launcher II\u0007\t3',
        '\u3000\u3000Pyerite\u3000\u3000',
        'Isogen\u00ad 4',
      ].join('\n'),
    );
    expect(result.items.map((item) => [item.name, item.quantity])).toEqual([
      ['Tritanium', 5],
      ['Hammerhead II', 2],
      ['Heavy Missile Launcher II', 3],
      ['Pyerite', 1],
      ['Isogen', 4],
    ]);
    expect(result.unparsed).toEqual([]);
  });

  it('reports every non-blank line it could not read, text as pasted', () => {
    const text = 'Tritanium 5\n\t\t\n\u0001\u0002\u0003\n%%%%\r\n   \nPyerite';
    const result = parse(text);
    expect(result.unparsed.map((line) => [line.lineNumber, line.text])).toEqual([[4, '%%%%']]);
    expectEveryLineAccountedFor(text, result);
  });
});

describe('hostile input', () => {
  it.each([
    ['a lot of commas', `Tritanium${', '.repeat(450)}Pyerite`],
    ['nested brackets', `${'['.repeat(500)}Vexor, x${']'.repeat(450)}`],
    ['a near loot line', `12:00:00 ${'a '.repeat(440)} has looted 5 x`],
    ['a near unit line', `Tritanium ${'('.repeat(300)}5 Units${')'.repeat(300)}`],
    ['many digits and separators', '1,'.repeat(490) + ' Tritanium'],
    ['many tabs', '\t'.repeat(999)],
    ['many x', 'x '.repeat(499)],
    ['many words', 'Tritanium Pyerite '.repeat(55)],
    ['a long date table', `2021.01.01 10:00${'\t1 ISK'.repeat(150)}`],
  ])(
    'handles %s quickly and without throwing',
    (_, line) => {
      const text = Array.from({ length: 200 }, () => line).join('\n');
      const started = performance.now();
      const result = parse(text);
      expect(performance.now() - started).toBeLessThan(2_000);
      expectEveryLineAccountedFor(text, result);
    },
    TIMEOUT_MS,
  );

  it(
    'never throws and accounts for every line of random pastes, in well under 50 ms per KB',
    () => {
      const next = random(20260917);
      const pieces = [
        'Tritanium',
        'Hammerhead II',
        'Navy Cap Booster 400',
        'Vexor',
        '[Vexor, Fit]',
        '[Empty High slot]',
        '2021.03.04 12:34',
        'Destroyed items:',
        'High power',
        '(Copy)',
        ' (5 Units)',
        ', Qty: ',
        ' has looted ',
        ' x ',
        'x',
        '×',
        '*',
        ':',
        '-',
        ',',
        '.',
        "'",
        '’',
        ' ',
        '  ',
        '\t',
        '\u00a0',
        '\u202f',
        '\r',
        '\n',
        '\r\n',
        '\u0000',
        '\ufffd',
        '\ud800',
        '1',
        '0',
        '000',
        '1,000',
        '12.5',
        '-1',
        'ISK',
        'm3',
        'km',
        '-',
        'Routed',
        'Tech II',
        'Total:',
        '+ ',
        '- ',
        'ア',
        'Großer Skill-Injektor',
      ];
      let characters = 0;
      let elapsed = 0;
      for (let paste = 0; paste < 1_500; paste++) {
        let text = '';
        const length = Math.floor(next() * 60);
        for (let index = 0; index < length; index++) text += pieces[Math.floor(next() * pieces.length)];
        const started = performance.now();
        const result = parse(text);
        elapsed += performance.now() - started;
        characters += text.length;
        if (text.trim().length > 0 && result.problem?.code !== 'empty')
          expectEveryLineAccountedFor(text, result);
      }
      expect(elapsed / (characters / 1024)).toBeLessThan(50);
    },
    TIMEOUT_MS,
  );
});

describe('volume', () => {
  const templates: ((n: number) => string)[] = [
    (n) => `Tritanium\t${(n * 1013).toLocaleString('en')}\tMineral\tMaterial\t\t\t${n} m3\t${n * 5} ISK`,
    (n) => `Hammerhead II x${n}`,
    (n) => `${n} Pyerite`,
    (n) => `Vexor\t${n}\tCruiser\tShip\t`,
    (n) => `Gyrostabilizer II\tWeapon Upgrade\tLow Slot\t${n}`,
    (n) => `Scorch M\t${n}\tAdvanced Pulse Laser Crystal\tCharge\tFitted 72% damaged`,
    (n) => `12:01:02 Some Pilot has looted ${n} x Scourge Light Missile`,
    (n) => `Megacyte (${n} Units)`,
    (n) => `Navy Cap Booster 400 ${n}`,
    (n) => `Isogen: ${n.toLocaleString('de')}`,
    (n) => `\tBacteria\t${n}.0\t${n * 0.19}`,
    (n) => `Someone's Vexor\tVexor\t${n} km`,
    (n) => `2021.01.01\tVeldspar\t${n}\t${n / 10} m³\t${n * 15} ISK\tJita`,
    (n) => `Heavy Ion Blaster II, Void M x${n}`,
    (n) => `Unknown Thing ${n}`,
  ];
  const paste = Array.from({ length: 10_000 }, (_, index) =>
    templates[index % templates.length]!(index + 1),
  ).join('\n');

  it(
    'parses a realistic 10,000-line paste well within a generous bound (about 35 ms once warm)',
    () => {
      parse(paste);
      const { result, fastestMs } = fastestOf(3, () => parse(paste));
      expect(fastestMs).toBeLessThan(1_000);
      expect(result.problem).toBeNull();
      expect(result.items.length).toBeGreaterThan(9_000);
      const unknownLines = Array.from({ length: 10_000 }, (_, index) => index % templates.length).filter(
        (template) => template === templates.length - 1,
      );
      expect(result.unparsed).toHaveLength(unknownLines.length);
      expectEveryLineAccountedFor(paste, result);
    },
    TIMEOUT_MS,
  );

  it(
    'parses 10,000 lines of junk that reach the heuristic within a generous bound',
    () => {
      const next = random(7);
      const words = ['the', 'quick', 'brown', 'Tritanium', 'fox', 'jumps', 'over', 'lazy', 'dog', '42', 'II'];
      const junk = Array.from({ length: 10_000 }, () =>
        Array.from({ length: 10 }, () => words[Math.floor(next() * words.length)]).join(' '),
      ).join('\n');
      const { result, fastestMs } = fastestOf(2, () => parse(junk));
      expect(fastestMs).toBeLessThan(3_000);
      expectEveryLineAccountedFor(junk, result);
    },
    TIMEOUT_MS,
  );
});
