const wholeFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * A quantity: in full up to 10,000 (with separators), with K (thousands) above 1e4 and M (millions) above 1e6,
 * at 3 significant digits (12.3K, 456K, 7.89M; whole millions from 1000M).
 */
export function formatQuantity(value: number): string {
  if (!Number.isFinite(value)) return '-';
  const magnitude = Math.abs(value);
  const sign = value < 0 ? '-' : '';
  if (magnitude > 1e6) return `${sign}${significant(magnitude / 1e6)}M`;
  if (magnitude > 1e4) {
    const thousands = Number((magnitude / 1e3).toPrecision(3));
    // 999,999 rounds to 1000K: say 1.00M instead.
    return thousands >= 1000 ? `${sign}1.00M` : `${sign}${significant(magnitude / 1e3)}K`;
  }
  return wholeFormat.format(value);
}

function significant(value: number): string {
  // Beyond the largest suffix, whole units (1235M) rather than 3 significant digits.
  return Number(value.toPrecision(3)) >= 1000 ? Math.round(value).toString() : value.toPrecision(3);
}
