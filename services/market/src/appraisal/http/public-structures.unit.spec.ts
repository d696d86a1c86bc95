import { searchPublicStructures } from './public-structures';

const names = new Map([
  [1_000_000_000_003, 'Perimeter - Tranquility Trading Tower'],
  [1_000_000_000_001, 'Amamake - Market Hub'],
  [1_000_000_000_002, 'perimeter - Another Market'],
]);
const ids = [1_000_000_000_001, 1_000_000_000_002, 1_000_000_000_003, 1_000_000_000_009, 1_000_000_000_004];

describe('the public structures the appraisal can price at', () => {
  it('lists named ones first by name, then unnamed ones by id', () => {
    expect(searchPublicStructures(ids, names, undefined, 50)).toEqual({
      structures: [
        { structureId: 1_000_000_000_001, name: 'Amamake - Market Hub' },
        { structureId: 1_000_000_000_002, name: 'perimeter - Another Market' },
        { structureId: 1_000_000_000_003, name: 'Perimeter - Tranquility Trading Tower' },
        { structureId: 1_000_000_000_004, name: null },
        { structureId: 1_000_000_000_009, name: null },
      ],
      truncated: false,
    });
  });

  it('keeps those whose name holds the text in any case, or whose whole id it is', () => {
    const perimeter = searchPublicStructures(ids, names, 'PERIMETER', 50).structures;
    expect(perimeter.map((row) => row.structureId)).toEqual([1_000_000_000_002, 1_000_000_000_003]);
    expect(searchPublicStructures(ids, names, '1000000000009', 50).structures).toEqual([
      { structureId: 1_000_000_000_009, name: null },
    ]);
    // Part of an id is not a match: ids are not names.
    expect(searchPublicStructures(ids, names, '100000', 50).structures).toEqual([]);
  });

  it('stops at the limit and says more matched', () => {
    expect(searchPublicStructures(ids, names, 'market', 1)).toEqual({
      structures: [{ structureId: 1_000_000_000_001, name: 'Amamake - Market Hub' }],
      truncated: true,
    });
    expect(searchPublicStructures(ids, names, 'market', 2).truncated).toBe(false);
  });
});
