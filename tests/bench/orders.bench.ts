/**
 * `npm run bench -- orders [--requests N]`: the Market Orders numbers of docs/PERFORMANCE.md ("Market Orders").
 * A trader with 300 open orders across the five hub regions (60 market types each, half sells, half buys, at the
 * hub station, each priced in the middle of its side of the book): the orders are recorded as one read of ESI would record them (`RecordMarketOrders`, the product's
 * own command), then the page's data is requested in turn, as the page does: GET .../orders and GET .../similar
 * (the public books of those 300 region-types, from the market data cache the first round filled). The product
 * runs as `npm start` runs it (embedded adapters, the bundled ESI simulator), in this process. Then the price status
 * of all 300 over that answer, with the page's rule (contracts/src/market-orders, which the web copies), in this
 * process's V8: the browser's engine, without the page around it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import {
  priceStatus,
  type CharacterMarketOrders,
  type CharacterSimilarOrders,
  type StoredMarketOrder,
} from '@tradewise/contracts';
import { STATIC_DATA, type StaticData } from '@tradewise/market';
import { RecordMarketOrders } from '../../services/accounts/src/market-orders/record-market-orders.handler';
import { startServer } from '../../services/server/src/bootstrap';
import { ProductClient } from '../e2e/support/product-client';
import { freePort } from '../support/server-process';
import type { Bench, BenchRow } from './bench';
import { numberOption } from './support/bench-args';
import { percentile } from './support/samples';

const ARIA = 2119000011;
const PAGE_TARGET_MS = 100;
const STATUS_TARGET_MS = 20;
const TYPES_PER_REGION = 60;
/** The five hubs (account-area §9) and their regions. */
const HUBS = [
  { stationId: 60003760, regionId: 10000002 },
  { stationId: 60008494, regionId: 10000043 },
  { stationId: 60011866, regionId: 10000032 },
  { stationId: 60005686, regionId: 10000042 },
  { stationId: 60004588, regionId: 10000030 },
];

const ms = (value: number) => `${value.toFixed(2)} ms`;

interface BookOrder {
  readonly is_buy_order: boolean;
  readonly price: number;
}

/** The middle price of one side of a book (what a trader competing in it would ask or bid); null when empty. */
function middlePrice(book: readonly BookOrder[], isBuyOrder: boolean): number | null {
  const prices = book
    .filter((order) => order.is_buy_order === isBuyOrder)
    .map((order) => order.price)
    .sort((a, b) => a - b);
  return prices.length > 0 ? prices[Math.floor(prices.length / 2)]! : null;
}

/**
 * 60 market types per hub, spread over the id range, alternately sells and buys, each priced in the middle of its
 * side of the simulated world's book (as ESI lists it), so the part of the book the page walks is realistic.
 */
async function traderOrders(staticData: StaticData, now: Date, esiUrl: string): Promise<StoredMarketOrder[]> {
  const marketTypes: number[] = [];
  for (let typeId = 1; typeId < 100_000; typeId++) {
    if (staticData.isMarketType(typeId)) marketTypes.push(typeId);
  }
  if (marketTypes.length < TYPES_PER_REGION) throw new Error('the static dataset has too few market types');
  const step = Math.floor(marketTypes.length / TYPES_PER_REGION);
  const orders: StoredMarketOrder[] = [];
  for (const [hub, { stationId, regionId }] of HUBS.entries()) {
    for (let index = 0; index < TYPES_PER_REGION; index++) {
      const isBuyOrder = (index + hub) % 2 === 1;
      const typeId = marketTypes[index * step]!;
      const response = await fetch(`${esiUrl}/markets/${regionId}/orders?type_id=${typeId}&order_type=all`);
      const book = (await response.json()) as BookOrder[];
      const price = middlePrice(book, isBuyOrder) ?? 1_000;
      orders.push({
        orderId: 9_000_000_000 + hub * 1_000 + index,
        typeId,
        regionId,
        locationId: stationId,
        isBuyOrder,
        priceCents: Math.round(price * 100),
        volumeRemain: 100,
        volumeTotal: 200,
        minVolume: isBuyOrder ? 1 : null,
        escrowCents: isBuyOrder ? 5_000_000 : null,
        isCorporation: false,
        issued: new Date(now.getTime() - 3_600_000).toISOString(),
        duration: 90,
        range: 'STATION',
        structure: null,
      });
    }
  }
  return orders;
}

const bench: Bench = async (args) => {
  const requests = numberOption(args, 'requests', 100);
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-orders-'));
  const server = await startServer({
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'warn' },
  });
  try {
    const client = new ProductClient(server.url);
    await client.authorize(ARIA);
    const now = new Date();
    const orders = await traderOrders(server.app.get<StaticData>(STATIC_DATA), now, `${server.url}/esi-sim`);
    await server.app.get(CommandBus).execute(
      new RecordMarketOrders(
        {
          type: 'RecordMarketOrders',
          characterId: ARIA,
          readAt: now.toISOString(),
          expires: new Date(now.getTime() + 20 * 60_000).toISOString(),
          orders,
        },
        'system:bench',
      ),
    );
    const page = async () => {
      const [listed, similar] = await Promise.all([
        client.get(`/api/v1/market/characters/${ARIA}/orders`),
        client.get(`/api/v1/market/characters/${ARIA}/similar`),
      ]);
      if (listed.status !== 200 || similar.status !== 200) {
        throw new Error(`the page's data answered ${listed.status} and ${similar.status}`);
      }
      return similar.body as CharacterSimilarOrders;
    };
    const coldStarted = performance.now();
    const cold = await page();
    const coldMs = performance.now() - coldStarted;
    const times: number[] = [];
    for (let request = 0; request < requests; request++) {
      const started = performance.now();
      const answer = await page();
      times.push(performance.now() - started);
      if (answer.expires !== cold.expires) break;
    }
    const p95 = percentile(times, 0.95);

    // The page's price status of every order over that answer, as the browser computes it (the same V8).
    const own = ((await client.get(`/api/v1/market/characters/${ARIA}/orders`)).body as CharacterMarketOrders)
      .data;
    const book = {
      orders: [...cold.marketOrders, ...own],
      regions: cold.regionMetadata,
      ownOrderIds: new Set(own.map((order) => order.orderId)),
    };
    const statusTimes: number[] = [];
    let undercut = 0;
    for (let run = 0; run < 50; run++) {
      const started = performance.now();
      const statuses = own.map((order) =>
        priceStatus(order, book, { range: 'REGION', minVolumePercent: 0 }, Date.now()),
      );
      statusTimes.push(performance.now() - started);
      undercut = statuses.filter((result) => result.status === 'UNDERCUT').length;
    }
    const statusP95 = percentile(statusTimes, 0.95);
    const rows: BenchRow[] = [
      { metric: 'open orders (5 hub regions)', value: String(orders.length) },
      { metric: 'public book orders in similar', value: String(cold.marketOrders.length) },
      { metric: 'page data, cold books', value: ms(coldMs) },
      {
        metric: `page data (orders + similar), warm p95 of ${times.length}`,
        value: ms(p95),
        target: `≤ ${PAGE_TARGET_MS} ms`,
        ok: p95 <= PAGE_TARGET_MS,
      },
      { metric: 'page data, warm median', value: ms(percentile(times, 0.5)) },
      {
        metric: `price status of ${own.length} orders, p95 of ${statusTimes.length} (${undercut} undercut)`,
        value: ms(statusP95),
        target: `≤ ${STATUS_TARGET_MS} ms`,
        ok: statusP95 <= STATUS_TARGET_MS,
      },
    ];
    return rows;
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
};

export default bench;
