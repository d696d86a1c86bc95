import type { EsiCall } from '../http/esi-call';
import { characterOrderHistoryBody, characterOrders } from '../http/handlers/market.handlers';
import { testUniverse } from '../universe/test-universe';
import { UniverseIndex } from '../universe/universe-index';
import { DAY_MS } from '../world/price-model';
import { SimulatedWorld } from '../world/simulated-world';
import { HEAVY_TRADER_ID } from '../world/world-profiles';
import { esiOrderReads } from './order-reads';

jest.setTimeout(60_000);

const universe = new UniverseIndex(testUniverse());
const AT = Date.parse('2026-11-21T12:00:00Z');
const READ_MS = 20 * 60_000;
const MIRA = 2119000013;

/** What GET /characters/{id}/orders answers at `atMs` (a 20-minute boundary, so its own snapshot). */
function ordersRoute(world: SimulatedWorld, characterId: number, atMs: number): unknown {
  const call = {
    params: { character_id: String(characterId) },
    query: new URLSearchParams(),
    snapshotMs: atMs,
    nowMs: atMs,
    world,
  } as unknown as EsiCall;
  return characterOrders(call).body;
}

describe('esiOrderReads', () => {
  it.each([
    ['the heavy trader', 'heavy-trader' as const, HEAVY_TRADER_ID],
    ['a corporation trader', 'demo' as const, MIRA],
  ])(
    'gives %s’s reads as the routes answer them, without the reads where nothing changed',
    (_name, profile, characterId) => {
      const world = new SimulatedWorld({ seed: 'unit', universe, profile });
      const fromMs = AT - 3 * DAY_MS;
      const reads = esiOrderReads(world, characterId, fromMs, AT);
      const byTime = new Map(reads.map((read) => [read.readAtMs, read]));
      let previous: unknown;
      let omitted = 0;
      for (let atMs = fromMs; atMs <= AT; atMs += READ_MS) {
        const open = ordersRoute(world, characterId, atMs);
        const closed = world
          .characterOrderHistory(characterId, atMs)
          .filter((view) => view.order.closedMs > atMs - READ_MS)
          .map(characterOrderHistoryBody);
        const read = byTime.get(atMs);
        if (read) {
          expect(read.open).toEqual(open);
          expect(read.closedSince).toEqual(closed);
          previous = read.open;
        } else {
          expect(closed).toEqual([]);
          expect(open).toEqual(previous);
          omitted++;
        }
      }
      expect(reads[0]!.readAtMs).toBe(fromMs);
      expect(reads.some((read) => read.open.some((order) => order.is_buy_order))).toBe(true);
      expect(reads.some((read) => read.closedSince.length > 0)).toBe(true);
      if (profile === 'demo') {
        expect(omitted).toBeGreaterThan(0);
        expect(reads.some((read) => read.open.some((order) => order.is_corporation))).toBe(true);
      }
    },
  );

  it('reads a month of the heavy trader every 20 minutes, most reads showing a change', () => {
    const world = new SimulatedWorld({ seed: 'unit', universe, profile: 'heavy-trader' });
    const days = 30;
    const reads = esiOrderReads(world, HEAVY_TRADER_ID, AT - days * DAY_MS, AT);
    expect(reads.length).toBeGreaterThan(days * 50);
  });
});
