const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A quantity: in full up to 10,000 (with separators), with K (thousands) above 1e4 and M (millions) only above 1e6
 * (spec), at 3 significant digits (12.3K, 456K, 7.89M); whole thousands or millions where three digits do not hold
 * them (999,999 and 1,000,000 are 1000K, 1,234,567,890 is 1235M).
 */
export function formatQuantity(value: number): string {
  if (!Number.isFinite(value)) return '-';
  const magnitude = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (magnitude > 1e6) return `${sign}${significant(magnitude / 1e6)}M`;
  if (magnitude > 1e4) return `${sign}${significant(magnitude / 1e3)}K`;
  return wholeFormat.format(value);
}

function significant(value: number): string {
  // Where three significant digits would round past the suffix's range, whole units (1000K, 1235M).
  return Number(value.toPrecision(3)) >= 1000 ? Math.round(value).toString() : value.toPrecision(3);
}
