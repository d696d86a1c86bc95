/**
 * The embedded read store's writer thread (read-store-writer.ts): applies each request's writes to the store's
 * file in one transaction, from its own connection, and answers once it is committed. After a request that failed
 * it applies no other, so the file keeps a prefix of what was asked.
 */
import Database from 'better-sqlite3';
import { workerData } from 'node:worker_threads';
import { answerRequests } from '../../threads/thread-requests';
import type { ReadStoreWrite } from './read-store-writer';

const { path } = (workerData as { data: { path: string } }).data;
const db = new Database(path, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
// As the store's own connection (sqlite-database.ts): per connection, not stored in the file.
db.pragma('synchronous = NORMAL');
db.pragma('cache_size = -65536');
db.pragma('wal_autocheckpoint = 8192');
const upsert = db.prepare('INSERT OR REPLACE INTO documents (collection, id, doc) VALUES (?, ?, ?)');
const remove = db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?');
const saveIndex = db.prepare('INSERT OR REPLACE INTO indexes (collection, name, spec) VALUES (?, ?, ?)');
const dropDocuments = db.prepare('DELETE FROM documents WHERE collection = ?');
const dropIndexes = db.prepare('DELETE FROM indexes WHERE collection = ?');

const apply = db.transaction((writes: readonly ReadStoreWrite[]) => {
  for (const write of writes) {
    if ('drop' in write) {
      dropDocuments.run(write.drop);
      dropIndexes.run(write.drop);
    } else if ('index' in write) saveIndex.run(write.collection, write.index, write.spec);
    else if (write.json === null) remove.run(write.collection, write.key);
    else upsert.run(write.collection, write.key, write.json);
  }
});

let failed: string | undefined;
answerRequests<readonly ReadStoreWrite[], null>((writes) => {
  if (failed) throw new Error(`an earlier write failed (${failed})`);
  try {
    apply(writes);
  } catch (error) {
    failed = (error as Error).message;
    throw error;
  }
  return null;
});
