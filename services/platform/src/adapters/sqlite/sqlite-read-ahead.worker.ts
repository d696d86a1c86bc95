/**
 * The event store's read-ahead thread (sqlite-read-ahead.ts): reads the batches its parent asks for from its own
 * connection to the event store's file, and answers each as one JSON text.
 */
import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { ReadAheadReply, ReadAheadRequest } from './sqlite-read-ahead';
import { EventRowReader, eventRowsJson } from './sqlite-event-rows';

const port = parentPort!;
const { path } = (workerData as { data: { path: string } }).data;
const db = new Database(path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
const reader = new EventRowReader(db);

port.on('message', (request: ReadAheadRequest) => {
  let reply: ReadAheadReply;
  try {
    const batch = reader.batch(request.fromPosition, request.maxCount, request.filter);
    reply = {
      id: request.id,
      json: eventRowsJson(batch.rows),
      position: batch.position,
      caughtUp: batch.caughtUp,
    };
  } catch (error) {
    reply = { id: request.id, error: (error as Error).message };
  }
  port.postMessage(reply);
});
