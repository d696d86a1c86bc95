import { BadGatewayException, ForbiddenException } from '@nestjs/common';
import type { CommandBus } from '@nestjs/cqrs';
import type { AccountCharacterDto, EsiStructureOrder } from '@tradewise/contracts';
import { ManualClock, type AccountSession, type EsiClient } from '@tradewise/platform';
import type { AccountQueries } from '../account/account-queries';
import { CharacterActions } from './character-actions';
import type { CharacterEsiAccess } from './character-esi-access';
import type { GameNames, PrivateMarketRead, PrivateMarkets } from './in-game.ports';

const KEEPSTAR = 1_035_466_617_946;
const ALL_SCOPES = 'esi-markets.structure_markets.v1,esi-universe.read_structures.v1';
const session: AccountSession = {
  accountId: 'account-a',
  characterId: 2,
  characterName: 'Second',
  csrfToken: 'c',
  token: 't',
};
const character = (id: number, esiScopes: string) =>
  ({ id, name: `Pilot ${id}`, esiScopes }) as AccountCharacterDto;
const sellOrder = { order_id: 1, type_id: 34, location_id: KEEPSTAR } as EsiStructureOrder;

function actions(characters: AccountCharacterDto[], reads: Record<number, PrivateMarketRead['status']>) {
  const asked: number[] = [];
  const privateMarkets: PrivateMarkets = {
    read: async (characterId, _esi, structureIds) => {
      asked.push(characterId);
      const status = reads[characterId] ?? 'NO_ACCESS';
      const read: PrivateMarketRead =
        status === 'READ' ? { status, book: { orders: [sellOrder], freshUntil: new Date() } } : { status };
      return new Map(structureIds.map((id) => [id, read]));
    },
  };
  const access = {
    call: <T>(_character: AccountCharacterDto, call: (esi: EsiClient) => Promise<T>) => call({} as EsiClient),
    structurePlaces: async (reader: AccountCharacterDto) =>
      new Map(
        reader.esiScopes.includes('read_structures')
          ? [[KEEPSTAR, { name: 'Tower', systemId: 30000144 }]]
          : [],
      ),
  } as unknown as CharacterEsiAccess;
  const queries = { characters: async () => characters } as unknown as AccountQueries;
  const subject = new CharacterActions(
    access,
    {} as GameNames,
    privateMarkets,
    {} as CommandBus,
    queries,
    new ManualClock('2026-11-28T12:00:00Z'),
  );
  return { subject, asked };
}

describe("a structure's market read for a logged-in account (the appraisal at a structure)", () => {
  it("reads with the session's character first, then the others with the scope, until one may use the market", async () => {
    const { subject, asked } = actions(
      [character(1, ALL_SCOPES), character(2, ALL_SCOPES), character(3, 'esi-universe.read_structures.v1')],
      { 1: 'READ', 2: 'NO_ACCESS' },
    );
    await expect(subject.structureMarket(session, KEEPSTAR)).resolves.toEqual({
      structureId: KEEPSTAR,
      characterId: 1,
      orders: [sellOrder],
      place: { name: 'Tower', systemId: 30000144 },
    });
    expect(asked).toEqual([2, 1]);
  });

  it('leaves the place null when the reading character may not name structures', async () => {
    const { subject } = actions([character(2, 'esi-markets.structure_markets.v1')], { 2: 'READ' });
    expect((await subject.structureMarket(session, KEEPSTAR)).place).toBeNull();
  });

  it('answers 403 naming Update Scopes when no character granted the scope', async () => {
    const { subject, asked } = actions([character(2, 'esi-universe.read_structures.v1')], {});
    const refusal = subject.structureMarket(session, KEEPSTAR);
    await expect(refusal).rejects.toBeInstanceOf(ForbiddenException);
    await expect(refusal).rejects.toThrow(/Update Scopes/);
    expect(asked).toEqual([]);
  });

  it('answers 403 when ESI refuses every character, and 502 when it did not answer for one', async () => {
    const refused = actions([character(1, ALL_SCOPES), character(2, ALL_SCOPES)], {}).subject;
    const refusal = refused.structureMarket(session, KEEPSTAR);
    await expect(refusal).rejects.toBeInstanceOf(ForbiddenException);
    await expect(refusal).rejects.toThrow("None of your characters may use this structure's market");
    const silent = actions([character(1, ALL_SCOPES), character(2, ALL_SCOPES)], {
      1: 'UNAVAILABLE',
    }).subject;
    await expect(silent.structureMarket(session, KEEPSTAR)).rejects.toBeInstanceOf(BadGatewayException);
  });
});
