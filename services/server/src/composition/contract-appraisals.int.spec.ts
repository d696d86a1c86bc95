import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { contractAppraisalSchema, type EsiMarketPrice, type EsiRegionOrder } from '@tradewise/contracts';
import { importStaticData, loadStaticData, locateSdeSource, type StaticData } from '@tradewise/market';
import { ManualClock } from '@tradewise/platform';
import type { ContractAppraisals } from '@tradewise/sync';
import { writeMiniSde } from '../../../market/src/static-data/import/mini-sde.fixture';
import { contractAppraisals, type AppraisalOrderBooks } from './contract-appraisals';

const FORGE = 10000002;
const TRITANIUM = 34;
const PYERITE = 35;
const RIFTER = 587;
const RIFTER_BLUEPRINT = 691;
/** In the static data, but on no market (unpublished). */
const WATER = 3645;
/** Not in the static data at all. */
const UNKNOWN = 999_999_999;

const order = (typeId: number, price: number, isBuy: boolean, index: number): EsiRegionOrder => ({
  order_id: typeId * 100 + index,
  type_id: typeId,
  location_id: 60003760,
  system_id: 30000142,
  volume_total: 10,
  volume_remain: 10,
  min_volume: 1,
  price,
  is_buy_order: isBuy,
  duration: 90,
  issued: '2026-11-01T00:00:00Z',
  range: 'region',
});

/** The Forge's books: Tritanium has sells and a buy, Pyerite a buy only; every other type has no orders. */
function forgeBooks() {
  const asked: { regionId: number; typeIds: readonly number[] }[] = [];
  let failure: Error | null = null;
  const books: AppraisalOrderBooks = {
    typeBooks: (regionId, typeIds) => {
      asked.push({ regionId, typeIds });
      if (failure) return Promise.reject(failure);
      const tritanium = [
        order(TRITANIUM, 5.01, false, 0),
        order(TRITANIUM, 4.99, false, 1),
        order(TRITANIUM, 6, true, 2),
      ];
      const pyerite = [order(PYERITE, 20, true, 0)];
      const orders = (typeId: number) =>
        typeId === TRITANIUM ? tritanium : typeId === PYERITE ? pyerite : [];
      return Promise.resolve(new Map(typeIds.map((typeId) => [typeId, { orders: orders(typeId) }])));
    },
  };
  return { books, asked, fail: (error: Error | null) => (failure = error) };
}

/** ESI's average prices: Pyerite only. */
function esiPrices() {
  let calls = 0;
  let failure: Error | null = null;
  const prices = {
    getMarketPrices: () => {
      calls += 1;
      if (failure) return Promise.reject(failure);
      const data: EsiMarketPrice[] = [{ type_id: PYERITE, average_price: 12.345, adjusted_price: 12 }];
      return Promise.resolve({ data, unchanged: false, freshUntil: new Date() });
    },
  };
  return { prices, calls: () => calls, fail: (error: Error | null) => (failure = error) };
}

/** The appraisals over a real StaticData imported from the miniature SDE; the books and ESI's prices are fakes. */
describe('contract appraisals', () => {
  let dir: string;
  let staticData: StaticData;
  let books: ReturnType<typeof forgeBooks>;
  let prices: ReturnType<typeof esiPrices>;
  let appraisals: ContractAppraisals;
  const warn = jest.fn();
  const clock = new ManualClock('2026-11-20T10:00:00.000Z');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-contract-appraisals-'));
    const sde = writeMiniSde(join(dir, 'source'));
    await importStaticData({
      source: await locateSdeSource({ location: sde, version: 'mini-1', buildDate: '2026-09-16' }),
      outputDir: join(dir, 'static'),
    });
    staticData = await loadStaticData(join(dir, 'static'));
  }, 60_000);

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  beforeEach(() => {
    warn.mockClear();
    books = forgeBooks();
    prices = esiPrices();
    appraisals = contractAppraisals({
      staticData,
      books: books.books,
      prices: prices.prices,
      clock,
      logger: { warn },
    });
  });

  it("values each type as the appraisal tool does, at The Forge's lowest sell or, without one, ESI's average", async () => {
    const appraisal = await appraisals.appraise([
      { typeId: TRITANIUM, quantity: 1000 },
      { typeId: PYERITE, quantity: 5 },
      { typeId: RIFTER, quantity: 1 },
      { typeId: RIFTER_BLUEPRINT, quantity: 1 },
      { typeId: WATER, quantity: 3 },
      { typeId: UNKNOWN, quantity: 2 },
      { typeId: TRITANIUM, quantity: 500 },
    ]);
    expect(contractAppraisalSchema.parse(appraisal)).toEqual({
      regionId: FORGE,
      appraisedAt: '2026-11-20T10:00:00.000Z',
      prices: [
        { typeId: TRITANIUM, method: 'MARKET_ORDERS', unitPriceCents: 499 },
        { typeId: PYERITE, method: 'ESI_PRICE', unitPriceCents: 1235 },
        { typeId: RIFTER, method: 'INSUFFICIENT_DATA', unitPriceCents: 0 },
        { typeId: RIFTER_BLUEPRINT, method: 'BLUEPRINT', unitPriceCents: 0 },
        { typeId: WATER, method: 'NONE', unitPriceCents: 0 },
        { typeId: UNKNOWN, method: 'NONE', unitPriceCents: 0 },
      ],
    });
    // Only market types are looked up, in The Forge, in one call.
    expect(books.asked).toEqual([{ regionId: FORGE, typeIds: [TRITANIUM, PYERITE, RIFTER] }]);
    expect(prices.calls()).toBe(1);
  });

  it("reads ESI's average prices only when some type has no orders", async () => {
    const appraisal = await appraisals.appraise([
      { typeId: TRITANIUM, quantity: 1 },
      { typeId: WATER, quantity: 1 },
    ]);
    expect(appraisal!.prices.map((price) => price.method)).toEqual(['MARKET_ORDERS', 'NONE']);
    expect(prices.calls()).toBe(0);
  });

  it('answers null, and warns, when the books or the average prices cannot be read: nothing is recorded half-priced', async () => {
    books.fail(new Error('ESI is down'));
    expect(
      await appraisals.appraise([
        { typeId: TRITANIUM, quantity: 1 },
        { typeId: RIFTER, quantity: 1 },
      ]),
    ).toBeNull();
    books.fail(null);
    prices.fail(new Error('ESI is down'));
    expect(
      await appraisals.appraise([
        { typeId: TRITANIUM, quantity: 1 },
        { typeId: RIFTER, quantity: 1 },
      ]),
    ).toBeNull();
    expect(warn).toHaveBeenCalledTimes(2);
    // Types that need neither are still appraised.
    const none = await appraisals.appraise([
      { typeId: WATER, quantity: 1 },
      { typeId: UNKNOWN, quantity: 1 },
    ]);
    expect(none!.prices.map((price) => price.method)).toEqual(['NONE', 'NONE']);
    expect(books.asked).toHaveLength(2);
  });
});
