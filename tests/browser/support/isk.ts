/**
 * What the lists show, computed independently of the client: ISK with 2 decimals as cents, cents as the lists write
 * them, and the margin column.
 */
export const cents = (isk: number): bigint => BigInt(Math.round(isk * 100));

/** `-1,234,567.89`. */
export function fullIsk(value: bigint): string {
  const sign = value < 0n ? '-' : '';
  const magnitude = value < 0n ? -value : value;
  const whole = (magnitude / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${whole}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** `-1234567.89`, as an edit field holds it. */
export const plainIsk = (value: bigint): string => fullIsk(value).replace(/,/g, '');

/** `2026-11-28 01:23`, as the lists write a UTC time. */
export const utcMinute = (iso: string): string => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/** a × n ÷ d for non-negative integers, rounded half up. */
export const scaled = (a: bigint, n: bigint, d: bigint): bigint => (a * n * 2n + d) / (d * 2n);

/** profit ÷ sell gross as the list shows it: per cent to 2 decimals, rounded half away from zero. */
export function marginShown(profit: bigint, sellGross: bigint): string {
  if (sellGross === 0n) return '-';
  const basisPoints = scaled(profit < 0n ? -profit : profit, 10_000n, sellGross);
  return `${profit < 0n && basisPoints > 0n ? '-' : ''}${(Number(basisPoints) / 100).toFixed(2)}%`;
}
