import type { ReadStore } from '@tradewise/platform';

export const PROJECTION_REGISTRY_COLLECTION = 'projections';

export interface ProjectionGeneration {
  readonly collection: string;
  readonly version: number;
  readonly generation: number;
  /**
   * Revision of the projection's rules stream the generation folds with; null (or absent, for generations built
   * before rules were data) when no rule was recorded: the spec's values.
   */
  readonly rulesRevision?: number | null;
}

/** A build that is compared with the serving generation when it catches up, and switched to only by staff. */
export interface DiffRequest {
  readonly requestedBy: string;
  /** Set when the report is stored: the build then waits for `switch` or `discard`. */
  readonly reportId: string | null;
}

export type BuildingGeneration = ProjectionGeneration & {
  readonly startedAt: string;
  readonly diff?: DiffRequest | null;
};

export interface ProjectionRegistryEntry {
  _id: string;
  serving: ProjectionGeneration | null;
  building: BuildingGeneration | null;
  /** Collections no longer served, dropped at the next start. */
  retired: string[];
  lastError: string | null;
  nextGeneration: number;
  /** Partitions an operator asked to rebuild alone; the process serving the read model takes them. */
  repairRequests?: RepairRequest[];
}

/** An operator's request to rebuild one partition alone, optionally passing over the event it stopped at. */
export interface RepairRequest {
  readonly partition: string;
  readonly passOver?: { readonly position: number; readonly reason: string; readonly by: string };
}

export function generationCollection(name: string, version: number, generation: number): string {
  return `rm_${name.replace(/-/g, '_')}_v${version}_g${generation}`;
}

/** Which collection serves each read model, and which one is being built; stored beside the read models. */
export class ProjectionRegistry {
  constructor(private readonly readStore: ReadStore) {}

  private get entries() {
    return this.readStore.collection<ProjectionRegistryEntry>(PROJECTION_REGISTRY_COLLECTION);
  }

  async get(name: string): Promise<ProjectionRegistryEntry> {
    const entry = await this.entries.findOne({ _id: name });
    return (
      entry ?? { _id: name, serving: null, building: null, retired: [], lastError: null, nextGeneration: 1 }
    );
  }

  async all(): Promise<ProjectionRegistryEntry[]> {
    return this.entries.find({}).toArray();
  }

  /** Starts a new generation build; returns it, or the build already under way. */
  async startBuilding(
    name: string,
    version: number,
    startedAt: string,
    options: { rulesRevision?: number | null; diff?: DiffRequest | null } = {},
  ): Promise<BuildingGeneration> {
    const entry = await this.get(name);
    if (entry.building && entry.building.version === version) return entry.building;
    const generation = entry.nextGeneration;
    const building: BuildingGeneration = {
      collection: generationCollection(name, version, generation),
      version,
      generation,
      startedAt,
      rulesRevision: options.rulesRevision ?? null,
      diff: options.diff ?? null,
    };
    const retired = entry.building ? [...entry.retired, entry.building.collection] : entry.retired;
    await this.entries.replaceOne(
      { _id: name },
      { ...entry, building, retired, lastError: null, nextGeneration: generation + 1 },
      { upsert: true },
    );
    return building;
  }

  /** The caught-up build becomes the serving generation; the old one is retired. */
  async switchToBuilt(name: string, built: ProjectionGeneration): Promise<void> {
    const entry = await this.get(name);
    const retired = entry.serving ? [...entry.retired, entry.serving.collection] : entry.retired;
    await this.entries.replaceOne(
      { _id: name },
      {
        ...entry,
        serving: {
          collection: built.collection,
          version: built.version,
          generation: built.generation,
          rulesRevision: built.rulesRevision ?? null,
        },
        building: null,
        retired,
      },
      { upsert: true },
    );
  }

  /** The build's diff report is stored: it waits for staff to switch to it or discard it. */
  async reportReady(name: string, reportId: string): Promise<void> {
    const entry = await this.get(name);
    if (!entry.building?.diff) return;
    await this.entries.replaceOne(
      { _id: name },
      { ...entry, building: { ...entry.building, diff: { ...entry.building.diff, reportId } } },
      { upsert: true },
    );
  }

  /** The build is given up while the serving generation stays; its collection is dropped at the next start. */
  async discardBuild(name: string): Promise<void> {
    const entry = await this.get(name);
    if (!entry.building) return;
    await this.entries.replaceOne(
      { _id: name },
      { ...entry, building: null, retired: [...entry.retired, entry.building.collection] },
      { upsert: true },
    );
  }

  async recordError(name: string, message: string, abandonBuild: boolean): Promise<void> {
    const entry = await this.get(name);
    const retired =
      abandonBuild && entry.building ? [...entry.retired, entry.building.collection] : entry.retired;
    await this.entries.replaceOne(
      { _id: name },
      { ...entry, lastError: message, building: abandonBuild ? null : entry.building, retired },
      { upsert: true },
    );
  }

  async requestRepair(name: string, request: RepairRequest): Promise<void> {
    const entry = await this.get(name);
    const others = (entry.repairRequests ?? []).filter((r) => r.partition !== request.partition);
    await this.entries.replaceOne(
      { _id: name },
      { ...entry, repairRequests: [...others, request] },
      { upsert: true },
    );
  }

  async repairTaken(name: string, partition: string): Promise<void> {
    const entry = await this.get(name);
    await this.entries.replaceOne(
      { _id: name },
      { ...entry, repairRequests: (entry.repairRequests ?? []).filter((r) => r.partition !== partition) },
      { upsert: true },
    );
  }

  async clearRetired(name: string, dropped: readonly string[]): Promise<void> {
    const entry = await this.get(name);
    await this.entries.replaceOne(
      { _id: name },
      { ...entry, retired: entry.retired.filter((c) => !dropped.includes(c)) },
      { upsert: true },
    );
  }
}
