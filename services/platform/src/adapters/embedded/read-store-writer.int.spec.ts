import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedReadStore } from './embedded-read-store';

describe("the embedded read store's writer thread", () => {
  let dir: string;
  let path: string;
  let store: EmbeddedReadStore;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tw-read-store-writer-'));
    path = join(dir, 'read-store.sqlite');
    store = new EmbeddedReadStore(path);
  });

  afterEach(async () => {
    await store.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  /** The documents of a collection as the file holds them, read from a connection of the test's own. */
  function inFile(collection: string): Record<string, unknown> {
    const db = new Database(path, { readonly: true });
    try {
      const rows = db
        .prepare<[string], { id: string; doc: string }>('SELECT id, doc FROM documents WHERE collection = ?')
        .all(collection);
      return Object.fromEntries(rows.map((row) => [row.id, JSON.parse(row.doc)]));
    } finally {
      db.close();
    }
  }

  it('shows a write in memory at once, and settles it once the file holds it', async () => {
    const notes = store.collection<{ _id: string; text: string }>('notes');
    const written = notes.insertOne({ _id: 'a', text: 'first' });
    expect(await notes.findOne({ _id: 'a' })).toEqual({ _id: 'a', text: 'first' });
    await written;
    expect(inFile('notes')).toEqual({ a: { _id: 'a', text: 'first' } });
  });

  it('writes to the file in the order the writes were asked, awaited or not', async () => {
    const notes = store.collection<{ _id: string; text: string }>('notes');
    const writes = [
      notes.insertMany([
        { _id: 'a', text: 'one' },
        { _id: 'b', text: 'two' },
      ]),
      notes.deleteMany({ _id: { $in: ['a', 'b'] } }),
      notes.insertOne({ _id: 'a', text: 'again' }),
      notes.updateOne({ _id: 'a' }, { $set: { text: 'last' } }),
    ];
    await Promise.all(writes);
    expect(inFile('notes')).toEqual({ a: { _id: 'a', text: 'last' } });
  });

  it('waits for the writes in flight when it closes, and a restart finds them', async () => {
    const notes = store.collection<{ _id: string; n: number }>('notes');
    for (let n = 0; n < 50; n++) void notes.insertOne({ _id: `n${n}`, n });
    await store.close();
    store = new EmbeddedReadStore(path);
    expect(await store.collection('notes').countDocuments({})).toBe(50);
  });

  it('fails every write after one the file refused: memory and file no longer agree', async () => {
    const notes = store.collection<{ _id: string }>('notes');
    await notes.insertOne({ _id: 'a' });
    const other = new Database(path);
    other.exec('DROP TABLE documents');
    other.close();
    await expect(notes.insertOne({ _id: 'b' })).rejects.toThrow(
      /could not write to .*no such table: documents/,
    );
    // A collection in memory already: loading another would read the file, which has no table either.
    await expect(notes.insertOne({ _id: 'c' })).rejects.toThrow(/no such table/);
  });

  it('drops a collection from the file after the writes asked before it', async () => {
    const notes = store.collection<{ _id: string }>('notes');
    void notes.insertOne({ _id: 'a' });
    await store.dropCollection('notes');
    expect(inFile('notes')).toEqual({});
    expect(await store.collection('notes').countDocuments({})).toBe(0);
  });
});
