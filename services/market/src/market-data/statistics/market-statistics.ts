/** What the statistics read of an order: ESI's region and structure orders both fit. */
export interface StatisticsOrder {
  readonly is_buy_order: boolean;
  readonly price: number;
  readonly volume_remain: number;
}

/** The answer of GET /market/stats/{regionId}/{typeId} (shared/facts/public-api.md). Prices in ISK. */
export interface MarketStatistics {
  readonly buyVolume: number;
  readonly sellVolume: number;
  readonly buyOrders: number;
  readonly sellOrders: number;
  readonly buyOutliers: number;
  readonly sellOutliers: number;
  /** Buy orders priced below this (10% of the highest buy) were left out. */
  readonly buyThreshold: number;
  /** Sell orders priced at or above this (10 times the lowest sell) were left out. */
  readonly sellThreshold: number;
  readonly buyAvgFivePercent: number;
  readonly sellAvgFivePercent: number;
  readonly maxBuy: number;
  readonly minSell: number;
}

interface SideStatistics {
  readonly volume: number;
  readonly orders: number;
  readonly outliers: number;
  /** In tenths of a cent, so 10% of a price in cents stays exact. */
  readonly thresholdMilliIsk: number;
  readonly bestCents: number;
  readonly avgFivePercentCents: number;
}

const EMPTY_SIDE: SideStatistics = {
  volume: 0,
  orders: 0,
  outliers: 0,
  thresholdMilliIsk: 0,
  bestCents: 0,
  avgFivePercentCents: 0,
};

/**
 * The market statistics of public-tools.md §5 and §9 over one book:
 * - buy orders priced below 10% of the highest buy and sell orders priced at or above ten times the lowest sell
 *   are outliers, counted and left out;
 * - the 5% figure of a side is the volume-weighted average price of its best orders (highest buys, lowest
 *   sells) that cover 5% of the side's remaining volume, the last of them counted in part;
 * - a side without orders gives zeros.
 * Prices are taken as whole cents (ISK has two decimals) and every comparison and sum is exact; the averages
 * are rounded half up to the cent. Linear time: the best 5% are found by selection, not by sorting the book.
 */
export function marketStatistics(orders: readonly StatisticsOrder[]): MarketStatistics {
  const buys = SideBook.scratch(0, orders.length);
  const sells = SideBook.scratch(1, orders.length);
  for (const order of orders) {
    if (!Number.isSafeInteger(order.volume_remain) || order.volume_remain <= 0 || !(order.price >= 0))
      continue;
    (order.is_buy_order ? buys : sells).add(Math.round(order.price * 100), order.volume_remain);
  }
  const buy = sideStatistics(buys, 'buy');
  const sell = sideStatistics(sells, 'sell');
  return {
    buyVolume: buy.volume,
    sellVolume: sell.volume,
    buyOrders: buy.orders,
    sellOrders: sell.orders,
    buyOutliers: buy.outliers,
    sellOutliers: sell.outliers,
    buyThreshold: buy.thresholdMilliIsk / 1000,
    sellThreshold: sell.thresholdMilliIsk / 1000,
    buyAvgFivePercent: buy.avgFivePercentCents / 100,
    sellAvgFivePercent: sell.avgFivePercentCents / 100,
    maxBuy: buy.bestCents / 100,
    minSell: sell.bestCents / 100,
  };
}

/** Books up to this size reuse two sides' arrays between calls (the computation is synchronous) instead of garbage. */
const REUSED_CAPACITY = 100_000;
const reused: SideBook[] = [];

/** One side's prices (whole cents) and volumes, in typed arrays. */
class SideBook {
  readonly cents: Float64Array;
  readonly volumes: Float64Array;
  count = 0;

  private constructor(capacity: number) {
    this.cents = new Float64Array(capacity);
    this.volumes = new Float64Array(capacity);
  }

  /** An empty side for up to `capacity` orders: slot 0 or 1 of the reused ones, or a new one for a huge book. */
  static scratch(slot: 0 | 1, capacity: number): SideBook {
    if (capacity > REUSED_CAPACITY) return new SideBook(capacity);
    let book = reused[slot];
    if (book === undefined || book.cents.length < capacity) {
      book = new SideBook(Math.max(capacity, 1024));
      reused[slot] = book;
    }
    book.count = 0;
    return book;
  }

  add(cents: number, volume: number): void {
    this.cents[this.count] = cents;
    this.volumes[this.count] = volume;
    this.count += 1;
  }
}

function sideStatistics(book: SideBook, side: 'buy' | 'sell'): SideStatistics {
  const { cents, volumes, count } = book;
  if (count === 0) return EMPTY_SIDE;
  let bestCents = cents[0]!;
  for (let index = 1; index < count; index++) {
    const price = cents[index]!;
    if (side === 'buy' ? price > bestCents : price < bestCents) bestCents = price;
  }
  // Kept orders are moved to the front, their price turned into a key that sorts best first (buys negated).
  let kept = 0;
  let volume = 0;
  for (let index = 0; index < count; index++) {
    const price = cents[index]!;
    const outlier =
      side === 'buy' ? compareTenTimes(price, bestCents) < 0 : compareTenTimes(bestCents, price) <= 0;
    if (outlier) continue;
    cents[kept] = side === 'buy' ? -price : price;
    volumes[kept] = volumes[index]!;
    volume += volumes[index]!;
    kept += 1;
  }
  return {
    volume,
    orders: kept,
    outliers: count - kept,
    thresholdMilliIsk: side === 'buy' ? bestCents : bestCents * 100,
    bestCents,
    avgFivePercentCents: averageOfBestFivePercent(cents, volumes, kept, volume),
  };
}

/** The sign of `a × 10 − b`, exact for any whole number of cents a double holds. */
function compareTenTimes(a: number, b: number): number {
  const product = a * 10;
  if (product <= Number.MAX_SAFE_INTEGER) return Math.sign(product - b);
  const exact = BigInt(a) * 10n - BigInt(b);
  return exact === 0n ? 0 : exact < 0n ? -1 : 1;
}

/**
 * The volume-weighted average price (in cents) of the orders with the lowest keys that cover 5% of
 * `totalVolume`. Counted in twentieths of a unit, 5% of the volume is `totalVolume` twentieths, so a fractional
 * target (5% of 30 units is 1.5) stays exact. A weighted quickselect: partition around a pivot key into lower,
 * equal and higher; the lower part either holds the whole target (look only there) or is taken whole (look
 * above it). Equal keys are interchangeable, so ties at the boundary need no order among themselves.
 */
function averageOfBestFivePercent(
  keys: Float64Array,
  volumes: Float64Array,
  count: number,
  totalVolume: number,
): number {
  if (totalVolume === 0) return 0;
  let remaining = totalVolume;
  let weighted = 0n;
  let low = 0;
  let high = count;
  // The kept volume always covers what remains, so the range never runs out before the target is met.
  while (low < high) {
    const pivot = keys[low + ((high - low) >> 1)]!;
    let lowerEnd = low;
    let scan = low;
    let higherStart = high;
    let lowerVolume = 0;
    let equalVolume = 0;
    while (scan < higherStart) {
      const key = keys[scan]!;
      if (key < pivot) {
        lowerVolume += volumes[scan]!;
        swap(keys, volumes, lowerEnd, scan);
        lowerEnd += 1;
        scan += 1;
      } else if (key > pivot) {
        higherStart -= 1;
        swap(keys, volumes, scan, higherStart);
      } else {
        equalVolume += volumes[scan]!;
        scan += 1;
      }
    }
    if (remaining <= lowerVolume * 20) {
      high = lowerEnd;
      continue;
    }
    for (let index = low; index < lowerEnd; index++) {
      weighted += BigInt(keys[index]!) * BigInt(volumes[index]! * 20);
    }
    remaining -= lowerVolume * 20;
    const equalTwentieths = equalVolume * 20;
    if (remaining <= equalTwentieths) {
      weighted += BigInt(pivot) * BigInt(remaining);
      break;
    }
    weighted += BigInt(pivot) * BigInt(equalTwentieths);
    remaining -= equalTwentieths;
    low = higherStart;
  }
  // Buy keys are negated prices: every key of one side has the same sign.
  const magnitude = weighted < 0n ? -weighted : weighted;
  const target = BigInt(totalVolume);
  return Number((2n * magnitude + target) / (2n * target));
}

function swap(keys: Float64Array, volumes: Float64Array, a: number, b: number): void {
  const key = keys[a]!;
  keys[a] = keys[b]!;
  keys[b] = key;
  const volume = volumes[a]!;
  volumes[a] = volumes[b]!;
  volumes[b] = volume;
}
