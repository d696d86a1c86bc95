import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  formatIskCents,
  iskToCents,
  priceStatus,
  type CharacterMarketOrders,
  type CharacterSimilarOrders,
  type DiscordWebhookSetting,
} from '@tradewise/contracts';
import { AdvancingClock, READ_STORE, type ReadStore } from '@tradewise/platform';
import { DISCORD_WEBHOOKS_COLLECTION } from '../../services/accounts/src/market-orders/discord-webhooks';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { eventually } from '../support/collect';
import { freePort } from '../support/server-process';
import { ProductClient } from './support/product-client';

const ARIA = 2119000011;
const HOUR = 3_600_000;
const TOKEN = 'Tq0_aZ-very-secret-webhook-token-0123456789';

/** A stand-in for Discord on this machine: it keeps every message posted to its webhook path. */
async function startReceiver(): Promise<{ server: Server; origin: string; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      if (request.method === 'POST' && request.url === `/api/webhooks/1234567890/${TOKEN}`) {
        messages.push((JSON.parse(body) as { content: string }).content);
        response.writeHead(204).end();
      } else {
        response.writeHead(404).end();
      }
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${port}`, messages };
}

describe('Order alerts to a Discord webhook (a local receiver, never the internet)', () => {
  jest.setTimeout(120_000);
  const clock = new AdvancingClock();
  let dataDir: string;
  let server: RunningServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let owner: ProductClient;
  let webhookUrl: string;

  beforeAll(async () => {
    receiver = await startReceiver();
    webhookUrl = `${receiver.origin}/api/webhooks/1234567890/${TOKEN}`;
    dataDir = mkdtempSync(join(tmpdir(), 'tw-order-alerts-'));
    server = await startServer({
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        LOG_LEVEL: 'silent',
        DISCORD_WEBHOOK_ORIGINS: `https://discord.com,${receiver.origin}`,
      },
      clock,
    });
    owner = new ProductClient(server.url);
    await owner.authorize(ARIA);
  });

  /** Hours pass for the product and the mounted simulated world alike: they run on one clock. */
  const pass = (ms: number) => clock.advance(ms);

  afterAll(async () => {
    await server?.close();
    await new Promise((resolve) => receiver?.server.close(resolve));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('takes only a Discord webhook URL on an allowed origin, and keeps it encrypted', async () => {
    const put = (url: unknown) => owner.request('PUT', '/api/v1/account/discordWebhook', { body: { url } });
    for (const bad of [
      'https://evil.example/api/webhooks/1234567890/' + TOKEN,
      `${receiver.origin}/somewhere/else`,
      `https://discord.com/api/webhooks/1234567890/${TOKEN}?wait=true`,
      'not a url',
      42,
    ]) {
      const refused = await put(bad);
      expect(refused.status).toBe(400);
      if (typeof bad === 'string') {
        expect((refused.body as { message: string }).message).toMatch(/webhook URL/);
      }
    }
    expect(
      ((await owner.get('/api/v1/account/discordWebhook')).body as DiscordWebhookSetting).configured,
    ).toBe(false);

    const saved = await put(webhookUrl);
    expect(saved.status).toBe(200);
    const setting = saved.body as DiscordWebhookSetting;
    expect(setting).toMatchObject({
      configured: true,
      hint: expect.stringMatching(/^127\.0\.0\.1:\d+\/api\/webhooks\/1234…\/…$/),
    });
    expect(JSON.stringify((await owner.get('/api/v1/account/discordWebhook')).body)).not.toContain(TOKEN);

    const stored = await server.app
      .get<ReadStore>(READ_STORE)
      .collection<{ url: string }>(DISCORD_WEBHOOKS_COLLECTION)
      .find({})
      .toArray();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.url).not.toContain(TOKEN);
  });

  const lines = () => receiver.messages.join('\n').split('\n').filter(Boolean);
  const fillLines = () => lines().filter((line) => /^Aria Venn (sold|bought) /.test(line));
  const undercutLines = () => lines().filter((line) => line.startsWith("Aria Venn's "));

  /** Aria's orders as the product holds them and those the public books show undercut, by the page's rule. */
  async function undercutOrders() {
    const first = (await owner.get(`/api/v1/market/characters/${ARIA}/orders`)).body as CharacterMarketOrders;
    expect(first.data.length).toBeGreaterThan(0);
    const similar = (await owner.get(`/api/v1/market/characters/${ARIA}/similar`))
      .body as CharacterSimilarOrders;
    const book = {
      orders: [...similar.marketOrders, ...first.data],
      regions: similar.regionMetadata,
      ownOrderIds: new Set(first.data.map((order) => order.orderId)),
    };
    return first.data.filter(
      (order) =>
        priceStatus(order, book, { range: 'REGION', minVolumePercent: 0 }, clock.now().getTime()).status ===
        'UNDERCUT',
    );
  }

  it('posts the orders the public books show undercut, by the page’s rule, once each', async () => {
    // The simulated world's outside traders undercut the characters' orders, though not at every hour: hours pass
    // and Aria refreshes her orders until they do.
    let undercut = await undercutOrders();
    let hours = 0;
    for (; undercut.length === 0 && hours < 48; hours++) {
      pass(HOUR);
      const refreshed = await owner.request('POST', `/api/v1/account/characters/${ARIA}/updateMarketOrders`);
      expect(refreshed.status).toBe(200);
      undercut = await undercutOrders();
    }
    expect(undercut.length).toBeGreaterThan(0);
    const expected = undercut.map(
      (order) =>
        `Aria Venn's ${order.isBuyOrder ? 'buy' : 'sell'} order of ${order.typeName} at ${formatIskCents(iskToCents(order.price))} is undercut:`,
    );
    await eventually(() => expected.every((start) => undercutLines().some((line) => line.startsWith(start))));
    expect(undercutLines()).toHaveLength(expected.length);
    // Undercuts alone post no fill; the refreshes that let hours pass did post the fills they found.
    if (hours === 0) expect(fillLines()).toEqual([]);
  });

  it('posts each fill a later Refresh Orders finds, once, partial or complete', async () => {
    // What earlier refreshes posted has arrived; only this refresh's fills count below.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const fillsBefore = fillLines().length;
    const newFills = () => fillLines().slice(fillsBefore);
    const first = (await owner.get(`/api/v1/market/characters/${ARIA}/orders`)).body as CharacterMarketOrders;
    const undercutBefore = undercutLines().length;
    // Hours pass in the simulated world: its traders fill part of Aria's orders.
    pass(6 * HOUR);
    const refreshed = await owner.request('POST', `/api/v1/account/characters/${ARIA}/updateMarketOrders`);
    expect(refreshed.status).toBe(200);
    const second = (refreshed.body as CharacterMarketOrders).data;

    const expected = first.data.flatMap((before) => {
      const after = second.find((order) => order.orderId === before.orderId);
      if (!after || after.volumeRemain >= before.volumeRemain) return [];
      // An order Aria re-priced in those hours is named at its price now, as the alert reads the order now.
      return [
        `Aria Venn ${before.isBuyOrder ? 'bought' : 'sold'} ${(before.volumeRemain - after.volumeRemain).toLocaleString('en-US')} ${before.typeName} at ${formatIskCents(iskToCents(after.price))} (`,
      ];
    });
    // Orders that ran out leave the list; ESI's order history says they expired with nothing left.
    const { access_token } = server.simulator!.issueTokens(ARIA, ['esi-markets.read_character_orders.v1']);
    const history = (await (
      await fetch(`${server.url}/esi-sim/characters/${ARIA}/orders/history`, {
        headers: { authorization: `Bearer ${access_token}` },
      })
    ).json()) as { order_id: number; state: string; volume_remain: number }[];
    for (const before of first.data) {
      if (second.some((order) => order.orderId === before.orderId)) continue;
      const closed = history.find((order) => order.order_id === before.orderId);
      if (closed?.state !== 'expired' || closed.volume_remain !== 0) continue;
      expected.push(
        `Aria Venn ${before.isBuyOrder ? 'bought' : 'sold'} ${before.volumeRemain.toLocaleString('en-US')} ${before.typeName} at ${formatIskCents(iskToCents(before.price))} (the order is complete).`,
      );
    }
    expect(expected.length).toBeGreaterThan(0);
    await eventually(() => expected.every((start) => newFills().some((line) => line.startsWith(start))));
    expect(newFills()).toHaveLength(expected.length);
    for (const line of newFills()) {
      expect(line).toMatch(/\((the order is complete|[\d,]+ of [\d,]+ left)\)\.$/);
    }
    // An order reported undercut before is not reported again while it stays undercut.
    const newlyUndercut = undercutLines().slice(undercutBefore);
    expect(new Set(undercutLines()).size).toBe(undercutLines().length);
    for (const line of newlyUndercut) {
      expect(second.some((order) => line.includes(` of ${order.typeName} at `))).toBe(true);
    }

    // Refresh Orders again within ESI's cache time is refused, and tells nothing new.
    const posted = receiver.messages.length;
    expect(
      (await owner.request('POST', `/api/v1/account/characters/${ARIA}/updateMarketOrders`)).status,
    ).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.messages.length).toBe(posted);
  });

  it('stops posting once the owner removes the webhook', async () => {
    expect((await owner.request('DELETE', '/api/v1/account/discordWebhook')).status).toBe(204);
    const posted = receiver.messages.length;
    pass(6 * HOUR);
    expect(
      (await owner.request('POST', `/api/v1/account/characters/${ARIA}/updateMarketOrders`)).status,
    ).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.messages.length).toBe(posted);
  });
});
