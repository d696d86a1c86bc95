import type { StaticData } from '../static-data/static-data';

/** The five trade hubs' stations (public-tools.md §5 and §9): Amarr, Dodixie, Hek, Jita, Rens. */
export const MARKET_HUB_STATION_IDS: readonly number[] = [60008494, 60011866, 60005686, 60003760, 60004588];

/** The Forge: where prices come from when nobody chose a region (the spec's default price history region, §9). */
export const DEFAULT_PRICE_REGION_ID = 10000002;

/** Regions with a market: known space and wormhole space (abyssal and void space have none). */
export function marketRegionIds(staticData: StaticData): number[] {
  return staticData
    .regions()
    .map((region) => staticData.region(region.id))
    .filter((region) => region !== null && (region.kind === 'known-space' || region.kind === 'wormhole'))
    .map((region) => region!.regionId);
}

/** The regions of the trade hubs, in the order of {@link MARKET_HUB_STATION_IDS}. */
export function hubRegionIds(staticData: StaticData): number[] {
  const regions = MARKET_HUB_STATION_IDS.map((stationId) => staticData.station(stationId)?.regionId);
  return [...new Set(regions.filter((regionId): regionId is number => regionId !== undefined))];
}
