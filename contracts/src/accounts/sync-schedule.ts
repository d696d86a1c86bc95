/** Spec §4 Sync and §9: an account syncs an hour and a minute after its last update... */
export const SYNC_INTERVAL_MS = 61 * 60_000;
/** ...or 21 minutes after a sync that timed out. */
export const SYNC_INTERVAL_AFTER_TIMEOUT_MS = 21 * 60_000;

/**
 * When an account's next sync is due: after the later of its last update and its last timeout, by the interval
 * that follows it; at once when it never synced.
 */
export function nextSyncDueAt(lastUpdate: string | null, lastSyncTimeout: string | null): number {
  const updated = lastUpdate === null ? null : Date.parse(lastUpdate);
  const timedOut = lastSyncTimeout === null ? null : Date.parse(lastSyncTimeout);
  if (timedOut !== null && (updated === null || timedOut > updated)) {
    return timedOut + SYNC_INTERVAL_AFTER_TIMEOUT_MS;
  }
  return updated === null ? 0 : updated + SYNC_INTERVAL_MS;
}

/** How a started account sync ended; only `completed` counts as an update. */
export type AccountSyncOutcome =
  | {
      readonly kind: 'completed';
      readonly startedAt: string;
      readonly completedAt: string;
      readonly characters: readonly {
        readonly characterId: number;
        readonly transactions: number;
        readonly journalEntries: number;
      }[];
    }
  | { readonly kind: 'timed-out'; readonly startedAt: string; readonly at: string }
  | { readonly kind: 'failed'; readonly startedAt: string; readonly at: string; readonly reason: string };
