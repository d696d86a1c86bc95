import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Global, Module, UnauthorizedException, type INestApplication } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import {
  CLOCK,
  createLogger,
  EmbeddedReadStore,
  LOGGER,
  ManualClock,
  READ_STORE,
  SESSION_AUTHENTICATOR,
  type SessionAuthenticator,
} from '@tradewise/platform';
import request from 'supertest';
import { MARKET_ORDER_BOOKS, MARKET_PRICES } from '../../market-data/market-data.ports';
import { ensureStaticDataset } from '../../static-data/dataset/ensure-static-dataset';
import { resolveStaticDataDir } from '../../static-data/dataset/static-data-dir';
import type { StaticData } from '../../static-data/static-data';
import { STATIC_DATA } from '../../static-data/static-data.token';
import { InMemoryMarketPrices, InMemoryOrderBooks } from '../pricing/market-data.test-kit';
import { APPRAISALS_COLLECTION } from '../saved/appraisal.store';
import { AppraisalPurge } from '../saved/appraisal-purge';
import type {
  AppraisalCreatedDto,
  AppraisalHubComparisonDto,
  AppraisalDto,
  AppraisalSummaryDto,
  PasteReadingDto,
} from './appraisal.dto';
import { AppraisalModule } from './appraisal.module';

const FORGE = 10000002;
const DOMAIN = 10000043;
/** The other trade hubs' regions: Sinq Laison (Dodixie), Heimatar (Rens), Metropolis (Hek). */
const OTHER_HUB_REGIONS = [10000032, 10000030, 10000042];
const TRITANIUM = 34;
const PYERITE = 35;
const RIFTER = 587;
const VEXOR_BLUEPRINT = 971;
const CAPSULE = 670;
const MORPHITE = 11399;
const LARGE_SKILL_INJECTOR = 40520;
const HOUR = 3600_000;

/** Sessions by header, standing in for the accounts context's cookie sessions (the e2e tests use the real ones). */
const headerSessions: SessionAuthenticator = {
  async authenticate(incoming) {
    const accountId = incoming.headers['x-test-account'];
    if (typeof accountId !== 'string') throw new UnauthorizedException('You are not logged in.');
    return { accountId, characterId: 1, characterName: 'Pilot', csrfToken: 'c', token: 't' };
  },
};

/**
 * The appraisal API over the real static data and the embedded read store; the market data ports are in-memory
 * order books and prices, so every price below is known.
 */
describe('appraisal API', () => {
  let staticData: StaticData;
  let dir: string;
  let readStore: EmbeddedReadStore;
  let clock: ManualClock;
  let books: InMemoryOrderBooks;
  let prices: InMemoryMarketPrices;
  let app: INestApplication;

  const post = (path: string, body: unknown, account?: string) => {
    const call = request(app.getHttpServer())
      .post(`/api/v1/market/appraisals${path}`)
      .send(body as object);
    return account ? call.set('x-test-account', account) : call;
  };
  const get = (path: string, account?: string) => {
    const call = request(app.getHttpServer()).get(`/api/v1/market/appraisals${path}`);
    return account ? call.set('x-test-account', account) : call;
  };
  const create = async (body: unknown, account?: string): Promise<AppraisalCreatedDto> => {
    const response = await post('', body, account);
    expect(response.status).toBe(201);
    return response.body as AppraisalCreatedDto;
  };

  beforeAll(async () => {
    staticData = await ensureStaticDataset({
      dir: resolveStaticDataDir(),
      logger: { info: () => undefined, warn: () => undefined },
    });
  }, 300_000);

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-appraisals-'));
    readStore = new EmbeddedReadStore(join(dir, 'read-store.sqlite'));
    clock = new ManualClock('2026-11-21T12:00:00.000Z');
    books = new InMemoryOrderBooks(new Set([FORGE, DOMAIN, ...OTHER_HUB_REGIONS]), () => clock.now())
      .add(FORGE, TRITANIUM, 'sell', 5.01, 1_000_000)
      .add(FORGE, TRITANIUM, 'sell', 4.99, 100)
      .add(FORGE, TRITANIUM, 'buy', 4.5, 500)
      .add(FORGE, TRITANIUM, 'buy', 4.2, 1_000_000)
      .add(FORGE, PYERITE, 'sell', 10, 1_000)
      .add(FORGE, RIFTER, 'sell', 450_000.5, 10)
      .add(FORGE, RIFTER, 'buy', 400_000, 10)
      .add(FORGE, VEXOR_BLUEPRINT, 'sell', 60_000_000, 1)
      .add(DOMAIN, TRITANIUM, 'sell', 6, 1_000);
    prices = new InMemoryMarketPrices().set(MORPHITE, 12_345.67).set(CAPSULE, 1);

    @Global()
    @Module({
      providers: [
        { provide: STATIC_DATA, useValue: staticData },
        { provide: READ_STORE, useValue: readStore },
        { provide: CLOCK, useValue: clock },
        { provide: LOGGER, useValue: createLogger('silent') },
        { provide: MARKET_ORDER_BOOKS, useValue: books },
        { provide: MARKET_PRICES, useValue: prices },
        { provide: SESSION_AUTHENTICATOR, useValue: headerSessions },
      ],
      exports: [
        STATIC_DATA,
        READ_STORE,
        CLOCK,
        LOGGER,
        MARKET_ORDER_BOOKS,
        MARKET_PRICES,
        SESSION_AUTHENTICATOR,
      ],
    })
    class Ports {}

    const moduleRef = await Test.createTestingModule({
      imports: [Ports, AppraisalModule.forRoot()],
    }).compile();
    app = moduleRef.createNestApplication<NestExpressApplication>({ logger: false });
    // As the server does: a 1,000,000-character paste fits in the body.
    (app as NestExpressApplication).useBodyParser('json', { limit: '2mb' });
    app.setGlobalPrefix('api/v1');
    await app.init();
  });

  afterEach(async () => {
    await app?.close();
    await readStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prices items given by name (any language) or id in The Forge by default, saves them and shares them by id', async () => {
    const created = await create({
      items: [
        { typeName: 'tritanium', quantity: 1_000 },
        { typeId: RIFTER, quantity: 2 },
        { typeName: 'Pyérite', quantity: 3 },
        { typeName: 'トリタニウム', quantity: 10 },
        { typeName: 'Not An Item', quantity: 4 },
        { typeId: 999_999_999, quantity: 1 },
      ],
    });
    expect(created.numUnknown).toBe(2);
    expect(created.unknownItems).toEqual([
      { name: 'Not An Item', quantity: 4 },
      { name: 'Type 999999999', quantity: 1 },
    ]);
    const { appraisal } = created;
    expect(appraisal).toMatchObject({
      regionId: FORGE,
      regionName: 'The Forge',
      created: '2026-11-21T12:00:00.000Z',
      expires: '2026-11-22T12:00:00.000Z',
      itemCount: 3,
    });
    expect(appraisal.id).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(appraisal.items.map((item) => [item.index, item.typeName, item.quantity])).toEqual([
      [0, 'Tritanium', 1_010],
      [1, 'Rifter', 2],
      [2, 'Pyerite', 3],
    ]);
    const [tritanium, rifter, pyerite] = appraisal.items;
    expect(tritanium).toMatchObject({
      unitVolume: 0.01,
      totalVolume: 10.1,
      sellPrice: 4.99,
      buyPrice: 4.5,
      totalSell: 5_039.9,
      totalBuy: 4_545,
      iskVolumeSell: 499,
      iskVolumeBuy: 450,
      appraisalMethod: 'MARKET_ORDERS',
    });
    // 500 units at 4.50, 510 at 4.20.
    expect(tritanium!.sellNow).toEqual({
      proceeds: 4_392,
      filledQuantity: 1_010,
      unfilledQuantity: 0,
      averagePrice: 4.35,
      worstPrice: 4.2,
      ordersFilled: 2,
      slippage: 153,
      slippagePercent: 3.37,
    });
    // Ships are hauled packaged: a frigate is 2,500 m³.
    expect(rifter).toMatchObject({
      unitVolume: 2_500,
      totalVolume: 5_000,
      sellPrice: 450_000.5,
      totalSell: 900_001,
    });
    // Sell orders only, and no ESI average for it: the buy side says it has no price (issue 25), not 'Market orders'.
    expect(pyerite).toMatchObject({
      sellPrice: 10,
      buyPrice: 0,
      sellMethod: 'MARKET_ORDERS',
      buyMethod: 'INSUFFICIENT_DATA',
      appraisalMethod: 'INSUFFICIENT_DATA',
    });
    expect(appraisal).toMatchObject({
      totalSell: 5_039.9 + 900_001 + 30,
      totalBuy: 4_545 + 800_000,
      totalVolume: 5_010.13,
      unpricedSellRows: 0,
      unpricedBuyRows: 1,
    });

    const fetched = await get(`/${appraisal.id}`);
    expect(fetched.status).toBe(200);
    expect(fetched.body).toEqual(appraisal);
  });

  it('marks blueprints, unlisted types, ESI averages and types without any price', async () => {
    const { appraisal } = await create({
      items: [
        { typeId: VEXOR_BLUEPRINT, quantity: 1 },
        { typeId: CAPSULE, quantity: 1 },
        { typeId: MORPHITE, quantity: 2 },
        { typeId: LARGE_SKILL_INJECTOR, quantity: 1 },
      ],
    });
    expect(
      appraisal.items.map((item) => [item.typeName, item.appraisalMethod, item.sellPrice, item.totalBuy]),
    ).toEqual([
      ['Vexor Blueprint', 'BLUEPRINT', 0, 0],
      ['Capsule', 'NONE', 0, 0],
      ['Morphite', 'ESI_PRICE', 12_345.67, 24_691.34],
      ['Large Skill Injector', 'INSUFFICIENT_DATA', 0, 0],
    ]);
    expect(appraisal.items.every((item) => item.sellNow === null)).toBe(true);
    // Only the types the market lists, blueprints aside, need a book.
    expect(books.asked).toEqual([{ regionId: FORGE, typeIds: [MORPHITE, LARGE_SKILL_INJECTOR] }]);
  });

  it('prices in the region asked for', async () => {
    const { appraisal } = await create({ regionId: DOMAIN, items: [{ typeId: TRITANIUM, quantity: 2 }] });
    expect(appraisal).toMatchObject({ regionId: DOMAIN, regionName: 'Domain', totalSell: 12 });
  });

  it('answers a temporary appraisal without storing it', async () => {
    const created = await create({ createLink: false, items: [{ typeId: TRITANIUM, quantity: 1 }] });
    expect(created.appraisal).toMatchObject({ id: 'temp', expires: null, totalSell: 4.99 });
    expect(await readStore.collection(APPRAISALS_COLLECTION).countDocuments()).toBe(0);
    expect((await get('/temp')).status).toBe(404);
  });

  it('reads a raw paste with the parser and says which parser took each item and what it could not read', async () => {
    const text = [
      'Tritanium\t1,000',
      'Rifter\t2\tFrigate',
      'Unknown Thing\t5',
      'this is not an item list',
    ].join('\n');
    const created = await create({ text });
    expect(created.appraisal.items.map((item) => [item.typeName, item.quantity])).toEqual([
      ['Tritanium', 1_000],
      ['Rifter', 2],
    ]);
    // The last line, refused as a name no type has, counts as not found as well (issue 25: one honest account).
    expect(created.numUnknown).toBe(2);
    expect(created.unknownItems).toEqual([
      { name: 'Unknown Thing', quantity: 5 },
      { name: 'this is not an item list', quantity: 1 },
    ]);
    expect(created.paste).toMatchObject({ itemCount: 2, unknownCount: 2, guessCount: 0, lineCount: 4 });
    expect(created.paste!.lineCounts).toEqual({ item: 2, guess: 0, unknown: 2, unreadable: 0, skipped: 0 });
    expect(created.paste!.items).toEqual([
      expect.objectContaining({ name: 'Tritanium', typeId: TRITANIUM, lineNumbers: [1], appraisalIndex: 0 }),
      expect.objectContaining({ name: 'Rifter', typeId: RIFTER, lineNumbers: [2], appraisalIndex: 1 }),
      expect.objectContaining({
        name: 'Unknown Thing',
        typeId: null,
        lineNumbers: [3],
        appraisalIndex: null,
      }),
    ]);
    expect(created.paste!.items[0]!.formats.length).toBeGreaterThan(0);
    expect(created.paste!.formats[0]).toEqual(expect.objectContaining({ label: expect.any(String) }));
    expect(created.paste!.unparsed).toEqual([
      expect.objectContaining({ lineNumber: 4, text: 'this is not an item list' }),
    ]);
  });

  it('previews a paste: the items found and the parsers that matched, nothing priced or saved', async () => {
    const eft = ['[Rifter, Tackle]', 'Damage Control II', '', 'Warrior II x3', '[Empty High slot]'].join(
      '\n',
    );
    const response = await post('/parse', { text: eft });
    expect(response.status).toBe(200);
    const reading = response.body as PasteReadingDto;
    expect(reading).toMatchObject({
      kind: 'eft',
      kindLabel: 'EFT',
      itemCount: 3,
      unknownCount: 0,
      problem: null,
    });
    expect(reading.items.map((item) => [item.name, item.quantity])).toEqual([
      ['Rifter', 1],
      ['Damage Control II', 1],
      ['Warrior II', 3],
    ]);
    expect(books.asked).toEqual([]);
    expect((await post('/parse', { text: '  \n ' })).body).toMatchObject({
      itemCount: 0,
      problem: { code: 'empty' },
    });
  });

  it('never serves an expired appraisal, and the purge deletes it', async () => {
    const { appraisal } = await create({ expirySeconds: 1800, items: [{ typeId: TRITANIUM, quantity: 1 }] });
    expect(appraisal.expires).toBe('2026-11-21T12:30:00.000Z');
    const longer = await create({
      expirySeconds: 7 * 24 * 3600,
      items: [{ typeId: TRITANIUM, quantity: 1 }],
    });
    clock.advance(HOUR);
    expect((await get(`/${appraisal.id}`)).status).toBe(404);
    expect((await get(`/${longer.appraisal.id}`)).status).toBe(200);
    await app.get(AppraisalPurge).purge();
    const left = await readStore.collection(APPRAISALS_COLLECTION).find({}).toArray();
    expect(left.map((document) => document._id)).toEqual([longer.appraisal.id]);
  });

  it("lists the logged-in account's appraisals, newest first, and refuses a visitor", async () => {
    const first = await create({ items: [{ typeId: TRITANIUM, quantity: 1 }] }, 'account-a');
    clock.advance(60_000);
    const second = await create({ items: [{ typeId: PYERITE, quantity: 2 }] }, 'account-a');
    await create({ items: [{ typeId: PYERITE, quantity: 2 }] }, 'account-b');
    await create({ items: [{ typeId: PYERITE, quantity: 2 }] });
    await create({ createLink: false, items: [{ typeId: PYERITE, quantity: 2 }] }, 'account-a');

    const history = await get('', 'account-a');
    expect(history.status).toBe(200);
    const rows = history.body as AppraisalSummaryDto[];
    expect(rows.map((row) => row.id)).toEqual([second.appraisal.id, first.appraisal.id]);
    expect(rows[0]).toEqual({
      id: second.appraisal.id,
      regionId: FORGE,
      regionName: 'The Forge',
      stationId: null,
      stationName: null,
      priceMode: 'top',
      pricePercent: 100,
      created: '2026-11-21T12:01:00.000Z',
      expires: '2026-11-22T12:01:00.000Z',
      itemCount: 1,
      totalSell: 20,
      totalBuy: 0,
      totalVolume: 0.02,
    });
    expect(await get('')).toMatchObject({ status: 401, body: { message: 'You are not logged in.' } });
  });

  it.each([
    [{}, 'Send the items to appraise (items) or a paste (text).'],
    [[], 'The request body must be a JSON object.'],
    [{ items: [], text: 'x' }, 'Send either items or text, not both.'],
    [{ items: [] }, 'items must list at least one item.'],
    [{ items: 'Tritanium' }, 'items must be a list.'],
    [{ items: [{ quantity: 1 }] }, 'items[0] must have either typeId or typeName.'],
    [
      { items: [{ typeId: 34, typeName: 'Tritanium', quantity: 1 }] },
      'items[0] must have either typeId or typeName.',
    ],
    [
      { items: [{ typeId: 34, quantity: 0 }] },
      'items[0].quantity must be a whole number from 1 to 100,000,000,000.',
    ],
    [
      { items: [{ typeId: 34, quantity: 1.5 }] },
      'items[0].quantity must be a whole number from 1 to 100,000,000,000.',
    ],
    [
      { items: [{ typeName: ' ', quantity: 1 }] },
      'items[0].typeName must be an item name of 1 to 200 characters.',
    ],
    [{ regionId: 'Jita', items: [{ typeId: 34, quantity: 1 }] }, 'regionId must be a whole number'],
    [{ regionId: 42, items: [{ typeId: 34, quantity: 1 }] }, 'regionId 42 is not a known region.'],
    [
      { expirySeconds: -1, items: [{ typeId: 34, quantity: 1 }] },
      'expirySeconds must be a whole number from 0 to 7,776,000.',
    ],
    [{ createLink: 'yes', items: [{ typeId: 34, quantity: 1 }] }, 'createLink must be true or false.'],
    [{ text: 42 }, 'text must be the pasted text, as a string.'],
    [{ text: '\n\n' }, 'Paste some items to appraise.'],
    [{ text: 'nothing here 1 2 3 !!!' }, 'No valid lines found.'],
    [
      { items: [{ typeName: 'Nope', quantity: 1 }] },
      "No item was found: 1 item(s) weren't found when creating the appraisal.",
    ],
  ])('refuses %j with a 400 the page can show', async (body, message) => {
    const response = await post('', body);
    expect(response.status).toBe(400);
    expect(response.body.message).toContain(message);
  });

  it('refuses a paste over 1 MB (413) or 10,000 lines (400), and more than 10,000 items (413), with a message', async () => {
    for (const path of ['', '/parse']) {
      const tooLarge = await post(path, { text: 'Tritanium 1\n'.repeat(90_000) });
      expect(tooLarge.status).toBe(413);
      expect(tooLarge.body.message).toMatch(/1 MB/);
      const tooManyLines = await post(path, { text: 'Tritanium 1\n'.repeat(10_001) });
      expect(tooManyLines.status).toBe(400);
      expect(tooManyLines.body.message).toMatch(/10,000 lines/);
    }
    expect((await post('', { text: 'Tritanium 1\n'.repeat(10_000) })).status).toBe(201);
    const items = Array.from({ length: 10_001 }, () => ({ typeId: 34, quantity: 1 }));
    const tooManyItems = await post('', { items });
    expect(tooManyItems.status).toBe(413);
    expect(tooManyItems.body.message).toBe('items lists 10,001 entries: at most 10,000.');
  });

  // Issue 25, item 6: price where the player trades.
  it("prices at a trade hub's station: its sell orders and the buy orders reaching it, saved with the appraisal", async () => {
    const perimeter = { systemId: 30000144, locationId: 1_000_000_000_001 };
    books
      .add(FORGE, TRITANIUM, 'sell', 4, 1_000, 1, { systemId: 30000144, locationId: 60000001 })
      .add(FORGE, TRITANIUM, 'buy', 9, 1_000, 1, { ...perimeter, range: 'station' })
      .add(FORGE, TRITANIUM, 'buy', 4.8, 1_000, 1, { ...perimeter, range: '1' });
    const regionWide = await create({ items: [{ typeId: TRITANIUM, quantity: 10 }] });
    expect(regionWide.appraisal.items[0]).toMatchObject({ sellPrice: 4, buyPrice: 9 });

    const { appraisal } = await create({ stationId: 60003760, items: [{ typeId: TRITANIUM, quantity: 10 }] });
    expect(appraisal).toMatchObject({
      regionId: FORGE,
      stationId: 60003760,
      stationName: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
      priceMode: 'top',
      pricePercent: 100,
    });
    // Not the remote station's 4.00 nor the Perimeter structure's station-range 9.00; its one-jump 4.80 reaches Jita.
    expect(appraisal.items[0]).toMatchObject({ sellPrice: 4.99, buyPrice: 4.8 });
    expect((await get(`/${appraisal.id}`)).body).toMatchObject({ stationId: 60003760, priceMode: 'top' });

    const quote = await create({
      stationId: 60003760,
      priceMode: 'split',
      pricePercent: 90,
      items: [{ typeId: TRITANIUM, quantity: 10 }],
    });
    // The middle of 4.99 and 4.80 is 4.895, 4.90 to the cent; 90% of it is 4.41.
    expect(quote.appraisal.items[0]).toMatchObject({ sellPrice: 4.41, buyPrice: 4.41 });
    expect(quote.appraisal).toMatchObject({ priceMode: 'split', pricePercent: 90 });
  });

  it('prices the items at every trade hub side by side, each as an appraisal made there, saving nothing', async () => {
    const items = [
      { typeId: TRITANIUM, quantity: 10 },
      { typeName: 'No Such Item', quantity: 1 },
      { typeId: TRITANIUM, quantity: 5 },
    ];
    const answer = await post('/hubs', { items, priceMode: 'split', pricePercent: 90 });
    expect(answer.status).toBe(200);
    const comparison = answer.body as AppraisalHubComparisonDto;
    expect(comparison).toMatchObject({ priceMode: 'split', pricePercent: 90, numUnknown: 1 });
    expect(comparison.hubs.map((hub) => hub.stationId)).toEqual([
      60008494, 60011866, 60005686, 60003760, 60004588,
    ]);
    for (const hub of comparison.hubs) {
      const alone = await create({
        stationId: hub.stationId,
        priceMode: 'split',
        pricePercent: 90,
        createLink: false,
        items: [{ typeId: TRITANIUM, quantity: 15 }],
      });
      expect(hub).toMatchObject({
        regionId: alone.appraisal.regionId,
        regionName: alone.appraisal.regionName,
        stationName: alone.appraisal.stationName,
        totalSell: alone.appraisal.totalSell,
        totalBuy: alone.appraisal.totalBuy,
        unpricedSellRows: alone.appraisal.unpricedSellRows,
      });
      expect(hub.items).toEqual([
        {
          typeId: TRITANIUM,
          sellPrice: alone.appraisal.items[0]!.sellPrice,
          buyPrice: alone.appraisal.items[0]!.buyPrice,
          totalSell: alone.appraisal.items[0]!.totalSell,
          totalBuy: alone.appraisal.items[0]!.totalBuy,
          sellMethod: alone.appraisal.items[0]!.sellMethod,
          buyMethod: alone.appraisal.items[0]!.buyMethod,
        },
      ]);
    }
    // Jita has Tritanium on both sides; Dodixie's book is empty, so ESI's average (none here) leaves it unpriced.
    expect(comparison.hubs[3]!.items[0]!.sellMethod).toBe('MARKET_ORDERS');
    expect(comparison.hubs[1]!.unpricedSellRows).toBe(1);
    expect((await post('/hubs', { items: [] })).status).toBe(400);
    const unknownOnly = await post('/hubs', { items: [{ typeName: 'No Such Item', quantity: 1 }] });
    expect(unknownOnly.status).toBe(400);
    expect((unknownOnly.body as { message: string }).message).toBe(
      "No item was found: 1 item(s) weren't found.",
    );
    expect((await post('/hubs', { items, priceMode: 'median' })).status).toBe(400);
  });

  it.each([
    [{ stationId: 60000001 }, "stationId 60000001 is not one of the trade hubs' stations"],
    [{ stationId: 60003760, regionId: DOMAIN }, `stationId 60003760 is not in region ${DOMAIN}.`],
    [{ priceMode: 'median' }, 'priceMode must be one of top, fivePercent, split.'],
    [{ pricePercent: 0 }, 'pricePercent must be a whole number from 1 to 1,000.'],
  ])('refuses a market choice it cannot price with a 400: %j', async (choice, message) => {
    const response = await post('', { ...choice, items: [{ typeId: TRITANIUM, quantity: 1 }] });
    expect(response.status).toBe(400);
    expect((response.body as { message: string }).message).toContain(message);
  });

  it('answers 503 when the order books cannot be read, and a missing id with 404', async () => {
    books.failing = true;
    const response = await post('', { items: [{ typeId: TRITANIUM, quantity: 1 }] });
    expect(response.status).toBe(503);
    expect((await get('/abcdefghij')).status).toBe(404);
    expect((await get('/no-such-shape!')).status).toBe(404);
  });

  it('still appraises when the ESI price list is unavailable: rows without orders have no price', async () => {
    prices.failing = true;
    const { appraisal } = await create({
      items: [
        { typeId: MORPHITE, quantity: 1 },
        { typeId: TRITANIUM, quantity: 1 },
      ],
    });
    expect(appraisal.items.map((item) => item.appraisalMethod)).toEqual([
      'INSUFFICIENT_DATA',
      'MARKET_ORDERS',
    ]);
  });

  it('gives every saved appraisal its own id', async () => {
    const ids = new Set<string>();
    for (let index = 0; index < 20; index++) {
      ids.add((await create({ items: [{ typeId: TRITANIUM, quantity: 1 }] })).appraisal.id);
    }
    expect(ids.size).toBe(20);
    const answer = (await get(`/${[...ids][0]}`)).body as AppraisalDto;
    expect(answer.items).toHaveLength(1);
  });
});
