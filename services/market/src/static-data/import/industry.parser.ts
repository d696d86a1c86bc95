import type {
  DecryptorRecord,
  GroupRecord,
  SkillTimeBonusRecord,
  IndustryTables,
  RigEffectRecord,
  StructureBonusRecord,
  StructureRigRecord,
  TypeTable,
} from '../dataset/dataset-format';
import { listOf, numberOr, recordOf } from './raw-values';
import { RIG_TARGETS, rigEffectMeaning } from './rig-targets';

const SKILL_CATEGORY_ID = 16;
const DECRYPTOR_CATEGORY_ID = 35;
const STRUCTURE_CATEGORY_ID = 65;
const STRUCTURE_MODULE_CATEGORY_ID = 66;
const DOGMA_CATEGORIES = new Set([
  SKILL_CATEGORY_ID,
  DECRYPTOR_CATEGORY_ID,
  STRUCTURE_CATEGORY_ID,
  STRUCTURE_MODULE_CATEGORY_ID,
]);

/** Dogma definitions the rig and structure readers need: attribute and effect names, effect modifiers. */
export interface DogmaDefinitions {
  readonly attributeNames: ReadonlyMap<number, string>;
  readonly attributeDefaults: ReadonlyMap<number, number>;
  readonly effects: ReadonlyMap<
    number,
    { readonly name: string; readonly modifyingAttributeIds: readonly number[] }
  >;
}

export function parseDogmaDefinitions(rawAttributes: unknown, rawEffects: unknown): DogmaDefinitions {
  const attributeNames = new Map<number, string>();
  const attributeDefaults = new Map<number, number>();
  for (const [key, value] of Object.entries(recordOf(rawAttributes))) {
    const attribute = recordOf(value);
    if (typeof attribute['name'] === 'string') attributeNames.set(Number(key), attribute['name']);
    const fallback = numberOr(attribute['defaultValue'], null);
    if (fallback !== null) attributeDefaults.set(Number(key), fallback);
  }
  const effects = new Map<number, { name: string; modifyingAttributeIds: number[] }>();
  for (const [key, value] of Object.entries(recordOf(rawEffects))) {
    const effect = recordOf(value);
    // The classic layout names an effect `effectName`, the JSON Lines layout `name`.
    const name = effect['effectName'] ?? effect['name'];
    if (typeof name !== 'string') continue;
    const modifyingAttributeIds = listOf(effect['modifierInfo']).flatMap((modifier) => {
      const id = recordOf(modifier)['modifyingAttributeID'];
      return typeof id === 'number' ? [id] : [];
    });
    effects.set(Number(key), { name, modifyingAttributeIds });
  }
  return { attributeNames, attributeDefaults, effects };
}

/** One type's typeDogma.yaml entry with attribute values by name and effect ids. */
export interface TypeDogma {
  readonly attributes: ReadonlyMap<string, number>;
  readonly attributeValuesById: ReadonlyMap<number, number>;
  readonly effectIds: readonly number[];
}

export function parseTypeDogma(raw: unknown, definitions: DogmaDefinitions): TypeDogma {
  const entry = recordOf(raw);
  const attributes = new Map<string, number>();
  const attributeValuesById = new Map<number, number>();
  for (const attribute of listOf(entry['dogmaAttributes'])) {
    const { attributeID, value } = recordOf(attribute);
    if (typeof attributeID !== 'number' || typeof value !== 'number') continue;
    attributeValuesById.set(attributeID, value);
    const name = definitions.attributeNames.get(attributeID);
    if (name) attributes.set(name, value);
  }
  const effectIds = listOf(entry['dogmaEffects']).flatMap((effect) => {
    const id = recordOf(effect)['effectID'];
    return typeof id === 'number' ? [id] : [];
  });
  return { attributes, attributeValuesById, effectIds };
}

export interface CandidateType {
  readonly typeId: number;
  readonly name: string;
  readonly groupId: number;
  readonly categoryId: number;
  readonly published: boolean;
}

/** Rigs, structure bonuses, decryptors and skill time bonuses from the dogma of the {@link industryCandidates}. */
export function parseIndustryTables(
  candidates: readonly CandidateType[],
  dogmaByType: ReadonlyMap<number, TypeDogma>,
  definitions: DogmaDefinitions,
): IndustryTables {
  return {
    rigs: parseStructureRigs(candidates, dogmaByType, definitions),
    structures: parseStructureBonuses(candidates, dogmaByType),
    decryptors: parseDecryptors(candidates, dogmaByType),
    skillTimeBonuses: parseSkillTimeBonuses(candidates, dogmaByType),
  };
}

/** Decryptors: their invention chance multiplier and the ME, TE and run modifiers of the copy they invent. */
export function parseDecryptors(
  candidates: readonly CandidateType[],
  dogmaByType: ReadonlyMap<number, TypeDogma>,
): DecryptorRecord[] {
  const decryptors: DecryptorRecord[] = [];
  for (const candidate of candidates) {
    if (candidate.categoryId !== DECRYPTOR_CATEGORY_ID || !candidate.published) continue;
    const attributes = dogmaByType.get(candidate.typeId)?.attributes;
    const probability = attributes?.get('inventionPropabilityMultiplier');
    if (!attributes || probability === undefined) continue;
    decryptors.push({
      typeId: candidate.typeId,
      name: candidate.name,
      probabilityMultiplier: probability,
      materialEfficiencyModifier: attributes.get('inventionMEModifier') ?? 0,
      timeEfficiencyModifier: attributes.get('inventionTEModifier') ?? 0,
      runModifier: attributes.get('inventionMaxRunModifier') ?? 0,
    });
  }
  return decryptors.sort((a, b) => a.typeId - b.typeId);
}

/** Skills that shorten manufacturing of the blueprints that require them (science and advanced construction). */
export function parseSkillTimeBonuses(
  candidates: readonly CandidateType[],
  dogmaByType: ReadonlyMap<number, TypeDogma>,
): SkillTimeBonusRecord[] {
  const skills: SkillTimeBonusRecord[] = [];
  for (const candidate of candidates) {
    if (candidate.categoryId !== SKILL_CATEGORY_ID) continue;
    const perLevel = dogmaByType.get(candidate.typeId)?.attributes.get('manufactureTimePerLevel');
    if (perLevel === undefined || perLevel === 0) continue;
    skills.push({ typeId: candidate.typeId, name: candidate.name, manufacturingTimePerLevel: perLevel });
  }
  return skills.sort((a, b) => a.typeId - b.typeId);
}

/**
 * Industry rigs are structure modules with an effect that bonuses an industry activity (rigEquipment...,
 * rigInvention..., rigReaction...). The bonus of each effect is the dogma attribute its modifier reads, so rigs
 * like the Thukker ones, with a larger bonus for one class of item, keep it.
 */
export function parseStructureRigs(
  candidates: readonly CandidateType[],
  dogmaByType: ReadonlyMap<number, TypeDogma>,
  definitions: DogmaDefinitions,
): StructureRigRecord[] {
  const attribute = (dogma: TypeDogma, name: string): number | null => dogma.attributes.get(name) ?? null;
  const withDefault = (dogma: TypeDogma, name: string): number => {
    const own = attribute(dogma, name);
    if (own !== null) return own;
    for (const [id, attributeName] of definitions.attributeNames) {
      if (attributeName === name) return definitions.attributeDefaults.get(id) ?? 0;
    }
    return 0;
  };

  const rigs: StructureRigRecord[] = [];
  for (const candidate of candidates) {
    if (candidate.categoryId !== STRUCTURE_MODULE_CATEGORY_ID) continue;
    const dogma = dogmaByType.get(candidate.typeId);
    if (!dogma) continue;
    const effects: RigEffectRecord[] = [];
    for (const effectId of dogma.effectIds) {
      const effect = definitions.effects.get(effectId);
      const meaning = effect ? rigEffectMeaning(effect.name) : null;
      if (!effect || !meaning) continue;
      const attributeId = effect.modifyingAttributeIds[0];
      const value = attributeId === undefined ? undefined : dogma.attributeValuesById.get(attributeId);
      effects.push({ ...meaning, value: value ?? 0 });
    }
    if (effects.length === 0) continue;
    const targets = new Set(effects.map((effect) => effect.target));
    const categoryIds = new Set<number>();
    const groupIds = new Set<number>();
    for (const target of targets) {
      for (const id of RIG_TARGETS[target]?.categoryIds ?? []) categoryIds.add(id);
      for (const id of RIG_TARGETS[target]?.groupIds ?? []) groupIds.add(id);
    }
    rigs.push({
      typeId: candidate.typeId,
      name: candidate.name,
      groupId: candidate.groupId,
      published: candidate.published,
      rigSize: attribute(dogma, 'rigSize'),
      materialBonus: attribute(dogma, 'attributeEngRigMatBonus') ?? attribute(dogma, 'RefRigMatBonus') ?? 0,
      timeBonus: attribute(dogma, 'attributeEngRigTimeBonus') ?? attribute(dogma, 'RefRigTimeBonus') ?? 0,
      costBonus: attribute(dogma, 'attributeEngRigCostBonus') ?? 0,
      securityMultipliers: {
        high: withDefault(dogma, 'hiSecModifier'),
        low: withDefault(dogma, 'lowSecModifier'),
        null: withDefault(dogma, 'nullSecModifier'),
      },
      allowedInHighSec: attribute(dogma, 'disallowInHighSec') !== 1,
      effects,
      affectedCategoryIds: [...categoryIds].sort((a, b) => a - b),
      affectedGroupIds: [...groupIds].sort((a, b) => a - b),
    });
  }
  return rigs.sort((a, b) => a.typeId - b.typeId);
}

/** Upwell industry structures (Raitaru, Azbel, Sotiyo, Athanor, Tatara, ...) with their role bonuses. */
export function parseStructureBonuses(
  candidates: readonly CandidateType[],
  dogmaByType: ReadonlyMap<number, TypeDogma>,
): StructureBonusRecord[] {
  const structures: StructureBonusRecord[] = [];
  for (const candidate of candidates) {
    if (candidate.categoryId !== STRUCTURE_CATEGORY_ID) continue;
    const attributes = dogmaByType.get(candidate.typeId)?.attributes;
    if (!attributes) continue;
    const material = attributes.get('strEngMatBonus');
    const time = attributes.get('strEngTimeBonus');
    const cost = attributes.get('strEngCostBonus');
    const reactionTime = attributes.get('strReactionTimeMultiplier');
    if (material === undefined && time === undefined && cost === undefined && reactionTime === undefined)
      continue;
    structures.push({
      typeId: candidate.typeId,
      name: candidate.name,
      groupId: candidate.groupId,
      rigSize: attributes.get('rigSize') ?? null,
      materialMultiplier: material ?? 1,
      timeMultiplier: time ?? 1,
      costMultiplier: cost ?? 1,
      reactionTimeMultiplier: reactionTime ?? 1,
    });
  }
  return structures.sort((a, b) => a.typeId - b.typeId);
}

/** Types whose dogma is worth reading: skills, decryptors, structures and structure modules. */
export function industryCandidates(types: TypeTable, groups: readonly GroupRecord[]): CandidateType[] {
  const groupById = new Map(groups.map((group) => [group.groupId, group]));
  const candidates: CandidateType[] = [];
  types.typeIds.forEach((typeId, index) => {
    const groupId = types.groupIds[index]!;
    const categoryId = groupById.get(groupId)?.categoryId;
    if (categoryId === undefined || !DOGMA_CATEGORIES.has(categoryId)) return;
    candidates.push({
      typeId,
      name: types.englishNames[index] ?? '',
      groupId,
      categoryId,
      published: types.published[index]!,
    });
  });
  return candidates;
}
