/** Security classes of the spec (§3). Wormhole space has no security class of its own in the data; see below. */
export type SecurityClass = 'HIGH' | 'LOW' | 'NULL' | 'WORMHOLE';

/**
 * The security status as the product shows it (spec §9): rounded to one decimal, and 0 for 0 or below, so
 * Jita's 0.9459 shows as 0.9 and any null-sec system as 0. Keep the raw value for filters and calculations.
 */
export function displaySecurityStatus(security: number): number {
  const rounded = Math.round(security * 10) / 10;
  return rounded <= 0 ? 0 : rounded;
}

/** The spec's filter classes (§5) on the raw value: high >= 0.5, low above 0 and below 0.5, null <= 0. */
export function securityClassOf(security: number, isWormholeSpace = false): SecurityClass {
  if (isWormholeSpace) return 'WORMHOLE';
  if (security >= 0.5) return 'HIGH';
  if (security > 0) return 'LOW';
  return 'NULL';
}

/** Wormhole regions have ids 11000000-11999999 (Anoikis and Thera). */
export function isWormholeRegion(regionId: number): boolean {
  return regionId >= 11_000_000 && regionId < 12_000_000;
}
