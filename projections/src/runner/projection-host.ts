import type { ReadModelFailure } from '@tradewise/platform';
import { PartitionFailures, readModelFailure } from './partition-failures';
import type { AnyProjection, ProjectedDocument } from './projection';
import { ProjectionRegistry, type ProjectionGeneration, type RepairRequest } from './projection-registry';
import {
  ProjectionTrack,
  ReadModelCatchingUpError,
  type PartitionRepair,
  type PassOver,
  type TrackDependencies,
} from './projection-track';

export type ProjectionState = 'starting' | 'catching-up' | 'live' | 'failed' | 'stopped';

export interface ProjectionStatus {
  readonly name: string;
  readonly version: number;
  readonly state: ProjectionState;
  readonly servingCollection: string | null;
  readonly position: number;
  readonly headPosition: number;
  /** Positions between the serving checkpoint and the head of the log. */
  readonly lag: number;
  readonly rebuild: { collection: string; position: number; eventsPerSecond: number } | null;
  readonly error: string | null;
  /** Partitions (accounts, documents) of the serving generation stopped at an event; the rest is current. */
  readonly failedPartitions: readonly ReadModelFailure[];
}

export type HostDependencies = TrackDependencies;

const REGISTRY_WATCH_MS = 2000;

/**
 * Runs one projection: the serving generation live, and at most one new generation being built beside it
 * (blue-green). Reads switch to the build when it has caught up; the old collection is dropped at the next start.
 */
export class ProjectionHost {
  private readonly registry: ProjectionRegistry;
  private serving: { generation: ProjectionGeneration; track: ProjectionTrack } | undefined;
  private building:
    | { generation: ProjectionGeneration; track: ProjectionTrack; startedAt: number; startPosition: number }
    | undefined;
  private state: ProjectionState = 'starting';
  private error: string | null = null;
  private headPosition = 0;
  private watchTimer: NodeJS.Timeout | undefined;
  private readonly buildWaiters = new Set<{ resolve: () => void; reject: (error: Error) => void }>();

  constructor(
    readonly projection: AnyProjection,
    private readonly dependencies: HostDependencies,
  ) {
    this.registry = new ProjectionRegistry(dependencies.readStore);
  }

  async start(): Promise<void> {
    const entry = await this.registry.get(this.projection.name);
    const failures = new PartitionFailures(this.dependencies.readStore);
    for (const collection of entry.retired) {
      await this.dependencies.readStore.dropCollection(collection);
      await failures.clearCollection(collection);
    }
    if (entry.retired.length > 0) await this.registry.clearRetired(this.projection.name, entry.retired);

    if (entry.serving && entry.serving.version === this.projection.version) {
      await this.startServing(entry.serving, 'live');
      if (entry.building?.version === this.projection.version) await this.startBuild(entry.building);
    } else {
      // No serving generation of this version: build one. An older version keeps answering reads meanwhile.
      const generation = await this.registry.startBuilding(
        this.projection.name,
        this.projection.version,
        this.now(),
      );
      await this.startBuild(generation);
    }
    this.watchTimer = setInterval(() => void this.followRegistry(), REGISTRY_WATCH_MS);
    this.watchTimer.unref();
  }

  /** Builds a fresh generation from the start of the log while the current one keeps serving. */
  async rebuild(): Promise<ProjectionGeneration> {
    if (this.building) return this.building.generation;
    const generation = await this.registry.startBuilding(
      this.projection.name,
      this.projection.version,
      this.now(),
    );
    await this.startBuild(generation);
    return generation;
  }

  /** Resolves when the build under way has been switched to (immediately when none is under way). */
  waitForBuild(): Promise<void> {
    if (!this.building) return this.error ? Promise.reject(new Error(this.error)) : Promise.resolve();
    return new Promise((resolve, reject) => this.buildWaiters.add({ resolve, reject }));
  }

  /** The collection reads should use; null until the first generation has caught up. */
  get servingCollection(): string | null {
    return this.serving?.generation.collection ?? null;
  }

  get ready(): boolean {
    return this.serving !== undefined && this.serving.track.caughtUp && this.state !== 'failed';
  }

  /** Rebuilds one partition (an account, a document) of the serving read model alone. */
  async repair(partition: string, passOver?: PassOver): Promise<PartitionRepair> {
    if (!this.serving) throw new ReadModelCatchingUpError(this.projection.name);
    return this.serving.track.repair(partition, passOver);
  }

  waitForPosition(position: number): Promise<void> {
    if (!this.serving) return this.waitForBuild().then(() => this.waitForPosition(position));
    return this.serving.track.waitForPosition(position);
  }

  async status(): Promise<ProjectionStatus> {
    this.headPosition = await this.dependencies.eventStore.headPosition();
    const position = this.serving?.track.position ?? 0;
    let rebuild: ProjectionStatus['rebuild'] = null;
    if (this.building) {
      const elapsed = Math.max(1, Date.now() - this.building.startedAt) / 1000;
      const done = this.building.track.position - this.building.startPosition;
      rebuild = {
        collection: this.building.generation.collection,
        position: this.building.track.position,
        eventsPerSecond: Math.round(done / elapsed),
      };
    }
    return {
      name: this.projection.name,
      version: this.projection.version,
      state: this.state,
      servingCollection: this.servingCollection,
      position,
      headPosition: this.headPosition,
      lag: Math.max(0, this.headPosition - position),
      rebuild,
      error: this.error,
      failedPartitions: (this.serving?.track.failedPartitions ?? []).map(readModelFailure),
    };
  }

  async stop(): Promise<void> {
    if (this.watchTimer) clearInterval(this.watchTimer);
    await Promise.all([this.serving?.track.stop(), this.building?.track.stop()]);
    if (this.state !== 'failed') this.state = 'stopped';
  }

  private collection(name: string) {
    return this.dependencies.readStore.collection<ProjectedDocument>(name);
  }

  private async startServing(generation: ProjectionGeneration, mode: 'live' | 'rebuild'): Promise<void> {
    const track = new ProjectionTrack(
      this.projection,
      this.collection(generation.collection),
      this.dependencies,
      mode,
      ({ caughtUp }) => {
        if (this.state !== 'failed') this.state = caughtUp ? 'live' : 'catching-up';
      },
    );
    this.serving = { generation, track };
    this.state = 'catching-up';
    const { finished } = await track.start();
    finished.catch((error: Error) => this.fail(error, track));
  }

  private async startBuild(generation: ProjectionGeneration): Promise<void> {
    const track = new ProjectionTrack(
      this.projection,
      this.collection(generation.collection),
      this.dependencies,
      'rebuild',
      async ({ caughtUp }) => {
        if (caughtUp && this.building?.track === track) await this.switchToBuild();
      },
    );
    this.building = { generation, track, startedAt: Date.now(), startPosition: 0 };
    if (!this.serving) this.state = 'catching-up';
    const { finished } = await track.start();
    this.building.startPosition = track.position;
    finished.catch((error: Error) => this.fail(error, track));
  }

  private async switchToBuild(): Promise<void> {
    const build = this.building!;
    await this.registry.switchToBuilt(this.projection.name, build.generation);
    const old = this.serving;
    this.serving = { generation: build.generation, track: build.track };
    this.building = undefined;
    this.state = 'live';
    this.error = null;
    await old?.track.stop();
    this.dependencies.logger.info(
      {
        projection: this.projection.name,
        collection: build.generation.collection,
        position: build.track.position,
      },
      'Switched reads to the rebuilt read model',
    );
    for (const waiter of this.buildWaiters) waiter.resolve();
    this.buildWaiters.clear();
  }

  /** A failed build is abandoned while the old generation keeps serving; a failed serving track fails the host. */
  private async fail(error: Error, track: ProjectionTrack): Promise<void> {
    const duringBuild = this.building?.track === track;
    if (!duringBuild && this.serving?.track !== track) return;
    this.error = error.message;
    this.dependencies.logger.error({ projection: this.projection.name, err: error }, 'Projection stopped');
    if (duringBuild) {
      this.building = undefined;
      if (!this.serving) this.state = 'failed';
    } else {
      this.state = 'failed';
    }
    await this.registry.recordError(this.projection.name, error.message, duringBuild).catch(() => undefined);
    for (const waiter of this.buildWaiters) waiter.reject(error);
    this.buildWaiters.clear();
  }

  /** Another process (the rebuild CLI) may have switched the serving generation: follow it. */
  private async followRegistry(): Promise<void> {
    try {
      const entry = await this.registry.get(this.projection.name);
      await this.takeRepairRequests(entry.repairRequests ?? []);
      const current = this.serving?.generation.collection;
      if (
        !entry.serving ||
        entry.serving.collection === current ||
        entry.serving.version !== this.projection.version
      )
        return;
      if (this.building?.generation.collection === entry.serving.collection) return;
      const old = this.serving;
      await this.startServing(entry.serving, 'live');
      await old?.track.stop();
    } catch (error) {
      this.dependencies.logger.warn(
        { projection: this.projection.name, err: error },
        'Could not read the projection registry',
      );
    }
  }

  private async takeRepairRequests(requests: readonly RepairRequest[]): Promise<void> {
    if (!this.serving?.track.caughtUp) return;
    for (const { partition, passOver } of requests) {
      await this.repair(partition, passOver);
      await this.registry.repairTaken(this.projection.name, partition);
    }
  }

  private now(): string {
    return this.dependencies.clock.now().toISOString();
  }
}
