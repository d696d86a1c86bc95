import type {
  CharacterMarketOrder,
  CharacterSimilarOrders,
  CharacterSimilarPrivateOrders,
} from '../../shared/api';
import { STORAGE_KEYS } from '../../shared/config/constants';
import { readStored, writeStored } from '../../shared/storage/local-storage';
import {
  priceStatus,
  type PriceBook,
  type PriceStatus,
  type PricedOrder,
  type UndercutRange,
} from './rules/price-status';
import { centsToIsk, iskToWholeCents } from './rules/valid-price';

/** The undercut settings of the page (account-area §2), remembered in this browser. */
export interface UndercutSettings {
  readonly range: UndercutRange;
  /** ISK. */
  readonly amount: number;
  readonly minVolumePercent: number;
  /** ISK. */
  readonly randomOffset: number;
  /** Rows with less than this share of their volume left are highlighted. */
  readonly volumeHighlightPercent: number;
}

/** account-area §9: range region, 0.01 ISK, 0 %, 0 ISK, 10 %. */
export const DEFAULT_UNDERCUT_SETTINGS: UndercutSettings = {
  range: 'REGION',
  amount: 0.01,
  minVolumePercent: 0,
  randomOffset: 0,
  volumeHighlightPercent: 10,
};

type NumericSetting = Exclude<keyof UndercutSettings, 'range'>;

/** Where each setting is kept: the spec names the range and minimum volume keys; the others are ours. */
const NUMERIC_SETTING_KEYS: Readonly<Record<NumericSetting, string>> = {
  amount: STORAGE_KEYS.marketUndercutAmount,
  minVolumePercent: STORAGE_KEYS.marketUndercutMinVolumePercent,
  randomOffset: STORAGE_KEYS.marketUndercutRandomOffset,
  volumeHighlightPercent: STORAGE_KEYS.marketUndercutVolumeHighlightPercent,
};

/** The spec's stored range values are lower case: 'region' (the default) and 'station'. */
const STORED_RANGES: Readonly<Record<UndercutRange, string>> = { REGION: 'region', STATION: 'station' };

/**
 * A setting's input as the page accepts it (account-area §5): a number of at least 0; anything else (empty,
 * negative, not a number) is not accepted and the previous value stays.
 */
export function acceptedSettingNumber(input: unknown): number | null {
  const value = typeof input === 'string' && input.trim() !== '' ? Number(input) : input;
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : null;
}

export function readUndercutSettings(): UndercutSettings {
  const storedRange = readStored(STORAGE_KEYS.marketUndercutRange);
  const numbers = Object.fromEntries(
    (Object.keys(NUMERIC_SETTING_KEYS) as NumericSetting[]).map((setting) => [
      setting,
      acceptedSettingNumber(readStored(NUMERIC_SETTING_KEYS[setting])) ?? DEFAULT_UNDERCUT_SETTINGS[setting],
    ]),
  ) as Record<NumericSetting, number>;
  return {
    ...numbers,
    range: storedRange === STORED_RANGES.STATION ? 'STATION' : 'REGION',
  };
}

export function storeUndercutSettings(settings: UndercutSettings): void {
  writeStored(STORAGE_KEYS.marketUndercutRange, STORED_RANGES[settings.range]);
  for (const setting of Object.keys(NUMERIC_SETTING_KEYS) as NumericSetting[]) {
    writeStored(NUMERIC_SETTING_KEYS[setting], String(settings[setting]));
  }
}

/** The public and private books as one (account-area §4), and which orders are the character's own. */
export function priceBook(
  orders: readonly CharacterMarketOrder[],
  similar: CharacterSimilarOrders | undefined,
  similarPrivate: CharacterSimilarPrivateOrders | undefined,
): PriceBook | null {
  if (!similar) return null;
  const seen = new Set<number>();
  const merged: PricedOrder[] = [];
  for (const order of [...similar.marketOrders, ...(similarPrivate?.data ?? [])]) {
    if (seen.has(order.orderId)) continue;
    seen.add(order.orderId);
    merged.push(order);
  }
  return {
    orders: merged,
    regions: similar.regionMetadata,
    ownOrderIds: new Set(orders.map((order) => order.orderId)),
  };
}

export interface OrderRow {
  readonly order: CharacterMarketOrder;
  readonly status: PriceStatus;
  readonly similarOrder: PricedOrder | null;
  /** Less than the highlight share of the order's volume is left. */
  readonly lowVolume: boolean;
}

export function orderRows(
  orders: readonly CharacterMarketOrder[],
  book: PriceBook | null,
  settings: UndercutSettings,
  nowMs: number,
): OrderRow[] {
  return orders.map((order) => {
    const { status, similarOrder } = priceStatus(order, book, settings, nowMs);
    return {
      order,
      status,
      similarOrder,
      lowVolume: order.volumeRemain < (settings.volumeHighlightPercent / 100) * order.volumeTotal,
    };
  });
}

/** Case-insensitive part of the item name; an empty filter keeps every order. */
export function matchesItemName(order: Pick<CharacterMarketOrder, 'typeName'>, filter: string): boolean {
  const wanted = filter.trim().toLowerCase();
  return wanted === '' || order.typeName.toLowerCase().includes(wanted);
}

/** Sells and buys, each by item name and then price (the best first), so an item's orders sit together. */
export function splitBySide(rows: readonly OrderRow[]): { sells: OrderRow[]; buys: OrderRow[] } {
  const byItemThenPrice = (a: OrderRow, b: OrderRow) =>
    a.order.typeName.localeCompare(b.order.typeName) ||
    (a.order.isBuyOrder ? b.order.price - a.order.price : a.order.price - b.order.price) ||
    a.order.orderId - b.order.orderId;
  return {
    sells: rows.filter((row) => !row.order.isBuyOrder).sort(byItemThenPrice),
    buys: rows.filter((row) => row.order.isBuyOrder).sort(byItemThenPrice),
  };
}

export interface OrderTotals {
  /** ISK: price times remaining volume, summed in cents. */
  readonly total: number;
  /** Buys: the ISK held in escrow. */
  readonly escrow: number;
  /** Buys: what the wallet must still pay if every order fills: total minus escrow. */
  readonly remainingToCover: number;
}

export function orderTotals(
  orders: readonly Pick<CharacterMarketOrder, 'price' | 'volumeRemain' | 'escrow'>[],
): OrderTotals {
  let totalCents = 0n;
  let escrowCents = 0n;
  for (const order of orders) {
    totalCents += iskToWholeCents(order.price, 'sell') * BigInt(order.volumeRemain);
    escrowCents += iskToWholeCents(order.escrow ?? 0, 'sell');
  }
  return {
    total: centsToIsk(totalCents),
    escrow: centsToIsk(escrowCents),
    remainingToCover: centsToIsk(totalCents - escrowCents),
  };
}

/** The wait until a refresh may run again, as m:ss (h:mm:ss from an hour); null once it may. */
export function cooldownText(expires: string | null | undefined, nowMs: number): string | null {
  if (!expires) return null;
  const seconds = Math.ceil((Date.parse(expires) - nowMs) / 1000);
  if (!(seconds > 0)) return null;
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * Where Shift+C moves the selection: the next row (wrapping around) of another item, so one keystroke per item
 * walks a list in which an item has several orders; null when every row is of the same item.
 */
export function nextOrderOfAnotherItem(
  rows: readonly Pick<CharacterMarketOrder, 'orderId' | 'typeId'>[],
  selectedOrderId: number,
): number | null {
  const at = rows.findIndex((row) => row.orderId === selectedOrderId);
  if (at < 0) return rows[0]?.orderId ?? null;
  const typeId = rows[at]!.typeId;
  for (let step = 1; step < rows.length; step += 1) {
    const candidate = rows[(at + step) % rows.length]!;
    if (candidate.typeId !== typeId) return candidate.orderId;
  }
  return null;
}

/** Arrow keys move the selection through the visible rows; it stops at the ends. */
export function movedSelection(
  rows: readonly Pick<CharacterMarketOrder, 'orderId'>[],
  selectedOrderId: number | null,
  direction: 1 | -1,
): number | null {
  if (rows.length === 0) return null;
  const at = rows.findIndex((row) => row.orderId === selectedOrderId);
  if (at < 0) return (direction === 1 ? rows[0] : rows[rows.length - 1])!.orderId;
  return rows[Math.min(rows.length - 1, Math.max(0, at + direction))]!.orderId;
}

/** Orders in player structures (ids from 1e12): only the private prices show their competitors. */
export const STRUCTURE_ID_START = 1e12;

export function hasStructureOrders(orders: readonly Pick<CharacterMarketOrder, 'locationId'>[]): boolean {
  return orders.some((order) => order.locationId >= STRUCTURE_ID_START);
}
