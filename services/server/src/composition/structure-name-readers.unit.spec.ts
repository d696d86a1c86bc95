import type { CharacterEsi } from '@tradewise/accounts';
import { ManualClock } from '@tradewise/platform';
import { LinkedCharacterStructureNameReaders } from './structure-name-readers';

const READ_STRUCTURES = 'esi-universe.read_structures.v1';

describe('LinkedCharacterStructureNameReaders', () => {
  let clock: ManualClock;
  let holders: number[];
  let asked: string[];
  const characterEsi = { client: () => ({}) } as unknown as CharacterEsi;
  const readers = () =>
    new LinkedCharacterStructureNameReaders(
      {
        charactersWithScope: async (scope) => {
          asked.push(scope);
          return [...holders];
        },
      },
      characterEsi,
      clock,
    );

  beforeEach(() => {
    clock = new ManualClock();
    holders = [];
    asked = [];
  });

  it('given nobody granted the scope, then there is no reader, and accounts are asked again after 5 seconds', async () => {
    const chooser = readers();
    expect(await chooser.current()).toBeUndefined();
    holders = [7];
    expect(await chooser.current()).toBeUndefined();
    clock.advance(5_000);
    expect((await chooser.current())?.characterId).toBe(7);
    expect(asked).toEqual([READ_STRUCTURES, READ_STRUCTURES]);
  });

  it('given a reader, then it is kept ten minutes, and a refused one is passed over for an hour', async () => {
    holders = [7, 8];
    const chooser = readers();
    expect((await chooser.current())?.characterId).toBe(7);
    holders = [8];
    clock.advance(9 * 60_000);
    expect((await chooser.current())?.characterId).toBe(7);
    clock.advance(60_000);
    expect((await chooser.current())?.characterId).toBe(8);

    holders = [7, 8];
    chooser.refused(8);
    expect((await chooser.current())?.characterId).toBe(7);
    chooser.refused(7);
    expect(await chooser.current()).toBeUndefined();
    clock.advance(60 * 60_000);
    expect((await chooser.current())?.characterId).toBe(7);
  });
});
