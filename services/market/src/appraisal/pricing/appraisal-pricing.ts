import type { EsiMarketPrice, EsiRegionOrder } from '@tradewise/contracts';
import type { AppraisalMethod } from './appraisal-method';
import { priceCents, type Cents } from './cents';
import { topOfBook, walkBuyOrders, type SellNowWalk } from './order-book.walk';
import { toMicroCubicMetres, type MicroCubicMetres } from './volume';

/** What pricing needs to know of a type (from the static data). */
export interface AppraisalTypeInfo {
  readonly typeId: number;
  readonly typeName: string;
  /** m³ per unit as hauled: the packaged volume for ships, else the volume. */
  readonly unitVolume: number;
  /** In the Blueprint category (blueprints and reaction formulas): not appraised. */
  readonly blueprint: boolean;
  /** Published with a market group: anything else has no market to price it. */
  readonly marketType: boolean;
}

export interface AppraisalLine {
  readonly typeId: number;
  readonly quantity: number;
}

type BookOrder = Pick<EsiRegionOrder, 'is_buy_order' | 'price' | 'volume_remain' | 'min_volume'>;

export interface PricingSources {
  /** The region's book per type; a type missing here has no orders. */
  readonly books: ReadonlyMap<number, { readonly orders: readonly BookOrder[] }>;
  /** ESI's average prices, the fallback for types without orders; null when unavailable. */
  readonly esiPrices: ReadonlyMap<number, EsiMarketPrice> | null;
}

export interface PricedItem {
  readonly index: number;
  readonly typeId: number;
  readonly typeName: string;
  readonly quantity: number;
  readonly unitVolume: number;
  readonly totalVolumeMicro: MicroCubicMetres;
  readonly sellCents: Cents;
  readonly buyCents: Cents;
  readonly totalSellCents: Cents;
  readonly totalBuyCents: Cents;
  readonly method: AppraisalMethod;
  /** Selling the quantity into the buy orders now; null unless priced from orders. */
  readonly sellNow: SellNowWalk | null;
}

export interface PricedAppraisal {
  readonly items: readonly PricedItem[];
  readonly totalSellCents: Cents;
  readonly totalBuyCents: Cents;
  readonly totalVolumeMicro: MicroCubicMetres;
  /** Sum of the sell-now proceeds of the rows priced from orders. */
  readonly totalSellNowCents: Cents;
  readonly totalSlippageCents: Cents;
}

/** Whether a type is priced from the order book (so its book must be fetched). */
export function needsOrderBook(type: AppraisalTypeInfo): boolean {
  return type.marketType && !type.blueprint;
}

/** The same type listed twice is one row: quantities summed, in order of first appearance. */
export function mergeLines(lines: readonly AppraisalLine[]): AppraisalLine[] {
  const quantities = new Map<number, number>();
  for (const line of lines) quantities.set(line.typeId, (quantities.get(line.typeId) ?? 0) + line.quantity);
  return [...quantities].map(([typeId, quantity]) => ({ typeId, quantity }));
}

/**
 * Values each row (public-tools §2, §3): blueprints are not appraised (BLUEPRINT); a type the market does not
 * list is NONE; a type with orders in the region is MARKET_ORDERS, its sell price the lowest sell and its buy
 * price the highest buy (a side without orders counts 0), with the sell-now walk of the buy side beside them;
 * without orders ESI's average price is used for both (ESI_PRICE); without that either, INSUFFICIENT_DATA.
 * Money is whole cents throughout; volumes are whole micro-m³.
 */
export function priceAppraisal(
  lines: readonly AppraisalLine[],
  typeInfo: (typeId: number) => AppraisalTypeInfo,
  sources: PricingSources,
): PricedAppraisal {
  let totalSell = 0n;
  let totalBuy = 0n;
  let totalVolume = 0n;
  let totalSellNow = 0n;
  let totalSlippage = 0n;
  const items = lines.map((line, index): PricedItem => {
    const type = typeInfo(line.typeId);
    const quantity = BigInt(line.quantity);
    const priced = priceOne(type, line.quantity, sources);
    const item: PricedItem = {
      index,
      typeId: type.typeId,
      typeName: type.typeName,
      quantity: line.quantity,
      unitVolume: type.unitVolume,
      totalVolumeMicro: toMicroCubicMetres(type.unitVolume) * quantity,
      sellCents: priced.sell,
      buyCents: priced.buy,
      totalSellCents: priced.sell * quantity,
      totalBuyCents: priced.buy * quantity,
      method: priced.method,
      sellNow: priced.sellNow,
    };
    totalSell += item.totalSellCents;
    totalBuy += item.totalBuyCents;
    totalVolume += item.totalVolumeMicro;
    if (item.sellNow) {
      totalSellNow += item.sellNow.proceedsCents;
      totalSlippage += item.sellNow.slippageCents;
    }
    return item;
  });
  return {
    items,
    totalSellCents: totalSell,
    totalBuyCents: totalBuy,
    totalVolumeMicro: totalVolume,
    totalSellNowCents: totalSellNow,
    totalSlippageCents: totalSlippage,
  };
}

interface RowPrice {
  readonly method: AppraisalMethod;
  readonly sell: Cents;
  readonly buy: Cents;
  readonly sellNow: SellNowWalk | null;
}

function priceOne(type: AppraisalTypeInfo, quantity: number, sources: PricingSources): RowPrice {
  if (type.blueprint) return { method: 'BLUEPRINT', sell: 0n, buy: 0n, sellNow: null };
  if (!type.marketType) return { method: 'NONE', sell: 0n, buy: 0n, sellNow: null };
  const orders = sources.books.get(type.typeId)?.orders ?? [];
  const top = topOfBook(orders);
  if (top.sellOrders + top.buyOrders > 0) {
    return {
      method: 'MARKET_ORDERS',
      sell: top.lowestSellCents ?? 0n,
      buy: top.highestBuyCents ?? 0n,
      sellNow: walkBuyOrders(orders, quantity),
    };
  }
  const average = sources.esiPrices?.get(type.typeId)?.average_price;
  if (average !== undefined && average > 0) {
    const price = priceCents(average);
    return { method: 'ESI_PRICE', sell: price, buy: price, sellNow: null };
  }
  return { method: 'INSUFFICIENT_DATA', sell: 0n, buy: 0n, sellNow: null };
}
