import type { EsiMarketPrice, EsiRegionOrder } from '@tradewise/contracts';
import type { AppraisalMethod } from './appraisal-method';
import { priceCents, type Cents } from './cents';
import { topOfBook, walkBuyOrders, type SellNowWalk } from './order-book.walk';
import { applyPercent, orderSidePrices, type PriceMode } from './price-mode';
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

/** How prices are read from the orders, and the share of them quoted (a buyback's 90%); default top of book, 100%. */
export interface PricingOptions {
  readonly mode?: PriceMode;
  readonly percent?: number;
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
  /** The row's method: the less sure of its two sides (a side without a price makes it INSUFFICIENT_DATA). */
  readonly method: AppraisalMethod;
  /** Where the sell price came from: orders, ESI's average, or nowhere (INSUFFICIENT_DATA, counted as 0). */
  readonly sellMethod: AppraisalMethod;
  readonly buyMethod: AppraisalMethod;
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
  /** Rows of market types whose sell (buy) side has no price at all: their 0 is not a value, and the total lacks them. */
  readonly unpricedSellRows: number;
  readonly unpricedBuyRows: number;
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
 * list is NONE. Each side of a market type is priced on its own: the sell price is the lowest sell order and the
 * buy price the highest buy order (MARKET_ORDERS); a side without orders falls back to ESI's average price
 * (ESI_PRICE) or, without that, has no price (INSUFFICIENT_DATA, 'Not appraised, no orders.', counted as 0 and
 * reported in the unpriced row counts). The row's method is the less sure of its sides, so a row with one empty
 * side never claims market orders for both. The sell-now walk of the buy side sits beside them when the book has
 * orders. Money is whole cents throughout; volumes are whole micro-m³.
 */
export function priceAppraisal(
  lines: readonly AppraisalLine[],
  typeInfo: (typeId: number) => AppraisalTypeInfo,
  sources: PricingSources,
  options: PricingOptions = {},
): PricedAppraisal {
  let totalSell = 0n;
  let totalBuy = 0n;
  let totalVolume = 0n;
  let totalSellNow = 0n;
  let totalSlippage = 0n;
  let unpricedSellRows = 0;
  let unpricedBuyRows = 0;
  const items = lines.map((line, index): PricedItem => {
    const type = typeInfo(line.typeId);
    const quantity = BigInt(line.quantity);
    const priced = priceOne(type, line.quantity, sources, options);
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
      sellMethod: priced.sellMethod,
      buyMethod: priced.buyMethod,
      sellNow: priced.sellNow,
    };
    if (priced.sellMethod === 'INSUFFICIENT_DATA') unpricedSellRows += 1;
    if (priced.buyMethod === 'INSUFFICIENT_DATA') unpricedBuyRows += 1;
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
    unpricedSellRows,
    unpricedBuyRows,
  };
}

interface RowPrice {
  readonly method: AppraisalMethod;
  readonly sellMethod: AppraisalMethod;
  readonly buyMethod: AppraisalMethod;
  readonly sell: Cents;
  readonly buy: Cents;
  readonly sellNow: SellNowWalk | null;
}

interface SidePrice {
  readonly method: AppraisalMethod;
  readonly cents: Cents;
}

/** From surest to least sure: a row takes the later of its two sides' methods. */
const SIDE_CONFIDENCE: readonly AppraisalMethod[] = ['MARKET_ORDERS', 'ESI_PRICE', 'INSUFFICIENT_DATA'];

function unpriced(method: AppraisalMethod): RowPrice {
  return { method, sellMethod: method, buyMethod: method, sell: 0n, buy: 0n, sellNow: null };
}

function priceOne(
  type: AppraisalTypeInfo,
  quantity: number,
  sources: PricingSources,
  { mode = 'top', percent = 100 }: PricingOptions,
): RowPrice {
  if (type.blueprint) return unpriced('BLUEPRINT');
  if (!type.marketType) return unpriced('NONE');
  const orders = sources.books.get(type.typeId)?.orders ?? [];
  const top = topOfBook(orders);
  const average = sources.esiPrices?.get(type.typeId)?.average_price;
  const esi: SidePrice | null =
    average !== undefined && average > 0 ? { method: 'ESI_PRICE', cents: priceCents(average) } : null;
  const side = (best: Cents | null): SidePrice => {
    const found = best !== null ? { method: 'MARKET_ORDERS' as const, cents: best } : esi;
    return found
      ? { ...found, cents: applyPercent(found.cents, percent) }
      : { method: 'INSUFFICIENT_DATA', cents: 0n };
  };
  const prices = orderSidePrices(orders, mode);
  const sell = side(prices.sellCents);
  const buy = side(prices.buyCents);
  const method =
    SIDE_CONFIDENCE[Math.max(SIDE_CONFIDENCE.indexOf(sell.method), SIDE_CONFIDENCE.indexOf(buy.method))]!;
  return {
    method,
    sellMethod: sell.method,
    buyMethod: buy.method,
    sell: sell.cents,
    buy: buy.cents,
    sellNow: top.sellOrders + top.buyOrders > 0 ? walkBuyOrders(orders, quantity) : null,
  };
}
