import { parseBlueprints } from './blueprints.parser';
import {
  parseCategories,
  parseGroups,
  parseIconFiles,
  parseMarketGroups,
  parseMetaGroups,
} from './inventory.parser';

describe('inventory parsers', () => {
  it('reads groups, categories and meta groups in English, by id', () => {
    expect(
      parseGroups({
        25: { categoryID: 6, name: { en: 'Frigate', de: 'Fregatte' }, published: true },
        18: { categoryID: 4, name: { en: 'Mineral' } },
      }),
    ).toEqual([
      { groupId: 18, categoryId: 4, name: 'Mineral', published: false },
      { groupId: 25, categoryId: 6, name: 'Frigate', published: true },
    ]);
    expect(parseCategories({ 6: { name: { en: 'Ship' }, published: true } })).toEqual([
      { categoryId: 6, name: 'Ship', published: true },
    ]);
    expect(parseMetaGroups({ 2: { nameID: { en: 'Tech II' } } })).toEqual([
      { metaGroupId: 2, name: 'Tech II' },
    ]);
  });

  it('reads the market group tree with names, descriptions, icon ids and icon files', () => {
    const icons = parseIconFiles({
      22: { iconFile: 'res:/ui/texture/icons/22_32_1.png' },
      23: { description: 'no file' },
    });
    expect(
      parseMarketGroups(
        {
          1857: {
            nameID: { en: 'Minerals' },
            descriptionID: { en: 'Refined ore' },
            hasTypes: true,
            iconID: 22,
            parentGroupID: 533,
          },
          533: { nameID: { en: 'Materials' }, hasTypes: false, iconID: 23 },
        },
        icons,
      ),
    ).toEqual([
      {
        marketGroupId: 533,
        parentGroupId: null,
        name: 'Materials',
        description: '',
        hasTypes: false,
        iconId: 23,
        iconFile: null,
      },
      {
        marketGroupId: 1857,
        parentGroupId: 533,
        name: 'Minerals',
        description: 'Refined ore',
        hasTypes: true,
        iconId: 22,
        iconFile: 'res:/ui/texture/icons/22_32_1.png',
      },
    ]);
  });
});

describe('blueprint parser', () => {
  it('reads every activity with materials, products, probabilities, skills and times', () => {
    const [blueprint] = parseBlueprints({
      46166: {
        activities: {
          reaction: {
            materials: [{ quantity: 100, typeID: 16634 }],
            products: [{ quantity: 200, typeID: 16663 }],
            time: 10800,
          },
          invention: {
            products: [{ probability: 0.34, quantity: 10, typeID: 1 }],
            skills: [{ level: 1, typeID: 3402 }],
            time: 100,
          },
          research_time: { time: 1 },
          something_new: { time: 5 },
        },
        blueprintTypeID: 46166,
        maxProductionLimit: 1000,
      },
    });
    expect(blueprint).toEqual({
      blueprintTypeId: 46166,
      maxProductionLimit: 1000,
      activities: {
        reaction: {
          time: 10800,
          materials: [{ typeId: 16634, quantity: 100 }],
          products: [{ typeId: 16663, quantity: 200 }],
          skills: [],
        },
        invention: {
          time: 100,
          materials: [],
          products: [{ typeId: 1, quantity: 10, probability: 0.34 }],
          skills: [{ typeId: 3402, level: 1 }],
        },
        researchTime: { time: 1, materials: [], products: [], skills: [] },
      },
    });
  });
});
