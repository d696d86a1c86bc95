import { UniverseCategory } from '../universe/simulator-universe';
import type { UniverseIndex } from '../universe/universe-index';
import { bookOrderId, ID_EPOCH_MS } from './esi-ids';
import { iskToCents, tickPrice, ticksAway, type Cents } from './money';
import { DAY_MS, type PriceModel } from './price-model';
import { LruCache } from './lru-cache';
import { hashKeys, unitHash } from './prng';
import type { SimStructure } from './world-plan';
import type { OrderRange } from './world-records';

// Bound once, as in prng.ts: global lookups are slow inside Jest's sandbox.
const { floor, max, min, round } = Math;

/** One order on the public books (a seeded player's or NPC's, or a simulated character's), as ESI lists it. */
export interface BookOrder {
  readonly orderId: number;
  readonly typeId: number;
  readonly regionId: number;
  readonly locationId: number;
  readonly systemId: number;
  readonly isBuy: boolean;
  readonly price: Cents;
  readonly volumeTotal: number;
  readonly volumeRemain: number;
  readonly minVolume: number;
  readonly range: OrderRange;
  readonly durationDays: number;
  readonly issuedMs: number;
}

export const REGION_ORDERS_PAGE_SIZE = 1000;
export const STRUCTURE_ORDERS_PAGE_SIZE = 1000;

const BUY_RANGES: readonly OrderRange[] = [
  'station',
  'station',
  'station',
  'solarsystem',
  '1',
  '2',
  '3',
  '4',
  '5',
  '10',
  '20',
  '30',
  '40',
  'region',
  'region',
];
const NPC_SEEDED_DURATION_DAYS = 365;
/** Instants whose player orders are kept indexed: the region and structure routes each have their own. */
const PLAYER_BOOKS_KEPT = 4;
const FIRST_STRUCTURE_ID = 1_000_000_000_000;

/**
 * The simulated characters' open orders at one instant, as ESI lists them: all on the structure's route, and on
 * the region's unless they sit in a structure (there only ranged buy orders are, as for the seeded books).
 */
class PlayerBook {
  private readonly byRegion = new Map<number, BookOrder[]>();
  private readonly byRegionType = new Map<string, BookOrder[]>();
  private readonly byStructure = new Map<number, BookOrder[]>();

  constructor(orders: readonly BookOrder[]) {
    for (const order of [...orders].sort((a, b) => a.orderId - b.orderId)) {
      const atStructure = order.locationId >= FIRST_STRUCTURE_ID;
      if (atStructure) push(this.byStructure, order.locationId, order);
      if (!atStructure || (order.isBuy && order.range !== 'station')) {
        push(this.byRegion, order.regionId, order);
        push(this.byRegionType, `${order.regionId}:${order.typeId}`, order);
      }
    }
  }

  regionListed(regionId: number): readonly BookOrder[] {
    return this.byRegion.get(regionId) ?? [];
  }

  regionListedOfType(regionId: number, typeId: number): readonly BookOrder[] {
    return this.byRegionType.get(`${regionId}:${typeId}`) ?? [];
  }

  inStructure(structureId: number): readonly BookOrder[] {
    return this.byStructure.get(structureId) ?? [];
  }
}

function push<K>(map: Map<K, BookOrder[]>, key: K, order: BookOrder): void {
  const list = map.get(key);
  if (list) list.push(order);
  else map.set(key, [order]);
}

interface Slot {
  readonly index: number;
  readonly isBuy: boolean;
  readonly locationId: number;
  readonly systemId: number;
  readonly atStructure: boolean;
  readonly range: OrderRange;
  readonly npcSeeded: boolean;
  /** How far the slot's orders sit from the market price, as a fraction: above it for sells, below for buys. */
  readonly offset: number;
  /** The hub's best few orders a side: always at the hub station, their offset the same every generation. */
  readonly inner: boolean;
  /** The slot's share of a day's turnover: deep books share it among many orders. */
  readonly volumeShare: number;
}

/** The best sell and buy prices at a hub, which the simulated characters beat by a tick. */
export interface HubQuote {
  readonly bestSell: Cents;
  readonly bestBuy: Cents;
}

/** ESI caches the order books for five minutes; the simulated books move only on those boundaries. */
export const BOOK_REFRESH_MS = 300_000;
/** Orders a side for the most traded types at The Forge's hub (minerals, PLEX); the other hubs hold a share. */
const MAX_HUB_DEPTH = 250;
const OTHER_HUB_DEPTH_SHARE = 0.3;
const INNER_SLOTS = 3;
/** How far beyond the inner edge the deepest orders of a side reach. */
const SELL_DEPTH_SPAN = 0.3;
const BUY_DEPTH_SPAN = 0.25;
const FIRST_SELL_OUTLIER = 400;
const FIRST_BUY = 512;
const FIRST_BUY_OUTLIER = 912;
const TYPE_BOOKS_KEPT = 50_000;
const MIN_REPRICE_MS = 30 * 60_000;

/** The instant the books show at `atMs`: the start of its five-minute cache period. */
export function bookInstant(atMs: number): number {
  return floor(atMs / BOOK_REFRESH_MS) * BOOK_REFRESH_MS;
}

/**
 * The seeded players' and NPCs' orders, a pure function of seed, region, type and time. For every type a region
 * trades there are sell and buy order slots, each holding one order at a time: an order lives for its slot's
 * generation (one to six days), is changed a few times (its price follows the market, `issued` moves), and
 * fills down as the generation passes; then the next order takes the slot. The hubs' books are as deep as the
 * type is traded (see {@link PriceModel.tradeActivity}): hundreds of orders for minerals and PLEX, tens for
 * popular modules, ammunition and ships, a few for the rest. Their inner slots hold the hub's best prices, half
 * the type's spread from the market price; the others spread out beyond them; a few outliers ask absurd prices or
 * bid lowballs. Skills and blueprints have one NPC-seeded sell order at the hub at the base price.
 */
export class SeededBooks {
  private readonly typeBooks = new LruCache<string, Slot[]>(TYPE_BOOKS_KEPT);

  constructor(
    private readonly seed: number,
    private readonly universe: UniverseIndex,
    private readonly prices: PriceModel,
    private readonly structures: readonly SimStructure[],
  ) {}

  /** The slots of a region's book for a type, sells first (cached: they do not change with time). */
  slotsOf(regionId: number, typeId: number): Slot[] {
    return this.typeBooks.getOrCreate(`${regionId}:${typeId}`, () => this.layOut(regionId, typeId));
  }

  /** The best prices of the hub station's seeded orders at `atMs` (the market price ± half the spread if none). */
  hubQuote(regionId: number, typeId: number, atMs: number): HubQuote {
    let bestSell = Infinity;
    let bestBuy = 0;
    if (this.prices.regionTrades(regionId, typeId)) {
      for (const slot of this.slotsOf(regionId, typeId)) {
        if (!slot.inner || slot.npcSeeded) continue;
        const order = this.orderAt(regionId, typeId, slot, atMs);
        if (order.isBuy) bestBuy = max(bestBuy, order.price);
        else bestSell = min(bestSell, order.price);
      }
    }
    const market = this.prices.marketPrice(regionId, typeId, atMs);
    const half = this.prices.halfSpread(regionId, typeId);
    return {
      bestSell: bestSell === Infinity ? tickPrice(market * (1 + half)) : bestSell,
      bestBuy: bestBuy === 0 ? tickPrice(market * (1 - half)) : bestBuy,
    };
  }

  orderAt(regionId: number, typeId: number, slot: Slot, atMs: number): BookOrder {
    const regionIndex = this.universe.regionIndex.get(regionId) ?? 0;
    if (slot.npcSeeded) {
      const generationMs = 30 * DAY_MS;
      const generation = floor((atMs - ID_EPOCH_MS) / generationMs);
      const issuedMs = ID_EPOCH_MS + generation * generationMs;
      const price = iskToCents(this.prices.referencePrice(typeId));
      return {
        orderId: bookOrderId(regionIndex, typeId, slot.index, generation),
        typeId,
        regionId,
        locationId: slot.locationId,
        systemId: slot.systemId,
        isBuy: false,
        price: max(1, price),
        volumeTotal: 1_000_000,
        volumeRemain: 1_000_000 - floor(((atMs - issuedMs) / generationMs) * 5_000),
        minVolume: 1,
        range: 'region',
        durationDays: NPC_SEEDED_DURATION_DAYS,
        issuedMs,
      };
    }
    const key = [this.seed, 411, regionId, typeId, slot.index] as const;
    const generationMs = (1 + floor(unitHash(...key, 1) * 6)) * DAY_MS;
    const phaseMs = floor(unitHash(...key, 2) * generationMs);
    const generation = floor((atMs - ID_EPOCH_MS - phaseMs) / generationMs);
    const startMs = ID_EPOCH_MS + phaseMs + generation * generationMs;
    // What many trade is re-priced often, so its best orders follow the market (and the book never crosses);
    // the rest is changed a few times in a generation.
    const repriceMs = max(MIN_REPRICE_MS, (generationMs * (1 - this.prices.tradeActivity(typeId)) ** 2) / 3);
    let change = floor((atMs - startMs) / repriceMs);
    const changedAt = (n: number): number =>
      n === 0
        ? startMs
        : startMs + n * repriceMs + floor(unitHash(...key, 4, generation, n) * repriceMs * 0.5);
    if (changedAt(change) > atMs) change--;
    let issuedMs = changedAt(change);
    issuedMs = floor(issuedMs / 1000) * 1000;
    const offset = slot.inner ? slot.offset : slot.offset * (0.85 + 0.3 * unitHash(...key, 5, generation));
    const market = this.prices.marketPrice(regionId, typeId, issuedMs);
    // At a few ISK a tick is a large share of the price: sells stay at least a tick above the market, buys below.
    const atMarket = tickPrice(market);
    const price = slot.isBuy
      ? min(tickPrice(market * (1 - offset)), ticksAway(atMarket, -1))
      : max(tickPrice(market * (1 + offset)), ticksAway(atMarket, 1));
    const perDay = max(1, this.prices.dailyTurnover(regionId, typeId) / market);
    const volumeTotal = max(
      1,
      round(perDay * slot.volumeShare * (0.05 + unitHash(...key, 6, generation) * 0.6)),
    );
    const filled = floor(
      volumeTotal * ((atMs - startMs) / generationMs) * (0.3 + unitHash(...key, 7, generation) * 0.6),
    );
    const minVolume =
      slot.isBuy && unitHash(...key, 8) < 0.1 ? min(volumeTotal, 1 + floor(unitHash(...key, 9) * 50)) : 1;
    return {
      orderId: bookOrderId(regionIndex, typeId, slot.index, generation),
      typeId,
      regionId,
      locationId: slot.locationId,
      systemId: slot.systemId,
      isBuy: slot.isBuy,
      price,
      volumeTotal,
      volumeRemain: max(1, volumeTotal - filled),
      minVolume,
      range: slot.range,
      durationDays: unitHash(...key, 10) < 0.8 ? 90 : 30,
      issuedMs,
    };
  }

  private layOut(regionId: number, typeId: number): Slot[] {
    const type = this.universe.typesById.get(typeId)!;
    const stations = this.universe.stationsByRegion.get(regionId) ?? [];
    const hub = this.universe.hubs.find((h) => h.regionId === regionId);
    if (type.categoryId === UniverseCategory.skill || type.categoryId === UniverseCategory.blueprint) {
      if (!hub) return [];
      return [
        {
          index: 0,
          isBuy: false,
          locationId: hub.stationId,
          systemId: hub.systemId,
          atStructure: false,
          range: 'region',
          npcSeeded: true,
          offset: 0,
          inner: false,
          volumeShare: 1,
        },
      ];
    }
    if (stations.length === 0) return [];
    const h = hashKeys(this.seed, 401, regionId, typeId);
    const depth = hub
      ? MAX_HUB_DEPTH *
        this.prices.tradeActivity(typeId) ** 2.5 *
        (regionId === this.universe.referenceRegionId ? 1 : OTHER_HUB_DEPTH_SHARE)
      : 0;
    const sells = hub ? 1 + (h % 6) + round(depth) : h % 3;
    const buys = hub ? ((h >>> 8) % 5) + round(depth * 0.8) : ((h >>> 8) % 3) + (h % 3 === 0 ? 1 : 0);
    const outliers = hub ? (depth >= 5 ? 1 + ((h >>> 16) % 3) : (h >>> 16) % 5 === 0 ? 1 : 0) : 0;
    const half = this.prices.halfSpread(regionId, typeId);
    const regionStructures = this.structures.filter((s) => s.regionId === regionId && s.hasMarket);
    const slots: Slot[] = [];
    const add = (
      index: number,
      isBuy: boolean,
      offset: number,
      inner: boolean,
      volumeShare: number,
    ): void => {
      const where = inner ? 0 : unitHash(this.seed, 402, regionId, typeId, index);
      let locationId: number;
      let systemId: number;
      let atStructure = false;
      if (hub && where < 0.75) {
        locationId = hub.stationId;
        systemId = hub.systemId;
      } else if (regionStructures.length > 0 && where >= 0.9) {
        const structure =
          regionStructures[floor(unitHash(this.seed, 403, typeId, index) * regionStructures.length)]!;
        locationId = structure.structureId;
        systemId = structure.solarSystemId;
        atStructure = true;
      } else {
        const station = stations[floor(unitHash(this.seed, 404, regionId, typeId, index) * stations.length)]!;
        locationId = station.stationId;
        systemId = station.systemId;
      }
      const range = isBuy
        ? BUY_RANGES[floor(unitHash(this.seed, 405, regionId, typeId, index) * BUY_RANGES.length)]!
        : 'region';
      slots.push({
        index,
        isBuy,
        locationId,
        systemId,
        atStructure,
        range,
        npcSeeded: false,
        offset,
        inner,
        volumeShare,
      });
    };
    const addSide = (count: number, isBuy: boolean, first: number, span: number): void => {
      const volumeShare = min(1, 6 / count);
      // Only a hub has inner slots: elsewhere every order stands somewhere beyond the spread.
      const innerSlots = hub ? INNER_SLOTS : 0;
      for (let rank = 0; rank < count; rank++) {
        const index = first + rank;
        const inner = rank < innerSlots;
        const beyond = inner
          ? 0.0005 * rank
          : 0.004 +
            span *
              ((rank - innerSlots + 1) / max(1, count - innerSlots)) ** 1.5 *
              (0.7 + 0.6 * unitHash(this.seed, 406, regionId, typeId, index));
        add(index, isBuy, half + beyond, inner, volumeShare);
      }
    };
    addSide(sells, false, 0, SELL_DEPTH_SPAN);
    addSide(buys, true, FIRST_BUY, BUY_DEPTH_SPAN);
    for (let outlier = 0; outlier < outliers; outlier++) {
      const absurd = unitHash(this.seed, 407, regionId, typeId, outlier);
      add(FIRST_SELL_OUTLIER + outlier, false, 2 + 40 * absurd, false, 0.02);
      add(FIRST_BUY_OUTLIER + outlier, true, 0.5 + 0.49 * absurd, false, 0.02);
    }
    return slots;
  }
}

/**
 * The market's order books as the routes list them: the seeded books ({@link SeededBooks}), then the players'
 * orders. Orders in player structures appear on the region's books only when they are ranged buy orders (esi.md
 * §1 row 15); the structure's own route lists all of them. Every answer is the book at the start of the five-minute
 * cache period the instant falls in, so the books change only when ESI's cache would let a client see it.
 */
export class MarketBooks {
  private readonly regionLayouts = new Map<number, { typeIds: number[]; offsets: number[]; total: number }>();
  private readonly structureSlots = new Map<number, { typeId: number; slot: Slot }[]>();

  private readonly playerBooks = new Map<number, PlayerBook>();
  private readonly seeded: SeededBooks;

  /**
   * `playerOrders`: the simulated characters' open orders at an instant, and the outside traders' undercuts of
   * them; they are on the books too.
   */
  constructor(
    seed: number,
    private readonly universe: UniverseIndex,
    private readonly prices: PriceModel,
    private readonly structures: readonly SimStructure[],
    private readonly playerOrders: (atMs: number) => readonly BookOrder[] = () => [],
  ) {
    this.seeded = new SeededBooks(seed, universe, prices, structures);
  }

  /** Orders the region route lists at `atMs`: the seeded books' (in page order), then the players'. */
  regionOrderCount(regionId: number, requestedMs: number): number {
    const atMs = bookInstant(requestedMs);
    return this.layout(regionId).total + this.players(atMs).regionListed(regionId).length;
  }

  regionPage(
    regionId: number,
    requestedMs: number,
    page: number,
    pageSize = REGION_ORDERS_PAGE_SIZE,
  ): BookOrder[] {
    const atMs = bookInstant(requestedMs);
    const layout = this.layout(regionId);
    const players = this.players(atMs).regionListed(regionId);
    const from = (page - 1) * pageSize;
    const to = min(layout.total + players.length, from + pageSize);
    if (from >= to) return [];
    const seededTo = min(layout.total, to);
    let typeIndex = upperBound(layout.offsets, from) - 1;
    const orders: BookOrder[] = [];
    while (orders.length < seededTo - from && typeIndex < layout.typeIds.length) {
      const typeId = layout.typeIds[typeIndex]!;
      const listed = this.seeded.slotsOf(regionId, typeId).filter((slot) => this.regionLists(slot));
      const skip = max(0, from - layout.offsets[typeIndex]!);
      for (const slot of listed.slice(skip)) {
        if (orders.length >= seededTo - from) break;
        orders.push(this.seeded.orderAt(regionId, typeId, slot, atMs));
      }
      typeIndex++;
    }
    orders.push(...players.slice(max(0, from - layout.total), to - layout.total));
    return orders;
  }

  /** The region's orders for one type (the region route with `type_id`). */
  typeOrders(
    regionId: number,
    typeId: number,
    requestedMs: number,
    side: 'buy' | 'sell' | 'all',
  ): BookOrder[] {
    const atMs = bookInstant(requestedMs);
    const onSide = (isBuy: boolean) => side === 'all' || isBuy === (side === 'buy');
    const players = this.players(atMs)
      .regionListedOfType(regionId, typeId)
      .filter((order) => onSide(order.isBuy));
    if (!this.prices.regionTrades(regionId, typeId)) return players;
    const seeded = this.seeded
      .slotsOf(regionId, typeId)
      .filter((slot) => this.regionLists(slot) && onSide(slot.isBuy))
      .map((slot) => this.seeded.orderAt(regionId, typeId, slot, atMs));
    return [...seeded, ...players];
  }

  /** Every order in a structure: the seeded books' by type, then the players'. */
  structureOrders(structureId: number, requestedMs: number): BookOrder[] {
    const atMs = bookInstant(requestedMs);
    const structure = this.structures.find((s) => s.structureId === structureId);
    if (!structure) return [];
    let slots = this.structureSlots.get(structureId);
    if (!slots) {
      slots = [];
      for (const type of this.universe.marketTypes) {
        if (!this.prices.regionTrades(structure.regionId, type.typeId)) continue;
        for (const slot of this.seeded.slotsOf(structure.regionId, type.typeId)) {
          if (slot.locationId === structureId) slots.push({ typeId: type.typeId, slot });
        }
      }
      this.structureSlots.set(structureId, slots);
    }
    return [
      ...slots.map(({ typeId, slot }) => this.seeded.orderAt(structure.regionId, typeId, slot, atMs)),
      ...this.players(atMs).inStructure(structureId),
    ];
  }

  /** The players' open orders at `atMs`, indexed as the routes list them (the last few instants are kept). */
  private players(atMs: number): PlayerBook {
    let book = this.playerBooks.get(atMs);
    if (book === undefined) {
      book = new PlayerBook(this.playerOrders(atMs));
      this.playerBooks.set(atMs, book);
      if (this.playerBooks.size > PLAYER_BOOKS_KEPT) {
        this.playerBooks.delete(this.playerBooks.keys().next().value!);
      }
    }
    return book;
  }

  private regionLists(slot: Slot): boolean {
    return !slot.atStructure || (slot.isBuy && slot.range !== 'station');
  }

  private layout(regionId: number): { typeIds: number[]; offsets: number[]; total: number } {
    let layout = this.regionLayouts.get(regionId);
    if (!layout) {
      const typeIds: number[] = [];
      const offsets: number[] = [];
      let total = 0;
      for (const type of this.universe.marketTypes) {
        if (!this.prices.regionTrades(regionId, type.typeId)) continue;
        const listed = this.seeded
          .slotsOf(regionId, type.typeId)
          .filter((slot) => this.regionLists(slot)).length;
        if (listed === 0) continue;
        typeIds.push(type.typeId);
        offsets.push(total);
        total += listed;
      }
      layout = { typeIds, offsets, total };
      this.regionLayouts.set(regionId, layout);
    }
    return layout;
  }
}

/** The first index whose value is greater than `value` in an ascending list. */
function upperBound(values: readonly number[], value: number): number {
  let low = 0;
  let high = values.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (values[middle]! <= value) low = middle + 1;
    else high = middle;
  }
  return low;
}
