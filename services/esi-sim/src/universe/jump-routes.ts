/** The stargate graph as adjacency lists. */
export class StargateGraph {
  private readonly neighbours = new Map<number, number[]>();

  constructor(stargates: readonly (readonly [number, number])[]) {
    for (const [from, to] of stargates) {
      this.link(from, to);
      this.link(to, from);
    }
  }

  neighboursOf(systemId: number): readonly number[] {
    return this.neighbours.get(systemId) ?? [];
  }

  /** Breadth-first jump counts to every reachable system. */
  distancesFrom(origin: number): Map<number, number> {
    const distances = new Map<number, number>([[origin, 0]]);
    const queue = [origin];
    for (let head = 0; head < queue.length; head++) {
      const current = queue[head]!;
      for (const next of this.neighboursOf(current)) {
        if (distances.has(next)) continue;
        distances.set(next, distances.get(current)! + 1);
        queue.push(next);
      }
    }
    return distances;
  }

  private link(from: number, to: number): void {
    const list = this.neighbours.get(from);
    if (list) list.push(to);
    else this.neighbours.set(from, [to]);
  }
}

export type RoutePreference = 'Shorter' | 'Safer' | 'LessSecure';

export interface RouteOptions {
  readonly preference?: RoutePreference;
  /** 0..100; how much a jump into the unwanted security class costs beyond one jump (ESI default 50). */
  readonly securityPenalty?: number;
  readonly avoidSystems?: readonly number[];
  readonly extraConnections?: readonly { readonly from: number; readonly to: number }[];
  readonly securityOf?: (systemId: number) => number | undefined;
}

/**
 * The route from origin to destination, both included, or null when none exists. Shorter is a breadth-first
 * search; Safer and LessSecure weigh each jump into low/null-sec (Safer) or high-sec (LessSecure) by
 * `1 + securityPenalty`, the way the game's penalty slider makes such jumps expensive.
 */
export function shortestRoute(
  graph: StargateGraph,
  origin: number,
  destination: number,
  options: RouteOptions = {},
): number[] | null {
  const avoid = new Set(options.avoidSystems ?? []);
  avoid.delete(origin);
  avoid.delete(destination);
  const extra = new Map<number, number[]>();
  for (const { from, to } of options.extraConnections ?? []) {
    extra.set(from, [...(extra.get(from) ?? []), to]);
  }
  const neighbours = (systemId: number): readonly number[] => {
    const more = extra.get(systemId);
    return more ? [...graph.neighboursOf(systemId), ...more] : graph.neighboursOf(systemId);
  };
  const preference = options.preference ?? 'Shorter';
  const penalty = 1 + Math.max(0, Math.min(100, options.securityPenalty ?? 50));
  const jumpCost = (to: number): number => {
    if (preference === 'Shorter') return 1;
    const security = options.securityOf?.(to) ?? 1;
    const isHighSec = security >= 0.45;
    return (preference === 'Safer') === isHighSec ? 1 : penalty;
  };

  const cost = new Map<number, number>([[origin, 0]]);
  const previous = new Map<number, number>();
  const done = new Set<number>();
  const frontier = new MinQueue();
  frontier.push(origin, 0);
  while (frontier.size > 0) {
    const current = frontier.pop()!;
    if (done.has(current)) continue;
    done.add(current);
    if (current === destination) break;
    for (const next of neighbours(current)) {
      if (avoid.has(next) || done.has(next)) continue;
      const candidate = cost.get(current)! + jumpCost(next);
      if (candidate < (cost.get(next) ?? Infinity)) {
        cost.set(next, candidate);
        previous.set(next, current);
        frontier.push(next, candidate);
      }
    }
  }
  if (!cost.has(destination)) return null;
  const route = [destination];
  while (route[route.length - 1] !== origin) route.push(previous.get(route[route.length - 1]!)!);
  return route.reverse();
}

/** A binary heap of (system, cost), cheapest first. */
class MinQueue {
  private readonly items: { systemId: number; cost: number }[] = [];

  get size(): number {
    return this.items.length;
  }

  push(systemId: number, cost: number): void {
    const items = this.items;
    items.push({ systemId, cost });
    let index = items.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (items[parent]!.cost <= items[index]!.cost) break;
      [items[parent], items[index]] = [items[index]!, items[parent]!];
      index = parent;
    }
  }

  pop(): number | undefined {
    const items = this.items;
    const top = items[0];
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        const right = left + 1;
        let smallest = index;
        if (left < items.length && items[left]!.cost < items[smallest]!.cost) smallest = left;
        if (right < items.length && items[right]!.cost < items[smallest]!.cost) smallest = right;
        if (smallest === index) break;
        [items[smallest], items[index]] = [items[index]!, items[smallest]!];
        index = smallest;
      }
    }
    return top?.systemId;
  }
}
