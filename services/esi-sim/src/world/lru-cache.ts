/** A map that forgets its least recently used entries beyond a size. */
export class LruCache<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined || this.entries.has(key)) {
      this.entries.delete(key);
      this.entries.set(key, value as V);
    }
    return value;
  }

  has(key: K): boolean {
    return this.entries.has(key);
  }

  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    while (this.entries.size > this.capacity) this.entries.delete(this.entries.keys().next().value as K);
  }

  getOrCreate(key: K, create: () => V): V {
    if (this.entries.has(key)) return this.get(key) as V;
    const value = create();
    this.set(key, value);
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}
