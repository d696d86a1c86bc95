import { testUniverse } from '../universe/test-universe';
import { UniverseIndex } from '../universe/universe-index';
import {
  BOOK_REFRESH_MS,
  bookInstant,
  MarketBooks,
  REGION_ORDERS_PAGE_SIZE,
  type BookOrder,
} from './market-books';
import { tickPrice } from './money';
import { DAY_MS, PriceModel } from './price-model';
import { SimulatedWorld } from './simulated-world';

// Generating a world takes seconds on a busy two-core machine.
jest.setTimeout(30_000);

const universe = new UniverseIndex(testUniverse());
const AT = Date.parse('2026-11-21T12:00:00Z');
const FORGE = 10000002;
const world = new SimulatedWorld({ seed: 'market', universe, profile: 'demo' });
const books = new MarketBooks(world.seed, universe, world.prices, world.structures, (atMs) =>
  world.playerBookOrders(atMs),
);

describe('prices', () => {
  const prices = new PriceModel(1, universe);

  it('centres every market type on its base price, or one derived when the SDE has none', () => {
    for (const type of universe.marketTypes) {
      const reference = prices.referencePrice(type.typeId);
      expect(reference).toBeGreaterThan(0);
      if (type.basePrice !== null) expect(reference).toBe(type.basePrice);
    }
    const damageControl = universe.marketTypes.find((type) => type.name === 'Damage Control I')!;
    expect(damageControl.basePrice).toBeNull();
    const blueprint = universe.blueprintsByProduct.get(damageControl.typeId)!;
    const materials = blueprint.manufacturing.materials.reduce(
      (sum, material) => sum + prices.referencePrice(material.typeId) * material.quantity,
      0,
    );
    expect(prices.referencePrice(damageControl.typeId)).toBeCloseTo(materials * 1.15, 6);
  });

  it('drifts smoothly around the reference price', () => {
    const tritanium = 34;
    for (let hour = 0; hour < 24 * 60; hour++) {
      const price = prices.marketPrice(FORGE, tritanium, AT + hour * 3_600_000);
      expect(price / prices.referencePrice(tritanium)).toBeGreaterThan(0.8);
      expect(price / prices.referencePrice(tritanium)).toBeLessThan(1.2);
    }
  });

  it('keeps history rows consistent: lowest ≤ average ≤ highest, volume and order count positive', () => {
    const today = Math.floor(AT / DAY_MS);
    for (let day = today - 400; day < today; day++) {
      const row = prices.historyDay(FORGE, 34, day)!;
      expect(row.lowest <= row.average && row.average <= row.highest).toBe(true);
      expect(row.volume).toBeGreaterThan(0);
      expect(row.orderCount).toBeGreaterThan(0);
    }
    expect(prices.historyDay(11000001, 34, today)).toBeNull();
  });

  it('gives cost indices with four decimals', () => {
    const index = prices.costIndex(30000142, 'manufacturing', Math.floor(AT / DAY_MS));
    expect(index).toBeGreaterThan(0);
    expect(Math.round(index * 10_000) / 10_000).toBe(index);
  });
});

describe('order books', () => {
  it('pages every listed order of a region once, 1000 a page', () => {
    const count = books.regionOrderCount(FORGE, AT);
    const pages = Math.ceil(count / REGION_ORDERS_PAGE_SIZE);
    const all = Array.from({ length: pages }, (_, index) => books.regionPage(FORGE, AT, index + 1)).flat();
    expect(all.length).toBe(count);
    expect(new Set(all.map((order) => order.orderId)).size).toBe(count);
    expect(books.regionPage(FORGE, AT, pages + 1)).toEqual([]);
    const types = new Set(all.map((order) => order.typeId));
    expect(types.size).toBe(universe.marketTypes.length);
  });

  it('given any region that trades, when its orders are listed, then every player price is a valid tick', () => {
    for (const regionId of universe.marketRegionIds) {
      const count = books.regionOrderCount(regionId, AT);
      for (let page = 1; page <= Math.ceil(count / REGION_ORDERS_PAGE_SIZE); page++) {
        for (const order of books.regionPage(regionId, AT, page)) {
          expect(Number.isInteger(order.price) && order.price >= 1).toBe(true);
          // NPC-seeded skill and blueprint orders keep the SDE's base price, as the game's do.
          if (order.durationDays !== 365) expect(tickPrice(order.price / 100)).toBe(order.price);
        }
      }
    }
  });

  it('lists structure sell orders only on the structure, ranged structure buy orders on both', () => {
    const structure = world.structures.find((s) => s.isPublic && s.regionId === FORGE)!;
    const inStructure = books.structureOrders(structure.structureId, AT);
    expect(inStructure.length).toBeGreaterThan(0);
    expect(inStructure.every((order) => order.locationId === structure.structureId)).toBe(true);
    const regionIds = new Set(
      universe.marketTypes
        .flatMap((type) => books.typeOrders(FORGE, type.typeId, AT, 'all'))
        .map((order) => order.orderId),
    );
    for (const order of inStructure) {
      expect(regionIds.has(order.orderId)).toBe(order.isBuy && order.range !== 'station');
    }
  });

  it('lists the simulated characters’ open orders as ESI does: on the region, and in structures on the structure’s route', () => {
    const players = world.playerBookOrders(AT);
    const inStation = players.filter((order) => order.locationId < 1e12 && order.regionId === FORGE);
    const inStructure = players.filter((order) => order.locationId >= 1e12);
    expect(inStation.length).toBeGreaterThan(0);
    expect(inStructure.length).toBeGreaterThan(0);
    const pages = Math.ceil(books.regionOrderCount(FORGE, AT) / REGION_ORDERS_PAGE_SIZE);
    const region = Array.from({ length: pages }, (_, index) => books.regionPage(FORGE, AT, index + 1)).flat();
    const regionIds = new Set(region.map((order) => order.orderId));
    for (const order of inStation) {
      expect(regionIds.has(order.orderId)).toBe(true);
      expect(books.typeOrders(FORGE, order.typeId, AT, 'all')).toContainEqual(order);
    }
    for (const order of inStructure) {
      expect(books.structureOrders(order.locationId, AT)).toContainEqual(order);
      const listed = books
        .typeOrders(order.regionId, order.typeId, AT, 'all')
        .some((other) => other.orderId === order.orderId);
      expect(listed).toBe(order.isBuy && order.range !== 'station');
    }
    const listedIds = new Set(players.map((order) => order.orderId));
    for (const character of world.characters) {
      for (const { order } of world.characterOrders(character.characterId, AT)) {
        expect(listedIds.has(order.orderId)).toBe(true);
      }
    }
  });

  it('prices sell orders above the market and buy orders below, at valid ticks, and filters by side', () => {
    const tritanium = books.typeOrders(FORGE, 34, AT, 'all');
    const market = world.prices.marketPrice(FORGE, 34, AT);
    expect(tritanium.length).toBeGreaterThan(0);
    for (const order of tritanium) {
      expect(order.volumeRemain).toBeGreaterThanOrEqual(1);
      expect(order.volumeRemain).toBeLessThanOrEqual(order.volumeTotal);
      expect(order.issuedMs).toBeLessThanOrEqual(AT);
      expect(tickPrice(order.price / 100)).toBe(order.price);
      if (order.isBuy) expect(order.price / 100 / market).toBeLessThan(1.01);
      else expect(order.price / 100 / market).toBeGreaterThan(0.99);
    }
    const sells = books.typeOrders(FORGE, 34, AT, 'sell');
    const buys = books.typeOrders(FORGE, 34, AT, 'buy');
    expect(buys.every((order) => order.isBuy)).toBe(true);
    expect(sells.every((order) => !order.isBuy)).toBe(true);
    expect(bestOf(sells)).toBeGreaterThan(bestOf(buys));
    expect(bestOf(sells) / 100 / market).toBeLessThan(1.01);
    expect(bestOf(buys) / 100 / market).toBeGreaterThan(0.99);
  });

  it('keeps an order id while it lives and changes the book over time', () => {
    const now = books.typeOrders(FORGE, 34, AT, 'all');
    const later = books.typeOrders(FORGE, 34, AT + 10 * DAY_MS, 'all');
    expect(later.map((order) => order.orderId)).not.toEqual(now.map((order) => order.orderId));
    const nextDay = new Set(books.typeOrders(FORGE, 34, AT + DAY_MS, 'all').map((order) => order.orderId));
    expect(now.filter((order) => nextDay.has(order.orderId)).length).toBeGreaterThan(now.length / 2);
  });

  it('changes the books only on five-minute boundaries, as the route’s cache promises', () => {
    const start = bookInstant(AT + 7 * 60_000);
    const deep = [34, 35, 44992];
    for (const typeId of deep) {
      const atStart = books.typeOrders(FORGE, typeId, start, 'all');
      for (const offset of [1, 60_000, 299_999]) {
        expect(books.typeOrders(FORGE, typeId, start + offset, 'all')).toEqual(atStart);
      }
    }
    const moved = deep.some(
      (typeId) =>
        JSON.stringify(books.typeOrders(FORGE, typeId, start + BOOK_REFRESH_MS, 'all')) !==
        JSON.stringify(books.typeOrders(FORGE, typeId, start, 'all')),
    );
    expect(moved).toBe(true);
  });

  it('seeds skills and blueprints with NPC sell orders at the base price', () => {
    const skill = universe.marketTypes.find((type) => type.name === 'Accounting')!;
    const [order, ...others] = books.typeOrders(FORGE, skill.typeId, AT, 'all');
    expect(others).toEqual([]);
    expect({ price: order!.price, duration: order!.durationDays, isBuy: order!.isBuy }).toEqual({
      price: skill.basePrice! * 100,
      duration: 365,
      isBuy: false,
    });
  });
});

describe('depth at the hubs', () => {
  const minerals = [
    'Tritanium',
    'Pyerite',
    'Mexallon',
    'Isogen',
    'Nocxium',
    'Zydrine',
    'Megacyte',
    'Morphite',
  ];
  const typeNamed = (name: string) => universe.marketTypes.find((type) => type.name === name);

  it('given The Forge, when a mineral or PLEX is listed, then both sides hold tens to hundreds of orders', () => {
    const deep = [...minerals, 'PLEX'].map(typeNamed).filter((type) => type !== undefined);
    expect(deep.length).toBeGreaterThanOrEqual(8);
    for (const type of deep) {
      expect(books.typeOrders(FORGE, type.typeId, AT, 'sell').length).toBeGreaterThanOrEqual(50);
      expect(books.typeOrders(FORGE, type.typeId, AT, 'buy').length).toBeGreaterThanOrEqual(50);
    }
  });

  it('given the other hubs, when a mineral is listed, then both sides hold tens of orders', () => {
    for (const hub of universe.hubs.slice(1)) {
      expect(books.typeOrders(hub.regionId, 34, AT, 'sell').length).toBeGreaterThanOrEqual(20);
      expect(books.typeOrders(hub.regionId, 34, AT, 'buy').length).toBeGreaterThanOrEqual(20);
    }
  });

  it('given modules and cosmetics, when counted, then some modules are deep and every SKIN stays thin', () => {
    const sizeOf = (typeId: number) => books.typeOrders(FORGE, typeId, AT, 'all').length;
    const modules = universe.marketTypes
      .filter((type) => type.categoryId === 7)
      .map((type) => sizeOf(type.typeId));
    const skins = universe.marketTypes
      .filter((type) => type.categoryId === 91)
      .map((type) => sizeOf(type.typeId));
    expect(modules.filter((size) => size >= 20).length).toBeGreaterThan(0);
    expect(Math.max(...skins)).toBeLessThan(20);
  });

  it('given a deep book, when its far ends are read, then absurd asks and lowball bids are there', () => {
    const market = world.prices.marketPrice(FORGE, 34, AT);
    const orders = books.typeOrders(FORGE, 34, AT, 'all');
    expect(orders.some((order) => !order.isBuy && order.price / 100 > market * 3)).toBe(true);
    expect(orders.some((order) => order.isBuy && order.price / 100 < market * 0.5)).toBe(true);
  });
});

describe('outside traders undercutting the simulated characters', () => {
  const from = AT - 10 * DAY_MS;
  const undercuts = world
    .campaignsBetween(world.plan.slots, from, AT)
    .flatMap((campaign) => campaign.undercuts.map((undercut) => ({ undercut, campaign })))
    .filter(({ undercut }) => undercut.issuedMs >= from && undercut.locationId < 1e12);
  const listedAt = (order: { regionId: number; typeId: number }, atMs: number): BookOrder[] =>
    books.typeOrders(order.regionId, order.typeId, atMs, 'all');

  it('given a character’s open order, when an outsider undercuts it, then the book shows a better price by a few ticks', () => {
    expect(undercuts.length).toBeGreaterThan(20);
    let shown = 0;
    for (const { undercut, campaign } of undercuts) {
      const own = campaign.orders.find((order) => order.orderId === undercut.undercutOrderId)!;
      const shownMs = bookInstant(undercut.issuedMs) + BOOK_REFRESH_MS;
      const answeredSooner = own.steps.some(
        (step) => step.kind === 'modified' && step.timeMs > undercut.issuedMs && step.timeMs <= shownMs,
      );
      if (shownMs >= undercut.closedMs || answeredSooner) continue;
      shown++;
      const book = listedAt(undercut, shownMs);
      const mine = book.find((order) => order.orderId === own.orderId)!;
      const theirs = book.find((order) => order.orderId === undercut.orderId)!;
      expect(tickPrice(theirs.price / 100)).toBe(theirs.price);
      if (own.isBuy) expect(theirs.price).toBeGreaterThan(mine.price);
      else expect(theirs.price).toBeLessThan(mine.price);
      expect(Math.abs(theirs.price - mine.price) / mine.price).toBeLessThan(0.01);
      expect(theirs.locationId).toBe(mine.locationId);
    }
    expect(shown).toBeGreaterThan(20);
  });

  it('given an undercut order, when the character re-prices, then it beats the undercut and is often the best again', () => {
    let answered = 0;
    let bestAgain = 0;
    for (const { undercut, campaign } of undercuts) {
      const own = campaign.orders.find((order) => order.orderId === undercut.undercutOrderId)!;
      const answer = own.steps.find((step) => step.kind === 'modified' && step.timeMs > undercut.issuedMs);
      if (!answer) continue;
      const shownMs = bookInstant(answer.timeMs) + BOOK_REFRESH_MS;
      if (shownMs >= own.closedMs) continue;
      answered++;
      const book = listedAt(undercut, shownMs).filter(
        (order) => order.isBuy === own.isBuy && order.locationId === own.locationId,
      );
      const mine = book.find((order) => order.orderId === own.orderId)!;
      const theirs = book.find((order) => order.orderId === undercut.orderId)!;
      if (own.isBuy) expect(mine.price).toBeGreaterThan(theirs.price);
      else expect(mine.price).toBeLessThan(theirs.price);
      if (bestOf(book) === mine.price) bestAgain++;
    }
    expect(answered).toBeGreaterThan(10);
    expect(bestAgain).toBeGreaterThan(answered / 2);
  });
});

/** The best price of one side of a book: the lowest sell or the highest buy. */
function bestOf(orders: readonly BookOrder[]): number {
  const prices = orders.map((order) => order.price);
  return orders[0]?.isBuy ? Math.max(...prices) : Math.min(...prices);
}
