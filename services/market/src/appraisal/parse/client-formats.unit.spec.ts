import { accountLines } from './line-account';
import { parsePaste } from './paste.parser';
import type { PasteParseResult, TypeIdResolver } from './paste.types';
import { fakeTypeNames, TYPE_IDS } from './type-names.fixture';

const NAMES_BY_ID = new Map(Object.entries(TYPE_IDS).map(([name, typeId]) => [typeId, name]));
const resolveTypeId: TypeIdResolver = (typeId) => {
  const name = NAMES_BY_ID.get(typeId);
  return name === undefined ? null : { typeId, name };
};

function parse(...lines: string[]): PasteParseResult {
  return parsePaste(lines.join('\n'), fakeTypeNames().resolve, { resolveTypeId });
}

/** [line, format, name, quantity] per item; unknown names prefixed with `?`. */
function rows(result: PasteParseResult): unknown[][] {
  return result.items.map((item) => [
    item.lineNumber,
    item.format,
    item.typeId === null ? `?${item.name}` : item.name,
    item.quantity,
  ]);
}

// Issue 25, failure class 3: what the clients and fitting sites copy, read whole.
describe("the Chinese client's <localized> markup", () => {
  it('reads the name each element shows, in every format, instead of refusing the paste', () => {
    const result = parse(
      '<localized hint="三钛合金">Tritanium</localized>\t1,000\t<localized hint="矿物">Mineral</localized>\t\t',
      '<localized hint="大黄蜂 II">Hobgoblin II</localized> x 5',
      '3 <localized hint="">Pyerite</localized>',
    );
    expect(result.problem).toBeNull();
    expect(rows(result)).toEqual([
      [1, 'contract', 'Tritanium', 1000],
      [2, 'listing', 'Hobgoblin II', 5],
      [3, 'listing', 'Pyerite', 3],
    ]);
  });

  it('falls back to the hint when the element shows nothing, and reads an EFT header wrapped in it', () => {
    const result = parse(
      '[<localized hint="裂谷级">Rifter</localized>, PvP]',
      '<localized hint="三钛合金"></localized> x 2',
    );
    expect(rows(result)).toEqual([
      [1, 'eft', 'Rifter', 1],
      [2, 'eft', 'Tritanium', 2],
    ]);
  });
});

describe('ship DNA', () => {
  it('reads ship:module;count:...:: with the ship as one, counts defaulting to 1, unknown ids kept as unknown', () => {
    const dna = `${TYPE_IDS['Rifter']}:${TYPE_IDS['Damage Control II']};1:${TYPE_IDS['Warrior II']};2:${TYPE_IDS['Void M']}_;100:999999999;3::`;
    const result = parse(dna);
    expect(rows(result)).toEqual([
      [1, 'ship-dna', 'Rifter', 1],
      [1, 'ship-dna', 'Damage Control II', 1],
      [1, 'ship-dna', 'Warrior II', 2],
      [1, 'ship-dna', 'Void M', 100],
      [1, 'ship-dna', '?Type 999999999', 3],
    ]);
    expect(result.kind).toBe('ship-dna');
  });

  it('reads a fitting link pasted from chat, and leaves plain numbers to the other formats', () => {
    const link = `<url=fitting:${TYPE_IDS['Vexor']}:${TYPE_IDS['Hammerhead II']};5::>My Vexor</url>`;
    expect(rows(parse(link))).toEqual([
      [1, 'ship-dna', 'Vexor', 1],
      [1, 'ship-dna', 'Hammerhead II', 5],
    ]);
    expect(parse('12:30').items).toEqual([]);
  });
});

describe('zKillboard EFT lines', () => {
  it('gives both the launcher and its charge for `Launcher,Charge` with no space', () => {
    const result = parse(
      '[Caracal, zKillboard]',
      'Heavy Missile Launcher II,Caldari Navy Scourge Heavy Missile',
      'Heavy Missile Launcher II,Caldari Navy Scourge Heavy Missile',
    );
    expect(result.merged.map((item) => [item.name, item.quantity])).toEqual([
      ['Caracal', 1],
      ['Heavy Missile Launcher II', 2],
      ['Caldari Navy Scourge Heavy Missile', 2],
    ]);
  });
});

describe('survey scanner group headers', () => {
  it('skips the line heading each ore group, alone or with the group total, instead of counting one unit', () => {
    const result = parse(
      'Plagioclase',
      'Plagioclase\t12,000\t8,500 m',
      'Plagioclase\t3,000\t12 km',
      'Veldspar\t40,000',
      'Veldspar\t40,000\t9,100 m',
    );
    expect(rows(result)).toEqual([
      [2, 'survey-scanner', 'Plagioclase', 12000],
      [3, 'survey-scanner', 'Plagioclase', 3000],
      [5, 'survey-scanner', 'Veldspar', 40000],
    ]);
    expect(result.skipped.map((line) => [line.lineNumber, line.reason])).toEqual([
      [1, 'header'],
      [4, 'header'],
    ]);
  });

  it('keeps a hangar line of the same ore that heads no survey rows', () => {
    expect(rows(parse('Veldspar\t500', 'Tritanium 10'))).toEqual([
      [1, 'hangar', 'Veldspar', 500],
      [2, 'listing', 'Tritanium', 10],
    ]);
  });
});

describe("a killmail's bare lines", () => {
  it('reports a subsystem line no type has as an unknown name, never dropping it silently', () => {
    const result = parse(
      '2021.03.04 12:34:56',
      'Destroyed: Tengu',
      'Destroyed items:',
      'Tengu Electronics - Dissolution Sequencer',
      'Tengu Defensive - Supplemental Screening',
    );
    expect(rows(result)).toEqual([
      [2, 'killmail', 'Tengu', 1],
      [5, 'killmail', 'Tengu Defensive - Supplemental Screening', 1],
    ]);
    expect(accountLines(result).lines).toContainEqual({ lineNumber: 4, status: 'unknown' });
    expect(result.unparsed[0]).toMatchObject({
      name: 'Tengu Electronics - Dissolution Sequencer',
      quantity: 1,
    });
  });
});
