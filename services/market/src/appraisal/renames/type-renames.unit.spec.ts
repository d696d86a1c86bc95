import { TYPE_RENAMES, TypeRenames } from './type-renames';

describe('the renames lookup', () => {
  const renames = new TypeRenames([
    {
      oldName: 'Adaptive Invulnerability Field II',
      typeId: 2281,
      currentName: 'Multispectrum Shield Hardener II',
      source: 'test',
    },
  ]);

  it('finds an old name whatever its case and spacing, and nothing else', () => {
    expect(renames.find('  adaptive   invulnerability field ii ')?.typeId).toBe(2281);
    expect(renames.find('Adaptive Invulnerability Field')).toBeUndefined();
    expect(renames.find('Multispectrum Shield Hardener II')).toBeUndefined();
  });

  it('reads every row of the bundled table as an old name, a type id, a current name and a source', () => {
    for (const rename of TYPE_RENAMES) {
      expect(
        rename.oldName.trim().length > 0 && rename.currentName.length > 0 && rename.source.length > 0,
      ).toBe(true);
      expect(Number.isSafeInteger(rename.typeId) && rename.typeId > 0).toBe(true);
      expect(rename.oldName.toLowerCase()).not.toBe(rename.currentName.toLowerCase());
    }
  });
});
