import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker, workerFailure } from '../../threads/typescript-worker';

/** One change to the read store's file: a document written (or, with `json` null, deleted), an index, a drop. */
export type ReadStoreWrite =
  | { readonly collection: string; readonly key: string; readonly json: string | null }
  | { readonly collection: string; readonly index: string; readonly spec: string }
  | { readonly drop: string };

export interface ReadStoreWriterRequest {
  readonly id: number;
  readonly writes: readonly ReadStoreWrite[];
}

export type ReadStoreWriterReply = { readonly id: number; readonly error?: string };

interface Waiter {
  readonly resolve: () => void;
  readonly reject: (error: Error) => void;
}

/**
 * Writes the embedded read store's changes to its file on a thread of its own, one SQLite transaction per
 * request, in the order they were asked: the thread that changes the documents in memory (the projections') goes
 * on while the rows are written. A request settles once its transaction is committed, so a caller that awaited
 * it lost nothing if the process is killed next; the file always holds a prefix of what was asked. After a write
 * that failed, the file no longer follows memory: every later request fails, and a restart reloads the file.
 */
export class ReadStoreWriter {
  private worker: Worker | undefined;
  private failure: Error | undefined;
  private closed = false;
  private nextId = 1;
  private readonly pending = new Map<number, Waiter>();
  private last: Promise<void> = Promise.resolve();

  constructor(private readonly path: string) {}

  write(writes: readonly ReadStoreWrite[]): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.closed) return Promise.reject(new Error(`The read store ${this.path} is closed`));
    const worker = (this.worker ??= this.start());
    const id = this.nextId++;
    // Referenced only while a write is in flight: an idle thread does not keep the process alive.
    if (this.pending.size === 0) worker.ref();
    const request: ReadStoreWriterRequest = { id, writes };
    worker.postMessage(request);
    const written = new Promise<void>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.last = written.catch(() => undefined);
    return written;
  }

  private start(): Worker {
    const worker = startTypeScriptWorker(join(__dirname, 'read-store-writer.worker.ts'), { path: this.path });
    worker.unref();
    worker.on('message', (reply: ReadStoreWriterReply) => {
      const waiter = this.pending.get(reply.id);
      if (!waiter) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if (reply.error === undefined) waiter.resolve();
      else this.fail(new Error(`The read store could not write to ${this.path}: ${reply.error}`), waiter);
    });
    worker.on('error', (reason) =>
      this.fail(workerFailure(reason, `The read store's writer thread for ${this.path}`)),
    );
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      if (!this.closed) this.fail(new Error(`The read store's writer thread exited with code ${code}`));
    });
    return worker;
  }

  private fail(error: Error, waiter?: Waiter): void {
    this.failure ??= error;
    waiter?.reject(this.failure);
    for (const other of this.pending.values()) other.reject(this.failure);
    this.pending.clear();
  }

  /** Waits for the writes asked so far, then stops the thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.last;
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}
