/**
 * Ship hulls take less space packaged than assembled. The SDE only has the assembled volume; the game applies a
 * fixed volume per ship group when a hull is packaged (ESI reports it as `packaged_volume`). Keyed by group id.
 */
export const PACKAGED_VOLUME_BY_SHIP_GROUP: ReadonlyMap<number, number> = new Map([
  [25, 2_500], // Frigate
  [31, 500], // Shuttle
  [237, 2_500], // Corvette
  [324, 2_500], // Assault Frigate
  [830, 2_500], // Covert Ops
  [831, 2_500], // Interceptor
  [834, 2_500], // Stealth Bomber
  [893, 2_500], // Electronic Attack Ship
  [1283, 2_500], // Expedition Frigate
  [1527, 2_500], // Logistics Frigate
  [420, 5_000], // Destroyer
  [541, 5_000], // Interdictor
  [1305, 5_000], // Tactical Destroyer
  [1534, 5_000], // Command Destroyer
  [963, 5_000], // Strategic Cruiser
  [26, 10_000], // Cruiser
  [358, 10_000], // Heavy Assault Cruiser
  [832, 10_000], // Logistics
  [833, 10_000], // Force Recon Ship
  [894, 10_000], // Heavy Interdiction Cruiser
  [906, 10_000], // Combat Recon Ship
  [1972, 10_000], // Flag Cruiser
  [419, 15_000], // Combat Battlecruiser
  [540, 15_000], // Command Ship
  [1201, 15_000], // Attack Battlecruiser
  [28, 20_000], // Hauler
  [380, 20_000], // Deep Space Transport
  [1202, 20_000], // Blockade Runner
  [463, 3_750], // Mining Barge
  [543, 3_750], // Exhumer
  [27, 50_000], // Battleship
  [898, 50_000], // Black Ops
  [900, 50_000], // Marauder
  [941, 500_000], // Industrial Command Ship
  [485, 1_300_000], // Dreadnought
  [513, 1_300_000], // Freighter
  [547, 1_300_000], // Carrier
  [659, 1_300_000], // Supercarrier
  [883, 1_300_000], // Capital Industrial Ship
  [902, 1_300_000], // Jump Freighter
  [1538, 1_300_000], // Force Auxiliary
  [4594, 1_300_000], // Lancer Dreadnought
  [30, 10_000_000], // Titan
]);

/** The packaged volume where it differs from the assembled one, else null. */
export function packagedVolumeOf(groupId: number, volume: number): number | null {
  const packaged = PACKAGED_VOLUME_BY_SHIP_GROUP.get(groupId);
  return packaged !== undefined && packaged !== volume ? packaged : null;
}
