/**
 * Deterministic randomness. Everything the simulator invents is drawn from a stream keyed by the seed and the
 * thing being invented (a character, a campaign, a region and type), so any part of the world can be generated
 * alone, in any order, and comes out the same every time.
 */

// Hashing runs millions of times per generated year. Builtins are bound once because every lookup of a global
// such as `Math` goes through a proxy inside Jest's sandbox, which made the test suites many times slower.
const { floor } = Math;

/** 32-bit multiplication, like Math.imul. */
function imul(a: number, b: number): number {
  const low = a & 0xffff;
  const high = a >>> 16;
  return (low * b + (((high * b) & 0xffff) << 16)) | 0;
}

function fmix32(value: number): number {
  let h = value;
  h ^= h >>> 16;
  h = imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Folds one more non-negative integer (up to 2^53) into a hash. */
export function mixHash(hash: number, key: number): number {
  const low = (key % 0x1_0000_0000) >>> 0;
  const high = floor(key / 0x1_0000_0000) >>> 0;
  const h = fmix32((hash ^ imul(low, 0xcc9e2d51)) + 0x6b43a9b5);
  return fmix32((h ^ imul(high, 0x1b873593)) + 0x38495ab5);
}

/** A 32-bit hash of non-negative integers (ids up to 2^53 are fine). */
export function hashKeys(...keys: readonly number[]): number {
  let h = 0x9e3779b9 ^ keys.length;
  for (const key of keys) h = mixHash(h, key);
  return h;
}

/** A uniform number in [0, 1) from the keys alone, for hot paths that need one draw. */
export function unitHash(...keys: readonly number[]): number {
  return hashKeys(...keys) / 0x1_0000_0000;
}

/** A seed given as text becomes a number; numbers pass through. */
export function seedNumber(seed: number | string): number {
  if (typeof seed === 'number') return Math.abs(Math.trunc(seed)) % 0x1_0000_0000;
  let h = 0x811c9dc5;
  for (let index = 0; index < seed.length; index++) h = imul(h ^ seed.charCodeAt(index), 0x01000193);
  return h >>> 0;
}

/** mulberry32: small, fast and good enough for a game world. */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  static of(...keys: readonly number[]): Random {
    return new Random(hashKeys(...keys));
  }

  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = imul(t ^ (t >>> 15), t | 1);
    t ^= t + imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 0x1_0000_0000;
  }

  /** Uniform in [min, max). */
  between(min: number, max: number): number {
    return min + (max - min) * this.next();
  }

  /** Uniform integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Cannot pick from an empty list');
    return items[floor(this.next() * items.length)]!;
  }

  /** `count` distinct integers in [min, max], ascending. */
  distinctSorted(count: number, min: number, max: number): number[] {
    const span = max - min + 1;
    if (count > span) throw new Error(`Cannot draw ${count} distinct values from ${span}`);
    const chosen = new Set<number>();
    while (chosen.size < count) chosen.add(this.int(min, max));
    return [...chosen].sort((a, b) => a - b);
  }

  /** Splits `total` (>= parts) into `parts` positive integers. */
  partition(total: number, parts: number): number[] {
    if (parts <= 1) return [total];
    const cuts = this.distinctSorted(parts - 1, 1, total - 1);
    const sizes: number[] = [];
    let previous = 0;
    for (const cut of [...cuts, total]) {
      sizes.push(cut - previous);
      previous = cut;
    }
    return sizes;
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let index = copy.length - 1; index > 0; index--) {
      const other = floor(this.next() * (index + 1));
      [copy[index], copy[other]] = [copy[other]!, copy[index]!];
    }
    return copy;
  }
}

/**
 * Smooth noise in [-1, 1] along a time axis: hashed values at whole steps, eased in between, so prices drift
 * continuously and any instant can be evaluated without its past.
 */
export function smoothNoise(position: number, ...keys: readonly number[]): number {
  const base = hashKeys(...keys);
  const step = floor(position);
  const fraction = position - step;
  const eased = fraction * fraction * (3 - 2 * fraction);
  const from = (mixHash(base, step + 1_000_000) / 0x1_0000_0000) * 2 - 1;
  const to = (mixHash(base, step + 1_000_001) / 0x1_0000_0000) * 2 - 1;
  return from + (to - from) * eased;
}
