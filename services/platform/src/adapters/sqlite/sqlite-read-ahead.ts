import { join } from 'node:path';
import type { EventFilter } from '../../ports/event-store.port';
import { ThreadRequests } from '../../threads/thread-requests';

export interface ReadAheadRequest {
  readonly fromPosition: number;
  readonly maxCount: number;
  readonly filter: EventFilter | undefined;
  /** Whether the thread then reads the batch after this one too, before it is asked. */
  readonly readFurther: boolean;
}

/** A batch as the thread read it: the events as one JSON text (`EventRowReader.batchJson`). */
export interface ReadAheadBatch {
  readonly json: string;
  readonly position: number;
  readonly caughtUp: boolean;
}

/**
 * A thread with its own connection to the event store's file (WAL mode lets it read beside the writers), which
 * reads a subscription's next batch while the subscriber applies the one it has: the SQLite queries of a rebuild
 * or of a large import's projection then run on another core. Started on the first read; a thread that failed is
 * not started again, and its readers read for themselves.
 */
export class SqliteReadAhead {
  private readonly thread: ThreadRequests<ReadAheadRequest, ReadAheadBatch>;

  constructor(path: string) {
    this.thread = new ThreadRequests(
      join(__dirname, 'sqlite-read-ahead.worker.ts'),
      { path },
      "The event store's read-ahead thread",
    );
  }

  /** The batch the request names, read on the thread; undefined when the thread cannot serve. */
  read(request: ReadAheadRequest): Promise<ReadAheadBatch> | undefined {
    if (this.thread.failure) return undefined;
    return this.thread.ask(request);
  }

  close(): Promise<void> {
    return this.thread.close();
  }
}
