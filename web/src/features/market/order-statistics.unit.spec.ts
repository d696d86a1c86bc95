import { orderStatistics, type PricedOrder } from './order-statistics';

const sell = (price: number, volumeRemain: number): PricedOrder => ({
  isBuyOrder: false,
  price,
  volumeRemain,
});
const buy = (price: number, volumeRemain: number): PricedOrder => ({ isBuyOrder: true, price, volumeRemain });

describe('summary statistics of the shown orders', () => {
  it('gives zeros for no orders', () => {
    expect(orderStatistics([])).toEqual({
      sellOrders: 0,
      buyOrders: 0,
      sellVolume: 0,
      buyVolume: 0,
      minSell: 0,
      maxBuy: 0,
      sellAvgFivePercent: 0,
      buyAvgFivePercent: 0,
      sellOutliers: 0,
      buyOutliers: 0,
    });
  });

  it('finds the lowest sell, the highest buy, volumes and counts', () => {
    const stats = orderStatistics([sell(5.5, 100), sell(5, 300), buy(4, 50), buy(4.5, 25), buy(3, 10)]);
    expect(stats).toMatchObject({
      sellOrders: 2,
      buyOrders: 3,
      sellVolume: 400,
      buyVolume: 85,
      minSell: 5,
      maxBuy: 4.5,
    });
  });

  it('leaves out sells at or above ten times the lowest sell, and buys below 10% of the highest buy', () => {
    const stats = orderStatistics([
      sell(10, 100),
      sell(99.99, 5),
      sell(100, 7), // exactly ten times: left out
      sell(5000, 1),
      buy(1000, 10),
      buy(100, 3), // exactly 10%: kept
      buy(99.99, 4),
      buy(0.01, 1_000_000),
    ]);
    expect(stats).toMatchObject({
      sellOrders: 2,
      sellVolume: 105,
      sellOutliers: 2,
      buyOrders: 2,
      buyVolume: 13,
      buyOutliers: 2,
      minSell: 10,
      maxBuy: 1000,
    });
  });

  it('averages the cheapest sells covering 5% of the volume, counting the last one only in part', () => {
    // 1000 units: 5% is 50 units = 20 at 10.00 and 30 of the 100 at 11.00 -> (200 + 330) / 50 = 10.60.
    const stats = orderStatistics([sell(12, 880), sell(11, 100), sell(10, 20)]);
    expect(stats.sellVolume).toBe(1000);
    expect(stats.sellAvgFivePercent).toBe(10.6);
  });

  it('averages the highest buys covering 5% of the volume', () => {
    // 400 units: 5% is 20 units = 10 at 8.00 and 10 at 7.00 -> 7.50.
    const stats = orderStatistics([buy(7, 90), buy(8, 10), buy(6, 300)]);
    expect(stats.buyAvgFivePercent).toBe(7.5);
  });

  it('takes the best price when one order covers 5%, even of a tiny volume', () => {
    expect(orderStatistics([sell(3.33, 1), sell(4, 1)]).sellAvgFivePercent).toBe(3.33);
    expect(orderStatistics([buy(1_234_567.89, 7)]).buyAvgFivePercent).toBe(1_234_567.89);
  });

  it('is exact to the cent over large books (no float drift)', () => {
    const orders = Array.from({ length: 20_000 }, (_, index) => sell(0.1 + (index % 3) * 0.01, 1_000_000));
    const stats = orderStatistics(orders);
    expect(stats.sellVolume).toBe(20_000_000_000);
    expect(stats.minSell).toBe(0.1);
    expect(stats.sellAvgFivePercent).toBe(0.1);
    // Half a cent rounds up: 1 unit at 1.00 and 1 at 1.01 -> 1.005 -> 1.01.
    const halves = orderStatistics([sell(1, 1), sell(1.01, 1), sell(1.5, 38)]);
    expect(halves.sellVolume).toBe(40);
    expect(halves.sellAvgFivePercent).toBe(1.01);
  });

  it('ignores orders with nothing left', () => {
    expect(orderStatistics([sell(1, 0), sell(2, 5)])).toMatchObject({ sellOrders: 1, minSell: 2 });
  });
});
