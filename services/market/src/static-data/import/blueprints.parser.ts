import type {
  BlueprintActivity,
  BlueprintActivityRecord,
  BlueprintRecord,
  MaterialRecord,
  ProductRecord,
  SkillRequirementRecord,
} from '../dataset/dataset-format';
import { listOf, numberOr, recordOf, type RawRecord } from './raw-values';

/** SDE activity keys -> ours. */
const ACTIVITY_KEYS: ReadonlyMap<string, BlueprintActivity> = new Map([
  ['manufacturing', 'manufacturing'],
  ['reaction', 'reaction'],
  ['copying', 'copying'],
  ['invention', 'invention'],
  ['research_material', 'researchMaterial'],
  ['research_time', 'researchTime'],
]);

/** blueprints.yaml (a batch of it or the whole file). */
export function parseBlueprints(raw: unknown): BlueprintRecord[] {
  return Object.entries(recordOf(raw))
    .map(([key, value]) => parseBlueprint(Number(key), recordOf(value)))
    .sort((a, b) => a.blueprintTypeId - b.blueprintTypeId);
}

function parseBlueprint(key: number, raw: RawRecord): BlueprintRecord {
  const activities: Partial<Record<BlueprintActivity, BlueprintActivityRecord>> = {};
  for (const [sdeKey, activity] of Object.entries(recordOf(raw['activities']))) {
    const name = ACTIVITY_KEYS.get(sdeKey);
    if (name) activities[name] = parseActivity(recordOf(activity));
  }
  return {
    blueprintTypeId: numberOr(raw['blueprintTypeID'], key),
    maxProductionLimit: numberOr(raw['maxProductionLimit'], 0),
    activities,
  };
}

function parseActivity(raw: RawRecord): BlueprintActivityRecord {
  return {
    time: numberOr(raw['time'], 0),
    materials: listOf(raw['materials']).flatMap((material): MaterialRecord[] => {
      const { typeID, quantity } = recordOf(material);
      return typeof typeID === 'number' && typeof quantity === 'number' ? [{ typeId: typeID, quantity }] : [];
    }),
    products: listOf(raw['products']).flatMap((product): ProductRecord[] => {
      const { typeID, quantity, probability } = recordOf(product);
      if (typeof typeID !== 'number' || typeof quantity !== 'number') return [];
      return typeof probability === 'number'
        ? [{ typeId: typeID, quantity, probability }]
        : [{ typeId: typeID, quantity }];
    }),
    skills: listOf(raw['skills']).flatMap((skill): SkillRequirementRecord[] => {
      const { typeID, level } = recordOf(skill);
      return typeof typeID === 'number' && typeof level === 'number' ? [{ typeId: typeID, level }] : [];
    }),
  };
}
