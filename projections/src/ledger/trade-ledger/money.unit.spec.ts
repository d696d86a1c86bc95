import {
  applyRate,
  centsToIsk,
  iskToCents,
  multiplyDivideRounded,
  percentToPpm,
  shareOfUnits,
  unitsWithin,
} from './money';

/** A small deterministic generator, so every run checks the same cases. */
function lcg(seed: number): () => number {
  let value = seed;
  return () => {
    value = (value * 1_103_515_245 + 12_345) % 2_147_483_648;
    return value / 2_147_483_648;
  };
}

describe('money in integer cents', () => {
  it('given ESI doubles with two decimals, when converted, then they become the exact cents', () => {
    expect(iskToCents(1234.57)).toBe(123_457);
    expect(iskToCents(0.1 + 0.2)).toBe(30);
    expect(iskToCents(-33.75)).toBe(-3_375);
    expect(iskToCents(29500.01)).toBe(2_950_001);
    expect(iskToCents(150_000_000_000.99)).toBe(15_000_000_000_099);
    expect(centsToIsk(123_457)).toBe(1234.57);
    expect(() => iskToCents(Number.NaN)).toThrow('finite');
    expect(() => iskToCents(1e20)).toThrow('whole number of cents');
  });

  it('given percentages from the settings form, when converted, then they are parts per million', () => {
    expect(percentToPpm(0.5)).toBe(5_000);
    expect(percentToPpm(3.375)).toBe(33_750);
    expect(percentToPpm(0.001)).toBe(10);
    expect(() => percentToPpm(-1)).toThrow('≥ 0');
  });

  it('given a rate, when applied, then halves round up to whole cents', () => {
    expect(applyRate(1_200_00, 35_000)).toBe(42_00);
    expect(applyRate(50, 10_000)).toBe(1);
    expect(applyRate(49, 10_000)).toBe(0);
    expect(applyRate(99_99, 10_000)).toBe(1_00);
  });

  it('given products beyond 2^53, when scaled, then the result equals exact BigInt arithmetic', () => {
    const random = lcg(7);
    for (let draw = 0; draw < 2_000; draw++) {
      const a = Math.floor(random() * 10 ** Math.ceil(random() * 15));
      const b = Math.floor(random() * 10 ** Math.ceil(random() * 9));
      const divisor = 1 + Math.floor(random() * 10 ** Math.ceil(random() * 7));
      const exact = (BigInt(a) * BigInt(b) * 2n + BigInt(divisor)) / (BigInt(divisor) * 2n);
      if (exact > BigInt(Number.MAX_SAFE_INTEGER)) continue;
      expect(multiplyDivideRounded(a, b, divisor)).toBe(Number(exact));
    }
  });

  it('given a total split over unit ranges, when the parts are added, then they make the total to the cent', () => {
    const random = lcg(11);
    for (let draw = 0; draw < 500; draw++) {
      const quantity = 1 + Math.floor(random() * 10_000);
      const total = Math.floor(random() * 10 ** Math.ceil(random() * 13));
      let from = 0;
      let sum = 0;
      while (from < quantity) {
        const to = Math.min(quantity, from + 1 + Math.floor(random() * quantity * 0.3));
        const part = shareOfUnits(total, quantity, from, to);
        expect(part).toBeGreaterThanOrEqual(0);
        sum += part;
        from = to;
      }
      expect(sum).toBe(total);
    }
  });

  it('given 1.00 over 3 units, when split unit by unit, then the running remainder gives 0.33, 0.34, 0.33', () => {
    expect([0, 1, 2].map((unit) => shareOfUnits(100, 3, unit, unit + 1))).toEqual([33, 34, 33]);
  });

  it('given a budget, when units at a price are fitted in it, then only whole units that fit are counted', () => {
    expect(unitsWithin(1_000, 500)).toBe(2);
    expect(unitsWithin(999, 500)).toBe(1);
    expect(unitsWithin(499, 500)).toBe(0);
    expect(unitsWithin(-1, 500)).toBe(0);
    expect(unitsWithin(10 ** 15, 3 * 10 ** 13)).toBe(33);
    expect(unitsWithin(10 ** 15, 1)).toBe(10 ** 15);
    expect(unitsWithin(10 ** 15, Number.MAX_SAFE_INTEGER - 1)).toBe(0);
    const random = lcg(11);
    for (let draw = 0; draw < 500; draw++) {
      const budget = Math.floor(random() * 2 ** 52);
      const price = 1 + Math.floor(random() * 10 ** Math.ceil(random() * 15));
      expect(BigInt(unitsWithin(budget, price))).toBe(BigInt(budget) / BigInt(price));
    }
  });
});
