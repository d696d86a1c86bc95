import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import type { EventFilter } from '../../ports/event-store.port';
import { startTypeScriptWorker, workerFailure } from '../../threads/typescript-worker';

export interface ReadAheadRequest {
  readonly id: number;
  readonly fromPosition: number;
  readonly maxCount: number;
  readonly filter: EventFilter | undefined;
}

/** A batch as the thread read it: the events as one JSON text (`eventRowsJson`). */
export interface ReadAheadBatch {
  readonly json: string;
  readonly position: number;
  readonly caughtUp: boolean;
}

export type ReadAheadReply =
  ({ readonly id: number } & ReadAheadBatch) | { readonly id: number; readonly error: string };

interface Waiter {
  readonly resolve: (batch: ReadAheadBatch) => void;
  readonly reject: (error: Error) => void;
}

/**
 * A thread with its own connection to the event store's file (WAL mode lets it read beside the writers), which
 * reads a subscription's next batch while the subscriber applies the one it has: the SQLite queries of a rebuild
 * or of a large import's projection then run on another core. Started on the first read; a thread that failed is
 * not started again, and its readers read for themselves.
 */
export class SqliteReadAhead {
  private worker: Worker | undefined;
  private unavailable = false;
  private nextId = 1;
  private readonly pending = new Map<number, Waiter>();

  constructor(private readonly path: string) {}

  /** The batch from `fromPosition`, read on the thread; undefined when the thread cannot serve. */
  read(
    fromPosition: number,
    maxCount: number,
    filter: EventFilter | undefined,
  ): Promise<ReadAheadBatch> | undefined {
    if (this.unavailable) return undefined;
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    // Referenced only while a read is awaited: an idle thread does not keep the process alive.
    if (this.pending.size === 0) worker.ref();
    const request: ReadAheadRequest = { id, fromPosition, maxCount, filter };
    worker.postMessage(request);
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  private start(): Worker {
    const worker = startTypeScriptWorker(join(__dirname, 'sqlite-read-ahead.worker.ts'), { path: this.path });
    worker.unref();
    worker.on('message', (reply: ReadAheadReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('error' in reply) waiter.reject(new Error(reply.error));
      else waiter.resolve(reply);
    });
    const stop = (reason: unknown): void => {
      this.unavailable = true;
      if (this.worker === worker) this.worker = undefined;
      const error = workerFailure(reason, "The event store's read-ahead thread");
      for (const waiter of this.pending.values()) waiter.reject(error);
      this.pending.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) =>
      stop(new Error(`The event store's read-ahead thread exited with code ${code}`)),
    );
    return worker;
  }

  async close(): Promise<void> {
    this.unavailable = true;
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
