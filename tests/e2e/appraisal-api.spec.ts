import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppraisalCreatedDto } from '../../services/market/src/appraisal/http/appraisal.dto';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

const FORGE = 10000002;
const TRITANIUM = 34;
const RIFTER = 587;
const OWNER = 2119000013;
const OTHER = 2119000021;

interface Order {
  readonly isBuyOrder: boolean;
  readonly price: number;
  readonly volumeRemain: number;
  readonly minVolume: number;
}
type Created = AppraisalCreatedDto;

const cents = (isk: number) => Math.round(isk * 100);

/** The appraisal API on the product as `npm start` runs it: the real server, its ESI simulator and stores. */
describe('Appraisal API (real server)', () => {
  jest.setTimeout(120_000);
  let dataDir: string;
  let server: RunningServer;
  let visitor: ProductClient;
  let owner: ProductClient;
  let other: ProductClient;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-appraisal-e2e-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
    });
    visitor = new ProductClient(server.url);
    owner = new ProductClient(server.url);
    await owner.authorize(OWNER);
    other = new ProductClient(server.url);
    await other.authorize(OTHER);
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function create(client: ProductClient, body: unknown, csrf = true): Promise<Created> {
    const answer = await client.request('POST', '/api/v1/market/appraisals', { body, csrf });
    expect(answer.status).toBe(201);
    return answer.body as Created;
  }

  /** The region's order book of a type, as the market browser's public call shows it. */
  async function book(typeId: number): Promise<Order[]> {
    const answer = await visitor.get(`/api/v1/market/orders/${typeId}?regionId=${FORGE}`);
    expect(answer.status).toBe(200);
    return (answer.body as { orders: Order[] }).orders;
  }

  it("prices from The Forge's order book: lowest sell, highest buy, and the sell-now walk of the buy side", async () => {
    const quantity = 2_000_000;
    const { appraisal, numUnknown } = await create(visitor, {
      items: [
        { typeName: 'Tritanium', quantity },
        { typeId: RIFTER, quantity: 3 },
        { typeName: 'No Such Item', quantity: 1 },
      ],
    });
    expect(numUnknown).toBe(1);
    expect(appraisal).toMatchObject({ regionId: FORGE, regionName: 'The Forge', itemCount: 2 });
    expect(appraisal.id).toMatch(/^[0-9A-Za-z]{10}$/);
    expect(Date.parse(appraisal.expires!) - Date.parse(appraisal.created)).toBe(24 * 3600_000);

    const orders = await book(TRITANIUM);
    const sells = orders.filter((order) => !order.isBuyOrder).map((order) => order.price);
    const buys = orders.filter((order) => order.isBuyOrder).sort((a, b) => b.price - a.price);
    expect(sells.length).toBeGreaterThan(0);
    expect(buys.length).toBeGreaterThan(0);
    const tritanium = appraisal.items[0]!;
    expect(tritanium).toMatchObject({
      typeName: 'Tritanium',
      appraisalMethod: 'MARKET_ORDERS',
      sellPrice: Math.min(...sells),
      buyPrice: buys[0]!.price,
      unitVolume: 0.01,
      totalVolume: 20_000,
    });
    expect(cents(tritanium.totalSell)).toBe(cents(Math.min(...sells)) * quantity);

    // Walk the same book by hand, in cents.
    let left = quantity;
    let proceeds = 0;
    for (const order of buys) {
      const minimum = Math.min(Math.max(order.minVolume, 1), order.volumeRemain);
      if (left < minimum) continue;
      const units = Math.min(left, order.volumeRemain);
      proceeds += cents(order.price) * units;
      left -= units;
      if (left === 0) break;
    }
    expect(cents(tritanium.sellNow!.proceeds)).toBe(proceeds);
    expect(tritanium.sellNow!.unfilledQuantity).toBe(left);
    expect(cents(tritanium.sellNow!.slippage)).toBe(cents(buys[0]!.price) * (quantity - left) - proceeds);

    const rifter = appraisal.items[1]!;
    expect(rifter).toMatchObject({ typeName: 'Rifter', unitVolume: 2_500, totalVolume: 7_500 });
    expect(cents(appraisal.totalSell)).toBe(cents(tritanium.totalSell) + cents(rifter.totalSell));

    const fetched = await visitor.get(`/api/v1/market/appraisals/${appraisal.id}`);
    expect(fetched).toMatchObject({ status: 200, body: appraisal });
  });

  it('answers a temporary appraisal as temp without saving it, and 404 for ids that are not saved', async () => {
    const { appraisal } = await create(visitor, {
      createLink: false,
      items: [{ typeId: TRITANIUM, quantity: 5 }],
    });
    expect(appraisal).toMatchObject({ id: 'temp', expires: null });
    expect((await visitor.get('/api/v1/market/appraisals/temp')).status).toBe(404);
    expect((await visitor.get('/api/v1/market/appraisals/AAAAAAAAAA')).status).toBe(404);
  });

  it('reads a raw paste with the same parser as the page, naming the parser of each item and the unparsed lines', async () => {
    const fit = [
      '[Rifter, Tackle]',
      'Damage Control II',
      '[Empty Med slot]',
      'Warrior II x2',
      'garbage line ###',
    ];
    const { appraisal, paste } = await create(visitor, { text: fit.join('\n') });
    expect(appraisal.items.map((item) => [item.typeName, item.quantity])).toEqual([
      ['Rifter', 1],
      ['Damage Control II', 1],
      ['Warrior II', 2],
    ]);
    expect(paste).toMatchObject({ kind: 'eft', kindLabel: 'EFT' });
    expect(paste!.items.map((item) => [item.name, item.appraisalIndex])).toEqual([
      ['Rifter', 0],
      ['Damage Control II', 1],
      ['Warrior II', 2],
    ]);
    expect(paste!.unparsed.map((line) => line.lineNumber)).toEqual([5]);

    const preview = await visitor.request('POST', '/api/v1/market/appraisals/parse', {
      body: { text: fit.join('\n') },
    });
    expect(preview).toMatchObject({ status: 200, body: { kindLabel: 'EFT', itemCount: 3 } });
  });

  it('returns an unknown name as unknown and prices nothing in its place: no shorter name is taken for it', async () => {
    const lines = [
      'Tritanium 100',
      '2 Zealous 10MN Afterburner I',
      "Guardian Angels 'Advanced' Cerebral Accelerator x4",
      'Gizmo Deluxe x 3',
      '#### ####',
    ];
    const { appraisal, numUnknown, numGuesses, unknownItems, paste } = await create(visitor, {
      text: lines.join('\n'),
      createLink: false,
    });
    expect(appraisal.items.map((item) => [item.typeName, item.quantity])).toEqual([['Tritanium', 100]]);
    const [tritanium] = appraisal.items;
    expect([appraisal.totalSell, appraisal.totalBuy]).toEqual([tritanium!.totalSell, tritanium!.totalBuy]);
    expect(numUnknown).toBe(3);
    expect(numGuesses).toBe(2);
    expect(unknownItems).toEqual([
      {
        name: 'Zealous 10MN Afterburner I',
        quantity: 2,
        guess: { typeId: 12056, typeName: '10MN Afterburner I' },
      },
      {
        name: "Guardian Angels 'Advanced' Cerebral Accelerator",
        quantity: 4,
        guess: { typeId: 50091, typeName: 'Cerebral Accelerator' },
      },
      { name: 'Gizmo Deluxe', quantity: 3 },
    ]);
    expect(paste!.lines).toEqual([
      { lineNumber: 1, status: 'item' },
      { lineNumber: 2, status: 'guess' },
      { lineNumber: 3, status: 'guess' },
      { lineNumber: 4, status: 'unknown' },
      { lineNumber: 5, status: 'unreadable' },
    ]);
    expect(paste!.lineCounts).toEqual({ item: 1, guess: 2, unknown: 1, unreadable: 1, skipped: 0 });
  });

  it("keeps a logged-in user's appraisals in their history only, and refuses the history to a visitor", async () => {
    const mine = await create(owner, { items: [{ typeId: TRITANIUM, quantity: 1 }] });
    const theirs = await create(other, { items: [{ typeId: TRITANIUM, quantity: 2 }] });
    // Without its CSRF token a logged-in write still appraises, but is not put in the account's history.
    const unattributed = await create(owner, { items: [{ typeId: TRITANIUM, quantity: 3 }] }, false);
    await create(owner, { createLink: false, items: [{ typeId: TRITANIUM, quantity: 4 }] });

    const history = await owner.get('/api/v1/market/appraisals');
    expect(history.status).toBe(200);
    const ids = (history.body as { id: string }[]).map((row) => row.id);
    expect(ids).toContain(mine.appraisal.id);
    expect(ids).not.toContain(theirs.appraisal.id);
    expect(ids).not.toContain(unattributed.appraisal.id);
    expect(history.body).toEqual([
      {
        id: mine.appraisal.id,
        regionId: FORGE,
        regionName: 'The Forge',
        stationId: null,
        stationName: null,
        structureId: null,
        structureName: null,
        priceMode: 'top',
        pricePercent: 100,
        created: mine.appraisal.created,
        expires: mine.appraisal.expires,
        itemCount: 1,
        totalSell: mine.appraisal.totalSell,
        totalBuy: mine.appraisal.totalBuy,
        totalVolume: 0.01,
      },
    ]);
    expect(await visitor.get('/api/v1/market/appraisals')).toMatchObject({
      status: 401,
      body: { message: 'You are not logged in.' },
    });
    // Anyone with the link reads a saved appraisal.
    expect((await visitor.get(`/api/v1/market/appraisals/${mine.appraisal.id}`)).status).toBe(200);
  });

  it('answers bad input and oversized pastes with a message', async () => {
    const unknownRegion = await visitor.request('POST', '/api/v1/market/appraisals', {
      body: { regionId: 99, items: [{ typeId: TRITANIUM, quantity: 1 }] },
    });
    expect(unknownRegion).toMatchObject({
      status: 400,
      body: { message: 'regionId 99 is not a known region.' },
    });
    const tooLarge = await visitor.request('POST', '/api/v1/market/appraisals', {
      body: { text: 'Tritanium 1\n'.repeat(90_000) },
    });
    expect(tooLarge.status).toBe(413);
    expect((tooLarge.body as { message: string }).message).toMatch(/1 MB/);
    const tooManyLines = await visitor.request('POST', '/api/v1/market/appraisals', {
      body: { text: 'Tritanium 1\n'.repeat(10_001) },
    });
    expect(tooManyLines.status).toBe(400);
    expect((tooManyLines.body as { message: string }).message).toMatch(/10,000 lines/);
    const notJson = await visitor.request('POST', '/api/v1/market/appraisals', {
      body: '{"items": [',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson).toMatchObject({ status: 400, body: { message: 'The request body is not valid JSON.' } });
  });
});
