import {
  parseDecryptors,
  parseSkillTimeBonuses,
  type CandidateType,
  type TypeDogma,
} from './industry.parser';

const dogma = (attributes: Record<string, number>): TypeDogma => ({
  attributes: new Map(Object.entries(attributes)),
  attributeValuesById: new Map(),
  effectIds: [],
});
const candidate = (typeId: number, name: string, categoryId: number, published = true): CandidateType => ({
  typeId,
  name,
  groupId: 0,
  categoryId,
  published,
});

describe('decryptors', () => {
  it('reads the invention modifiers of published decryptors (dogma 1112, 1113, 1114, 1124)', () => {
    const candidates = [
      candidate(34208, 'Augmentation Decryptor', 35),
      candidate(34207, 'Optimized Attainment Decryptor', 35),
      candidate(99999, 'Retired Decryptor', 35, false),
      candidate(35825, 'Raitaru', 65),
    ];
    const byType = new Map([
      [
        34207,
        dogma({
          inventionPropabilityMultiplier: 1.9,
          inventionMEModifier: 1,
          inventionTEModifier: -2,
          inventionMaxRunModifier: 2,
        }),
      ],
      [
        34208,
        dogma({ inventionPropabilityMultiplier: 0.6, inventionMEModifier: -2, inventionMaxRunModifier: 9 }),
      ],
      [99999, dogma({ inventionPropabilityMultiplier: 1 })],
      [35825, dogma({ inventionPropabilityMultiplier: 1 })],
    ]);
    expect(parseDecryptors(candidates, byType)).toEqual([
      {
        typeId: 34207,
        name: 'Optimized Attainment Decryptor',
        probabilityMultiplier: 1.9,
        materialEfficiencyModifier: 1,
        timeEfficiencyModifier: -2,
        runModifier: 2,
      },
      {
        typeId: 34208,
        name: 'Augmentation Decryptor',
        probabilityMultiplier: 0.6,
        materialEfficiencyModifier: -2,
        timeEfficiencyModifier: 0,
        runModifier: 9,
      },
    ]);
  });
});

describe('skill time bonuses', () => {
  it('keeps the skills whose manufactureTimePerLevel shortens the jobs that require them', () => {
    const candidates = [
      candidate(81896, 'Mutagenic Stabilization', 16),
      candidate(11452, 'Mechanical Engineering', 16),
      candidate(3380, 'Industry', 16),
    ];
    const byType = new Map([
      [11452, dogma({ manufactureTimePerLevel: -1 })],
      [81896, dogma({ manufactureTimePerLevel: -2 })],
      [3380, dogma({ manufacturingTimeBonus: -4 })],
    ]);
    expect(parseSkillTimeBonuses(candidates, byType)).toEqual([
      { typeId: 11452, name: 'Mechanical Engineering', manufacturingTimePerLevel: -1 },
      { typeId: 81896, name: 'Mutagenic Stabilization', manufacturingTimePerLevel: -2 },
    ]);
  });
});
