import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forEachYamlBatch, keptEntries, lastEntryBoundary, mappingEntryKey } from './yaml-batches';

describe('YAML batches', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'yaml-batches-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const mapping = [
    '34:',
    '  groupID: 18',
    '  name:',
    '    de: Tritanium',
    '    en: Tritanium',
    '  volume: 0.01',
    '35:',
    '  groupID: 18',
    '  name:',
    "    en: 'Pyerite'",
    '  materials:',
    '  - quantity: 1',
    '    typeID: 34',
    '36:',
    '  groupID: 18',
    '  name:',
    '    en: Mexallon',
    '',
  ].join('\n');

  it('parses a top-level mapping in batches of whole entries', async () => {
    const path = join(dir, 'types.yaml');
    writeFileSync(path, mapping);
    const batches: Record<string, unknown>[] = [];
    const progress: number[] = [];
    await forEachYamlBatch(path, (batch) => batches.push(batch as Record<string, unknown>), {
      batchCharacters: 40,
      onProgress: (fraction) => progress.push(fraction),
    });
    const merged = Object.assign({}, ...batches);
    expect(Object.keys(merged)).toEqual(['34', '35', '36']);
    expect(merged['35']).toEqual({
      groupID: 18,
      name: { en: 'Pyerite' },
      materials: [{ quantity: 1, typeID: 34 }],
    });
    expect(batches.length).toBeGreaterThan(1);
    expect(progress.at(-1)).toBe(1);
  });

  it('parses a top-level list and skips entries the filter rejects before parsing them', async () => {
    const path = join(dir, 'names.yaml');
    writeFileSync(
      path,
      [
        '- itemID: 1',
        '  itemName: EVE System',
        '- itemID: 30000142',
        '  itemName: Jita',
        '- itemID: 3',
        '  itemName: [broken',
        '',
      ].join('\n'),
    );
    const items: unknown[] = [];
    await forEachYamlBatch(path, (batch) => items.push(...(batch as unknown[])), {
      keepEntry: (entry) => /^- itemID: 3\d{7}\b/.test(entry),
    });
    expect(items).toEqual([{ itemID: 30000142, itemName: 'Jita' }]);
  });

  it('finds the last line that starts an entry', () => {
    const text = 'a:\n  b: 1\nc:\n  d: 2\n';
    expect(text.slice(lastEntryBoundary(text))).toBe('c:\n  d: 2\n');
    expect(lastEntryBoundary('a:\n  b: 1\n')).toBe(-1);
  });

  it('keeps entries by their raw text', () => {
    expect(keptEntries('1:\n  x: 1\n2:\n  x: 2\n', (entry) => mappingEntryKey(entry) === 2)).toBe(
      '2:\n  x: 2\n',
    );
  });
});
