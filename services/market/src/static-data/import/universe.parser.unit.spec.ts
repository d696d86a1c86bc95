import {
  collectItemNames,
  isMapItemNameEntry,
  parseConstellationFile,
  parseRegionFile,
  parseSolarSystemFile,
  parseStations,
  stargateConnections,
  topLevelBlock,
} from './universe.parser';

const jita = `border: true
center:
- -1.29064861735e+17
planets:
  40009077:
    celestialIndex: 1
    position:
    - 1.0
    stargates:
      99999999:
        destination: 1
regional: true
security: 0.945913116665
securityClass: B
solarSystemID: 30000142
stargates:
  50001248:
    destination: 50000802
    position:
    - -4067658424320.0
    typeID: 16
  50001249:
    destination: 50002185
    typeID: 16
sunTypeID: 3796
`;

describe('universe parser', () => {
  it('cuts id, raw security and top-level stargates out of a solar system file', () => {
    expect(parseSolarSystemFile(jita)).toEqual({
      systemId: 30000142,
      security: 0.945913116665,
      stargates: [
        { gateId: 50001248, destinationGateId: 50000802 },
        { gateId: 50001249, destinationGateId: 50002185 },
      ],
    });
  });

  it('reads a system without stargates (wormhole space)', () => {
    expect(
      parseSolarSystemFile('security: -0.99\nsolarSystemID: 31000005\nsunTypeID: 1\n').stargates,
    ).toEqual([]);
  });

  it('names the file when a field is missing', () => {
    expect(() => parseSolarSystemFile('security: 0.5\n', 'x/solarsystem.yaml')).toThrow(
      "x/solarsystem.yaml: no numeric top-level 'solarSystemID'",
    );
  });

  it('reads region and constellation ids', () => {
    expect(parseRegionFile('nameID: 1\nregionID: 10000002\nwormholeClassID: 7\n')).toBe(10000002);
    expect(parseConstellationFile('constellationID: 20000020\nradius: 1.0\n')).toBe(20000020);
  });

  it('finds a top-level block and ignores nested keys of the same name', () => {
    expect(topLevelBlock('a:\n  stargates:\n    1: x\nb: 2\n', 'stargates')).toBeNull();
    expect(topLevelBlock('stargates:\n  1:\n    destination: 2\nz: 1\n', 'stargates')).toBe(
      '  1:\n    destination: 2\n',
    );
  });

  it('joins systems whose gates point at each other, once per pair', () => {
    const systems = [
      { systemId: 30000142, security: 0.9, stargates: [{ gateId: 50001248, destinationGateId: 50000802 }] },
      { systemId: 30000144, security: 0.9, stargates: [{ gateId: 50000802, destinationGateId: 50001248 }] },
      { systemId: 30000145, security: 0.9, stargates: [{ gateId: 50000900, destinationGateId: 59999999 }] },
    ];
    expect(stargateConnections(systems)).toEqual([[30000142, 30000144]]);
  });

  it('reads NPC stations', () => {
    const raw = [
      {
        stationID: 60003760,
        stationName: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
        solarSystemID: 30000142,
        regionID: 10000002,
        security: 0.9,
      },
    ];
    expect(parseStations(raw)).toEqual([
      {
        stationId: 60003760,
        name: 'Jita IV - Moon 4 - Caldari Navy Assembly Plant',
        systemId: 30000142,
        regionId: 10000002,
      },
    ]);
  });

  it('keeps only map item names', () => {
    expect(isMapItemNameEntry('- itemID: 30000142\n  itemName: Jita')).toBe(true);
    expect(isMapItemNameEntry('- itemID: 10000002\n  itemName: The Forge')).toBe(true);
    expect(isMapItemNameEntry('- itemID: 60003760\n  itemName: Jita IV')).toBe(false);
    expect(isMapItemNameEntry('- itemID: 3\n  itemName: EVE Market')).toBe(false);
    const names = new Map<number, string>();
    collectItemNames([{ itemID: 30000142, itemName: 'Jita' }, { itemID: 30000143 }], names);
    expect([...names]).toEqual([[30000142, 'Jita']]);
  });
});
