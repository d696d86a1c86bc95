import type { BlueprintActivity } from '../dataset/dataset-format';

export interface RigTarget {
  readonly categoryIds: readonly number[];
  readonly groupIds: readonly number[];
}

/**
 * What each class of structure rig applies to, by category and group of the item made. The classic SDE has no
 * industry target filters (they arrived with the 2025 JSON Lines export), so this table follows the rigs' own
 * descriptions, e.g. "ship modules, ship rigs, personal deployables, implants and cargo containers". An empty
 * target (`all`) means every blueprint: research, copying and invention rigs.
 */
export const RIG_TARGETS: Readonly<Record<string, RigTarget>> = {
  equipment: { categoryIds: [7, 20, 22], groupIds: [12, 340, 448, 649] },
  ammunition: { categoryIds: [8], groupIds: [] },
  droneAndFighter: { categoryIds: [18, 87], groupIds: [] },
  basicSmallShip: { categoryIds: [], groupIds: [25, 31, 237, 420] },
  basicMediumShip: { categoryIds: [], groupIds: [26, 28, 419, 463, 1201] },
  basicLargeShip: { categoryIds: [], groupIds: [27, 513, 941] },
  advancedSmallShip: { categoryIds: [], groupIds: [324, 541, 830, 831, 834, 893, 1283, 1305, 1527, 1534] },
  advancedMediumShip: { categoryIds: [32], groupIds: [358, 380, 540, 543, 832, 833, 894, 906, 963, 1202] },
  advancedLargeShip: { categoryIds: [], groupIds: [898, 900, 902] },
  capitalShip: { categoryIds: [], groupIds: [30, 485, 547, 659, 883, 1538, 4594] },
  allShips: { categoryIds: [6], groupIds: [] },
  advancedComponent: { categoryIds: [], groupIds: [332, 334, 716, 964] },
  advancedCapitalComponent: { categoryIds: [], groupIds: [913] },
  basicCapitalComponent: { categoryIds: [], groupIds: [873] },
  structure: { categoryIds: [23, 65, 66], groupIds: [536, 1136] },
  compositeReaction: { categoryIds: [], groupIds: [428, 429] },
  hybridReaction: { categoryIds: [], groupIds: [974] },
  biochemicalReaction: { categoryIds: [], groupIds: [712] },
  all: { categoryIds: [], groupIds: [] },
};

const MANUFACTURING_TARGETS: Readonly<Record<string, string>> = {
  Equipment: 'equipment',
  Ammo: 'ammunition',
  Drone: 'droneAndFighter',
  Smallship: 'basicSmallShip',
  Mediumship: 'basicMediumShip',
  Mediumships: 'basicMediumShip',
  Largeship: 'basicLargeShip',
  AdvSmship: 'advancedSmallShip',
  AdvMedShip: 'advancedMediumShip',
  AdvLarShip: 'advancedLargeShip',
  CapShip: 'capitalShip',
  AllShip: 'allShips',
  AdvComponent: 'advancedComponent',
  AdvCapComponent: 'advancedCapitalComponent',
  AdvCapComp: 'advancedCapitalComponent',
  BasCapComp: 'basicCapitalComponent',
  Structure: 'structure',
};

const RESEARCH_ACTIVITIES: Readonly<Record<string, BlueprintActivity>> = {
  Invention: 'invention',
  MEResearch: 'researchMaterial',
  TEResearch: 'researchTime',
  Copy: 'copying',
};

const REACTION_TARGETS: Readonly<Record<string, string>> = {
  Comp: 'compositeReaction',
  Hyb: 'hybridReaction',
  Bio: 'biochemicalReaction',
};

export interface RigEffectMeaning {
  readonly activity: BlueprintActivity;
  readonly bonus: 'material' | 'time' | 'cost';
  readonly target: string;
}

/** Reads what an industry rig effect does from its dogma name, e.g. `rigAmmoManufactureMaterialBonus`. */
export function rigEffectMeaning(effectName: string): RigEffectMeaning | null {
  const manufacturing = /^rig(?:Thukker)?([A-Za-z]+?)Manufacture(Material|Time)Bonus$/.exec(effectName);
  if (manufacturing) {
    const target = MANUFACTURING_TARGETS[manufacturing[1]!];
    const bonus = manufacturing[2] === 'Material' ? 'material' : 'time';
    return target ? { activity: 'manufacturing', bonus, target } : null;
  }
  const research = /^rig(Invention|MEResearch|TEResearch|Copy)(Cost|Time)Bonus$/.exec(effectName);
  if (research) {
    return {
      activity: RESEARCH_ACTIVITIES[research[1]!]!,
      bonus: research[2] === 'Cost' ? 'cost' : 'time',
      target: 'all',
    };
  }
  const reaction = /^rigReaction(Comp|Hyb|Bio)(Mat|Time)Bonus$/.exec(effectName);
  if (reaction) {
    return {
      activity: 'reaction',
      bonus: reaction[2] === 'Mat' ? 'material' : 'time',
      target: REACTION_TARGETS[reaction[1]!]!,
    };
  }
  return null;
}
