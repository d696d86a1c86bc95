import { multiplyDivideRounded } from './money';
import { lotShare, orderFeeTruth } from './order-fee-truth';
import { Random } from './prng';
import type { OrderRecord, OrderStep } from './world-records';

function order(volumeTotal: number, steps: OrderStep[]): OrderRecord {
  return {
    orderId: 1,
    characterId: 2,
    walletDivision: 1,
    typeId: 34,
    regionId: 10000002,
    locationId: 60003760,
    isBuy: false,
    range: 'region',
    durationDays: 90,
    minVolume: 1,
    volumeTotal,
    steps,
    closedMs: steps[steps.length - 1]!.timeMs,
    closeState: 'expired',
  };
}

const placed = (timeMs: number, volumeRemain: number, brokerFee: number): OrderStep => ({
  timeMs,
  kind: 'placed',
  price: 100,
  volumeRemain,
  brokerFee,
});
const modified = (timeMs: number, volumeRemain: number, brokerFee: number): OrderStep => ({
  timeMs,
  kind: 'modified',
  price: 99,
  volumeRemain,
  brokerFee,
});
const filled = (timeMs: number, volumeRemain: number, transactionId: number): OrderStep => ({
  timeMs,
  kind: 'filled',
  price: 100,
  volumeRemain,
  transactionId,
});

describe('the broker fee allocation rule', () => {
  it('shares a placement fee over the fills by the units they took', () => {
    const truth = orderFeeTruth(order(10, [placed(0, 10, 1_000_00), filled(1, 7, 11), filled(2, 0, 12)]));
    expect(truth.fills.map((fill) => [fill.transactionId, fill.quantity, fill.brokerFee])).toEqual([
      [11, 3, 300_00],
      [12, 7, 700_00],
    ]);
    expect(truth.unfilledBrokerFee).toBe(0);
  });

  it('shares a change fee over the units left on the order when it was charged', () => {
    const truth = orderFeeTruth(
      order(3, [placed(0, 3, 100_00), filled(1, 2, 11), modified(2, 2, 50_00), filled(3, 0, 12)]),
    );
    expect(truth.fills.map((fill) => fill.brokerFee)).toEqual([33_33, 66_67 + 50_00]);
    expect(truth.fees).toEqual([
      { timeMs: 0, amount: 100_00, volumeRemain: 3 },
      { timeMs: 2, amount: 50_00, volumeRemain: 2 },
    ]);
    expect(truth.unfilledBrokerFee).toBe(0);
  });

  it('leaves the share of units that never filled to the order', () => {
    const truth = orderFeeTruth(order(4, [placed(0, 4, 100_00), filled(1, 3, 11), modified(2, 3, 30_00)]));
    expect(truth.fills.map((fill) => fill.brokerFee)).toEqual([25_00]);
    expect(truth.unfilledBrokerFee).toBe(75_00 + 30_00);
  });

  it('gives the fills and the unfilled units exactly the order’s fees, for any order', () => {
    const random = new Random(41);
    for (let draw = 0; draw < 3_000; draw++) {
      const volume = random.chance(0.3) ? random.int(1, 10) : random.int(1, 50_000_000);
      const steps: OrderStep[] = [placed(0, volume, random.int(100_00, 10 ** random.int(5, 14)))];
      let remain = volume;
      const events = random.int(0, 12);
      for (let event = 1; event <= events && remain > 0; event++) {
        if (random.chance(0.35))
          steps.push(modified(event, remain, random.int(100_00, 10 ** random.int(5, 13))));
        else {
          remain -= random.int(1, remain);
          steps.push(filled(event, remain, event));
        }
      }
      const truth = orderFeeTruth(order(volume, steps));
      const charged = truth.fees.reduce((sum, fee) => sum + fee.amount, 0);
      const filledFees = truth.fills.reduce((sum, fill) => sum + fill.brokerFee, 0);
      expect(filledFees + truth.unfilledBrokerFee).toBe(charged);
      expect(truth.fills.every((fill) => fill.brokerFee >= 0)).toBe(true);
      expect(truth.unfilledBrokerFee).toBeGreaterThanOrEqual(0);
      if (remain === 0) expect(truth.unfilledBrokerFee).toBe(0);
      expect(truth.fills.reduce((sum, fill) => sum + fill.quantity, 0)).toBe(volume - remain);
    }
  });

  it('shares a purchase lot’s fee over the units sales take from it', () => {
    expect([lotShare(100_00, 3, 0, 1), lotShare(100_00, 3, 1, 3)]).toEqual([33_33, 66_67]);
    expect(lotShare(0, 5, 1, 4)).toBe(0);
  });
});

describe('multiplyDivideRounded', () => {
  it('rounds halves up, exactly, where the product passes 2^53 too', () => {
    expect(multiplyDivideRounded(10_000, 1, 3)).toBe(3_333);
    expect(multiplyDivideRounded(10_000, 2, 3)).toBe(6_667);
    expect(multiplyDivideRounded(5, 1, 2)).toBe(3);
    expect(multiplyDivideRounded(-5, 1, 2)).toBe(-2);
    const random = new Random(43);
    for (let draw = 0; draw < 2_000; draw++) {
      const amount = Math.floor(random.next() * 10 ** random.int(1, 15)) * (random.chance(0.2) ? -1 : 1);
      const denominator = random.int(1, 10 ** random.int(1, 9));
      const numerator = random.int(0, denominator);
      const twice = 2n * BigInt(amount) * BigInt(numerator) + BigInt(denominator);
      const divisor = 2n * BigInt(denominator);
      const floor = twice / divisor - (twice % divisor < 0n ? 1n : 0n);
      expect(multiplyDivideRounded(amount, numerator, denominator)).toBe(Number(floor));
    }
  });
});
