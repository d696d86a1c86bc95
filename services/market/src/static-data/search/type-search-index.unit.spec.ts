import { buildTypeSearchIndex, type TypeNames } from './type-search-index.builder';
import { decodeTypeSearchIndex, encodeTypeSearchIndex } from './type-search-index.codec';
import { MatchTier, matchTier, normalizeSearchText } from './search-text';
import { TypeSearchIndex } from './type-search-index';

const EN = 0;
const DE = 1;
const JA = 2;

/** typeIndex -> names; index 0..n as in the type table. */
const names: TypeNames[] = [
  [
    [EN, 'Tritanium'],
    [DE, 'Tritanium'],
    [JA, 'トリタニウム'],
  ],
  [
    [EN, 'Compressed Tritanium'],
    [DE, 'Komprimiertes Tritanium'],
  ],
  [
    [EN, 'Alloyed Tritanium Bar'],
    [DE, 'Legierter Tritaniumbarren'],
  ],
  [[EN, 'Tritanium Prospecting Array 1']],
  [
    [EN, 'Pyerite'],
    [DE, 'Pyerit'],
  ],
  [
    [EN, 'Water'],
    [DE, 'Wasser'],
  ],
  [
    [EN, 'Heavy Water'],
    [DE, 'Schweres Wasser'],
  ],
  [[EN, 'Nitritan Thing']],
  [[EN, 'Trit']],
];

const index = new TypeSearchIndex(buildTypeSearchIndex(names));

/** Best tier of each type over its names, ranked by tier, then by (length, name) of the best-matching name. */
function bruteForce(
  all: readonly TypeNames[],
  query: string,
  limit: number,
  accepts?: (typeIndex: number) => boolean,
): [number, number][] {
  const ranked: { typeIndex: number; tier: number; name: string }[] = [];
  all.forEach((typeNames, typeIndex) => {
    if (accepts && !accepts(typeIndex)) return;
    let best: { tier: number; name: string } | null = null;
    for (const [, rawName] of typeNames) {
      const name = normalizeSearchText(rawName);
      const tier = matchTier(name, query);
      if (tier === null) continue;
      const better =
        best === null ||
        tier < best.tier ||
        (tier === best.tier &&
          (name.length < best.name.length || (name.length === best.name.length && name < best.name)));
      if (better) best = { tier, name };
    }
    if (best) ranked.push({ typeIndex, ...best });
  });
  ranked.sort(
    (a, b) =>
      a.tier - b.tier ||
      a.name.length - b.name.length ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      a.typeIndex - b.typeIndex,
  );
  return ranked.slice(0, limit).map((hit) => [hit.typeIndex, hit.tier]);
}
const englishNameOf = (typeIndex: number): string => names[typeIndex]![0]![1];
const search = (query: string, limit = 50, accepts?: (typeIndex: number) => boolean): string[] =>
  index.search(query, { limit, accepts }).map((hit) => englishNameOf(hit.typeIndex));

describe('type search index', () => {
  it('ranks exact, then prefix, then word prefix, then substring; shorter names first within a tier', () => {
    expect(search('trit')).toEqual([
      'Trit',
      'Tritanium',
      'Tritanium Prospecting Array 1',
      'Compressed Tritanium',
      'Alloyed Tritanium Bar',
      'Nitritan Thing',
    ]);
  });

  it('is case-insensitive and trims the query', () => {
    expect(search('  TRITANIUM ')[0]).toBe('Tritanium');
  });

  it('finds a type by a name in another language and gives one hit per type', () => {
    expect(search('wasser')).toEqual(['Water', 'Heavy Water']);
    expect(search('トリタ')).toEqual(['Tritanium']);
    const hits = index.search('pyerit', { limit: 10 });
    expect(hits).toHaveLength(1);
    expect(hits[0]!.tier).toBe(MatchTier.exact);
    expect(index.entryLanguageIndex(hits[0]!.entry)).toBe(DE);
  });

  it('reports the best tier among a type’s names', () => {
    const [water] = index.search('wasser', { limit: 1 });
    expect(water!.tier).toBe(MatchTier.exact);
  });

  it('intersects trigram lists for long queries and confirms the whole query', () => {
    expect(search('tritanium bar')).toEqual(['Alloyed Tritanium Bar']);
    expect(search('tritanium rab')).toEqual([]);
  });

  it('answers nothing for unknown text and for an empty query', () => {
    expect(search('zzz')).toEqual([]);
    expect(search('   ')).toEqual([]);
  });

  it('keeps the best results when the limit cuts the list', () => {
    expect(search('trit', 2)).toEqual(['Trit', 'Tritanium']);
    expect(search('t', 3)).toEqual(['Trit', 'Tritanium', 'Tritanium Prospecting Array 1']);
  });

  it('filters types with accepts', () => {
    expect(search('trit', 50, (typeIndex) => englishNameOf(typeIndex) !== 'Trit')[0]).toBe('Tritanium');
  });

  it('sees a word prefix after punctuation', () => {
    const punctuated = new TypeSearchIndex(
      buildTypeSearchIndex([[[EN, 'Ship (Large)']], [[EN, 'Largest Ship']]]),
    );
    expect(punctuated.search('(large', { limit: 5 }).map((hit) => hit.tier)).toEqual([MatchTier.wordPrefix]);
    expect(punctuated.search('large', { limit: 5 }).map((hit) => [hit.typeIndex, hit.tier])).toEqual([
      [1, MatchTier.prefix],
      [0, MatchTier.wordPrefix],
    ]);
  });

  it('answers what ranking every name by brute force answers', () => {
    let state = 7;
    const next = (): number => {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      return state / 2 ** 32;
    };
    const syllables = [
      'tri',
      'ta',
      'ni',
      'um',
      'py',
      'er',
      'ite',
      'mex',
      'al',
      'lon',
      ' ',
      '-',
      'is',
      'o',
      'gen',
    ];
    const word = (): string =>
      Array.from(
        { length: 1 + Math.floor(next() * 5) },
        () => syllables[Math.floor(next() * syllables.length)],
      ).join('');
    const generated: TypeNames[] = Array.from({ length: 400 }, () =>
      Array.from({ length: 1 + Math.floor(next() * 3) }, (_, language) => [language, word()] as const),
    );
    const generatedIndex = new TypeSearchIndex(buildTypeSearchIndex(generated));
    const accepts = (typeIndex: number): boolean => typeIndex % 3 !== 0;
    for (let round = 0; round < 300; round++) {
      const source = generated[Math.floor(next() * generated.length)]![0]![1].trim();
      if (source.length === 0) continue;
      const start = Math.floor(next() * source.length);
      const query = source.slice(start, start + 1 + Math.floor(next() * 5)).trim();
      if (query.length === 0) continue;
      const limit = 1 + Math.floor(next() * 12);
      const expected = bruteForce(
        generated,
        query.toLowerCase(),
        limit,
        round % 2 === 0 ? accepts : undefined,
      );
      const actual = generatedIndex.search(query, { limit, accepts: round % 2 === 0 ? accepts : undefined });
      expect(actual.map((hit) => [hit.typeIndex, hit.tier])).toEqual(expected);
    }
  });

  it('survives a round trip through its binary form', () => {
    const data = buildTypeSearchIndex(names);
    const decoded = decodeTypeSearchIndex(encodeTypeSearchIndex(data));
    expect(new TypeSearchIndex(decoded).search('trit', { limit: 50 })).toEqual(
      index.search('trit', { limit: 50 }),
    );
    expect(Array.from(decoded.postings)).toEqual(Array.from(data.postings));
  });

  it('refuses a truncated binary form', () => {
    const data = buildTypeSearchIndex(names);
    const bytes = encodeTypeSearchIndex(data);
    expect(() => decodeTypeSearchIndex(bytes.subarray(0, bytes.length - 8))).toThrow(/expected/);
  });
});
