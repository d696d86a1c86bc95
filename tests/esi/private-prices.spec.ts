import { HEAVY_TRADER_ID } from '@tradewise/esi-sim';
import { ProductScope, type EsiStructureOrder } from '@tradewise/contracts';
import { EsiStructureMarkets } from '@tradewise/market';
import { structureIdsOf } from '../../services/accounts/src/in-game/character-orders';
import { similarPrivateOrders } from '../../services/accounts/src/in-game/private-prices';
import { accountPrivateMarkets } from '../../services/server/src/composition/private-markets';
import { esiClientFor } from './support/esi-test-kit';
import { esiRequests, hostSimulator, type HostedSimulator } from './support/simulator-host';

const SCOPES = [ProductScope.characterOrders, ProductScope.structureMarkets];

/**
 * Private prices against the simulator: the market context's structure markets behind accounts' port, with the
 * product's ESI client and the character's own token, as the API composes them.
 */
describe('Private prices from structure markets (simulated ESI)', () => {
  let host: HostedSimulator;

  beforeAll(async () => {
    host = await hostSimulator({ profile: 'heavy-trader' });
  });
  afterAll(() => host.close());

  /** What ESI lists on the structure's route to a token of the character, every page. */
  async function structureRoute(structureId: number): Promise<EsiStructureOrder[]> {
    const { access_token } = host.simulator.issueTokens(HEAVY_TRADER_ID, SCOPES);
    const orders: EsiStructureOrder[] = [];
    for (let page = 1; ; page++) {
      const response = await fetch(`${host.url}/markets/structures/${structureId}/?page=${page}`, {
        headers: { authorization: `Bearer ${access_token}` },
      });
      expect(response.status).toBe(200);
      orders.push(...((await response.json()) as EsiStructureOrder[]));
      if (page >= Number(response.headers.get('x-pages'))) return orders;
    }
  }

  it('reads the markets of the structures the character trades in, keeps the types it trades there, and leaves out a structure it may not dock at', async () => {
    const { esi } = esiClientFor(host, [HEAVY_TRADER_ID], SCOPES);
    const markets = accountPrivateMarkets(new EsiStructureMarkets({ clock: host.clock }));
    const membersOnly = host.simulator.world.structures.find((structure) => !structure.isPublic)!;

    const orders = await esi.getCharacterOrders(HEAVY_TRADER_ID);
    const traded = structureIdsOf(orders.data);
    expect(traded.length).toBeGreaterThan(0);
    const reads = await markets.read(HEAVY_TRADER_ID, esi, [...traded, membersOnly.structureId]);
    expect(reads.get(membersOnly.structureId)?.status).toBe('NO_ACCESS');

    const answer = similarPrivateOrders({
      orders: orders.data,
      ordersFreshUntil: orders.freshUntil,
      reads,
      places: new Map(),
      now: host.clock.now(),
    });
    expect(answer.structures.map((structure) => [structure.structureId, structure.status])).toEqual(
      traded.map((structureId) => [structureId, 'READ']),
    );
    const expected: number[] = [];
    for (const structureId of traded) {
      const regionId = orders.data.find((order) => order.location_id === structureId)!.region_id;
      const typesThere = new Set(
        orders.data.filter((order) => order.region_id === regionId).map((order) => order.type_id),
      );
      const listed = await structureRoute(structureId);
      expect(listed.length).toBeGreaterThan(0);
      expected.push(
        ...listed.filter((order) => typesThere.has(order.type_id)).map((order) => order.order_id),
      );
    }
    expect(expected.length).toBeGreaterThan(0);
    expect(answer.data.map((order) => order.orderId).sort()).toEqual(expected.sort());
    expect(Date.parse(answer.expires)).toBeGreaterThan(host.clock.now().getTime());

    // Until ESI's expiry the books come from the client's cache, and the refusal is believed: nothing is sent.
    const sent = host.requests.length;
    await markets.read(HEAVY_TRADER_ID, esi, [...traded, membersOnly.structureId]);
    expect(esiRequests(host, sent)).toEqual([]);
  });

  it('throws the missing scope for a character that has not granted structure markets, and sends nothing', async () => {
    const { esi } = esiClientFor(host, [HEAVY_TRADER_ID], [ProductScope.characterOrders]);
    const markets = accountPrivateMarkets(new EsiStructureMarkets({ clock: host.clock }));
    const keepstar = host.simulator.world.structures.find((structure) => structure.isPublic)!;
    const sent = host.requests.length;
    await expect(markets.read(HEAVY_TRADER_ID, esi, [keepstar.structureId])).rejects.toMatchObject({
      name: 'EsiMissingScopeError',
      scope: ProductScope.structureMarkets,
    });
    expect(esiRequests(host, sent)).toEqual([]);
  });
});
