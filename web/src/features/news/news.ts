import type { NewsEntry } from './news.types';

/** The time of the newest entry (epoch ms), or null without news. */
export function latestNewsTime(entries: readonly NewsEntry[]): number | null {
  const times = entries.map((entry) => Date.parse(`${entry.date}T00:00:00Z`)).filter(Number.isFinite);
  return times.length === 0 ? null : Math.max(...times);
}

/** 'New Update!' shows while the newest entry is later than the newest one seen. */
export function hasUnseenNews(latest: number | null, lastSeen: number | null): boolean {
  if (latest === null) return false;
  return lastSeen === null || lastSeen < latest;
}

export function parseLastSeen(stored: string | null): number | null {
  if (stored === null) return null;
  const value = Number(stored);
  return Number.isFinite(value) ? value : null;
}
