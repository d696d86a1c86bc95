import type { EsiRegionOrder } from '@tradewise/contracts';
import { ManualClock, type EsiResult } from '@tradewise/platform';
import { UnknownRegionError } from '../market-data.ports';
import { RegionalOrderBooks, type TypeOrdersFetch } from './regional-order-books';

const FORGE = 10000002;
const DOMAIN = 10000043;
const DELVE = 10000060;
const WORMHOLE = 11000001;
const TRITANIUM = 34;
const PYERITE = 35;
const MINUTE = 60_000;

function order(regionId: number, typeId: number, orderId: number): EsiRegionOrder {
  return {
    order_id: orderId,
    type_id: typeId,
    location_id: 60003760,
    system_id: regionId === FORGE ? 30000142 : 30002187,
    volume_total: 10,
    volume_remain: 5,
    min_volume: 1,
    price: 4.5,
    is_buy_order: false,
    duration: 90,
    issued: '2026-11-21T08:50:31Z',
    range: 'region',
  };
}

interface Call {
  readonly regionId: number;
  readonly typeId: number;
  settled: boolean;
  resolve(orders: EsiRegionOrder[], freshForMs?: number): void;
  reject(error: Error): void;
}

/** ESI's region orders as a function whose answers the test gives by hand. */
class ScriptedOrders {
  readonly calls: Call[] = [];
  inFlight = 0;
  maxInFlight = 0;

  constructor(private readonly clock: ManualClock) {}

  readonly fetch: TypeOrdersFetch = (regionId, typeId) => {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    return new Promise<EsiResult<EsiRegionOrder[]>>((resolve, reject) => {
      const call: Call = {
        regionId,
        typeId,
        settled: false,
        resolve: (orders, freshForMs = 5 * MINUTE) => {
          call.settled = true;
          this.inFlight -= 1;
          resolve({
            data: orders,
            unchanged: false,
            freshUntil: new Date(this.clock.now().getTime() + freshForMs),
          });
        },
        reject: (error) => {
          call.settled = true;
          this.inFlight -= 1;
          reject(error);
        },
      };
      this.calls.push(call);
    });
  };

  /** Answers every open call (and those they lead to) with one order of its region and type. */
  async answerAll(freshForMs?: number): Promise<void> {
    for (;;) {
      await flush();
      const open = this.calls.filter((call) => !call.settled);
      if (open.length === 0) return;
      for (const call of open)
        call.resolve([order(call.regionId, call.typeId, this.calls.length)], freshForMs);
    }
  }
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

function setUp(options: { maxBooks?: number; concurrency?: number } = {}) {
  const clock = new ManualClock('2026-11-21T12:00:00Z');
  const esi = new ScriptedOrders(clock);
  const books = new RegionalOrderBooks({
    fetchTypeOrders: esi.fetch,
    regions: () => ({ market: [FORGE, DOMAIN, DELVE, WORMHOLE], hubs: [FORGE, DOMAIN] }),
    clock,
    maxBooks: options.maxBooks,
    concurrency: options.concurrency ?? 2,
  });
  return { clock, esi, books };
}

describe('RegionalOrderBooks', () => {
  it('given many requests for one book at once, then one fetch serves them all', async () => {
    const { esi, books } = setUp();
    const pending = Array.from({ length: 20 }, () => books.typeBook(FORGE, TRITANIUM));
    await flush();
    expect(esi.calls).toHaveLength(1);
    esi.calls[0]!.resolve([order(FORGE, TRITANIUM, 1)]);
    const answers = await Promise.all(pending);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatchObject({
      regionId: FORGE,
      typeId: TRITANIUM,
      orders: [expect.objectContaining({ order_id: 1 })],
      fetchedAt: new Date('2026-11-21T12:00:00Z'),
      freshUntil: new Date('2026-11-21T12:05:00Z'),
    });
  });

  it("given a fetched book, then it is served from memory until ESI's expiry and fetched again after", async () => {
    const { clock, esi, books } = setUp();
    const first = books.typeBook(FORGE, TRITANIUM);
    await esi.answerAll();
    await first;
    clock.advance(5 * MINUTE - 1);
    await books.typeBook(FORGE, TRITANIUM);
    expect(esi.calls).toHaveLength(1);
    clock.advance(1);
    const again = books.typeBook(FORGE, TRITANIUM);
    await flush();
    expect(esi.calls).toHaveLength(2);
    await esi.answerAll();
    expect((await again).freshUntil).toEqual(new Date('2026-11-21T12:10:00Z'));
  });

  it('given a failed fetch, then the failure reaches every waiting reader and the next reader tries again', async () => {
    const { esi, books } = setUp();
    const readers = [books.typeBook(FORGE, TRITANIUM), books.typeBook(FORGE, TRITANIUM)];
    await flush();
    esi.calls[0]!.reject(new Error('ESI is down'));
    for (const reader of readers) await expect(reader).rejects.toThrow('ESI is down');
    const retry = books.typeBook(FORGE, TRITANIUM);
    await flush();
    expect(esi.calls).toHaveLength(2);
    await esi.answerAll();
    await expect(retry).resolves.toMatchObject({ typeId: TRITANIUM });
  });

  it('given a region without a market, then it throws UnknownRegionError without asking ESI', async () => {
    const { esi, books } = setUp();
    await expect(books.typeBook(12000001, TRITANIUM)).rejects.toBeInstanceOf(UnknownRegionError);
    await expect(books.typeBooks(99, [TRITANIUM])).rejects.toThrow('Unknown region 99');
    expect(books.isMarketRegion(WORMHOLE)).toBe(true);
    expect(books.isMarketRegion(12000001)).toBe(false);
    expect(esi.calls).toHaveLength(0);
  });

  it('given many types of one region, then each is fetched once, at most `concurrency` at a time', async () => {
    const { esi, books } = setUp({ concurrency: 2 });
    const typeIds = [34, 35, 36, 37, 38, 34, 35];
    const answer = books.typeBooks(FORGE, typeIds);
    await esi.answerAll();
    const byType = await answer;
    expect([...byType.keys()].sort()).toEqual([34, 35, 36, 37, 38]);
    expect(esi.calls.map((call) => call.typeId).sort()).toEqual([34, 35, 36, 37, 38]);
    expect(esi.maxInFlight).toBe(2);
    expect(byType.get(36)).toMatchObject({ regionId: FORGE, typeId: 36 });
  });

  it('given a game-wide book, then every market region is asked, hubs first, and the earliest expiry holds', async () => {
    const { esi, books } = setUp({ concurrency: 2 });
    const cachedForge = books.typeBook(FORGE, TRITANIUM);
    await esi.answerAll(1 * MINUTE);
    await cachedForge;
    const gameWide = books.gameWideBook(TRITANIUM);
    await flush();
    expect(esi.calls.slice(1).map((call) => call.regionId)).toEqual([DOMAIN, DELVE]);
    await esi.answerAll();
    const book = await gameWide;
    expect(book.books.map((regional) => regional.regionId)).toEqual([FORGE, DOMAIN, DELVE, WORMHOLE]);
    expect(esi.calls.map((call) => call.regionId)).toEqual([FORGE, DOMAIN, DELVE, WORMHOLE]);
    expect(book.freshUntil).toEqual(new Date('2026-11-21T12:01:00Z'));
  });

  it('given one region failing, then the game-wide book fails rather than leave its orders out', async () => {
    const { esi, books } = setUp({ concurrency: 4 });
    const gameWide = expect(books.gameWideBook(TRITANIUM)).rejects.toThrow('Delve timed out');
    await flush();
    esi.calls.find((call) => call.regionId === DELVE)!.reject(new Error('Delve timed out'));
    await esi.answerAll();
    await gameWide;
  });

  it('given expired hub books, then those read recently are fetched again ahead of readers and others not', async () => {
    const { clock, esi, books } = setUp();
    const reads = [
      books.typeBook(FORGE, TRITANIUM),
      books.typeBook(DOMAIN, PYERITE),
      books.typeBook(DELVE, TRITANIUM),
    ];
    await esi.answerAll();
    await Promise.all(reads);
    clock.advance(10 * MINUTE);
    const expiredRead = books.typeBook(FORGE, TRITANIUM);
    await esi.answerAll();
    await expiredRead;
    expect(esi.calls).toHaveLength(4);

    clock.advance(6 * MINUTE); // Forge's book (read 6 min ago) and Domain's (read 16 min ago) have expired
    const sweep = books.refreshWarmHubBooks();
    await esi.answerAll();
    expect(await sweep).toBe(1);
    expect(esi.calls.slice(4).map((call) => [call.regionId, call.typeId])).toEqual([[FORGE, TRITANIUM]]);
    await books.typeBook(FORGE, TRITANIUM);
    expect(esi.calls).toHaveLength(5);
  });

  it('given more books than it keeps, then the least recently read goes first', async () => {
    const { esi, books } = setUp({ maxBooks: 2 });
    for (const typeId of [34, 35]) {
      const read = books.typeBook(FORGE, typeId);
      await esi.answerAll();
      await read;
    }
    await books.typeBook(FORGE, 34); // 35 is now the least recently read
    const third = books.typeBook(FORGE, 36);
    await esi.answerAll();
    await third;
    await books.typeBook(FORGE, 34);
    expect(esi.calls).toHaveLength(3);
    const evicted = books.typeBook(FORGE, 35);
    await esi.answerAll();
    await evicted;
    expect(esi.calls.map((call) => call.typeId)).toEqual([34, 35, 36, 35]);
  });
});
