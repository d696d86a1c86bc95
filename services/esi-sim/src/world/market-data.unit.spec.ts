import { testUniverse } from '../universe/test-universe';
import { UniverseIndex } from '../universe/universe-index';
import { MarketBooks, REGION_ORDERS_PAGE_SIZE } from './market-books';
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

  it('prices sell orders above the market and buy orders below, and filters by side', () => {
    const tritanium = books.typeOrders(FORGE, 34, AT, 'all');
    const market = world.prices.marketPrice(FORGE, 34, AT);
    expect(tritanium.length).toBeGreaterThan(0);
    for (const order of tritanium) {
      expect(order.volumeRemain).toBeGreaterThanOrEqual(1);
      expect(order.volumeRemain).toBeLessThanOrEqual(order.volumeTotal);
      expect(order.issuedMs).toBeLessThanOrEqual(AT);
      expect(order.price / 100 / market).toBeGreaterThan(order.isBuy ? 0.85 : 0.95);
      expect(order.price / 100 / market).toBeLessThan(order.isBuy ? 1.05 : 1.15);
    }
    expect(books.typeOrders(FORGE, 34, AT, 'buy').every((order) => order.isBuy)).toBe(true);
    expect(books.typeOrders(FORGE, 34, AT, 'sell').every((order) => !order.isBuy)).toBe(true);
  });

  it('keeps an order id while it lives and changes the book over time', () => {
    const now = books.typeOrders(FORGE, 34, AT, 'all');
    const soon = books.typeOrders(FORGE, 34, AT + 300_000, 'all');
    expect(soon.map((order) => order.orderId)).toEqual(now.map((order) => order.orderId));
    const later = books.typeOrders(FORGE, 34, AT + 10 * DAY_MS, 'all');
    expect(later.map((order) => order.orderId)).not.toEqual(now.map((order) => order.orderId));
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
