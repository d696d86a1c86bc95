/**
 * The sample at `share` (0 to 1) of the way up, by the nearest-rank rule: the p95 of 100 timings is the 95th
 * smallest, the median of an even count the lower middle one.
 */
export function percentile(samples: readonly number[], share: number): number {
  if (samples.length === 0) throw new RangeError('no samples to take a percentile of');
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(share * sorted.length) - 1)]!;
}

export const median = (samples: readonly number[]): number => percentile(samples, 0.5);

/** The process's CPU time (every thread's, user and system) since `since`, in milliseconds. */
export function cpuMsSince(since: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(since);
  return (user + system) / 1000;
}

/** `CPU 52.1 s, 1.9 cores`: how busy the process kept the machine over `wallMs`. */
export function cpuText(cpuMs: number, wallMs: number): string {
  return `CPU ${(cpuMs / 1000).toFixed(1)} s, ${(cpuMs / wallMs).toFixed(1)} cores`;
}
