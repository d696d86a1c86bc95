/** Summary statistics of the orders shown (public-tools §5 Statistics), in exact cents. */

export interface PricedOrder {
  readonly isBuyOrder: boolean;
  readonly price: number;
  readonly volumeRemain: number;
}

export interface OrderStatistics {
  readonly sellOrders: number;
  readonly buyOrders: number;
  readonly sellVolume: number;
  readonly buyVolume: number;
  /** 0 when there is no sell order. */
  readonly minSell: number;
  /** 0 when there is no buy order. */
  readonly maxBuy: number;
  readonly sellAvgFivePercent: number;
  readonly buyAvgFivePercent: number;
  /** Orders left out as outliers. */
  readonly sellOutliers: number;
  readonly buyOutliers: number;
}

interface CentOrder {
  readonly cents: bigint;
  readonly volume: bigint;
}

const toCentOrder = (order: PricedOrder): CentOrder => ({
  cents: BigInt(Math.round(order.price * 100)),
  volume: BigInt(order.volumeRemain),
});

/**
 * The volume-weighted average price of the best orders covering 5% of the volume, the last one counted only
 * for the part needed. Weights are kept in twentieths of a unit so 5% of any volume is a whole number: the
 * average is exact and rounded to the cent once.
 */
function fivePercentAverageCents(bestFirst: readonly CentOrder[], totalVolume: bigint): bigint {
  if (totalVolume === 0n) return 0n;
  let remaining = totalVolume; // 5% of the volume, in twentieths
  let weighted = 0n;
  for (const order of bestFirst) {
    const take = order.volume * 20n < remaining ? order.volume * 20n : remaining;
    weighted += order.cents * take;
    remaining -= take;
    if (remaining === 0n) break;
  }
  return (weighted * 2n + totalVolume) / (totalVolume * 2n); // rounded half up
}

const sum = (orders: readonly CentOrder[]) => orders.reduce((total, order) => total + order.volume, 0n);
const toIsk = (cents: bigint) => Number(cents) / 100;

/**
 * Min sell, max buy, volumes, order counts and the 5% averages. Buy orders below 10% of the highest buy and sell
 * orders at or above ten times the lowest sell are left out first.
 */
export function orderStatistics(orders: readonly PricedOrder[]): OrderStatistics {
  const sells = orders.filter((order) => !order.isBuyOrder && order.volumeRemain > 0).map(toCentOrder);
  const buys = orders.filter((order) => order.isBuyOrder && order.volumeRemain > 0).map(toCentOrder);
  sells.sort((a, b) => (a.cents < b.cents ? -1 : a.cents > b.cents ? 1 : 0));
  buys.sort((a, b) => (a.cents > b.cents ? -1 : a.cents < b.cents ? 1 : 0));

  const minSellCents = sells[0]?.cents ?? 0n;
  const maxBuyCents = buys[0]?.cents ?? 0n;
  const keptSells = sells.filter((order) => order.cents < minSellCents * 10n);
  const keptBuys = buys.filter((order) => order.cents * 10n >= maxBuyCents);
  const sellVolume = sum(keptSells);
  const buyVolume = sum(keptBuys);

  return {
    sellOrders: keptSells.length,
    buyOrders: keptBuys.length,
    sellVolume: Number(sellVolume),
    buyVolume: Number(buyVolume),
    minSell: toIsk(minSellCents),
    maxBuy: toIsk(maxBuyCents),
    sellAvgFivePercent: toIsk(fivePercentAverageCents(keptSells, sellVolume)),
    buyAvgFivePercent: toIsk(fivePercentAverageCents(keptBuys, buyVolume)),
    sellOutliers: sells.length - keptSells.length,
    buyOutliers: buys.length - keptBuys.length,
  };
}
