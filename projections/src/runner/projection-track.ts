import type { EventCatalogue } from '@tradewise/contracts';
import type {
  AnyBulkWriteOperation,
  CheckpointStore,
  EventStore,
  EventSubscription,
  Logger,
  ReadCollection,
  RecordedEvent,
} from '@tradewise/platform';
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
  readonly checkpointStore: CheckpointStore;
  readonly catalogue: EventCatalogue;
  readonly logger: Logger;
}

export interface TrackProgress {
  readonly position: number;
  readonly caughtUp: boolean;
}

const LOAD_CHUNK = 1000;
const WRITE_CHUNK = 5000;
const FOLD_UNWRITTEN_LIMIT = 1_000_000;
/**
 * A batch this large that reached the head of the log is part of a burst (a sync's import appends a thousand
 * records at a time): the track lets the rest of the burst arrive before it reads on, so it applies and writes
 * a few large batches rather than many small ones (docs/PERFORMANCE.md). A user's edit is a handful of events and
 * is read at once.
 */
const BURST_EVENTS = 200;
const BURST_SETTLE_MS = 300;

/**
 * Applies one projection to one collection: subscribe from the checkpoint (a fold projection: from the start,
 * replaying up to the checkpoint in memory), apply each batch, write the touched
 * documents, then move the checkpoint by compare-and-set. A document stores the position of the last event
 * applied to it, and events at or below it are skipped, so a crash between the document writes and the
 * checkpoint neither loses nor doubles an event.
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
  /** A fold's documents changed since its last write, with the position of the last event that changed each. */
  private unwritten = new Map<string, { partition: string; position: number }>();
  private stopSettling: () => void = () => undefined;

  constructor(
    private readonly projection: AnyProjection,
    readonly collection: ReadCollection<ProjectedDocument>,
    private readonly dependencies: TrackDependencies,
    private mode: TrackMode,
    private readonly onProgress: (progress: TrackProgress) => Promise<void> | void,
  ) {}

  get checkpointName(): string {
    return this.collection.collectionName;
  }

  get position(): number {
    return this.currentPosition;
  }

  get caughtUp(): boolean {
    return this.caughtUpOnce;
  }

  /** Starts the loop; `finished` settles when the track stops (rejects with the reason it failed). */
  async start(): Promise<{ finished: Promise<void> }> {
    for (const index of this.projection.indexes ?? []) {
      await this.collection.createIndex(index.keys, { unique: index.unique, name: index.name });
    }
    const checkpoint = await this.dependencies.checkpointStore.get(this.checkpointName);
    this.currentPosition = checkpoint?.position ?? 0;
    let expected: number | null = checkpoint ? checkpoint.position : null;
    const folds = this.projection.kind === 'fold';
    this.replayedUpTo = folds ? this.currentPosition : 0;
    this.subscription = this.dependencies.eventStore.subscribeToAll({
      fromPosition: folds ? 0 : this.currentPosition,
      filter: {
        eventTypes: this.projection.eventTypes,
        streamCategories: this.projection.streamCategories,
        dataValues: this.projection.dataValues,
      },
      batchSize: 5000,
    });
    const subscription = this.subscription;
    this.loop = (async () => {
      for await (const batch of subscription) {
        if (this.stopping) break;
        if (batch.events.length > 0) await this.apply(batch.events);
        if (!(await this.written(batch.caughtUp))) continue;
        if (batch.position > this.currentPosition) {
          const moved = await this.dependencies.checkpointStore.compareAndSet(
            this.checkpointName,
            expected,
            batch.position,
          );
          if (!moved) {
            throw new Error(`Checkpoint ${this.checkpointName} was moved by another runner; this one stops`);
          }
          expected = batch.position;
          this.currentPosition = batch.position;
        }
        if (batch.caughtUp && !this.caughtUpOnce) {
          this.caughtUpOnce = true;
          this.mode = 'live';
        }
        this.releaseWaiters();
        await this.onProgress({ position: this.currentPosition, caughtUp: batch.caughtUp });
        if (this.stopping) break;
        if (batch.caughtUp && batch.events.length >= BURST_EVENTS) await this.settle();
      }
    })();
    return { finished: this.loop };
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

  /** Stops after the batch in flight has been written and checkpointed. */
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

  private failedAt(event: RecordedEvent, error: unknown): ProjectionStoppedError {
    return new ProjectionStoppedError(
      `Projection ${this.projection.name} failed at position ${event.position} in stream ${event.streamId} ` +
        `(${event.type}): ${(error as Error).message}`,
      event,
    );
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

  private async applyFold(projection: FoldProjection, events: readonly RecordedEvent[]): Promise<void> {
    const changed = this.unwritten;
    for (const event of events) {
      const partition = projection.partitionOf(event);
      if (partition === null) continue;
      let state = this.partitions.get(partition);
      if (state === undefined) {
        state = projection.initialState(partition);
        this.partitions.set(partition, state);
      }
      let ids: Iterable<string>;
      try {
        ids = projection.apply(state, event);
      } catch (error) {
        throw this.failedAt(event, error);
      }
      if (event.position <= this.replayedUpTo) continue;
      for (const id of ids) changed.set(id, { partition, position: event.position });
    }
  }

  /**
   * Writes the changed documents a chunk at a time, computing each chunk from the fold's state just before it is
   * written (a rebuild's 200,000 documents never sit in memory at once), and the markers last.
   */
  private async writeFold(projection: FoldProjection): Promise<void> {
    const changed = [...this.unwritten];
    this.unwritten = new Map();
    const markers: typeof changed = [];
    const others: typeof changed = [];
    for (const entry of changed) (projection.isMarker?.(entry[0]) ? markers : others).push(entry);
    for (const ids of [others, markers]) {
      for (let start = 0; start < ids.length; start += WRITE_CHUNK) {
        const documents: ProjectedDocument[] = [];
        const gone: string[] = [];
        for (const [id, { partition, position }] of ids.slice(start, start + WRITE_CHUNK)) {
          const document = projection.document(this.partitions.get(partition), id);
          if (document) documents.push({ ...document, _id: id, _position: position });
          else gone.push(id);
        }
        await this.rewrite(documents, gone);
      }
    }
  }

  /**
   * Replaces documents by deleting and inserting them: one command each per chunk, where MongoDB-wire servers
   * answer a bulk of upserts one by one (FerretDB: 60 times slower). A fold recomputes its documents from memory,
   * and a batch whose checkpoint did not move is written again after a restart, so a crash between the two
   * commands loses nothing; readers may miss a document for that moment (docs/adr/0009).
   */
  private async rewrite(documents: readonly ProjectedDocument[], gone: readonly string[]): Promise<void> {
    for (let start = 0; start < documents.length; start += WRITE_CHUNK) {
      const chunk = documents.slice(start, start + WRITE_CHUNK);
      await this.collection.deleteMany({ _id: { $in: chunk.map((document) => document._id) } });
      await this.collection.insertMany(chunk, { ordered: false });
    }
    for (let start = 0; start < gone.length; start += WRITE_CHUNK) {
      await this.collection.deleteMany({ _id: { $in: gone.slice(start, start + WRITE_CHUNK) } });
    }
  }

  private async applyDocuments(projection: Projection, events: readonly RecordedEvent[]): Promise<void> {
    const touched = new Map<string, ProjectedDocument | null>();
    const relevant: { event: RecordedEvent; ids: readonly string[] }[] = [];
    for (const event of events) {
      const ids = projection.documentIds(event);
      if (ids.length > 0) relevant.push({ event, ids });
    }
    if (relevant.length === 0) return;

    const original = await this.load([...new Set(relevant.flatMap((entry) => entry.ids))]);
    for (const [id, document] of original) touched.set(id, document);

    for (const { event, ids } of relevant) {
      for (const id of ids) {
        const document = touched.get(id) ?? null;
        if (document?._position !== undefined && document._position >= event.position) continue;
        let next: ProjectedDocument | null;
        try {
          next = projection.evolve(document, event);
        } catch (error) {
          throw this.failedAt(event, error);
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
