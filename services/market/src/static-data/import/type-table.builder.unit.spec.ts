import { packagedVolumeOf } from './packaged-volumes';
import { TypeTableBuilder } from './type-table.builder';

describe('type table builder', () => {
  it('turns types.yaml entries into columns ordered by type id, English first among languages', () => {
    const builder = new TypeTableBuilder();
    builder.addBatch({
      587: {
        groupID: 25,
        marketGroupID: 64,
        name: { en: 'Rifter', de: 'Rifter', ja: 'リフター' },
        published: true,
        volume: 27289,
        portionSize: 1,
        metaGroupID: 1,
      },
      34: {
        groupID: 18,
        marketGroupID: 1857,
        name: { en: 'Tritanium', fr: 'Tritanium' },
        description: { en: 'The main building block', de: 'Der Grundbaustein' },
        published: true,
        volume: 0.01,
        portionSize: 1,
        basePrice: 2,
        iconID: 22,
      },
    });
    builder.add(0, { groupID: 0, name: { en: '#System' }, portionSize: 1, published: false });
    const { table, translatedNames, descriptions } = builder.build();
    expect(table.typeIds).toEqual([0, 34, 587]);
    expect(table.languages).toEqual(['en', 'de', 'fr', 'ja']);
    expect(table.englishNames).toEqual(['#System', 'Tritanium', 'Rifter']);
    expect(translatedNames).toEqual({
      de: [null, null, 'Rifter'],
      fr: [null, 'Tritanium', null],
      ja: [null, null, 'リフター'],
    });
    expect(descriptions).toEqual(['', 'The main building block', '']);
    expect(table.volumes).toEqual([0, 0.01, 27289]);
    expect(table.packagedVolumes).toEqual([null, null, 2500]);
    expect(table.marketGroupIds).toEqual([null, 1857, 64]);
    expect(table.basePrices).toEqual([null, 2, null]);
    expect(table.published).toEqual([false, true, true]);
    expect(table.metaGroupIds).toEqual([null, null, 1]);
    expect(table.iconIds).toEqual([null, 22, null]);
  });

  it('takes the packaged volume a JSON Lines type states, null where it equals the volume', () => {
    const builder = new TypeTableBuilder();
    builder.add(17366, {
      groupID: 448,
      name: { en: 'Station Container' },
      volume: 10000,
      packagedVolume: 10000,
    });
    builder.add(3468, { groupID: 12, name: { en: 'Plastic Wrap' }, volume: 1000, packagedVolume: 1 });
    builder.add(587, { groupID: 25, name: { en: 'Rifter' }, volume: 27289, packagedVolume: 2500 });
    expect(builder.build().table.packagedVolumes).toEqual([2500, 1, null]);
  });

  it('refuses a type without a group', () => {
    expect(() => new TypeTableBuilder().add(1, { name: { en: 'x' } })).toThrow(
      'groupID of type 1 is not a number',
    );
  });
});

describe('packaged volume', () => {
  it('applies to ship groups where it differs from the assembled volume', () => {
    expect(packagedVolumeOf(25, 27289)).toBe(2500);
    expect(packagedVolumeOf(27, 486000)).toBe(50000);
    expect(packagedVolumeOf(30, 100_000_000)).toBe(10_000_000);
  });

  it('is null for other groups and where the volumes agree', () => {
    expect(packagedVolumeOf(18, 0.01)).toBeNull();
    expect(packagedVolumeOf(25, 2500)).toBeNull();
  });
});
