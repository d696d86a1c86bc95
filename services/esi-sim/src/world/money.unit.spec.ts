import {
  allocateByQuantity,
  applyRate,
  applyRates,
  formatIsk,
  tickPrice,
  ticksAway,
  tickUnit,
} from './money';
import { Random } from './prng';

describe('money in cents', () => {
  it('applies a rate exactly, rounding half away from zero, for any amount', () => {
    const random = new Random(7);
    for (let draw = 0; draw < 2_000; draw++) {
      const amount = Math.floor(random.next() * 10 ** random.int(1, 15)) * (random.chance(0.2) ? -1 : 1);
      const rate = random.int(0, 1_000_000);
      const exact = BigInt(Math.abs(amount)) * BigInt(rate);
      const rounded = Number((exact * 2n + 1_000_000n) / 2_000_000n) * Math.sign(amount);
      expect(applyRate(amount, rate) + 0).toBe(rounded + 0);
    }
    expect(applyRate(1_000_000_00, 33_750)).toBe(33_750_00);
    expect(applyRate(50, 10_000)).toBe(1);
    expect(applyRate(49, 10_000)).toBe(0);
  });

  it('applies two rates with one rounding', () => {
    expect(applyRates(1_000_000_00, 15_000, 300_000)).toBe(4_500_00);
    expect(applyRates(333, 500_000, 500_000)).toBe(83);
  });

  it('snaps prices to four significant figures and two decimals', () => {
    expect(tickPrice(1234.5678)).toBe(1235_00);
    expect(tickPrice(5.678)).toBe(568);
    expect(tickPrice(1_001_499)).toBe(1_001_000_00);
    expect(tickPrice(0.001)).toBe(1);
    expect(tickUnit(1235_00)).toBe(100);
    expect(tickUnit(568)).toBe(1);
  });

  it('steps a price by whole ticks, across a power of ten both ways, and keeps it valid', () => {
    expect(ticksAway(1000_00, -1)).toBe(999_90);
    expect(ticksAway(999_90, 1)).toBe(1000_00);
    expect(ticksAway(1235_00, -3)).toBe(1232_00);
    expect(ticksAway(1, -2)).toBe(1);
    for (let price = 1; price < 5_000_000; price = Math.ceil(price * 1.37)) {
      const valid = tickPrice(price / 100);
      for (const ticks of [-3, -1, 1, 3]) {
        const moved = ticksAway(valid, ticks);
        expect(tickPrice(moved / 100)).toBe(moved);
        expect(Math.sign(moved - valid)).toBe(valid === 1 && ticks < 0 ? 0 : Math.sign(ticks));
      }
    }
  });

  it('shares a total over quantities so the parts add up exactly', () => {
    const random = new Random(11);
    for (let draw = 0; draw < 500; draw++) {
      const total = random.int(0, 10 ** 12);
      const quantities = Array.from({ length: random.int(1, 8) }, () => random.int(1, 10 ** 6));
      const parts = allocateByQuantity(total, quantities);
      expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
      expect(parts.every((part) => Number.isInteger(part) && part >= 0)).toBe(true);
    }
    expect(allocateByQuantity(100, [1, 1, 1])).toEqual([33, 34, 33]);
  });

  it('formats ISK for descriptions', () => {
    expect(formatIsk(123_456_789_01)).toBe('123,456,789.01 ISK');
    expect(formatIsk(-5)).toBe('-0.05 ISK');
  });
});
