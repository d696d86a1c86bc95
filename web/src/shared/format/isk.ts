const SUFFIXES = [
  { value: 1e12, suffix: 't' },
  { value: 1e9, suffix: 'b' },
  { value: 1e6, suffix: 'm' },
  { value: 1e3, suffix: 'k' },
] as const;

const fullFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * ISK in short form: 3 significant digits with k, m, b or t (1.23k, 45.6m, 789b, 1.00t). Below a thousand the
 * value keeps 3 significant digits but never more than the 2 decimals ISK has (999, 12.3, 5.00, 0.05).
 */
export function formatIsk(value: number): string {
  if (!Number.isFinite(value)) return '-';
  const sign = value < 0 ? '-' : '';
  const rounded = Number(Math.abs(value).toPrecision(3));
  const tier = SUFFIXES.find((candidate) => rounded >= candidate.value);
  if (tier) {
    const scaled = rounded / tier.value;
    // Beyond 999t there is no larger suffix: whole trillions.
    const digits =
      scaled >= 1000 ? Math.round(Math.abs(value) / tier.value).toString() : scaled.toPrecision(3);
    return `${sign}${digits}${tier.suffix}`;
  }
  const small = rounded >= 1 ? rounded.toPrecision(3) : Math.abs(value).toFixed(2);
  return Number(small) === 0 ? '0.00' : `${sign}${small}`;
}

/** ISK in full with thousands separators and 2 decimals: 1,234,567.89. */
export function formatIskFull(value: number): string {
  if (!Number.isFinite(value)) return '-';
  const text = fullFormat.format(value);
  return text === '-0.00' ? '0.00' : text;
}
