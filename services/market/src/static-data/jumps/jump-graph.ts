/** Jump count for a system no stargate path reaches. */
export const UNREACHABLE = -1;

const DEFAULT_CACHED_ORIGINS = 512;

/**
 * The stargate graph. Shortest paths are counted by breadth-first search from the origin over all systems (about
 * 8,000, a fraction of a millisecond) and the distances of the most recently asked origins are kept, so a page of
 * orders asking from the same system answers from memory.
 */
export class JumpGraph {
  private readonly indexOfSystem = new Map<number, number>();
  private readonly neighbourStarts: Int32Array;
  private readonly neighbours: Int32Array;
  private readonly distancesByOrigin = new Map<number, Int16Array>();

  constructor(
    systemIds: readonly number[],
    connections: readonly (readonly [number, number])[],
    private readonly cachedOrigins = DEFAULT_CACHED_ORIGINS,
  ) {
    systemIds.forEach((systemId, index) => this.indexOfSystem.set(systemId, index));
    const degree = new Int32Array(systemIds.length);
    const ends: [number, number][] = [];
    for (const [a, b] of connections) {
      const from = this.indexOfSystem.get(a);
      const to = this.indexOfSystem.get(b);
      if (from === undefined || to === undefined) continue;
      ends.push([from, to]);
      degree[from]!++;
      degree[to]!++;
    }
    this.neighbourStarts = new Int32Array(systemIds.length + 1);
    for (let index = 0; index < systemIds.length; index++) {
      this.neighbourStarts[index + 1] = this.neighbourStarts[index]! + degree[index]!;
    }
    this.neighbours = new Int32Array(this.neighbourStarts[systemIds.length]!);
    const cursor = this.neighbourStarts.slice(0, systemIds.length);
    for (const [from, to] of ends) {
      this.neighbours[cursor[from]!++] = to;
      this.neighbours[cursor[to]!++] = from;
    }
  }

  has(systemId: number): boolean {
    return this.indexOfSystem.has(systemId);
  }

  /** Jumps from `origin` to each destination in order; -1 where unreachable or unknown. Null for an unknown origin. */
  jumpCounts(origin: number, destinations: readonly number[]): number[] | null {
    const distances = this.distancesFrom(origin);
    if (distances === null) return null;
    return destinations.map((destination) => {
      const index = this.indexOfSystem.get(destination);
      return index === undefined ? UNREACHABLE : distances[index]!;
    });
  }

  private distancesFrom(origin: number): Int16Array | null {
    const cached = this.distancesByOrigin.get(origin);
    if (cached) {
      this.distancesByOrigin.delete(origin);
      this.distancesByOrigin.set(origin, cached);
      return cached;
    }
    const start = this.indexOfSystem.get(origin);
    if (start === undefined) return null;
    const distances = this.breadthFirst(start);
    this.distancesByOrigin.set(origin, distances);
    if (this.distancesByOrigin.size > this.cachedOrigins) {
      this.distancesByOrigin.delete(this.distancesByOrigin.keys().next().value!);
    }
    return distances;
  }

  private breadthFirst(start: number): Int16Array {
    const distances = new Int16Array(this.neighbourStarts.length - 1).fill(UNREACHABLE);
    const queue = new Int32Array(distances.length);
    let head = 0;
    let tail = 0;
    distances[start] = 0;
    queue[tail++] = start;
    while (head < tail) {
      const current = queue[head++]!;
      const next = distances[current]! + 1;
      for (let edge = this.neighbourStarts[current]!; edge < this.neighbourStarts[current + 1]!; edge++) {
        const neighbour = this.neighbours[edge]!;
        if (distances[neighbour] !== UNREACHABLE) continue;
        distances[neighbour] = next;
        queue[tail++] = neighbour;
      }
    }
    return distances;
  }
}
