import type Database from 'better-sqlite3';
import { randomBytes } from 'node:crypto';
import type { Document } from 'mongodb';
import type { ReadCollection, ReadStore } from '../../ports/read-store.port';
import { openSqliteFile } from '../sqlite/sqlite-database';
import { EmbeddedCollection, type CollectionPersistence, type StoredIndex } from './embedded-collection';

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
    const db = this.db;
    const upsert = db.prepare('INSERT OR REPLACE INTO documents (collection, id, doc) VALUES (?, ?, ?)');
    const remove = db.prepare('DELETE FROM documents WHERE collection = ? AND id = ?');
    const load = db.prepare<[string], { id: string; doc: string }>(
      'SELECT id, doc FROM documents WHERE collection = ?',
    );
    const loadIndexes = db.prepare<[string], { spec: string }>(
      'SELECT spec FROM indexes WHERE collection = ?',
    );
    const saveIndex = db.prepare('INSERT OR REPLACE INTO indexes (collection, name, spec) VALUES (?, ?, ?)');
    let depth = 0;
    this.persistence = {
      load: (collection) => ({
        documents: load.all(collection).map((row) => JSON.parse(row.doc) as Document),
        indexes: loadIndexes.all(collection).map((row) => JSON.parse(row.spec) as StoredIndex),
      }),
      write: (collection, changes) => {
        for (const change of changes) {
          if (change.document)
            upsert.run(collection, change.key, change.json ?? JSON.stringify(change.document));
          else remove.run(collection, change.key);
        }
      },
      saveIndex: (collection, index) => saveIndex.run(collection, index.name, JSON.stringify(index)),
      // Writes of one bulk operation share a transaction: one commit, and an ordered bulk that fails part-way
      // keeps the operations before the failure, as MongoDB does.
      inTransaction: <R>(work: () => R): R => {
        if (depth > 0) return work();
        depth += 1;
        db.exec('BEGIN');
        try {
          return work();
        } finally {
          depth -= 1;
          db.exec('COMMIT');
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
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM documents WHERE collection = ?').run(name);
      this.db.prepare('DELETE FROM indexes WHERE collection = ?').run(name);
    })();
    this.collections.delete(name);
  }

  async close(): Promise<void> {
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
