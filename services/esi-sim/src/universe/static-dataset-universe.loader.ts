import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type {
  SimulatorUniverse,
  UniverseBlueprint,
  UniverseConstellation,
  UniverseMaterial,
  UniverseRegion,
  UniverseStation,
  UniverseSystem,
  UniverseType,
} from './simulator-universe';

/**
 * The static dataset's format version this reader understands (docs/static-data.md, `manifest.json`
 * `formatVersion`). The dataset is the market context's; this reader follows its documented file shapes only.
 */
export const SUPPORTED_DATASET_FORMAT = 4;

export class UniverseLoadError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UniverseLoadError';
  }
}

interface DatasetManifestFile {
  readonly formatVersion: number;
  /** The sub-directory holding the files the manifest names. */
  readonly directory: string;
  readonly sde?: { readonly version?: string };
}

interface DatasetTypeTable {
  readonly typeIds: readonly number[];
  readonly englishNames: readonly string[];
  readonly groupIds: readonly number[];
  readonly marketGroupIds: readonly (number | null)[];
  readonly volumes: readonly number[];
  readonly packagedVolumes: readonly (number | null)[];
  readonly basePrices: readonly (number | null)[];
  readonly published: readonly boolean[];
}

interface DatasetInventory {
  readonly groups: readonly { readonly groupId: number; readonly categoryId: number }[];
}

interface DatasetUniverse {
  readonly regions: readonly UniverseRegion[];
  readonly constellations: readonly UniverseConstellation[];
  readonly systems: readonly UniverseSystem[];
  readonly stargates: readonly (readonly [number, number])[];
  readonly stations: readonly UniverseStation[];
}

interface DatasetBlueprint {
  readonly blueprintTypeId: number;
  readonly maxProductionLimit: number;
  readonly activities: {
    readonly manufacturing?: {
      readonly time: number;
      readonly materials: readonly UniverseMaterial[];
      readonly products: readonly UniverseMaterial[];
    };
  };
}

/**
 * Reads the market types, manufacturing blueprints and the map out of a static dataset directory
 * (`data/static` by default; see docs/static-data.md). Checksums are the market context's concern; this
 * checks the format version and that the files parse.
 */
export async function loadUniverseFromStaticDataset(dir: string): Promise<SimulatorUniverse> {
  const manifest = await readJson<DatasetManifestFile>(dir, 'manifest.json');
  if (manifest.formatVersion !== SUPPORTED_DATASET_FORMAT) {
    throw new UniverseLoadError(
      `The static dataset in ${dir} has format ${manifest.formatVersion}; the ESI simulator reads format ${SUPPORTED_DATASET_FORMAT}`,
    );
  }
  const filesDir = join(dir, manifest.directory);
  const [typeTable, inventory, universe, blueprints] = await Promise.all([
    readJson<DatasetTypeTable>(filesDir, 'types.json'),
    readJson<DatasetInventory>(filesDir, 'inventory.json'),
    readJson<DatasetUniverse>(filesDir, 'universe.json'),
    readJson<readonly DatasetBlueprint[]>(filesDir, 'blueprints.json'),
  ]);
  const types = marketTypesOf(typeTable, inventory);
  return {
    source: `static-dataset:${manifest.sde?.version ?? 'unknown'}`,
    types,
    blueprints: manufacturingBlueprintsOf(blueprints, new Set(types.map((type) => type.typeId))),
    regions: universe.regions,
    constellations: universe.constellations,
    systems: universe.systems,
    stargates: universe.stargates,
    stations: universe.stations,
  };
}

function marketTypesOf(table: DatasetTypeTable, inventory: DatasetInventory): UniverseType[] {
  const categoryOfGroup = new Map(inventory.groups.map((group) => [group.groupId, group.categoryId]));
  const types: UniverseType[] = [];
  for (let index = 0; index < table.typeIds.length; index++) {
    const marketGroupId = table.marketGroupIds[index];
    if (!table.published[index] || marketGroupId === null || marketGroupId === undefined) continue;
    const groupId = table.groupIds[index]!;
    const basePrice = table.basePrices[index] ?? null;
    types.push({
      typeId: table.typeIds[index]!,
      name: table.englishNames[index]!,
      groupId,
      categoryId: categoryOfGroup.get(groupId) ?? 0,
      marketGroupId,
      volume: table.packagedVolumes[index] ?? table.volumes[index] ?? 0,
      basePrice: basePrice !== null && basePrice > 0 ? basePrice : null,
    });
  }
  return types;
}

function manufacturingBlueprintsOf(
  blueprints: readonly DatasetBlueprint[],
  marketTypeIds: ReadonlySet<number>,
): UniverseBlueprint[] {
  const result: UniverseBlueprint[] = [];
  for (const blueprint of blueprints) {
    const manufacturing = blueprint.activities.manufacturing;
    if (!manufacturing || manufacturing.products.length === 0 || manufacturing.materials.length === 0)
      continue;
    const ids = [
      blueprint.blueprintTypeId,
      ...manufacturing.materials.map((material) => material.typeId),
      ...manufacturing.products.map((product) => product.typeId),
    ];
    if (!ids.every((id) => marketTypeIds.has(id))) continue;
    result.push({
      blueprintTypeId: blueprint.blueprintTypeId,
      maxProductionLimit: blueprint.maxProductionLimit,
      manufacturing: {
        time: manufacturing.time,
        materials: manufacturing.materials.map(({ typeId, quantity }) => ({ typeId, quantity })),
        products: manufacturing.products.map(({ typeId, quantity }) => ({ typeId, quantity })),
      },
    });
  }
  return result;
}

async function readJson<T>(dir: string, file: string): Promise<T> {
  let text: string;
  try {
    text = await readFile(join(dir, file), 'utf8');
  } catch (error) {
    throw new UniverseLoadError(
      `The static dataset in ${dir} lacks ${file}; build it with npm run sde:import or npm start`,
      { cause: error },
    );
  }
  try {
    return JSON.parse(text) as T;
  } catch (error) {
    throw new UniverseLoadError(`The static dataset file ${join(dir, file)} is not valid JSON`, {
      cause: error,
    });
  }
}
