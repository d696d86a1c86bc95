import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import type { Document } from 'mongodb';
import type { ReadCollection, ReadStore } from '../../ports/read-store.port';
import { openSqliteFile } from '../sqlite/sqlite-database';
import { EmbeddedCollection, type CollectionPersistence, type StoredIndex } from './embedded-collection';
import { ReadStoreWriter, type ReadStoreWrite } from './read-store-writer';

/** 'TWRS': stamped in the file so a foreign SQLite file is refused. */
export const READ_STORE_APPLICATION_ID = 0x54575253;

/**
 * The embedded document store: MongoDB query semantics (mingo) over in-memory collections, written through to
 * one SQLite file so read models survive a restart. A collection is loaded on first use.
 */
export class EmbeddedReadStore implements ReadStore {
  private readonly db: Database.Database;
  private readonly collections = new Map<string, EmbeddedCollection<Document>>();
  private readonly persistence: CollectionPersistence;
  private readonly writer: ReadStoreWriter;

  constructor(path: string) {
    this.db = openSqliteFile({
      path,
      applicationId: READ_STORE_APPLICATION_ID,
      requiredTables: ['documents', 'indexes'],
      createSchema: (db) => {
        db.exec(`
          CREATE TABLE documents (collection TEXT NOT NULL, id TEXT NOT NULL, doc TEXT NOT NULL,
                                  PRIMARY KEY (collection, id)) WITHOUT ROWID;
          CREATE TABLE indexes (collection TEXT NOT NULL, name TEXT NOT NULL, spec TEXT NOT NULL,
                                PRIMARY KEY (collection, name)) WITHOUT ROWID;
        `);
      },
    });
    this.writer = new ReadStoreWriter(path);
    const load = this.db.prepare<[string], { id: string; doc: string }>(
      'SELECT id, doc FROM documents WHERE collection = ?',
    );
    const loadIndexes = this.db.prepare<[string], { spec: string }>(
      'SELECT spec FROM indexes WHERE collection = ?',
    );
    const writer = this.writer;
    /** The writes of the transaction being made, sent to the writer when it ends. */
    let transaction: ReadStoreWrite[] | undefined;
    const inTransaction = (): ReadStoreWrite[] => {
      if (!transaction) throw new Error('A read store write outside a transaction');
      return transaction;
    };
    this.persistence = {
      load: (collection) => ({
        documents: load.all(collection).map((row) => JSON.parse(row.doc) as Document),
        indexes: loadIndexes.all(collection).map((row) => JSON.parse(row.spec) as StoredIndex),
      }),
      write: (collection, changes) => {
        const writes = inTransaction();
        for (const change of changes)
          writes.push({
            collection,
            key: change.key,
            json: change.document ? (change.json ?? JSON.stringify(change.document)) : null,
          });
      },
      saveIndex: (collection, index) =>
        inTransaction().push({ collection, index: index.name, spec: JSON.stringify(index) }),
      // Writes of one bulk operation share a transaction: one commit, and an ordered bulk that fails part-way
      // keeps the operations before the failure, as MongoDB does. Memory has them at once; the call settles once
      // the file has them too.
      inTransaction: async <R>(work: () => R): Promise<R> => {
        if (transaction) return work();
        const writes: ReadStoreWrite[] = (transaction = []);
        try {
          return work();
        } finally {
          transaction = undefined;
          if (writes.length > 0) await writer.write(writes);
        }
      },
    };
  }

  collection<T extends Document = Document>(name: string): ReadCollection<T> {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = new EmbeddedCollection<Document>(name, this.persistence, newObjectIdHex);
      this.collections.set(name, collection);
    }
    return collection as unknown as ReadCollection<T>;
  }

  async listCollectionNames(): Promise<string[]> {
    const rows = this.db
      .prepare<[], { collection: string }>(
        'SELECT collection FROM documents GROUP BY collection UNION SELECT collection FROM indexes',
      )
      .all();
    const names = new Set(rows.map((row) => row.collection));
    for (const [name, collection] of this.collections) if (collection.exists()) names.add(name);
    return [...names].sort();
  }

  async dropCollection(name: string): Promise<void> {
    await this.writer.write([{ drop: name }]);
    this.collections.delete(name);
  }

  async close(): Promise<void> {
    await this.writer.close();
    if (this.db.open) this.db.close();
  }
}

let objectIdCounter = randomBytes(3).readUIntBE(0, 3);
const processUnique = randomBytes(5).toString('hex');

/** A 24-hex-digit id shaped like a MongoDB ObjectId: seconds, process-unique bytes, counter. */
function newObjectIdHex(): string {
  objectIdCounter = (objectIdCounter + 1) % 0xffffff;
  const seconds = Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0');
  return `${seconds}${processUnique}${objectIdCounter.toString(16).padStart(6, '0')}`;
}
