/**
 * The event store's read-ahead thread (sqlite-read-ahead.ts): reads the batches its parent asks for from its own
 * connection to the event store's file, and answers each as one JSON text.
 *
 * Asked to read further, after answering a batch that did not reach the head it reads the one after it before it
 * is asked: the subscriber asks for exactly that batch when it takes this one, and would otherwise wait while it
 * is read. What it read stays valid: a batch that did not reach the head holds only committed positions, and later
 * appends come after them. Each subscription (its filter and batch size) keeps its own, so subscriptions that read
 * by turns do not throw away each other's.
 */
import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { answerRequests } from '../../threads/thread-requests';
import type { ReadAheadBatch, ReadAheadRequest } from './sqlite-read-ahead';
import { EventRowReader } from './sqlite-event-rows';

/** Subscriptions whose next batch the thread keeps, at most. */
const SUBSCRIPTIONS_KEPT = 8;

const { path } = (workerData as { data: { path: string } }).data;
const db = new Database(path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const reader = new EventRowReader(db);

/** By subscription, the next batch read before it was asked: where it starts, and the batch. */
const readBefore = new Map<string, { readonly fromPosition: number; readonly batch: ReadAheadBatch }>();
/** By subscription, where its last request read from. */
const lastAsked = new Map<string, number>();

function keep<T>(map: Map<string, T>, subscription: string, value: T): void {
  map.delete(subscription);
  map.set(subscription, value);
  if (map.size > SUBSCRIPTIONS_KEPT) map.delete(map.keys().next().value!);
}

const read = (request: ReadAheadRequest): ReadAheadBatch =>
  reader.batchJson(request.fromPosition, request.maxCount, request.filter);

answerRequests<ReadAheadRequest, ReadAheadBatch>((request) => {
  const subscription = JSON.stringify([request.maxCount, request.filter ?? null]);
  const kept = readBefore.get(subscription);
  readBefore.delete(subscription);
  const batch = kept?.fromPosition === request.fromPosition ? kept.batch : read(request);
  keep(lastAsked, subscription, request.fromPosition);
  if (request.readFurther && !batch.caughtUp) {
    const next = { ...request, fromPosition: batch.position };
    // After the answer is posted; left when the subscription has asked again already (that read was its own).
    setImmediate(() => {
      if (lastAsked.get(subscription) !== request.fromPosition) return;
      const further = read(next);
      if (!further.caughtUp)
        keep(readBefore, subscription, { fromPosition: next.fromPosition, batch: further });
    });
  }
  return batch;
});
