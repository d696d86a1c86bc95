/** A job's duration as the game shows it: '1d 2h 3m 4s', leaving out leading zero units. */
export function formatDuration(totalSeconds: number): string {
  if (!Number.isFinite(totalSeconds) || totalSeconds <= 0) return '0s';
  const units: [number, string][] = [
    [Math.floor(totalSeconds / 86_400), 'd'],
    [Math.floor((totalSeconds % 86_400) / 3_600), 'h'],
    [Math.floor((totalSeconds % 3_600) / 60), 'm'],
    [Math.floor(totalSeconds % 60), 's'],
  ];
  const first = units.findIndex(([value]) => value > 0);
  return units
    .slice(first)
    .map(([value, unit]) => `${value}${unit}`)
    .join(' ');
}

/** A cost index as a percentage with up to 4 decimals: 0.0746108 -> '7.4611%'. */
export function formatCostIndex(index: number): string {
  return `${Number((index * 100).toFixed(4))}%`;
}

/** A multiplier such as the material modifier: up to 6 decimals, no trailing zeros. */
export function formatModifier(modifier: number): string {
  return String(Number(modifier.toFixed(6)));
}

const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** A whole quantity in full with separators: 6,857,136. */
export function formatUnits(quantity: number): string {
  return whole.format(quantity);
}
