import type { Document } from 'mongodb';
import type { ReadModels } from '../ports/read-models.port';
import type { ReadCollection, ReadStore } from '../ports/read-store.port';

/**
 * The read models port over real read store collections, for tests in a context that may not import the
 * projection registry (projections/, which switches generations and is tested there). Each read model is served
 * from the collection `collectionOf` names (its own name by default; null: not built yet), is always current
 * (`waitFor` returns at once) and has no stopped partition.
 */
export class CollectionReadModels implements ReadModels {
  constructor(
    private readonly store: ReadStore,
    private readonly collectionOf: (name: string) => string | null = (name) => name,
  ) {}

  async serving<T extends Document = Document>(name: string): Promise<ReadCollection<T> | null> {
    const collection = this.collectionOf(name);
    return collection === null ? null : this.store.collection<T>(collection);
  }

  async waitFor(): Promise<void> {}

  async failure(): Promise<null> {
    return null;
  }
}
