import { parseNpcStation, regionKindOf, romanNumeral } from './jsonl-universe.parser';

describe('JSON Lines map entries', () => {
  it('tells the kind of space from the region id', () => {
    expect(regionKindOf(10000002)).toBe('known-space');
    expect(regionKindOf(11000033)).toBe('wormhole');
    expect(regionKindOf(12000005)).toBe('abyssal');
    expect(regionKindOf(13000001)).toBe('void');
    expect(regionKindOf(14000005)).toBe('void');
  });

  it('writes planet numbers in roman numerals', () => {
    expect([1, 4, 9, 14, 40, 1994].map(romanNumeral)).toEqual(['I', 'IV', 'IX', 'XIV', 'XL', 'MCMXCIV']);
  });

  describe('station names, composed as the game does', () => {
    const naming = {
      systemNames: new Map([[30002187, 'Amarr']]),
      regionOfSystem: new Map([[30002187, 10000043]]),
      corporationNames: new Map([
        [1000086, 'Emperor Family'],
        [1000066, 'Viziam'],
      ]),
      operationNames: new Map([
        [22, 'Academy'],
        [18, 'Factory'],
      ]),
    };

    it('names the planet when the station orbits one, and the operation only where the game shows it', () => {
      expect(
        parseNpcStation(
          {
            _key: 60008494,
            solarSystemID: 30002187,
            celestialIndex: 8,
            ownerID: 1000086,
            operationID: 22,
            useOperationName: true,
          },
          naming,
        ),
      ).toEqual({
        stationId: 60008494,
        name: 'Amarr VIII - Emperor Family Academy',
        systemId: 30002187,
        regionId: 10000043,
      });
      expect(
        parseNpcStation(
          {
            _key: 60008491,
            solarSystemID: 30002187,
            celestialIndex: 6,
            orbitIndex: 3,
            ownerID: 1000066,
            operationID: 18,
            useOperationName: false,
          },
          naming,
        )!.name,
      ).toBe('Amarr VI - Moon 3 - Viziam');
    });

    it('skips an entry without an id or system', () => {
      expect(parseNpcStation({ _key: 60000001 }, naming)).toBeNull();
    });
  });
});
