import { STRUCTURE_LOCATION_ID_MIN } from '@tradewise/contracts';
import type { LedgerLocationNames } from '@tradewise/ledger';
import type { StaticData, StructureNames } from '@tradewise/market';

/**
 * The ledger's station and structure names (contexts do not import each other; the server joins them): NPC
 * stations from the static data, player structures from the market context's structure names (as ESI names them
 * to a linked character, the names Structure Settings shows), when the market data is served.
 */
export function ledgerLocationNames(
  staticData: StaticData,
  structureNames: StructureNames | undefined,
): LedgerLocationNames {
  return {
    names: async (locationIds) => {
      const named = new Map<number, string>();
      const structureIds: number[] = [];
      for (const locationId of new Set(locationIds)) {
        if (locationId >= STRUCTURE_LOCATION_ID_MIN) structureIds.push(locationId);
        else {
          const station = staticData.station(locationId);
          if (station) named.set(locationId, station.name);
        }
      }
      if (structureIds.length > 0 && structureNames) {
        for (const [structureId, name] of await structureNames.names(structureIds))
          named.set(structureId, name);
      }
      return named;
    },
  };
}
