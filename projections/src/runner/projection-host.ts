import type { ReadModelFailure } from '@tradewise/platform';
import { PartitionFailures, readModelFailure } from './partition-failures';
import type { AnyProjection, ProjectedDocument } from './projection';
import {
  ProjectionRegistry,
  type BuildingGeneration,
  type ProjectionGeneration,
  type RepairRequest,
} from './projection-registry';
import { currentRulesRevision, projectionWithRules } from './projection-rules';
import { RebuildReports, compareGenerations, reportTotals, type RebuildReport } from './rebuild-report';
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
  readonly rebuild: {
    collection: string;
    position: number;
    eventsPerSecond: number;
    /** Compared with the serving generation when caught up, and switched to only by staff. */
    diff: boolean;
    /** The diff report, once stored: the build waits for `switch` or `discard`. */
    reportId: string | null;
  } | null;
  /**
   * The rules stream's revision the serving generation folds with, and now; `changed`: a rule was recorded since it
   * was built, and a rebuild applies it. Null for a projection without rules.
   */
  readonly rules: { revision: number | null; currentRevision: number | null; changed: boolean } | null;
  readonly error: string | null;
  /** Partitions (accounts, documents) of the serving generation stopped at an event; the rest is current. */
  readonly failedPartitions: readonly ReadModelFailure[];
}

export type HostDependencies = TrackDependencies;

export interface RebuildOptions {
  /** Compare the build with the serving generation when it catches up, and wait for staff to switch or discard. */
  readonly diff?: boolean;
  /** Stored in the report: `staff:<name>`, or `operator` for the admin token. */
  readonly requestedBy?: string;
}

/** A switch or discard asked for when no rebuild waits for one. */
export class NoRebuildAwaitingDecisionError extends Error {
  constructor(projection: string, what: string) {
    super(`${projection}: ${what}`);
    this.name = 'NoRebuildAwaitingDecisionError';
  }
}

interface Build {
  generation: BuildingGeneration;
  readonly track: ProjectionTrack;
  readonly projection: AnyProjection;
  readonly startedAt: number;
  startPosition: number;
  reporting: boolean;
}

const REGISTRY_WATCH_MS = 2000;

/**
 * Runs one projection: the serving generation live, and at most one new generation being built beside it
 * (blue-green). Reads switch to the build when it has caught up; the old collection is dropped at the next start.
 */
export class ProjectionHost {
  private readonly registry: ProjectionRegistry;
  private serving: { generation: ProjectionGeneration; track: ProjectionTrack } | undefined;
  private building: Build | undefined;
  private state: ProjectionState = 'starting';
  private error: string | null = null;
  private headPosition = 0;
  private watchTimer: NodeJS.Timeout | undefined;
  private readonly buildWaiters = new Set<{ resolve: () => void; reject: (error: Error) => void }>();
  private readonly reportWaiters = new Set<{
    resolve: (report: RebuildReport) => void;
    reject: (error: Error) => void;
  }>();
  private readonly reports: RebuildReports;

  constructor(
    readonly projection: AnyProjection,
    private readonly dependencies: HostDependencies,
  ) {
    this.registry = new ProjectionRegistry(dependencies.readStore);
    this.reports = new RebuildReports(dependencies.readStore);
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
      await this.rebuild();
    }
    this.watchTimer = setInterval(() => void this.followRegistry(), REGISTRY_WATCH_MS);
    this.watchTimer.unref();
  }

  /**
   * Builds a fresh generation from the start of the log, with the rules as they stand now, while the current one
   * keeps serving. With `diff`, the build is compared with the serving one when it catches up and waits for staff.
   */
  async rebuild(options: RebuildOptions = {}): Promise<BuildingGeneration> {
    if (this.building) return this.building.generation;
    const generation = await this.registry.startBuilding(
      this.projection.name,
      this.projection.version,
      this.now(),
      {
        rulesRevision: await currentRulesRevision(this.projection, this.dependencies.eventStore),
        diff: options.diff ? { requestedBy: options.requestedBy ?? 'operator', reportId: null } : null,
      },
    );
    await this.startBuild(generation);
    return generation;
  }

  /** Resolves with the diff report of the build under way once it is stored. */
  waitForReport(): Promise<RebuildReport> {
    const reportId = this.building?.generation.diff?.reportId;
    if (reportId) return this.reports.get(reportId);
    if (!this.building?.generation.diff)
      return Promise.reject(
        new NoRebuildAwaitingDecisionError(this.projection.name, 'no rebuild with a diff'),
      );
    return new Promise((resolve, reject) => this.reportWaiters.add({ resolve, reject }));
  }

  /** Staff accept a compared rebuild: reads switch to it, and its report says who decided and when. */
  async switchToReviewed(by: string): Promise<RebuildReport> {
    const build = this.building;
    const reportId = build?.generation.diff?.reportId;
    if (!build || !reportId)
      throw new NoRebuildAwaitingDecisionError(
        this.projection.name,
        build ? 'the rebuild has no diff report yet' : 'no rebuild waits for a decision',
      );
    // The build has followed the log while it waited: reads switch once it has what the serving one has.
    if (this.serving) await build.track.waitForPosition(this.serving.track.position);
    await this.reports.decide(reportId, { state: 'switched', by, at: this.now() });
    await this.switchToBuild();
    return this.reports.get(reportId);
  }

  /** Staff give up the build under way: the serving generation stays, and the build's collection is dropped. */
  async discardBuild(by: string): Promise<RebuildReport | null> {
    const build = this.building;
    if (!build) throw new NoRebuildAwaitingDecisionError(this.projection.name, 'no rebuild is under way');
    this.building = undefined;
    await build.track.stop();
    await this.registry.discardBuild(this.projection.name);
    const reportId = build.generation.diff?.reportId;
    if (reportId) await this.reports.decide(reportId, { state: 'discarded', by, at: this.now() });
    this.dependencies.logger.info(
      { projection: this.projection.name, collection: build.generation.collection, by },
      'Discarded the rebuilt read model',
    );
    for (const waiter of this.buildWaiters) waiter.resolve();
    this.buildWaiters.clear();
    const discarded = new NoRebuildAwaitingDecisionError(this.projection.name, 'the rebuild was discarded');
    for (const waiter of this.reportWaiters) waiter.reject(discarded);
    this.reportWaiters.clear();
    return reportId ? this.reports.get(reportId) : null;
  }

  reportsOf(): Promise<RebuildReport[]> {
    return this.reports.of(this.projection.name);
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
        diff: Boolean(this.building.generation.diff),
        reportId: this.building.generation.diff?.reportId ?? null,
      };
    }
    let rules: ProjectionStatus['rules'] = null;
    if (this.projection.rules) {
      const currentRevision = await currentRulesRevision(this.projection, this.dependencies.eventStore);
      const revision = this.serving?.generation.rulesRevision ?? null;
      rules = {
        revision,
        currentRevision,
        changed: this.serving !== undefined && revision !== currentRevision,
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
      rules,
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

  /** The projection with the rules the generation was built with. */
  private async ruled(generation: ProjectionGeneration): Promise<AnyProjection> {
    const revision = generation.rulesRevision ?? null;
    return (await projectionWithRules(this.projection, this.dependencies.eventStore, revision)).projection;
  }

  private async startServing(generation: ProjectionGeneration, mode: 'live' | 'rebuild'): Promise<void> {
    const track = new ProjectionTrack(
      await this.ruled(generation),
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

  private async startBuild(generation: BuildingGeneration): Promise<void> {
    const projection = await this.ruled(generation);
    const track = new ProjectionTrack(
      projection,
      this.collection(generation.collection),
      this.dependencies,
      'rebuild',
      async ({ caughtUp }) => {
        const build = this.building;
        if (!caughtUp || build?.track !== track) return;
        if (build.generation.diff) await this.reportOnBuild(build);
        else await this.switchToBuild();
      },
    );
    this.building = {
      generation,
      track,
      projection,
      startedAt: Date.now(),
      startPosition: 0,
      reporting: false,
    };
    if (!this.serving) this.state = 'catching-up';
    const { finished } = await track.start();
    this.building.startPosition = track.position;
    finished.catch((error: Error) => this.fail(error, track));
  }

  /** Compares the caught-up build with the serving generation once, stores the report, and leaves both running. */
  private async reportOnBuild(build: Build): Promise<void> {
    const diff = build.generation.diff!;
    if (diff.reportId || build.reporting) return;
    build.reporting = true;
    try {
      const reportId = this.reports.newId();
      const serving = this.serving?.generation;
      const partitions = await compareGenerations({
        reportId,
        projection: build.projection,
        serving: serving ? this.collection(serving.collection) : null,
        built: this.collection(build.generation.collection),
        rows: this.reports.rows,
      });
      const report: RebuildReport = {
        _id: reportId,
        projection: this.projection.name,
        version: build.generation.version,
        servingCollection: serving?.collection ?? null,
        builtCollection: build.generation.collection,
        servingRulesRevision: serving?.rulesRevision ?? null,
        builtRulesRevision: build.generation.rulesRevision ?? null,
        position: build.track.position,
        requestedBy: diff.requestedBy,
        createdAt: this.now(),
        partitions,
        totals: reportTotals(partitions),
        decision: { state: 'pending' },
      };
      await this.reports.save(report);
      await this.registry.reportReady(this.projection.name, reportId);
      build.generation = { ...build.generation, diff: { ...diff, reportId } };
      this.dependencies.logger.info(
        { projection: this.projection.name, reportId, totals: report.totals },
        'Compared the rebuilt read model with the serving one; waiting for staff to switch or discard',
      );
      for (const waiter of this.reportWaiters) waiter.resolve(report);
      this.reportWaiters.clear();
    } catch (error) {
      build.reporting = false;
      for (const waiter of this.reportWaiters) waiter.reject(error as Error);
      this.reportWaiters.clear();
      throw error;
    }
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
    for (const waiter of this.reportWaiters) waiter.reject(error);
    this.reportWaiters.clear();
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
