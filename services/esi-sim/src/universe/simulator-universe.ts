/**
 * The few facts of the game's static data the simulator needs. The simulator is a bounded context of its own
 * and may not read another context's code, so it takes these facts as plain data: from the static dataset files
 * ({@link loadUniverseFromStaticDataset}), from the bundled test universe, or from whoever composes it.
 */
export interface SimulatorUniverse {
  /** Where the facts came from, e.g. `static-dataset:126.6.18+Uprising-V21.03` or `test-universe`. */
  readonly source: string;
  /** Published types with a market group: the ones the market trades. */
  readonly types: readonly UniverseType[];
  /** Blueprints whose manufacturing inputs and outputs are all market types. */
  readonly blueprints: readonly UniverseBlueprint[];
  readonly regions: readonly UniverseRegion[];
  readonly constellations: readonly UniverseConstellation[];
  readonly systems: readonly UniverseSystem[];
  /** Each stargate connection once, as a pair of solar system ids. */
  readonly stargates: readonly (readonly [number, number])[];
  /** NPC stations. */
  readonly stations: readonly UniverseStation[];
}

export interface UniverseType {
  readonly typeId: number;
  readonly name: string;
  readonly groupId: number;
  readonly categoryId: number;
  readonly marketGroupId: number;
  /** m3, packaged where the game packages it. */
  readonly volume: number;
  /** The SDE's base price in ISK; null for the many types that have none. */
  readonly basePrice: number | null;
}

export interface UniverseMaterial {
  readonly typeId: number;
  readonly quantity: number;
}

export interface UniverseBlueprint {
  readonly blueprintTypeId: number;
  readonly maxProductionLimit: number;
  readonly manufacturing: {
    /** Seconds per run before any bonus. */
    readonly time: number;
    readonly materials: readonly UniverseMaterial[];
    readonly products: readonly UniverseMaterial[];
  };
}

export type UniverseRegionKind = 'known-space' | 'wormhole' | 'abyssal' | 'void';

export interface UniverseRegion {
  readonly regionId: number;
  readonly name: string;
  readonly kind: UniverseRegionKind;
}

export interface UniverseConstellation {
  readonly constellationId: number;
  readonly name: string;
  readonly regionId: number;
}

export interface UniverseSystem {
  readonly systemId: number;
  readonly name: string;
  /** Raw, unrounded. */
  readonly security: number;
  readonly constellationId: number;
  readonly regionId: number;
}

export interface UniverseStation {
  readonly stationId: number;
  readonly name: string;
  readonly systemId: number;
  readonly regionId: number;
}

/** Category ids the simulator treats specially (SDE values). */
export const UniverseCategory = {
  blueprint: 9,
  skill: 16,
} as const;

/** The five trade hubs (esi.md §6): station, system and region. */
export const TRADE_HUBS = [
  { stationId: 60003760, systemId: 30000142, regionId: 10000002 },
  { stationId: 60008494, systemId: 30002187, regionId: 10000043 },
  { stationId: 60011866, systemId: 30002659, regionId: 10000032 },
  { stationId: 60004588, systemId: 30002510, regionId: 10000030 },
  { stationId: 60005686, systemId: 30002053, regionId: 10000042 },
] as const;
export type TradeHub = (typeof TRADE_HUBS)[number];
