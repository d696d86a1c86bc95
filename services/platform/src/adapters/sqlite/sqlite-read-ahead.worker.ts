/**
 * The event store's read-ahead thread (sqlite-read-ahead.ts): reads the batches its parent asks for from its own
 * connection to the event store's file, and answers each as one JSON text.
 */
import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { answerRequests } from '../../threads/thread-requests';
import type { ReadAheadBatch, ReadAheadRequest } from './sqlite-read-ahead';
import { EventRowReader } from './sqlite-event-rows';

const { path } = (workerData as { data: { path: string } }).data;
const db = new Database(path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const reader = new EventRowReader(db);

answerRequests<ReadAheadRequest, ReadAheadBatch>((request) =>
  reader.batchJson(request.fromPosition, request.maxCount, request.filter),
);
