import { StargateGraph } from './jump-routes';
import {
  TRADE_HUBS,
  type SimulatorUniverse,
  type UniverseBlueprint,
  type UniverseConstellation,
  type UniverseRegion,
  type UniverseStation,
  type UniverseSystem,
  type UniverseType,
} from './simulator-universe';

export interface Hub {
  readonly stationId: number;
  readonly systemId: number;
  readonly regionId: number;
}

/** Lookups over a {@link SimulatorUniverse}, built once. */
export class UniverseIndex {
  readonly typesById: ReadonlyMap<number, UniverseType>;
  /** Market types by ascending id: the order region order books are paged in. */
  readonly marketTypes: readonly UniverseType[];
  readonly regionsById: ReadonlyMap<number, UniverseRegion>;
  readonly constellationsById: ReadonlyMap<number, UniverseConstellation>;
  readonly systemsById: ReadonlyMap<number, UniverseSystem>;
  readonly stationsById: ReadonlyMap<number, UniverseStation>;
  readonly stationsByRegion: ReadonlyMap<number, readonly UniverseStation[]>;
  readonly blueprintsByTypeId: ReadonlyMap<number, UniverseBlueprint>;
  readonly blueprintsByProduct: ReadonlyMap<number, UniverseBlueprint>;
  /** Known-space regions with NPC stations: the ones with a market. */
  readonly marketRegionIds: ReadonlySet<number>;
  /** Regions by ascending id; an order's region index is its place here. */
  readonly regionIndex: ReadonlyMap<number, number>;
  readonly hubs: readonly Hub[];
  readonly graph: StargateGraph;

  constructor(readonly universe: SimulatorUniverse) {
    this.typesById = new Map(universe.types.map((type) => [type.typeId, type]));
    this.marketTypes = [...universe.types].sort((a, b) => a.typeId - b.typeId);
    this.regionsById = new Map(universe.regions.map((region) => [region.regionId, region]));
    this.constellationsById = new Map(universe.constellations.map((c) => [c.constellationId, c]));
    this.systemsById = new Map(universe.systems.map((system) => [system.systemId, system]));
    this.stationsById = new Map(universe.stations.map((station) => [station.stationId, station]));
    const byRegion = new Map<number, UniverseStation[]>();
    for (const station of [...universe.stations].sort((a, b) => a.stationId - b.stationId)) {
      const list = byRegion.get(station.regionId);
      if (list) list.push(station);
      else byRegion.set(station.regionId, [station]);
    }
    this.stationsByRegion = byRegion;
    this.blueprintsByTypeId = new Map(universe.blueprints.map((b) => [b.blueprintTypeId, b]));
    const byProduct = new Map<number, UniverseBlueprint>();
    for (const blueprint of universe.blueprints) {
      for (const product of blueprint.manufacturing.products) {
        if (!byProduct.has(product.typeId)) byProduct.set(product.typeId, blueprint);
      }
    }
    this.blueprintsByProduct = byProduct;
    this.marketRegionIds = new Set(
      universe.regions
        .filter((region) => region.kind === 'known-space' && byRegion.has(region.regionId))
        .map((region) => region.regionId),
    );
    this.regionIndex = new Map(
      [...universe.regions]
        .sort((a, b) => a.regionId - b.regionId)
        .map((region, index) => [region.regionId, index]),
    );
    const knownHubs: Hub[] = TRADE_HUBS.filter((hub) => this.stationsById.has(hub.stationId));
    // A universe without the real hubs (a custom test map) trades at the first station of its first regions.
    const hubs =
      knownHubs.length > 0
        ? knownHubs
        : [...this.marketRegionIds].slice(0, TRADE_HUBS.length).map((regionId) => {
            const station = byRegion.get(regionId)![0]!;
            return { stationId: station.stationId, systemId: station.systemId, regionId };
          });
    if (hubs.length === 0) throw new Error(`The universe ${universe.source} has no NPC station to trade at`);
    this.hubs = hubs;
    this.graph = new StargateGraph(universe.stargates);
  }

  hub(index: number): Hub {
    return this.hubs[index % this.hubs.length]!;
  }

  isHubRegion(regionId: number): boolean {
    return this.hubs.some((hub) => hub.regionId === regionId);
  }

  /** The region whose prices stand for the whole market (The Forge when present). */
  get referenceRegionId(): number {
    return this.hubs[0]!.regionId;
  }
}
