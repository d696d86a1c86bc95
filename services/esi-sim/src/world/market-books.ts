import { UniverseCategory } from '../universe/simulator-universe';
import type { UniverseIndex } from '../universe/universe-index';
import { bookOrderId, ID_EPOCH_MS } from './esi-ids';
import { iskToCents, tickPrice, type Cents } from './money';
import { DAY_MS, type PriceModel } from './price-model';
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
}

/**
 * The market's order books: for every type a region trades, a few sell and buy order slots, each holding one
 * order at a time. An order lives for its slot's generation (one to six days), is changed a few times (its price
 * follows the market, `issued` moves), and fills down as the generation passes; then the next order takes the
 * slot. Skills and blueprints have one NPC-seeded sell order at the hub at the base price. Orders in player
 * structures appear on the region's books only when they are ranged buy orders (esi.md §1 row 15); the
 * structure's own route lists all of them.
 */
export class MarketBooks {
  private readonly regionLayouts = new Map<number, { typeIds: number[]; offsets: number[]; total: number }>();
  private readonly structureSlots = new Map<number, { typeId: number; slot: Slot }[]>();

  private readonly playerBooks = new Map<number, PlayerBook>();

  /** `playerOrders`: the simulated characters' open orders at an instant; they are on the books too. */
  constructor(
    private readonly seed: number,
    private readonly universe: UniverseIndex,
    private readonly prices: PriceModel,
    private readonly structures: readonly SimStructure[],
    private readonly playerOrders: (atMs: number) => readonly BookOrder[] = () => [],
  ) {}

  /** Orders the region route lists at `atMs`: the seeded books' (in page order), then the players'. */
  regionOrderCount(regionId: number, atMs: number): number {
    return this.layout(regionId).total + this.players(atMs).regionListed(regionId).length;
  }

  regionPage(regionId: number, atMs: number, page: number, pageSize = REGION_ORDERS_PAGE_SIZE): BookOrder[] {
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
      const listed = this.slotsOf(regionId, typeId).filter((slot) => this.regionLists(slot));
      const skip = max(0, from - layout.offsets[typeIndex]!);
      for (const slot of listed.slice(skip)) {
        if (orders.length >= seededTo - from) break;
        orders.push(this.orderAt(regionId, typeId, slot, atMs));
      }
      typeIndex++;
    }
    orders.push(...players.slice(max(0, from - layout.total), to - layout.total));
    return orders;
  }

  /** The region's orders for one type (the region route with `type_id`). */
  typeOrders(regionId: number, typeId: number, atMs: number, side: 'buy' | 'sell' | 'all'): BookOrder[] {
    const onSide = (isBuy: boolean) => side === 'all' || isBuy === (side === 'buy');
    const players = this.players(atMs)
      .regionListedOfType(regionId, typeId)
      .filter((order) => onSide(order.isBuy));
    if (!this.prices.regionTrades(regionId, typeId)) return players;
    const seeded = this.slotsOf(regionId, typeId)
      .filter((slot) => this.regionLists(slot) && onSide(slot.isBuy))
      .map((slot) => this.orderAt(regionId, typeId, slot, atMs));
    return [...seeded, ...players];
  }

  /** Every order in a structure: the seeded books' by type, then the players'. */
  structureOrders(structureId: number, atMs: number): BookOrder[] {
    const structure = this.structures.find((s) => s.structureId === structureId);
    if (!structure) return [];
    let slots = this.structureSlots.get(structureId);
    if (!slots) {
      slots = [];
      for (const type of this.universe.marketTypes) {
        if (!this.prices.regionTrades(structure.regionId, type.typeId)) continue;
        for (const slot of this.slotsOf(structure.regionId, type.typeId)) {
          if (slot.locationId === structureId) slots.push({ typeId: type.typeId, slot });
        }
      }
      this.structureSlots.set(structureId, slots);
    }
    return [
      ...slots.map(({ typeId, slot }) => this.orderAt(structure.regionId, typeId, slot, atMs)),
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
        const listed = this.slotsOf(regionId, type.typeId).filter((slot) => this.regionLists(slot)).length;
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

  private slotsOf(regionId: number, typeId: number): Slot[] {
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
        },
      ];
    }
    const h = hashKeys(this.seed, 401, regionId, typeId);
    const sells = hub ? 1 + (h % 6) : (h % 3) + 0;
    const buys = hub ? (h >>> 8) % 5 : ((h >>> 8) % 3) + (h % 3 === 0 ? 1 : 0);
    const regionStructures = this.structures.filter((s) => s.regionId === regionId && s.hasMarket);
    const slots: Slot[] = [];
    const add = (index: number, isBuy: boolean): void => {
      const where = unitHash(this.seed, 402, regionId, typeId, index);
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
      slots.push({ index, isBuy, locationId, systemId, atStructure, range, npcSeeded: false });
    };
    for (let index = 0; index < sells; index++) add(index, false);
    for (let index = 0; index < buys; index++) add(8 + index, true);
    return stations.length > 0 ? slots : [];
  }

  private orderAt(regionId: number, typeId: number, slot: Slot, atMs: number): BookOrder {
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
    const changes = floor(unitHash(...key, 3, generation) * 4);
    let issuedMs = startMs;
    for (let change = 1; change <= changes; change++) {
      const at =
        startMs +
        floor((generationMs * change) / (changes + 1)) +
        floor(unitHash(...key, 4, generation, change) * 3_600_000);
      if (at <= atMs) issuedMs = at;
    }
    issuedMs = floor(issuedMs / 1000) * 1000;
    const spread = 0.002 + unitHash(...key, 5) * (slot.index % 8 === 0 ? 0.01 : 0.05);
    const market = this.prices.marketPrice(regionId, typeId, issuedMs);
    const price = tickPrice(market * (slot.isBuy ? 1 - spread : 1 + spread));
    const perDay = max(1, this.prices.dailyTurnover(regionId, typeId) / market);
    const volumeTotal = max(1, round(perDay * (0.05 + unitHash(...key, 6, generation) * 0.6)));
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
