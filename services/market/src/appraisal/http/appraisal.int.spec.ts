import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ForbiddenException,
  Global,
  Module,
  UnauthorizedException,
  type INestApplication,
} from '@nestjs/common';
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
import type { EsiStructureOrder } from '@tradewise/contracts';
import type { AccountSession } from '@tradewise/platform';
import {
  MARKET_ORDER_BOOKS,
  MARKET_PRICES,
  STRUCTURE_NAMES,
  type AccountStructureMarket,
  type AccountStructureMarkets,
  type StructureNames,
} from '../../market-data/market-data.ports';
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
/** A public Keepstar in Perimeter (The Forge) and a second public structure ESI does not name. */
const KEEPSTAR = 1_035_466_617_946;
const UNNAMED = 1_000_000_000_777;
const PERIMETER = 30000144;

/** The public structures ESI lists and names; `failing`: ESI does not answer the list. */
class InMemoryStructureNames implements StructureNames {
  readonly publicIds = new Set([KEEPSTAR, UNNAMED]);
  readonly named = new Map([[KEEPSTAR, 'Perimeter - Tranquility Trading Tower']]);
  failing = false;

  async publicNames(ids: readonly number[]): Promise<ReadonlyMap<number, string>> {
    return new Map([...this.named].filter(([id]) => ids.includes(id) && this.publicIds.has(id)));
  }

  async names(ids: readonly number[]): Promise<ReadonlyMap<number, string>> {
    return this.publicNames(ids);
  }

  async publicMarketIds(): Promise<ReadonlySet<number> | null> {
    return this.failing ? null : this.publicIds;
  }
}

/** Structure markets as the accounts context reads them: per account, or the 403 it answers. */
class InMemoryAccountStructureMarkets implements AccountStructureMarkets {
  readonly orders: EsiStructureOrder[] = [];
  /** Accounts whose characters may not dock (ESI refuses them). */
  readonly refused = new Set<string>();
  readonly asked: { accountId: string; structureId: number }[] = [];
  private nextOrderId = 1;

  add(
    typeId: number,
    side: 'buy' | 'sell',
    price: number,
    volume: number,
    locationId = KEEPSTAR,
    range: EsiStructureOrder['range'] = 'station',
  ): this {
    this.orders.push({
      order_id: this.nextOrderId++,
      type_id: typeId,
      location_id: locationId,
      volume_total: volume,
      volume_remain: volume,
      min_volume: 1,
      price,
      is_buy_order: side === 'buy',
      duration: 90,
      issued: '2026-01-01T00:00:00Z',
      range,
    });
    return this;
  }

  async read(session: AccountSession, structureId: number): Promise<AccountStructureMarket> {
    this.asked.push({ accountId: session.accountId, structureId });
    if (this.refused.has(session.accountId)) {
      throw new ForbiddenException("None of your characters may use this structure's market.");
    }
    return {
      structureId,
      characterId: 1,
      orders: this.orders,
      place:
        structureId === KEEPSTAR
          ? { name: 'Perimeter - Tranquility Trading Tower', systemId: PERIMETER }
          : null,
    };
  }
}

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
  let structureNames: InMemoryStructureNames;
  let structureMarkets: InMemoryAccountStructureMarkets;
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
    structureNames = new InMemoryStructureNames();
    structureMarkets = new InMemoryAccountStructureMarkets();

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
        { provide: STRUCTURE_NAMES, useValue: structureNames },
      ],
      exports: [
        STATIC_DATA,
        READ_STORE,
        CLOCK,
        LOGGER,
        MARKET_ORDER_BOOKS,
        MARKET_PRICES,
        SESSION_AUTHENTICATOR,
        STRUCTURE_NAMES,
      ],
    })
    class Ports {}

    const moduleRef = await Test.createTestingModule({
      imports: [
        Ports,
        AppraisalModule.forRoot({ accountStructureMarkets: { useFactory: () => structureMarkets } }),
      ],
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
      structureId: null,
      structureName: null,
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
  describe('at a public structure', () => {
    const items = [
      { typeId: TRITANIUM, quantity: 100 },
      { typeId: PYERITE, quantity: 2 },
      { typeId: MORPHITE, quantity: 1 },
    ];

    beforeEach(() => {
      structureMarkets
        .add(TRITANIUM, 'sell', 4.8, 1_000)
        .add(TRITANIUM, 'sell', 4.6, 1_000)
        .add(TRITANIUM, 'buy', 4.1, 50)
        .add(TRITANIUM, 'buy', 4.3, 70)
        // Orders of a neighbouring structure a trader docked in the Keepstar cannot deal with here.
        .add(TRITANIUM, 'sell', 1, 1_000, 1_000_000_000_999)
        .add(TRITANIUM, 'buy', 9, 1_000, 1_000_000_000_999, 'region')
        .add(PYERITE, 'sell', 11, 100);
      prices.set(PYERITE, 9.5);
    });

    it("prices from the structure's own orders, each empty side falling back as in a region, and keeps the structure", async () => {
      const { appraisal } = await create({ structureId: KEEPSTAR, items }, 'account-a');
      expect(structureMarkets.asked).toEqual([{ accountId: 'account-a', structureId: KEEPSTAR }]);
      // Regional books are not read for a structure.
      expect(books.asked).toEqual([]);
      expect(appraisal).toMatchObject({
        regionId: FORGE,
        regionName: 'The Forge',
        stationId: null,
        stationName: null,
        structureId: KEEPSTAR,
        structureName: 'Perimeter - Tranquility Trading Tower',
      });
      expect(
        appraisal.items.map((item) => [
          item.typeName,
          item.sellPrice,
          item.buyPrice,
          item.sellMethod,
          item.buyMethod,
        ]),
      ).toEqual([
        ['Tritanium', 4.6, 4.3, 'MARKET_ORDERS', 'MARKET_ORDERS'],
        ['Pyerite', 11, 9.5, 'MARKET_ORDERS', 'ESI_PRICE'],
        ['Morphite', 12_345.67, 12_345.67, 'ESI_PRICE', 'ESI_PRICE'],
      ]);
      // Selling 100 Tritanium into the structure's buy orders: 70 at 4.30, 30 at 4.10.
      expect(appraisal.items[0]!.sellNow).toMatchObject({ proceeds: 424, filledQuantity: 100, slippage: 6 });
      expect(appraisal.totalSell).toBe(460 + 22 + 12_345.67);

      expect((await get(`/${appraisal.id}`)).body).toEqual(appraisal);
      const [row] = (await get('', 'account-a')).body as AppraisalSummaryDto[];
      expect(row).toMatchObject({
        structureId: KEEPSTAR,
        structureName: 'Perimeter - Tranquility Trading Tower',
      });
    });

    it('quotes the price modes and percentage from the same book', async () => {
      const { appraisal } = await create(
        { structureId: KEEPSTAR, priceMode: 'split', pricePercent: 90, items: [items[0]] },
        'account-a',
      );
      // The middle of 4.60 and 4.30 is 4.45; 90% of it, to the cent, 4.01 (4.005 rounded half up).
      expect([appraisal.items[0]!.sellPrice, appraisal.items[0]!.buyPrice]).toEqual([4.01, 4.01]);
      expect(appraisal).toMatchObject({ priceMode: 'split', pricePercent: 90, structureId: KEEPSTAR });
    });

    it('names a structure the reading character could not name by the public names, or leaves it null', async () => {
      const { appraisal } = await create({ structureId: UNNAMED, items: [items[0]] }, 'account-a');
      // No place: the region asked for (the default), and no name anywhere.
      expect(appraisal).toMatchObject({ structureId: UNNAMED, structureName: null, regionId: FORGE });
      // Its book holds no order located in it: the ESI average or nothing.
      expect(appraisal.items[0]!.sellMethod).toBe('INSUFFICIENT_DATA');
    });

    it('answers a visitor 401 with a sentence the page shows, and a refused account 403', async () => {
      const visitor = await post('', { structureId: KEEPSTAR, items });
      expect(visitor.status).toBe(401);
      expect((visitor.body as { message: string }).message).toBe(
        "Log in to price at a player structure: ESI shows a structure's market only to characters who may dock there.",
      );
      structureMarkets.refused.add('account-b');
      const refused = await post('', { structureId: KEEPSTAR, items }, 'account-b');
      expect(refused.status).toBe(403);
      expect((refused.body as { message: string }).message).toBe(
        "None of your characters may use this structure's market.",
      );
      expect(structureMarkets.asked).toEqual([{ accountId: 'account-b', structureId: KEEPSTAR }]);
    });

    it.each([
      [{ structureId: KEEPSTAR, stationId: 60003760 }, 'Send either stationId or structureId, not both'],
      [{ structureId: 60003760 }, 'structureId must be a whole number from 1,000,000,000,000'],
      [
        { structureId: 1_000_000_000_001 },
        'structureId 1000000000001 is not a public structure with a market',
      ],
      [{ structureId: '1035466617946' }, 'structureId must be a whole number'],
    ])('refuses a structure it cannot price at with a 400: %j', async (choice, message) => {
      const response = await post('', { ...choice, items }, 'account-a');
      expect(response.status).toBe(400);
      expect((response.body as { message: string }).message).toContain(message);
      expect(structureMarkets.asked).toEqual([]);
    });

    it("answers 503 when ESI's list of public structures cannot be read", async () => {
      structureNames.failing = true;
      expect((await post('', { structureId: KEEPSTAR, items }, 'account-a')).status).toBe(503);
    });

    it('lists the public market structures, named first, searchable by part of the name or the id', async () => {
      const structures = (query = '') =>
        request(app.getHttpServer()).get(`/api/v1/market/structures${query}`);
      expect((await structures()).body).toEqual({
        structures: [
          { structureId: KEEPSTAR, name: 'Perimeter - Tranquility Trading Tower' },
          { structureId: UNNAMED, name: null },
        ],
        truncated: false,
      });
      expect((await structures('?q=trading%20TOWER')).body).toEqual({
        structures: [{ structureId: KEEPSTAR, name: 'Perimeter - Tranquility Trading Tower' }],
        truncated: false,
      });
      expect((await structures(`?q=${UNNAMED}`)).body).toEqual({
        structures: [{ structureId: UNNAMED, name: null }],
        truncated: false,
      });
      expect((await structures('?q=Jita')).body).toEqual({ structures: [], truncated: false });
      expect((await structures('?q=%20')).status).toBe(400);
      structureNames.failing = true;
      expect((await structures()).status).toBe(503);
    });
  });
});
