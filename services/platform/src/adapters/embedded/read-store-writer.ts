import { join } from 'node:path';
import { ThreadRequests } from '../../threads/thread-requests';

/** One change to the read store's file: a document written (or, with `json` null, deleted), an index, a drop. */
export type ReadStoreWrite =
  | { readonly collection: string; readonly key: string; readonly json: string | null }
  | { readonly collection: string; readonly index: string; readonly spec: string }
  | { readonly drop: string };

/**
 * Writes the embedded read store's changes to its file on a thread of its own, one SQLite transaction per
 * request, in the order they were asked: the thread that changes the documents in memory (the projections') goes
 * on while the rows are written. A request settles once its transaction is committed, so a caller that awaited
 * it lost nothing if the process is killed next; the file always holds a prefix of what was asked. After a write
 * that failed, the file no longer follows memory: every later request fails, and a restart reloads the file.
 */
export class ReadStoreWriter {
  private readonly thread: ThreadRequests<readonly ReadStoreWrite[], null>;
  private failure: Error | undefined;

  constructor(private readonly path: string) {
    this.thread = new ThreadRequests(
      join(__dirname, 'read-store-writer.worker.ts'),
      { path },
      `The read store's writer thread for ${path}`,
    );
  }

  async write(writes: readonly ReadStoreWrite[]): Promise<void> {
    if (this.failure) throw this.failure;
    try {
      await this.thread.ask(writes);
    } catch (error) {
      this.failure ??= new Error(
        `The read store could not write to ${this.path}: ${(error as Error).message}`,
      );
      throw this.failure;
    }
  }

  /** Waits for the writes asked so far, then stops the thread. */
  close(): Promise<void> {
    return this.thread.close();
  }
}
