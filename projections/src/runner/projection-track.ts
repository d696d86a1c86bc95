import type { EventCatalogue } from '@tradewise/contracts';
import type {
  AnyBulkWriteOperation,
  CheckpointStore,
  Clock,
  EventBatch,
  EventFilter,
  EventStore,
  EventSubscription,
  Logger,
  ReadCollection,
  ReadStore,
  RecordedEvent,
} from '@tradewise/platform';
import {
  PartitionFailures,
  PassedOverEvents,
  partitionFailureId,
  passedOverKey,
  type PartitionFailure,
} from './partition-failures';
import type { AnyProjection, FoldProjection, ProjectedDocument, Projection } from './projection';

export type TrackMode = 'rebuild' | 'live';

export class ProjectionStoppedError extends Error {
  constructor(
    message: string,
    readonly event: Pick<RecordedEvent, 'streamId' | 'position' | 'type'>,
  ) {
    super(message);
    this.name = 'ProjectionStoppedError';
  }
}

export interface TrackDependencies {
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly checkpointStore: CheckpointStore;
  readonly catalogue: EventCatalogue;
  readonly logger: Logger;
  readonly clock: Clock;
}

/** What rebuilding one partition alone came to: current again, or stopped at an event once more. */
export type PartitionRepair =
  | { readonly repaired: true; readonly partition: string; readonly position: number }
  | { readonly repaired: false; readonly partition: string; readonly failure: PartitionFailure };

export class ReadModelCatchingUpError extends Error {
  constructor(projection: string) {
    super(
      `The read model ${projection} is still catching up with the log; rebuild a partition once it is live`,
    );
    this.name = 'ReadModelCatchingUpError';
  }
}

/** Support's decision to pass over the event a partition stopped at, recorded before the partition is rebuilt. */
export interface PassOver {
  readonly position: number;
  readonly reason: string;
  /** Who decided (`staff:<name>`, `operator`). */
  readonly by: string;
}

type FailedEvent = Pick<RecordedEvent, 'position'> & {
  readonly streamId: string | null;
  readonly type: string | null;
};

export interface TrackProgress {
  readonly position: number;
  readonly caughtUp: boolean;
}

const LOAD_CHUNK = 1000;
const WRITE_CHUNK = 5000;
/** Chunks of a fold's documents being written at once (their ids differ, so they never touch one document). */
const WRITES_IN_FLIGHT = 2;
const FOLD_UNWRITTEN_LIMIT = 1_000_000;
/**
 * Events read and applied at a time. A batch's decoded events live until it is applied: 5,000 of them outlived the
 * young generation's collections, were copied and promoted, and died in the old generation (the heavy trader's
 * ledger bench spent 11.7 s in scavenges with 5,000, 8.7 s with 1,000: docs/PERFORMANCE.md).
 */
const READ_BATCH = 1000;
/**
 * A batch this large that reached the head of the log is part of a burst (a sync's import appends a thousand
 * records at a time): the track lets the rest of the burst arrive before it reads on, so it applies and writes
 * a few large batches rather than many small ones (docs/PERFORMANCE.md). A user's edit is a handful of events and
 * is read at once.
 */
const BURST_EVENTS = 200;
const BURST_SETTLE_MS = 300;
const BURST_WRITE_DEFERRAL_MS = 30_000;

/** A fold's document, made anew for this write, with its id and the position of the last event that changed it. */
function stamped(document: ProjectedDocument, id: string, position: number): ProjectedDocument {
  const written = document as { _id: string; _position?: number };
  written._id = id;
  written._position = position;
  return document;
}

/**
 * A fold's documents changed since their last write, by partition, each with the last event that changed it. Most
 * events change documents already noted (an account's version, a busy buy): their position moves on.
 */
class UnwrittenDocuments {
  private byPartition = new Map<string, Map<string, number>>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  note(partition: string, ids: Iterable<string>, position: number): void {
    let noted = this.byPartition.get(partition);
    if (noted === undefined) {
      noted = new Map();
      this.byPartition.set(partition, noted);
    }
    const before = noted.size;
    for (const id of ids) noted.set(id, position);
    this.count += noted.size - before;
  }

  /** A partition's documents are left unwritten: its state is no longer trusted. */
  forget(partition: string): void {
    this.count -= this.byPartition.get(partition)?.size ?? 0;
    this.byPartition.delete(partition);
  }

  /** Every noted document as `[id, partition, position]`, forgetting them. */
  take(): [string, string, number][] {
    const taken: [string, string, number][] = [];
    for (const [partition, noted] of this.byPartition)
      for (const [id, position] of noted) taken.push([id, partition, position]);
    this.byPartition = new Map();
    this.count = 0;
    return taken;
  }
}

/**
 * Applies one projection to one collection: subscribe from the checkpoint (a fold projection: from the start,
 * replaying up to the checkpoint in memory), apply each batch, write the touched
 * documents, then move the checkpoint by compare-and-set. A document stores the position of the last event
 * applied to it, and events at or below it are skipped, so a crash between the document writes and the
 * checkpoint neither loses nor doubles an event.
 *
 * An event the projection cannot apply stops only its partition (a fold's account, else the document): the
 * failure is stored with the event's position before the checkpoint moves, the partition's later events are
 * passed over, and every other partition goes on. {@link ProjectionTrack.repair} rebuilds that partition alone.
 */
export class ProjectionTrack {
  private subscription: EventSubscription | undefined;
  private loop: Promise<void> | undefined;
  private stopping = false;
  private currentPosition = 0;
  private caughtUpOnce = false;
  private readonly waiters = new Set<{ position: number; resolve: () => void }>();
  /** A fold projection's partitions, rebuilt in memory from the start of the log at every start. */
  private readonly partitions = new Map<string, unknown>();
  /** Events up to here only rebuild a fold's memory: their documents were written before the restart. */
  private replayedUpTo = 0;
  private readonly unwritten = new UnwrittenDocuments();
  private stopSettling: () => void = () => undefined;
  private readonly failures: PartitionFailures;
  private readonly failed = new Map<string, PartitionFailure>();
  private readonly passedOver: PassedOverEvents;
  /** `partition|position` of the events support passed over. */
  private passedOverKeys = new Set<string>();
  /** Failures not stored yet: stored before the checkpoint moves past their events. */
  private unrecorded: PartitionFailure[] = [];
  /** How far the log has been applied (in memory for a fold that is behind; stored otherwise). */
  private appliedUpTo = 0;
  private exclusiveTail: Promise<unknown> = Promise.resolve();
  /** When a live fold began to leave a burst's documents unwritten (see {@link defersWrites}). */
  private writesDeferredSince: number | undefined;
  /**
   * Whether the collection may hold a document this track writes: not when it was empty at start and nothing was
   * written since (a rebuild's first write), where deleting each chunk's ids first would find nothing.
   */
  private mayHoldDocuments = true;

  constructor(
    private readonly projection: AnyProjection,
    readonly collection: ReadCollection<ProjectedDocument>,
    private readonly dependencies: TrackDependencies,
    private mode: TrackMode,
    private readonly onProgress: (progress: TrackProgress) => Promise<void> | void,
  ) {
    this.failures = new PartitionFailures(dependencies.readStore);
    this.passedOver = new PassedOverEvents(dependencies.readStore);
  }

  get checkpointName(): string {
    return this.collection.collectionName;
  }

  get position(): number {
    return this.currentPosition;
  }

  get caughtUp(): boolean {
    return this.caughtUpOnce;
  }

  /** The partitions stopped at an event, oldest first. */
  get failedPartitions(): PartitionFailure[] {
    return [...this.failed.values()].sort((a, b) => a.position - b.position);
  }

  /** Starts the loop; `finished` settles when the track stops (rejects with the reason it failed). */
  async start(): Promise<{ finished: Promise<void> }> {
    for (const index of this.projection.indexes ?? []) {
      await this.collection.createIndex(index.keys, { unique: index.unique, name: index.name });
    }
    const checkpoint = await this.dependencies.checkpointStore.get(this.checkpointName);
    this.currentPosition = checkpoint?.position ?? 0;
    this.appliedUpTo = this.currentPosition;
    let expected: number | null = checkpoint ? checkpoint.position : null;
    this.mayHoldDocuments = (await this.collection.findOne({}, { projection: { _id: 1 } })) !== null;
    for (const failure of await this.failures.of(this.checkpointName))
      this.failed.set(failure.partition, failure);
    this.passedOverKeys = await this.passedOver.keys(this.projection.name);
    const folds = this.projection.kind === 'fold';
    this.replayedUpTo = folds ? this.currentPosition : 0;
    if (this.projection.kind === 'fold') await this.applyReadFirst(this.projection);
    this.subscription = this.dependencies.eventStore.subscribeToAll({
      fromPosition: folds ? 0 : this.currentPosition,
      filter: {
        eventTypes: this.projection.eventTypes,
        streamCategories: this.projection.streamCategories,
        dataValues: this.projection.dataValues,
      },
      batchSize: READ_BATCH,
    });
    const subscription = this.subscription;
    this.loop = (async () => {
      const store = async (position: number, caughtUp: boolean): Promise<boolean> => {
        const written = await this.written(caughtUp);
        await this.recordFailures();
        if (!written) return false;
        this.writesDeferredSince = undefined;
        if (position > this.currentPosition) {
          const moved = await this.dependencies.checkpointStore.compareAndSet(
            this.checkpointName,
            expected,
            position,
          );
          if (!moved) {
            throw new Error(`Checkpoint ${this.checkpointName} was moved by another runner; this one stops`);
          }
          expected = position;
          this.currentPosition = position;
        }
        return true;
      };
      const handle = async (batch: EventBatch, deferWrites: boolean): Promise<boolean> => {
        if (batch.events.length > 0) await this.apply(batch.events);
        this.appliedUpTo = Math.max(this.appliedUpTo, batch.position);
        return store(batch.position, batch.caughtUp && !deferWrites);
      };
      for await (const batch of subscription) {
        if (this.stopping) break;
        const inBurst = batch.caughtUp && batch.events.length >= BURST_EVENTS;
        const deferWrites = this.defersWrites(batch, inBurst);
        let stored = await this.exclusive(() => handle(batch, deferWrites));
        let settled = false;
        if (!stored && deferWrites) {
          await this.settle();
          settled = true;
          if (this.stopping || (await this.logMovedOn())) continue;
          stored = await this.exclusive(() => store(this.appliedUpTo, true));
        }
        if (!stored) continue;
        if (batch.caughtUp && !this.caughtUpOnce) {
          this.caughtUpOnce = true;
          this.mode = 'live';
        }
        this.releaseWaiters();
        await this.onProgress({ position: this.currentPosition, caughtUp: batch.caughtUp });
        if (this.stopping) break;
        if (inBurst && !settled) await this.settle();
      }
    })();
    return { finished: this.loop };
  }

  /** Runs one batch or one repair at a time: a repair reads the log up to exactly what the batches applied. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const run = this.exclusiveTail.then(work);
    this.exclusiveTail = run.catch(() => undefined);
    return run;
  }

  /**
   * Whether a live fold leaves a burst's documents unwritten until the burst ends: each write of a fold writes
   * every document it changed since the last, and a year's import that the fold caught up with midway wrote its
   * 200,000 documents then and again at the end (docs/PERFORMANCE.md). The burst ends when a pause brings none
   * of the fold's events. A person's edit is written at once, with whatever waited, and a burst that never ends
   * is still written every {@link BURST_WRITE_DEFERRAL_MS}.
   */
  private defersWrites(batch: EventBatch, inBurst: boolean): boolean {
    if (this.projection.kind !== 'fold' || !this.caughtUpOnce || !batch.caughtUp) return false;
    const burstGoesOn = inBurst || (this.writesDeferredSince !== undefined && batch.events.length > 0);
    if (!burstGoesOn || batch.events.some((event) => !event.metadata.actor.startsWith('system:')))
      return false;
    const now = performance.now();
    this.writesDeferredSince ??= now;
    return now - this.writesDeferredSince < BURST_WRITE_DEFERRAL_MS;
  }

  /** Whether the log holds events past what was applied: the subscription brings them next. */
  private async logMovedOn(): Promise<boolean> {
    return (await this.dependencies.eventStore.headPosition()) > this.appliedUpTo;
  }

  /** Waits for the rest of a burst, or until the track is asked to stop. */
  private settle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, BURST_SETTLE_MS);
      this.stopSettling = done;
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
    });
  }

  /** Resolves once the checkpoint has reached `position`. */
  waitForPosition(position: number): Promise<void> {
    if (this.currentPosition >= position) return Promise.resolve();
    return new Promise((resolve) => this.waiters.add({ position, resolve }));
  }

  private releaseWaiters(): void {
    for (const waiter of this.waiters) {
      if (this.currentPosition >= waiter.position) {
        this.waiters.delete(waiter);
        waiter.resolve();
      }
    }
  }

  /**
   * Stops after the batch in flight. What is applied but not yet written (a fold behind the head, or waiting for
   * the rest of a burst) lies past the checkpoint: the next start folds it again and writes it.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    this.stopSettling();
    await this.subscription?.close();
    await this.loop?.catch(() => undefined);
  }

  private async apply(events: readonly RecordedEvent[]): Promise<void> {
    const known = events.filter((event) => this.isKnown(event));
    if (this.projection.kind === 'fold') await this.applyFold(this.projection, known);
    else await this.applyDocuments(this.projection, known);
  }

  private isKnown(event: RecordedEvent): boolean {
    if (this.dependencies.catalogue.has(event.type)) return true;
    if (event.position <= this.replayedUpTo) return false;
    const where = `at position ${event.position} in stream ${event.streamId}`;
    if (this.mode === 'rebuild') {
      throw new ProjectionStoppedError(
        `Rebuild of ${this.projection.name} stopped: unknown event type '${event.type}' ${where}`,
        event,
      );
    }
    this.dependencies.logger.warn(
      {
        projection: this.projection.name,
        streamId: event.streamId,
        position: event.position,
        type: event.type,
      },
      'Skipped an event of unknown type',
    );
    return false;
  }

  /** Stops one partition at an event: the rest of the read model goes on without it. */
  private failPartition(partition: string, event: FailedEvent, error: unknown): PartitionFailure {
    const reason = error instanceof Error ? error.message : String(error);
    const failure: PartitionFailure = {
      _id: partitionFailureId(this.checkpointName, partition),
      projection: this.projection.name,
      collection: this.checkpointName,
      partition,
      position: event.position,
      streamId: event.streamId,
      eventType: event.type,
      reason,
      failedAt: this.dependencies.clock.now().toISOString(),
    };
    this.failed.set(partition, failure);
    this.unrecorded.push(failure);
    this.dependencies.logger.error(
      {
        projection: this.projection.name,
        partition,
        position: event.position,
        streamId: event.streamId,
        type: event.type,
        reason,
      },
      'A partition of the read model stopped at an event it cannot apply; the others go on',
    );
    return failure;
  }

  private async recordFailures(): Promise<void> {
    if (this.unrecorded.length === 0) return;
    const failures = this.unrecorded;
    this.unrecorded = [];
    await this.failures.record(failures);
  }

  /** The event at a position, to name in a failure found when a document is written. */
  private async eventAt(position: number): Promise<FailedEvent> {
    const { events } = await this.dependencies.eventStore.readAll({
      fromPosition: position - 1,
      maxCount: 1,
    });
    const event = events[0];
    return event?.position === position ? event : { position, streamId: null, type: null };
  }

  private isPassedOver(partition: string, event: RecordedEvent): boolean {
    return this.passedOverKeys.size > 0 && this.passedOverKeys.has(passedOverKey(partition, event.position));
  }

  /**
   * Whether everything applied so far is stored, so the checkpoint may move. A fold behind the head of the log
   * keeps its changed documents in memory and writes each once when it catches up (or holds too many), rather
   * than rewriting a busy document (a buy that sale after sale draws from) after every batch.
   */
  private async written(caughtUp: boolean): Promise<boolean> {
    if (this.projection.kind !== 'fold' || this.unwritten.size === 0) return true;
    if (!caughtUp && this.unwritten.size < FOLD_UNWRITTEN_LIMIT) return false;
    await this.writeFold(this.projection);
    return true;
  }

  /** A fold partition's state in memory, made the first time one of its events comes. */
  private partitionState(projection: FoldProjection, partition: string): unknown {
    let state = this.partitions.get(partition);
    if (state === undefined) {
      state = projection.initialState(partition);
      this.partitions.set(partition, state);
    }
    return state;
  }

  /** A fold's `readFirst` events of the whole log, applied to their partitions before the log from the start. */
  private async applyReadFirst(projection: FoldProjection): Promise<void> {
    if (!projection.readFirst?.length) return;
    await this.visitLog(Infinity, { eventTypes: projection.readFirst }, (event) => {
      const partition = projection.partitionOf(event);
      if (partition === null || this.failed.has(partition) || this.isPassedOver(partition, event)) return;
      const state = this.partitionState(projection, partition);
      try {
        projection.apply(state, event);
      } catch (error) {
        this.failPartition(partition, event, error);
        this.partitions.delete(partition);
      }
    });
  }

  private async applyFold(projection: FoldProjection, events: readonly RecordedEvent[]): Promise<void> {
    /** Each partition the batch touched, with its last event: where its settling is stored. */
    const touched = new Map<string, RecordedEvent>();
    for (const event of events) {
      const partition = projection.partitionOf(event);
      if (partition === null || this.failed.has(partition) || this.isPassedOver(partition, event)) continue;
      const state = this.partitionState(projection, partition);
      let ids: Iterable<string>;
      try {
        ids = projection.apply(state, event);
      } catch (error) {
        this.failPartition(partition, event, error);
        this.partitions.delete(partition);
        this.unwritten.forget(partition);
        continue;
      }
      touched.set(partition, event);
      if (event.position <= this.replayedUpTo) continue;
      this.unwritten.note(partition, ids, event.position);
    }
    if (!projection.settle) return;
    for (const [partition, event] of touched) {
      if (this.failed.has(partition)) continue;
      let ids: Iterable<string>;
      try {
        ids = projection.settle(this.partitions.get(partition));
      } catch (error) {
        this.failPartition(partition, event, error);
        this.partitions.delete(partition);
        this.unwritten.forget(partition);
        continue;
      }
      if (event.position <= this.replayedUpTo) continue;
      this.unwritten.note(partition, ids, event.position);
    }
  }

  /**
   * Writes the changed documents a chunk at a time, computing each chunk from the fold's state just before it is
   * written (a rebuild's 200,000 documents never sit in memory at once), and the markers last. A document that
   * cannot be computed stops its partition; the partition's other documents are still written, so its owner sees
   * (and can undo) the edit that stopped it.
   */
  private async writeFold(projection: FoldProjection): Promise<void> {
    const changed = this.unwritten.take();
    const markers: typeof changed = [];
    const others: typeof changed = [];
    for (const entry of changed) (projection.isMarker?.(entry[0]) ? markers : others).push(entry);
    const stoppedHere = new Set<string>();
    const replacing = this.mayHoldDocuments;
    this.mayHoldDocuments = true;
    for (const ids of [others, markers]) {
      const inFlight: Promise<void>[] = [];
      for (let start = 0; start < ids.length; start += WRITE_CHUNK) {
        const documents: ProjectedDocument[] = [];
        const gone: string[] = [];
        for (const [id, partition, position] of ids.slice(start, start + WRITE_CHUNK)) {
          let document: ProjectedDocument | null;
          try {
            document = projection.document(this.partitions.get(partition), id);
          } catch (error) {
            if (!this.failed.has(partition)) {
              this.failPartition(partition, await this.eventAt(position), error);
              stoppedHere.add(partition);
            }
            continue;
          }
          if (document) documents.push(stamped(document, id, position));
          else gone.push(id);
        }
        // The next chunk is computed while this one is written (on the embedded store's writer thread, or by the
        // database server); the markers wait for every other document.
        if (inFlight.length >= WRITES_IN_FLIGHT) await inFlight.shift();
        const written = this.rewrite(documents, gone, replacing);
        written.catch(() => undefined);
        inFlight.push(written);
      }
      await Promise.all(inFlight);
    }
    for (const partition of stoppedHere) this.partitions.delete(partition);
  }

  /**
   * Replaces documents by deleting and inserting them: one command each per chunk, where MongoDB-wire servers
   * answer a bulk of upserts one by one (FerretDB: 60 times slower). A fold recomputes its documents from memory,
   * and a batch whose checkpoint did not move is written again after a restart, so a crash between the two
   * commands loses nothing; readers may miss a document for that moment (docs/adr/0009). Without `replacing`
   * (the collection holds none of them) the documents are only inserted, and there is nothing to delete.
   */
  private async rewrite(
    documents: readonly ProjectedDocument[],
    gone: readonly string[],
    replacing: boolean,
  ): Promise<void> {
    for (let start = 0; start < documents.length; start += WRITE_CHUNK) {
      const chunk = documents.slice(start, start + WRITE_CHUNK);
      if (replacing)
        await this.collection.deleteMany({ _id: { $in: chunk.map((document) => document._id) } });
      await this.collection.insertMany(chunk, { ordered: false });
    }
    if (!replacing) return;
    for (let start = 0; start < gone.length; start += WRITE_CHUNK) {
      await this.collection.deleteMany({ _id: { $in: gone.slice(start, start + WRITE_CHUNK) } });
    }
  }

  private async applyDocuments(projection: Projection, events: readonly RecordedEvent[]): Promise<void> {
    const touched = new Map<string, ProjectedDocument | null>();
    const relevant: { event: RecordedEvent; ids: readonly string[] }[] = [];
    for (const event of events) {
      const ids = projection
        .documentIds(event)
        .filter((id) => !this.failed.has(id) && !this.isPassedOver(id, event));
      if (ids.length > 0) relevant.push({ event, ids });
    }
    if (relevant.length === 0) return;

    const original = await this.load([...new Set(relevant.flatMap((entry) => entry.ids))]);
    for (const [id, document] of original) touched.set(id, document);

    for (const { event, ids } of relevant) {
      for (const id of ids) {
        if (this.failed.has(id)) continue;
        const document = touched.get(id) ?? null;
        if (document?._position !== undefined && document._position >= event.position) continue;
        let next: ProjectedDocument | null;
        try {
          next = projection.evolve(document, event);
        } catch (error) {
          // The document keeps what the events before this one made of it.
          this.failPartition(id, event, error);
          continue;
        }
        touched.set(id, next ? { ...next, _id: id, _position: event.position } : null);
      }
    }

    // New documents go in with one insert (servers such as FerretDB apply a bulk of upserts one by one); a
    // restart after a crash finds them with their position and skips the events they hold.
    const inserts: ProjectedDocument[] = [];
    const operations: AnyBulkWriteOperation<ProjectedDocument>[] = [];
    for (const [id, document] of touched) {
      const before = original.get(id) ?? null;
      if (document === before) continue;
      if (document && !before) inserts.push(document);
      else if (document)
        operations.push({ replaceOne: { filter: { _id: id }, replacement: document, upsert: true } });
      else if (before) operations.push({ deleteOne: { filter: { _id: id } } });
    }
    for (let start = 0; start < inserts.length; start += WRITE_CHUNK) {
      await this.collection.insertMany(inserts.slice(start, start + WRITE_CHUNK), { ordered: false });
    }
    if (operations.length > 0) await this.collection.bulkWrite(operations, { ordered: false });
  }

  /**
   * Rebuilds one partition alone from the start of the log up to where the track has applied it, writes its
   * documents and, when every event applied, clears its failure. The track's batches wait meanwhile, so none of
   * the partition's events is missed or applied twice. With `passOver`, support's decision to pass over one of the
   * partition's events is stored first, and this rebuild and every later one leave that event out.
   */
  repair(partition: string, passOver?: PassOver): Promise<PartitionRepair> {
    return this.exclusive(async () => {
      if (!this.caughtUpOnce) throw new ReadModelCatchingUpError(this.projection.name);
      const upTo = this.appliedUpTo;
      if (passOver) {
        await this.passedOver.record({
          projection: this.projection.name,
          partition,
          ...passOver,
          at: this.dependencies.clock.now().toISOString(),
        });
        this.passedOverKeys.add(passedOverKey(partition, passOver.position));
        this.dependencies.logger.warn(
          { projection: this.projection.name, partition, ...passOver },
          'Support passed over an event of a partition',
        );
      }
      const failure =
        this.projection.kind === 'fold'
          ? await this.repairFold(this.projection, partition, upTo)
          : await this.repairDocument(this.projection, partition, upTo);
      if (failure) {
        await this.recordFailures();
        return { repaired: false, partition, failure };
      }
      this.failed.delete(partition);
      await this.failures.clear(this.checkpointName, partition);
      this.dependencies.logger.info(
        { projection: this.projection.name, partition, position: upTo },
        'Rebuilt a partition of the read model',
      );
      return { repaired: true, partition, position: upTo };
    });
  }

  private async repairFold(
    projection: FoldProjection,
    partition: string,
    upTo: number,
  ): Promise<PartitionFailure | null> {
    const state = projection.initialState(partition);
    const changed = new Map<string, number>();
    const last: { event?: RecordedEvent } = {};
    if (projection.readFirst?.length) {
      const stoppedFirst = await this.visitLog(upTo, { eventTypes: projection.readFirst }, (event) => {
        if (projection.partitionOf(event) === partition && !this.isPassedOver(partition, event))
          projection.apply(state, event);
      });
      if (stoppedFirst) return this.failPartition(partition, stoppedFirst.event, stoppedFirst.error);
    }
    const stopped = await this.replay(upTo, (event) => {
      if (projection.partitionOf(event) !== partition || this.isPassedOver(partition, event)) return;
      for (const id of projection.apply(state, event)) changed.set(id, event.position);
      last.event = event;
    });
    if (stopped) return this.failPartition(partition, stopped.event, stopped.error);
    const settledAt = last.event;
    if (projection.settle && settledAt) {
      try {
        for (const id of projection.settle(state)) changed.set(id, settledAt.position);
      } catch (error) {
        return this.failPartition(partition, settledAt, error);
      }
    }
    const documents: ProjectedDocument[] = [];
    const gone: string[] = [];
    for (const [id, position] of changed) {
      let document: ProjectedDocument | null;
      try {
        document = projection.document(state, id);
      } catch (error) {
        return this.failPartition(partition, await this.eventAt(position), error);
      }
      if (document) documents.push(stamped(document, id, position));
      else gone.push(id);
    }
    const markers = documents.filter((document) => projection.isMarker?.(document._id));
    const replacing = this.mayHoldDocuments;
    this.mayHoldDocuments = true;
    await this.rewrite(
      documents.filter((document) => !projection.isMarker?.(document._id)),
      gone,
      replacing,
    );
    await this.rewrite(markers, [], replacing);
    this.unwritten.forget(partition);
    this.partitions.set(partition, state);
    return null;
  }

  private async repairDocument(
    projection: Projection,
    id: string,
    upTo: number,
  ): Promise<PartitionFailure | null> {
    let document: ProjectedDocument | null = null;
    const stopped = await this.replay(upTo, (event) => {
      if (!projection.documentIds(event).includes(id) || this.isPassedOver(id, event)) return;
      const next = projection.evolve(document, event);
      document = next ? { ...next, _id: id, _position: event.position } : null;
    });
    if (stopped) return this.failPartition(id, stopped.event, stopped.error);
    if (document) await this.collection.replaceOne({ _id: id }, document, { upsert: true });
    else await this.collection.deleteOne({ _id: id });
    return null;
  }

  /** Visits the projection's known events from the start of the log up to `upTo`; stops at the first that throws. */
  private replay(
    upTo: number,
    visit: (event: RecordedEvent) => void,
  ): Promise<{ event: RecordedEvent; error: unknown } | null> {
    return this.visitLog(
      upTo,
      {
        eventTypes: this.projection.eventTypes,
        streamCategories: this.projection.streamCategories,
        dataValues: this.projection.dataValues,
      },
      visit,
    );
  }

  /** Visits the log's events the filter keeps, up to `upTo`; stops at the first the visit throws on. */
  private async visitLog(
    upTo: number,
    filter: EventFilter,
    visit: (event: RecordedEvent) => void,
  ): Promise<{ event: RecordedEvent; error: unknown } | null> {
    for (let from = 0; from < upTo;) {
      const batch = await this.dependencies.eventStore.readAll({
        fromPosition: from,
        maxCount: 5000,
        filter,
      });
      for (const event of batch.events) {
        if (event.position > upTo) return null;
        if (!this.dependencies.catalogue.has(event.type)) continue;
        try {
          visit(event);
        } catch (error) {
          return { event, error };
        }
      }
      if (batch.caughtUp || batch.position <= from) return null;
      from = batch.position;
    }
    return null;
  }

  private async load(ids: readonly string[]): Promise<Map<string, ProjectedDocument | null>> {
    const documents = new Map<string, ProjectedDocument | null>();
    for (let start = 0; start < ids.length; start += LOAD_CHUNK) {
      const chunk = ids.slice(start, start + LOAD_CHUNK);
      const found = await this.collection.find({ _id: { $in: chunk } }).toArray();
      for (const document of found) documents.set(document._id, document);
    }
    for (const id of ids) if (!documents.has(id)) documents.set(id, null);
    return documents;
  }
}
