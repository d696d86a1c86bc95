import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { shortestRoute, StargateGraph } from './jump-routes';
import type { SimulatorUniverse, UniverseType } from './simulator-universe';
import { TRADE_HUBS } from './simulator-universe';
import { loadUniverseFromStaticDataset } from './static-dataset-universe.loader';

/**
 * Cuts the bundled test universe (fixtures/test-universe.json) out of a full static dataset: the five hubs and
 * their neighbourhoods, the routes between them, one wormhole region, and a few hundred market types with
 * the blueprints that make some of them. Run: `node tools/run.js services/esi-sim/src/universe/extract-test-universe.ts [dataset dir]`.
 */
export function extractTestUniverse(full: SimulatorUniverse): SimulatorUniverse {
  const graph = new StargateGraph(full.stargates);
  const systemIds = new Set<number>();
  for (const hub of TRADE_HUBS) {
    for (const [systemId, jumps] of graph.distancesFrom(hub.systemId))
      if (jumps <= 2) systemIds.add(systemId);
    for (const other of TRADE_HUBS) {
      for (const systemId of shortestRoute(graph, hub.systemId, other.systemId) ?? [])
        systemIds.add(systemId);
    }
  }
  const wormholeRegion = full.regions.find((region) => region.kind === 'wormhole');
  const wormholeSystem = full.systems.find((system) => system.regionId === wormholeRegion?.regionId);
  if (wormholeSystem) systemIds.add(wormholeSystem.systemId);

  const systems = full.systems.filter((system) => systemIds.has(system.systemId));
  const constellationIds = new Set(systems.map((system) => system.constellationId));
  const regionIds = new Set(systems.map((system) => system.regionId));
  const hubStations = new Set<number>(TRADE_HUBS.map((hub) => hub.stationId));
  const stationsPerSystem = new Map<number, number>();
  const stations = full.stations.filter((station) => {
    if (!systemIds.has(station.systemId)) return false;
    if (hubStations.has(station.stationId)) return true;
    const count = stationsPerSystem.get(station.systemId) ?? 0;
    stationsPerSystem.set(station.systemId, count + 1);
    return count < 2;
  });

  const typesById = new Map(full.types.map((type) => [type.typeId, type]));
  const typeIds = new Set<number>();
  const byName = new Map(full.types.map((type) => [type.name, type]));
  for (const name of NAMED_TYPES) {
    const type = byName.get(name);
    if (type) typeIds.add(type.typeId);
  }
  const blueprints = full.blueprints.filter((blueprint) =>
    blueprint.manufacturing.products.some((product) => typeIds.has(product.typeId)),
  );
  for (const blueprint of blueprints) {
    typeIds.add(blueprint.blueprintTypeId);
    for (const material of blueprint.manufacturing.materials) typeIds.add(material.typeId);
  }
  // A spread of everything else the market trades, so type pools and price fallbacks see variety.
  full.types.forEach((type, index) => {
    if (index % 97 === 0) typeIds.add(type.typeId);
  });
  const types = [...typeIds]
    .map((typeId) => typesById.get(typeId))
    .filter((type): type is UniverseType => type !== undefined)
    .sort((a, b) => a.typeId - b.typeId);

  return {
    source: `test-universe (from ${full.source})`,
    types,
    blueprints,
    regions: full.regions.filter((region) => regionIds.has(region.regionId)),
    constellations: full.constellations.filter((constellation) =>
      constellationIds.has(constellation.constellationId),
    ),
    systems,
    stargates: full.stargates.filter(([from, to]) => systemIds.has(from) && systemIds.has(to)),
    stations,
  };
}

const NAMED_TYPES = [
  'Tritanium',
  'Pyerite',
  'Mexallon',
  'Isogen',
  'Nocxium',
  'Zydrine',
  'Megacyte',
  'PLEX',
  'Accounting',
  'Broker Relations',
  'Advanced Broker Relations',
  'Trade',
  'Retail',
  'Wholesale',
  'Tycoon',
  'Industry',
  'Advanced Industry',
  'Mass Production',
  'Rifter',
  'Merlin',
  'Tristan',
  'Punisher',
  'Caracal',
  'Thorax',
  'Vexor',
  'Drake',
  'Hurricane',
  'Damage Control I',
  '1MN Afterburner I',
  'Small Shield Extender I',
  'Warp Scrambler I',
  'Antimatter Charge S',
  'Scourge Light Missile',
  'Hobgoblin I',
  'Hornet I',
  'Expanded Cargohold I',
  'Heat Sink I',
  'Capacitor Power Relay I',
  'Nanite Repair Paste',
  'Salvager I',
  'Cap Booster 400',
  'Liquid Ozone',
  'Nitrogen Isotopes',
  'Large Skill Injector',
  'Medium Shield Extender II',
  'Multispectrum Energized Membrane II',
];

if (require.main === module) {
  const dir = resolve(process.argv[2] ?? join(__dirname, '..', '..', '..', '..', 'data', 'static'));
  void loadUniverseFromStaticDataset(dir).then((full) => {
    const target = join(__dirname, 'fixtures', 'test-universe.json');
    writeFileSync(target, `${JSON.stringify(extractTestUniverse(full))}\n`);
    process.stdout.write(`wrote ${target}\n`);
  });
}
