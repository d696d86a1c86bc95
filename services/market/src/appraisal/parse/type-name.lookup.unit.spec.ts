import { TypeNameLookup } from './type-name.lookup';
import { fakeTypeNames, TYPE_IDS } from './type-names.fixture';

describe('type name lookup', () => {
  const lookup = () => new TypeNameLookup(fakeTypeNames().resolve);

  it('ignores case, surrounding and repeated spaces, and one trailing * of localised clients', () => {
    const names = lookup();
    for (const written of ['hammerhead ii', '  Hammerhead   II ', 'Hammerhead II*', 'HAMMERHEAD II *']) {
      expect(names.find(written)).toEqual({
        typeId: TYPE_IDS['Hammerhead II'],
        name: 'Hammerhead II',
        volume: 10,
      });
    }
  });

  it('reads (Copy) and (Original) suffixes, also in other client languages', () => {
    const names = lookup();
    expect(names.find('Vexor Blueprint (Copy)')?.blueprint).toBe('copy');
    expect(names.find('Vexor Blueprint (Kopie)')?.blueprint).toBe('copy');
    expect(names.find('Vexor Blueprint (копия)')?.blueprint).toBe('copy');
    expect(names.find('Vexor Blueprint (Original)')?.blueprint).toBe('original');
    expect(names.find('Vexor Blueprint* (Copy)')?.blueprint).toBe('copy');
    expect(names.find('Vexor Blueprint (Copy)*')?.blueprint).toBe('copy');
    expect(names.find('Vexor Blueprint')?.blueprint).toBeUndefined();
    expect(names.find('(Copy)')).toBeNull();
  });

  it('matches names the SDE writes with typographic quotes when they are typed with plain ones, and back', () => {
    const names = lookup();
    expect(names.find("Mordu's Special Warfare Unit Operative")?.typeId).toBe(33864);
    expect(names.find("Encrypted 'Istina' Data")?.typeId).toBe(81352);
    expect(names.find('Men’s ‘Esquire’ Coat (red/gold)')?.typeId).toBe(4238);
    expect(names.find("Mordu's Special Warfare Unit Operatives")).toBeNull();
  });

  it('keeps unknown names as written for formats that leave no doubt, but never numbers or overlong text', () => {
    const names = lookup();
    expect(names.match('Hammerhead III  ')).toEqual({ typeId: null, name: 'Hammerhead III' });
    expect(names.match('Unknown Blueprint (Copy)')).toEqual({
      typeId: null,
      name: 'Unknown Blueprint',
      blueprint: 'copy',
    });
    expect(names.match('1,000')).toBeNull();
    expect(names.match(' ')).toBeNull();
    expect(names.match('x'.repeat(151))).toBeNull();
  });

  it('asks the resolver once per name and variant, whatever the case', () => {
    const names = fakeTypeNames();
    const cached = new TypeNameLookup(names.resolve);
    for (const written of ['Tritanium', 'TRITANIUM', 'tritanium', 'Unknown', 'unknown']) cached.find(written);
    expect(names.asked).toEqual(['Tritanium', 'Unknown']);
  });
});
