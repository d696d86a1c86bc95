/**
 * Volumes are summed in whole micro-m³ (the SDE gives at most four decimals, e.g. 0.0125 m³ for a charge), so a
 * total does not drift as `0.01 + 0.01 + 0.01` does in floating point.
 */
export type MicroCubicMetres = bigint;

const MICRO_PER_M3 = 1_000_000;

export function toMicroCubicMetres(m3: number): MicroCubicMetres {
  if (!Number.isFinite(m3) || m3 < 0) return 0n;
  return BigInt(Math.round(m3 * MICRO_PER_M3));
}

export function toCubicMetres(micro: MicroCubicMetres): number {
  return Number(micro) / MICRO_PER_M3;
}
