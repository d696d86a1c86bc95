const NPC_STATION_IDS = { from: 60_000_000, to: 64_000_000 } as const;

/** NPC stations have ids 60,000,000–63,999,999 (esi.md §6); Upwell structures start at 1e12 (spec §9). */
export function isNpcStation(locationId: number): boolean {
  return locationId >= NPC_STATION_IDS.from && locationId < NPC_STATION_IDS.to;
}
