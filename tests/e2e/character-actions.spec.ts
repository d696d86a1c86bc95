import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ESI_LOGIN_SCOPES,
  ESI_OPTIONAL_SCOPES,
  ProductScope,
  accountStream,
  iskToCents,
  marketOrdersStream,
  type AccountDto,
  type CharacterMarketOrders,
  type CharacterSimilarOrders,
  type EsiCharacterOrder,
  type SolarSystem,
} from '@tradewise/contracts';
import { AdvancingClock, EVENT_STORE, type EventStore } from '@tradewise/platform';
import { structureIdsOf } from '../../services/accounts/src/in-game/character-orders';
import { startServer, type RunningServer } from '../../services/server/src/bootstrap';
import { eventually } from '../support/collect';
import { freePort } from '../support/server-process';
import { ProductClient, type HttpAnswer } from './support/product-client';

const ARIA = 2119000011;
const DAX = 2119000012;
const KAEL = 2119000021;
const TRITANIUM = 34;
const JITA_IV_4 = 60003760;

describe('In-game actions with the character’s own ESI token (demo: the mounted simulator)', () => {
  jest.setTimeout(120_000);
  // The simulated world moves with its clock: at some instants Aria's first order is the best price in its region's
  // book, which then holds nothing for the price status to walk. From a fixed instant the world is the same each run.
  const clock = new AdvancingClock('2026-11-28T18:00:00.000Z');
  let dataDir: string;
  let server: RunningServer;
  let owner: ProductClient;
  let stranger: ProductClient;
  let account: AccountDto;

  const post = (client: ProductClient, path: string, body?: unknown): Promise<HttpAnswer> =>
    client.request('POST', path, { body });
  const character = (id: number) => `/api/v1/account/characters/${id}`;
  const uiActionsOf = (characterId: number) =>
    server.simulator!.uiActions.filter((action) => action.characterId === characterId);

  /** What ESI itself answers for the character, asked with a token of its own. */
  async function fromEsi<T>(path: string, scope: string, characterId = ARIA): Promise<T> {
    const { access_token } = server.simulator!.issueTokens(characterId, [scope]);
    const response = await fetch(`${server.url}/esi-sim${path}`, {
      headers: { authorization: `Bearer ${access_token}` },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'tw-in-game-'));
    server = await startServer({
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), LOG_LEVEL: 'silent' },
      clock,
    });
    owner = new ProductClient(server.url);
    await owner.authorize(ARIA);
    await owner.authorize(DAX, { path: '/api/v1/account/addCharacter' });
    account = (await owner.get('/api/v1/account')).body as AccountDto;
    stranger = new ProductClient(server.url);
    await stranger.authorize(KAEL);
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('wallet refresh', () => {
    it('reads the balance from ESI, records it on the account and shows it on GET /account', async () => {
      const before = await fromEsi<number>(`/characters/${ARIA}/wallet`, ProductScope.characterWallet);
      const answer = await post(owner, `${character(ARIA)}/updateWallet`);
      const after = await fromEsi<number>(`/characters/${ARIA}/wallet`, ProductScope.characterWallet);
      expect(answer.status).toBe(200);
      const { walletBalance, lastWalletBalanceUpdate } = answer.body as {
        walletBalance: number;
        lastWalletBalanceUpdate: string;
      };
      expect([before, after]).toContain(walletBalance);
      expect(Math.abs(Date.parse(lastWalletBalanceUpdate) - clock.now().getTime())).toBeLessThan(10_000);

      const shown = (await owner.get('/api/v1/account')).body as AccountDto;
      expect(shown.characters.find((c) => c.id === ARIA)).toMatchObject({
        walletBalance,
        lastWalletBalanceUpdate,
      });
      expect(shown.characters.find((c) => c.id === DAX)?.walletBalance).toBeUndefined();

      const events = await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(account.id));
      expect(events.at(-1)).toMatchObject({
        type: 'CharacterWalletBalanceRead',
        data: { characterId: ARIA, balanceCents: iskToCents(walletBalance), readAt: lastWalletBalanceUpdate },
        metadata: { actor: `account:${account.id}` },
      });
    });

    it('refuses another refresh within 2 minutes with 429 and Retry-After, and takes it after', async () => {
      const first = (await owner.get('/api/v1/account')).body as AccountDto;
      const firstRead = first.characters.find((c) => c.id === ARIA)!.lastWalletBalanceUpdate!;
      clock.advance(60_000);
      const tooSoon = await post(owner, `${character(ARIA)}/updateWallet`);
      expect(tooSoon).toMatchObject({ status: 429, body: { code: 'WALLET_REFRESH_TOO_SOON' } });
      const retryAfter = Number(tooSoon.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(50);
      expect(retryAfter).toBeLessThanOrEqual(60);
      // The cooldown is the character's: another one refreshes meanwhile.
      expect((await post(owner, `${character(DAX)}/updateWallet`)).status).toBe(200);

      clock.advance(retryAfter * 1000);
      const again = await post(owner, `${character(ARIA)}/updateWallet`);
      expect(again.status).toBe(200);
      expect(
        Date.parse((again.body as { lastWalletBalanceUpdate: string }).lastWalletBalanceUpdate),
      ).toBeGreaterThan(Date.parse(firstRead) + 120_000 - 1);
    });
  });

  describe('CSV exports', () => {
    it('serves the file, marks the export of that kind on the character, and refuses a character not on the account', async () => {
      const exportOf = (client: ProductClient, characterId: number, kind: 'journal' | 'transactions') =>
        client.get(`/api/v1/journal/${account.id}/characters/${characterId}/${kind}`);
      const answer = await exportOf(owner, DAX, 'journal');
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(String(answer.body).split(/\r?\n/)[0]).toBe('date,entryId,refType,amount,description');

      let dax: AccountDto['characters'][number] | undefined;
      await eventually(async () => {
        const shown = (await owner.get('/api/v1/account')).body as AccountDto;
        dax = shown.characters.find((c) => c.id === DAX);
        return dax?.lastJournalExport !== null;
      });
      expect(Math.abs(Date.parse(dax!.lastJournalExport!) - clock.now().getTime())).toBeLessThan(10_000);
      expect(dax!.lastTransactionsExport).toBeNull();

      expect((await exportOf(owner, KAEL, 'transactions')).status).toBe(404);
      expect((await exportOf(stranger, DAX, 'transactions')).status).toBe(403);
      const events = await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(account.id));
      expect(events.filter((event) => event.type === 'CharacterDataExported')).toHaveLength(1);
    });
  });

  describe('before the character granted the extra scopes', () => {
    it('refuses to read the location or set waypoints with a 403 naming the scope, and sends nothing to ESI', async () => {
      const location = await post(owner, `${character(ARIA)}/updateLocation`);
      expect(location).toMatchObject({ status: 403, body: { code: 'ESI_SCOPE_REQUIRED' } });
      expect((location.body as { message: string }).message).toContain('esi-location.read_location.v1');
      const route = await post(owner, `${character(ARIA)}/updateRoute`, {
        addToBeginning: false,
        clearOtherWaypoints: true,
        destinationId: JITA_IV_4,
      });
      expect(route).toMatchObject({ status: 403, body: { code: 'ESI_SCOPE_REQUIRED' } });
      expect((route.body as { message: string }).message).toContain('esi-ui.write_waypoint.v1');
      expect(uiActionsOf(ARIA)).toEqual([]);
      const skills = await owner.get(`${character(ARIA)}/skills`);
      expect(skills).toMatchObject({ status: 403, body: { code: 'ESI_SCOPE_REQUIRED' } });
      expect((skills.body as { message: string }).message).toContain('esi-skills.read_skills.v1');
    });
  });

  describe('with the extra scopes (Update Scopes)', () => {
    beforeAll(async () => {
      clock.advance(1_000);
      const updated = await owner.authorize(ARIA, {
        path: '/api/v1/account/addCharacter?scopes=extended',
        scopes: [...ESI_LOGIN_SCOPES, ...ESI_OPTIONAL_SCOPES],
      });
      expect(updated.status).toBe(302);
    });

    it('reads the system the character is in', async () => {
      const answer = await post(owner, `${character(ARIA)}/updateLocation`);
      expect(answer.status).toBe(200);
      const where = await fromEsi<{ solar_system_id: number }>(
        `/characters/${ARIA}/location`,
        ProductScope.location,
      );
      const systems = (await owner.get('/api/v1/static/systems')).body as SolarSystem[];
      const system = systems.find((s) => s.systemId === where.solar_system_id)!;
      expect(answer.body).toEqual({ systemId: system.systemId, systemName: system.systemName });
      // The character keeps its last known place (spec §3), and a read of the same place records nothing new.
      const read = (await owner.get('/api/v1/account')).body as AccountDto;
      expect(read.characters.find((c) => c.id === ARIA)).toMatchObject({
        systemId: system.systemId,
        systemName: system.systemName,
      });
      const stream = await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(account.id));
      const reads = () => stream.filter((event) => event.type === 'CharacterLocationRead').length;
      expect(reads()).toBe(1);
      clock.advance(10_000);
      expect((await post(owner, `${character(ARIA)}/updateLocation`)).status).toBe(200);
      const again = await server.app.get<EventStore>(EVENT_STORE).readStream(accountStream(account.id));
      expect(again.filter((event) => event.type === 'CharacterLocationRead')).toHaveLength(reads());
    });

    it("reads the character's skill sheet: each trained skill at its active level", async () => {
      const answer = await owner.get(`${character(ARIA)}/skills`);
      expect(answer.status).toBe(200);
      const sheet = await fromEsi<{ skills: { skill_id: number; active_skill_level: number }[] }>(
        `/characters/${ARIA}/skills`,
        ProductScope.skills,
      );
      expect(answer.body).toEqual({
        characterId: ARIA,
        skills: Object.fromEntries(
          sheet.skills.map((skill) => [String(skill.skill_id), skill.active_skill_level]),
        ),
        readAt: expect.any(String),
      });
      // Industry V and Science V: what the industry calculator takes for them.
      expect((answer.body as { skills: Record<string, number> }).skills).toMatchObject({
        '3380': 5,
        '3402': 5,
      });
    });

    it('sets the destination in game, and answers 420 to a second UI request within the second', async () => {
      const route = await post(owner, `${character(ARIA)}/updateRoute`, {
        addToBeginning: false,
        clearOtherWaypoints: true,
        destinationId: JITA_IV_4,
      });
      expect(route.status).toBe(204);
      const tooFast = await post(owner, `${character(ARIA)}/ui/openwindow/marketdetails/${TRITANIUM}`);
      expect(tooFast).toMatchObject({
        status: 420,
        body: { statusCode: 420, message: 'Please limit UI requests to once per second' },
      });
      expect(uiActionsOf(ARIA)).toEqual([
        {
          kind: 'set-waypoint',
          characterId: ARIA,
          destinationId: JITA_IV_4,
          addToBeginning: false,
          clearOtherWaypoints: true,
        },
      ]);
    });

    it('opens the market window and adds a waypoint, a second apart', async () => {
      clock.advance(1_000);
      expect((await post(owner, `${character(ARIA)}/ui/openwindow/marketdetails/${TRITANIUM}`)).status).toBe(
        204,
      );
      clock.advance(1_000);
      const waypoint = await post(owner, `${character(ARIA)}/updateRoute`, {
        addToBeginning: true,
        clearOtherWaypoints: false,
        destinationId: 30000142,
      });
      expect(waypoint.status).toBe(204);
      expect(uiActionsOf(ARIA).slice(-2)).toEqual([
        { kind: 'open-market-details', characterId: ARIA, typeId: TRITANIUM },
        {
          kind: 'set-waypoint',
          characterId: ARIA,
          destinationId: 30000142,
          addToBeginning: true,
          clearOtherWaypoints: false,
        },
      ]);
    });

    it('does not send a UI request again after ESI failed it (the game may have acted): 502', async () => {
      clock.advance(1_000);
      const seen = server.simulator!.uiActions.length;
      server.simulator!.faults.failNext(1, 503, { operationId: 'PostUiOpenwindowMarketdetails' });
      try {
        const failed = await post(owner, `${character(ARIA)}/ui/openwindow/marketdetails/${TRITANIUM}`);
        expect(failed).toMatchObject({
          status: 502,
          body: { message: "The game's API (ESI) did not answer; try again in a moment." },
        });
      } finally {
        server.simulator!.faults.clear();
      }
      expect(server.simulator!.uiActions.length).toBe(seen);
    });

    it('refuses a route without a destination and an unknown item with a 4xx, sending nothing', async () => {
      clock.advance(1_000);
      const seen = server.simulator!.uiActions.length;
      const noDestination = await post(owner, `${character(ARIA)}/updateRoute`, {
        clearOtherWaypoints: true,
      });
      expect(noDestination.status).toBe(400);
      expect((noDestination.body as { message: string }).message).toContain('destinationId');
      expect((await post(owner, `${character(ARIA)}/ui/openwindow/marketdetails/999999999`)).status).toBe(
        404,
      );
      expect((await post(owner, `${character(ARIA)}/ui/openwindow/marketdetails/abc`)).status).toBe(400);
      expect(server.simulator!.uiActions.length).toBe(seen);
    });
  });

  describe('open orders', () => {
    it('answers the character’s open orders, named, with ESI’s expiry in the Expires header', async () => {
      const answer = await owner.get(`/api/v1/market/characters/${ARIA}/orders`);
      expect(answer.status).toBe(200);
      const orders = answer.body as CharacterMarketOrders;
      const truth = await fromEsi<EsiCharacterOrder[]>(
        `/characters/${ARIA}/orders`,
        ProductScope.characterOrders,
      );
      expect(truth.length).toBeGreaterThan(0);
      expect(orders.data.map((order) => order.orderId).sort()).toEqual(
        truth.map((order) => order.order_id).sort(),
      );
      for (const order of orders.data) {
        const esi = truth.find((o) => o.order_id === order.orderId)!;
        expect(order).toMatchObject({
          typeId: esi.type_id,
          price: esi.price,
          volumeRemain: esi.volume_remain,
          isBuyOrder: esi.is_buy_order ?? false,
          locationId: esi.location_id,
          regionId: esi.region_id,
        });
        expect(order.typeName).not.toMatch(/^Type \d+$/);
        if (order.locationId < 1e12) expect(order.locationName).toEqual(expect.any(String));
      }
      const expires = Date.parse(answer.headers.get('expires')!);
      expect(expires).toBeGreaterThan(clock.now().getTime() - 1000);
      expect(Math.floor(Date.parse(orders.expires) / 1000)).toBe(Math.floor(expires / 1000));
      expect(answer.headers.get('cache-control')).toBe('private');
      const located = ((await owner.get('/api/v1/account')).body as AccountDto).characters.find(
        (c) => c.id === ARIA,
      )!;
      const stationOrders = orders.data.filter((order) => order.locationId < 1e12);
      if (located.systemId !== undefined) {
        expect(stationOrders.every((order) => typeof order.jumps === 'number')).toBe(true);
        expect(
          stationOrders.filter((order) => order.systemId === located.systemId).map((order) => order.jumps),
        ).toEqual(stationOrders.filter((order) => order.systemId === located.systemId).map(() => 0));
      }
    });

    it('refuses Refresh Orders until ESI’s expiry of the last read with 429 and Retry-After, and reads anew after', async () => {
      const stored = (await owner.get(`/api/v1/market/characters/${ARIA}/orders`))
        .body as CharacterMarketOrders;
      const tooSoon = await post(owner, `${character(ARIA)}/updateMarketOrders`);
      expect(tooSoon).toMatchObject({ status: 429, body: { code: 'MARKET_ORDERS_REFRESH_TOO_SOON' } });
      const retryAfter = Number(tooSoon.headers.get('retry-after'));
      const remaining = (Date.parse(stored.expires) - clock.now().getTime()) / 1000;
      expect(Math.abs(retryAfter - remaining)).toBeLessThanOrEqual(2);

      clock.advance(Date.parse(stored.expires) - clock.now().getTime() + 1_000);
      const refreshed = await post(owner, `${character(ARIA)}/updateMarketOrders`);
      expect(refreshed.status).toBe(200);
      const fresh = refreshed.body as CharacterMarketOrders;
      expect(Date.parse(fresh.expires)).toBeGreaterThan(Date.parse(stored.expires));
      expect(Date.parse(refreshed.headers.get('expires')!)).toBe(
        Math.floor(Date.parse(fresh.expires) / 1000) * 1000,
      );
      const truth = await fromEsi<EsiCharacterOrder[]>(
        `/characters/${ARIA}/orders`,
        ProductScope.characterOrders,
      );
      expect(fresh.data.map((order) => [order.orderId, order.price, order.volumeRemain]).sort()).toEqual(
        truth.map((order) => [order.order_id, order.price, order.volume_remain]).sort(),
      );
      const events = await server.app.get<EventStore>(EVENT_STORE).readStream(marketOrdersStream(ARIA));
      expect(events.map((event) => [event.type, event.metadata.actor])).toEqual([
        ['MarketOrdersRead', `account:${account.id}`],
        ['MarketOrdersRead', `account:${account.id}`],
      ]);
    });

    it('answers the public books of the character’s order types in each order’s region, with each region’s expiry', async () => {
      const answer = await owner.get(`/api/v1/market/characters/${ARIA}/similar`);
      expect(answer.status).toBe(200);
      const similar = answer.body as CharacterSimilarOrders;
      const orders = (
        (await owner.get(`/api/v1/market/characters/${ARIA}/orders`)).body as CharacterMarketOrders
      ).data;
      const regions = [...new Set(orders.map((order) => order.regionId))].sort((a, b) => a - b);
      expect(similar.regionMetadata.map((region) => region.regionId)).toEqual(regions);
      expect(similar.regionMetadata.every((region) => !/^Region \d+$/.test(region.regionName))).toBe(true);
      const traded = new Set(orders.map((order) => `${order.regionId}:${order.typeId}`));
      expect(similar.marketOrders.every((order) => traded.has(`${order.regionId}:${order.typeId}`))).toBe(
        true,
      );

      // Of each book, the part the price status walks: sells up to the character's highest, buys down to its lowest.
      const { regionId, typeId } = orders[0]!;
      const own = orders.filter((order) => order.regionId === regionId && order.typeId === typeId);
      const highestSell = Math.max(...own.filter((o) => !o.isBuyOrder).map((o) => o.price));
      const lowestBuy = Math.min(...own.filter((o) => o.isBuyOrder).map((o) => o.price));
      const esiBook = (await (
        await fetch(`${server.url}/esi-sim/markets/${regionId}/orders?type_id=${typeId}&order_type=all`)
      ).json()) as { order_id: number; is_buy_order: boolean; price: number }[];
      const walked = esiBook.filter((order) =>
        order.is_buy_order ? order.price >= lowestBuy : order.price <= highestSell,
      );
      expect(walked.length).toBeGreaterThan(0);
      expect(
        similar.marketOrders
          .filter((order) => order.regionId === regionId && order.typeId === typeId)
          .map((order) => order.orderId)
          .sort(),
      ).toEqual(walked.map((order) => order.order_id).sort());
      const earliest = Math.min(...similar.regionMetadata.map((region) => Date.parse(region.expires)));
      expect(Date.parse(similar.expires)).toBe(earliest);
      expect(Date.parse(answer.headers.get('expires')!)).toBe(Math.floor(earliest / 1000) * 1000);
    });
  });

  describe('private prices', () => {
    it('are a subscriber-only feature: a FREE account gets a 403 the web shows as such', async () => {
      expect(account.subscriptionTier).toBe('FREE');
      const answer = await owner.get(`/api/v1/market/characters/${ARIA}/similarPrivate`);
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        code: 'SUBSCRIBER_ONLY',
        message: expect.stringMatching(/^Subscriber-only feature/),
      });
    });

    it('are served once a purchase made the account a Supporter', async () => {
      const adminToken = readFileSync(join(dataDir, 'admin.token'), 'utf8').trim();
      const credited = await fetch(`${server.url}/api/v1/admin/accounts/${account.id}/credits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ isk: 100_000_000, reason: 'Private prices e2e', staff: 'e2e' }),
      });
      expect(credited.status).toBe(200);
      const bought = await owner.request('POST', '/api/v1/account/subscriptions', {
        body: { tier: 'SUPPORTER' },
      });
      expect(bought.status).toBe(200);
      expect((bought.body as AccountDto).subscriptionTier).toBe('SUPPORTER');
      const answer = await owner.get(`/api/v1/market/characters/${ARIA}/similarPrivate`);
      expect(answer.status).toBe(200);
      const body = answer.body as {
        expires: string;
        structures: { structureId: number; status: string }[];
        data: { locationId: number }[];
      };
      // The structures are those of the character's open orders as the simulated world lists them (what each
      // structure's book holds is checked against ESI in tests/esi/private-prices.spec.ts).
      const orders = await fromEsi<EsiCharacterOrder[]>(
        `/characters/${ARIA}/orders`,
        ProductScope.characterOrders,
      );
      expect(body.structures.map((structure) => structure.structureId).sort((a, b) => a - b)).toEqual(
        structureIdsOf(orders),
      );
      const listed = new Set(body.structures.map((structure) => structure.structureId));
      expect(body.data.filter((order) => !listed.has(order.locationId))).toEqual([]);
      expect(Date.parse(body.expires)).toBeGreaterThan(0);
      expect(answer.headers.get('expires')).toBeTruthy();
    });
  });

  describe("another account's character", () => {
    it('is not found on any of the routes, and nothing reaches the game', async () => {
      clock.advance(1_000);
      const seen = server.simulator!.uiActions.length;
      const answers = await Promise.all([
        post(stranger, `${character(ARIA)}/updateWallet`),
        post(stranger, `${character(ARIA)}/updateLocation`),
        post(stranger, `${character(ARIA)}/updateRoute`, { destinationId: JITA_IV_4 }),
        post(stranger, `${character(ARIA)}/ui/openwindow/marketdetails/${TRITANIUM}`),
        stranger.get(`/api/v1/market/characters/${ARIA}/orders`),
        stranger.get(`/api/v1/market/characters/${ARIA}/similarPrivate`),
        post(stranger, `${character(ARIA)}/updateMarketOrders`),
        stranger.get(`/api/v1/market/characters/${ARIA}/similar`),
        stranger.get(`${character(ARIA)}/skills`),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 404, 404]);
      expect(server.simulator!.uiActions.length).toBe(seen);
      // The stranger's own character is theirs to use.
      expect(
        (await post(stranger, `${character(KAEL)}/ui/openwindow/marketdetails/${TRITANIUM}`)).status,
      ).toBe(204);
    });

    it('needs a session: 401 without one', async () => {
      const visitor = new ProductClient(server.url);
      expect((await post(visitor, `${character(ARIA)}/updateWallet`)).status).toBe(401);
      expect((await visitor.get(`/api/v1/market/characters/${ARIA}/orders`)).status).toBe(401);
      expect((await visitor.get(`/api/v1/market/characters/${ARIA}/similarPrivate`)).status).toBe(401);
      expect((await visitor.get(`/api/v1/market/characters/${ARIA}/similar`)).status).toBe(401);
      expect((await post(visitor, `${character(ARIA)}/updateMarketOrders`)).status).toBe(401);
      expect((await visitor.get(`${character(ARIA)}/skills`)).status).toBe(401);
    });
  });
});
