import { hashKeys, Random, seedNumber, smoothNoise, unitHash } from './prng';

describe('deterministic randomness', () => {
  it('draws the same numbers for the same keys and different ones for others', () => {
    const draw = (...keys: number[]): number[] => {
      const random = Random.of(...keys);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(1, 2, 3)).toEqual(draw(1, 2, 3));
    expect(draw(1, 2, 3)).not.toEqual(draw(1, 2, 4));
    expect(hashKeys(2 ** 40, 1)).not.toBe(hashKeys(2 ** 41, 1));
    expect(seedNumber('tradewise')).toBe(seedNumber('tradewise'));
    expect(seedNumber('a')).not.toBe(seedNumber('b'));
  });

  it('stays in range', () => {
    const random = new Random(3);
    for (let draw = 0; draw < 10_000; draw++) {
      const value = random.next();
      expect(value >= 0 && value < 1).toBe(true);
      const integer = random.int(-3, 3);
      expect(integer >= -3 && integer <= 3).toBe(true);
    }
    expect(unitHash(1, 2)).toBeLessThan(1);
  });

  it('partitions totals into positive parts and draws distinct sorted values', () => {
    const random = new Random(5);
    for (let draw = 0; draw < 500; draw++) {
      const total = random.int(1, 1_000);
      const parts = random.partition(total, random.int(1, Math.min(total, 10)));
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.every((part) => part >= 1)).toBe(true);
      const values = random.distinctSorted(5, 0, 9);
      expect(new Set(values).size).toBe(5);
      expect([...values].sort((a, b) => a - b)).toEqual(values);
    }
  });

  it('makes noise that is smooth between whole steps', () => {
    for (let x = 0; x < 20; x += 0.01) {
      const value = smoothNoise(x, 9);
      expect(Math.abs(value)).toBeLessThanOrEqual(1);
      expect(Math.abs(smoothNoise(x + 0.001, 9) - value)).toBeLessThan(0.01);
    }
  });
});
