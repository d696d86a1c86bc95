import { CharacterGrantError, EsiForbiddenError, ManualClock, type EsiClient } from '@tradewise/platform';
import type { StructureNameReader, StructureNameReaders } from '../market-data.ports';
import { EsiStructureNames } from './esi-structure-names';

const PUBLIC_A = 1_035_466_617_946;
const PUBLIC_B = 1_035_466_617_947;
const PRIVATE = 1_035_466_617_948;

/** ESI's two structure routes as answers per character; what the reader's client is asked is recorded. */
function world(nameOf: (characterId: number, structureId: number) => string | Error) {
  const asked: string[] = [];
  const freshUntil = new Date('2026-01-01T01:00:00Z');
  const publicClient = {
    getPublicStructureIds: async () => ({ data: [PUBLIC_A, PUBLIC_B], freshUntil }),
  } as unknown as EsiClient;
  const readerOf = (characterId: number): StructureNameReader => ({
    characterId,
    client: () =>
      ({
        getStructure: async (asker: number, structureId: number) => {
          asked.push(`${asker}:${structureId}`);
          const answer = nameOf(asker, structureId);
          if (answer instanceof Error) throw answer;
          return { data: { name: answer }, freshUntil };
        },
      }) as unknown as EsiClient,
  });
  return { asked, publicEsi: { client: () => publicClient }, readerOf };
}

describe('EsiStructureNames', () => {
  const clock = new ManualClock();

  it('given no reader, then no structure is named and ESI is not asked', async () => {
    const { asked, publicEsi } = world(() => 'never');
    const none: StructureNameReaders = { current: async () => undefined, refused: () => undefined };
    expect(await new EsiStructureNames(publicEsi, clock, none).publicNames([PUBLIC_A])).toEqual(new Map());
    expect(asked).toEqual([]);
  });

  it('given a reader, then only public structures are asked about and named, once each', async () => {
    const { asked, publicEsi, readerOf } = world((_, id) => `Structure ${id}`);
    const readers: StructureNameReaders = { current: async () => readerOf(7), refused: () => undefined };
    const names = new EsiStructureNames(publicEsi, clock, readers);
    expect(await names.publicNames([PUBLIC_A, PRIVATE, PUBLIC_A])).toEqual(
      new Map([[PUBLIC_A, `Structure ${PUBLIC_A}`]]),
    );
    await names.publicNames([PUBLIC_A]);
    expect(asked).toEqual([`7:${PUBLIC_A}`]);
  });

  it('given a reader whose grant fails, then it is reported refused and the next reader names the structure within a minute', async () => {
    const { publicEsi, readerOf } = world((characterId, id) =>
      characterId === 7 ? new CharacterGrantError(7, 'The SSO refused the refresh token') : `Structure ${id}`,
    );
    const refused: number[] = [];
    const readers: StructureNameReaders = {
      current: async () => readerOf(refused.includes(7) ? 8 : 7),
      refused: (characterId) => refused.push(characterId),
    };
    const names = new EsiStructureNames(publicEsi, clock, readers);
    expect(await names.publicNames([PUBLIC_A])).toEqual(new Map());
    expect(refused).toEqual([7]);
    clock.advance(60_000);
    expect(await names.publicNames([PUBLIC_A])).toEqual(new Map([[PUBLIC_A, `Structure ${PUBLIC_A}`]]));
  });

  it('given ESI refuses one structure (403), then the reader is kept and that structure is not asked about for an hour', async () => {
    const { asked, publicEsi, readerOf } = world((_, id) =>
      id === PUBLIC_B ? new EsiForbiddenError('Forbidden', 'url', 403, false) : `Structure ${id}`,
    );
    const refused: number[] = [];
    const readers: StructureNameReaders = {
      current: async () => readerOf(7),
      refused: (characterId) => refused.push(characterId),
    };
    const names = new EsiStructureNames(publicEsi, clock, readers);
    expect([...(await names.publicNames([PUBLIC_A, PUBLIC_B])).keys()]).toEqual([PUBLIC_A]);
    clock.advance(30 * 60_000);
    await names.publicNames([PUBLIC_B]);
    expect(refused).toEqual([]);
    expect(asked.filter((call) => call.endsWith(String(PUBLIC_B)))).toHaveLength(1);
  });

  it('given a reader, when structures are named by id, then private ones are named too, with the public names cached once', async () => {
    const { asked, publicEsi, readerOf } = world((_, id) =>
      id === PUBLIC_B ? new EsiForbiddenError('Forbidden', 'url', 403, false) : `Structure ${id}`,
    );
    const readers: StructureNameReaders = { current: async () => readerOf(7), refused: () => undefined };
    const names = new EsiStructureNames(publicEsi, clock, readers);
    await names.publicNames([PUBLIC_A]);
    expect(await names.names([PRIVATE, PUBLIC_A, PUBLIC_B, PRIVATE])).toEqual(
      new Map([
        [PRIVATE, `Structure ${PRIVATE}`],
        [PUBLIC_A, `Structure ${PUBLIC_A}`],
      ]),
    );
    expect(asked).toEqual([`7:${PUBLIC_A}`, `7:${PRIVATE}`, `7:${PUBLIC_B}`]);
  });

  it('given no reader, when structures are named by id, then none is named', async () => {
    const { asked, publicEsi } = world(() => 'never');
    const none: StructureNameReaders = { current: async () => undefined, refused: () => undefined };
    expect(await new EsiStructureNames(publicEsi, clock, none).names([PRIVATE])).toEqual(new Map());
    expect(asked).toEqual([]);
  });
});
