import type { EsiStructureOrder } from '@tradewise/contracts';
import {
  CharacterGrantError,
  EsiForbiddenError,
  EsiMissingScopeError,
  EsiNotFoundError,
  EsiThrottledError,
  EsiUnavailableError,
  ManualClock,
} from '@tradewise/platform';
import type { StructureMarketReader } from '../market-data.ports';
import { EsiStructureMarkets, REFUSAL_KEPT_MS } from './structure-markets';

const KEEPSTAR = 1_035_000_000_017;
const MEMBERS_ONLY = 1_039_000_000_001;
const GONE = 1_039_999_999_999;

const order = (orderId: number, typeId: number, price: number): EsiStructureOrder => ({
  order_id: orderId,
  type_id: typeId,
  location_id: KEEPSTAR,
  is_buy_order: false,
  price,
  volume_remain: 10,
  volume_total: 10,
  min_volume: 1,
  range: 'region',
  issued: '2026-11-20T10:00:00Z',
  duration: 90,
});

/** ESI's structure route as one character sees it; every call is recorded. */
function readerOf(
  characterId: number,
  answer: (structureId: number) => EsiStructureOrder[] | Error,
  freshUntil: Date,
): StructureMarketReader & { asked: number[] } {
  const asked: number[] = [];
  return {
    characterId,
    asked,
    orders: async (structureId) => {
      asked.push(structureId);
      const answered = answer(structureId);
      if (answered instanceof Error) throw answered;
      return { data: answered, unchanged: false, freshUntil };
    },
  };
}

const url = (structureId: number) => `/markets/structures/${structureId}/`;

describe('EsiStructureMarkets', () => {
  const clock = new ManualClock(new Date('2026-11-22T08:00:00Z'));
  const freshUntil = new Date('2026-11-22T08:05:00Z');
  const keepstarOrders = [order(1, 34, 5.5), order(2, 35, 11)];

  const esi = (structureId: number): EsiStructureOrder[] | Error => {
    if (structureId === KEEPSTAR) return keepstarOrders;
    if (structureId === MEMBERS_ONLY) return new EsiForbiddenError('Forbidden', url(structureId), 403, false);
    return new EsiNotFoundError('Structure not found', url(structureId), 404, false);
  };

  it('given a structure the character may dock at, then its whole book is read with ESI’s expiry, once per id', async () => {
    const reader = readerOf(7, esi, freshUntil);
    const reads = await new EsiStructureMarkets({ clock }).read(reader, [KEEPSTAR, KEEPSTAR]);
    expect([...reads]).toEqual([
      [KEEPSTAR, { status: 'READ', book: { structureId: KEEPSTAR, orders: keepstarOrders, freshUntil } }],
    ]);
    expect(reader.asked).toEqual([KEEPSTAR]);
  });

  it('given ESI refuses the character (403) or has no such market (404), then it is not asked again for an hour', async () => {
    const markets = new EsiStructureMarkets({ clock });
    const reader = readerOf(7, esi, freshUntil);
    const askAgainAt = new Date(clock.now().getTime() + REFUSAL_KEPT_MS);
    const first = await markets.read(reader, [MEMBERS_ONLY, GONE]);
    expect(first.get(MEMBERS_ONLY)).toEqual({ status: 'NO_ACCESS', askAgainAt });
    expect(first.get(GONE)).toEqual({ status: 'NO_ACCESS', askAgainAt });

    clock.advance(REFUSAL_KEPT_MS - 1);
    expect((await markets.read(reader, [MEMBERS_ONLY])).get(MEMBERS_ONLY)).toEqual({
      status: 'NO_ACCESS',
      askAgainAt,
    });
    expect(reader.asked).toEqual([MEMBERS_ONLY, GONE]);

    clock.advance(1);
    await markets.read(reader, [MEMBERS_ONLY]);
    expect(reader.asked).toEqual([MEMBERS_ONLY, GONE, MEMBERS_ONLY]);
  });

  it('given one character was refused, then another character is still asked with its own token', async () => {
    const markets = new EsiStructureMarkets({ clock });
    await markets.read(readerOf(7, esi, freshUntil), [MEMBERS_ONLY]);
    const member = readerOf(8, () => keepstarOrders, freshUntil);
    expect((await markets.read(member, [MEMBERS_ONLY])).get(MEMBERS_ONLY)?.status).toBe('READ');
    expect(member.asked).toEqual([MEMBERS_ONLY]);
  });

  it('given ESI fails for one structure, then that one is UNAVAILABLE, the others are read, and the next read asks again', async () => {
    const markets = new EsiStructureMarkets({ clock });
    let down = true;
    const reader = readerOf(
      7,
      (structureId) =>
        structureId === GONE && down
          ? new EsiUnavailableError('ESI answered 503', url(structureId), 503, true)
          : keepstarOrders,
      freshUntil,
    );
    const reads = await markets.read(reader, [KEEPSTAR, GONE]);
    expect(reads.get(KEEPSTAR)?.status).toBe('READ');
    expect(reads.get(GONE)).toEqual({ status: 'UNAVAILABLE' });
    down = false;
    expect((await markets.read(reader, [GONE])).get(GONE)?.status).toBe('READ');
  });

  it.each([
    ['a missing scope', new EsiMissingScopeError(7, 'esi-markets.structure_markets.v1', url(KEEPSTAR))],
    ['a refused grant', new CharacterGrantError(7, 'The SSO refused the refresh token')],
    [
      'ESI’s throttling',
      new EsiThrottledError('Error limit', url(KEEPSTAR), 420, new Date('2026-11-22T08:01:00Z')),
    ],
  ])('given %s, then it is thrown for the caller to answer', async (_, error) => {
    const reader = readerOf(7, () => error, freshUntil);
    await expect(new EsiStructureMarkets({ clock }).read(reader, [KEEPSTAR])).rejects.toBe(error);
  });
});
