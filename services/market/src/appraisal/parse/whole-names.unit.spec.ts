import { accountLines } from './line-account';
import { parsePaste } from './paste.parser';
import type { PasteParseResult } from './paste.types';
import { fakeTypeNames, TYPE_IDS } from './type-names.fixture';

function parse(...lines: string[]): PasteParseResult {
  return parsePaste(lines.join('\n'), fakeTypeNames().resolve);
}

/** [line, typeId, name, quantity, guess name?] per item. */
function rows(result: PasteParseResult): unknown[][] {
  return result.items.map((item) => {
    const row: unknown[] = [item.lineNumber, item.typeId, item.name, item.quantity];
    if (item.guess) row.push(item.guess.name);
    return row;
  });
}

// Issue 25, failure class 1: a name the static data does not have is never priced as a shorter, different item.
describe('whole names only: a known name inside an unknown one is a guess, not an item', () => {
  it('does not take the plain module out of an old named module name (prefix, older word order)', () => {
    const result = parse('2 Experimental 10MN Afterburner I', 'Prototype 10MN Afterburner I x3');
    expect(rows(result)).toEqual([
      [1, null, 'Experimental 10MN Afterburner I', 2, '10MN Afterburner I'],
      [2, null, 'Prototype 10MN Afterburner I', 3, '10MN Afterburner I'],
    ]);
    expect(result.merged.every((item) => item.typeId === null)).toBe(true);
  });

  it('offers the longest known name of a faction booster, not a one-word hull it starts with', () => {
    const result = parse("4 Guardian Angels 'Advanced' Cerebral Accelerator");
    expect(rows(result)).toEqual([
      [1, null, "Guardian Angels 'Advanced' Cerebral Accelerator", 4, 'Cerebral Accelerator'],
    ]);
  });

  it('never turns obsolete subsystem lines of a fit into hulls', () => {
    const result = parse(
      '[Tengu, Old fit]',
      'Tengu Offensive - Accelerated Ejection Bay',
      'Tengu Engineering - Power Core Multiplier',
      'Tengu Propulsion - Intercalated Nanofibers x1',
      '1 Tengu Electronics - Emergent Locus Analyzer',
      '1x Tengu Engineering - Augmented Capacitor Reservoir',
    );
    const tengus = result.items.filter((item) => item.typeId === TYPE_IDS['Tengu']);
    expect(tengus.map((item) => item.lineNumber)).toEqual([1]);
    expect(result.items.filter((item) => item.guess?.typeId === TYPE_IDS['Tengu'])).toEqual([]);
    expect(rows(result)).toContainEqual([
      2,
      TYPE_IDS['Tengu Offensive - Accelerated Ejection Bay'],
      'Tengu Offensive - Accelerated Ejection Bay',
      1,
    ]);
  });

  it('still reads a whole name between quantities and a label in chat', () => {
    expect(rows(parse('WTS: 5x Hammerhead II, 10 Hobgoblin II'))).toEqual([
      [1, TYPE_IDS['Hammerhead II'], 'Hammerhead II', 5],
      [1, TYPE_IDS['Hobgoblin II'], 'Hobgoblin II', 10],
    ]);
  });
});

// Issue 25, failure class 4: every line is accounted for, unknown names apart from unreadable text.
describe('the account of every line', () => {
  it('tells found, guessed, unknown, unreadable and skipped lines apart, and counts names not found', () => {
    const result = parse(
      'Tritanium 100',
      '2 Experimental 10MN Afterburner I',
      'Gizmo Deluxe x 3',
      '',
      '!!!',
      'Hobgoblin II 0',
      '[Empty Med slot]',
    );
    const account = accountLines(result);
    expect(account.lines).toEqual([
      { lineNumber: 1, status: 'item' },
      { lineNumber: 2, status: 'guess' },
      { lineNumber: 3, status: 'unknown' },
      { lineNumber: 5, status: 'unreadable' },
      { lineNumber: 6, status: 'unreadable' },
      { lineNumber: 7, status: 'skipped' },
    ]);
    expect(account.counts).toEqual({ item: 1, guess: 1, unknown: 1, unreadable: 2, skipped: 1 });
    expect(account).toMatchObject({ unknownNames: 1, guesses: 1 });
    expect(result.unparsed.find((line) => line.lineNumber === 3)).toMatchObject({
      reason: 'unknown-item',
      name: 'Gizmo Deluxe',
      quantity: 3,
    });
  });

  it('marks a line by its worst item: a known module with an unknown charge is an unknown line', () => {
    const result = parse('[Rifter, x]', 'Heavy Ion Blaster II, Gizmo Charge M');
    expect(accountLines(result).lines).toContainEqual({ lineNumber: 2, status: 'unknown' });
  });
});
