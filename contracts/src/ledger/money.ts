/**
 * ISK as ESI sends it (a double with at most two decimals) to integer cents. `x × 100` lands within a rounding
 * error of the whole cent, so rounding recovers it; halves round away from zero so -0.005 and 0.005 mirror each
 * other. Amounts are never summed as floats.
 */
export function iskToCents(isk: number): number {
  if (!Number.isFinite(isk)) throw new RangeError(`ISK amount must be finite, got ${isk}`);
  const magnitude = Math.round(Math.abs(isk) * 100);
  const cents = isk < 0 ? -magnitude : magnitude;
  if (!Number.isSafeInteger(cents))
    throw new RangeError(`ISK amount must be a whole number of cents, got ${isk}`);
  return cents;
}
