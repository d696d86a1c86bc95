import { MongoClient, type Db, type Document } from 'mongodb';
import type { ReadCollection, ReadStore } from '../../ports/read-store.port';

/**
 * MongoDB through the official driver: the driver's `Collection` already is the port, so this adapter only
 * connects and names the database.
 */
export class MongoDbReadStore implements ReadStore {
  private constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
  ) {}

  static async connect(url: string, databaseName: string): Promise<MongoDbReadStore> {
    // An undefined option or field is absent, as in the embedded store (the driver would send null otherwise,
    // which servers refuse for options such as an index's `unique`).
    const client = new MongoClient(url, { serverSelectionTimeoutMS: 10_000, ignoreUndefined: true });
    await client.connect();
    const db = client.db(databaseName);
    await db.command({ ping: 1 });
    return new MongoDbReadStore(client, db);
  }

  collection<T extends Document = Document>(name: string): ReadCollection<T> {
    return this.db.collection<T>(name) as unknown as ReadCollection<T>;
  }

  async listCollectionNames(): Promise<string[]> {
    const collections = await this.db.listCollections({}, { nameOnly: true }).toArray();
    return collections.map((collection) => collection.name).sort();
  }

  async dropCollection(name: string): Promise<void> {
    try {
      await this.db.dropCollection(name);
    } catch (error) {
      if ((error as { codeName?: string }).codeName !== 'NamespaceNotFound') throw error;
    }
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
