import type { AccountSyncStarted } from './account-events';

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
        /** The character's industry jobs were read (absent: not read, as in syncs before industry). */
        readonly industryRead?: boolean;
        /** Its corporation's industry jobs were read (corporation industry sync on). */
        readonly corporationIndustryRead?: boolean;
      }[];
    }
  | { readonly kind: 'timed-out'; readonly startedAt: string; readonly at: string }
  | { readonly kind: 'failed'; readonly startedAt: string; readonly at: string; readonly reason: string };

/** A sync still running after this is recorded as timed out. */
export const SYNC_TIMEOUT_MS = 5 * 60_000;
/** How long a started sync holds its account: a little over the timeout, so a live sync ends within its lease. */
export const SYNC_LEASE_MS = SYNC_TIMEOUT_MS + 60_000;

/** Which sync worker runs a sync: `workerId` stays the same across its restarts, `runId` is one process's life. */
export interface SyncWorkerIdentity {
  readonly workerId: string;
  readonly runId: string;
}

/** The hold a started sync has on its account until it ends, or until `until` when its worker is gone. */
export interface SyncLease extends SyncWorkerIdentity {
  readonly until: string;
}

/** The lease an `AccountSyncStarted` records; null for one recorded before leases. */
export function syncLeaseOf(started: AccountSyncStarted): SyncLease | null {
  const { workerId, runId, leaseUntil } = started;
  return workerId && runId && leaseUntil ? { workerId, runId, until: leaseUntil } : null;
}

/**
 * Whether the sync under way (started at `startedAt`, null when none is) still holds the account at `atMs` against
 * `claimant`: not once its lease has run out, nor when the claimant's worker started it in an earlier run (that
 * process is gone: a worker runs one process at a time). A sync recorded without a lease holds it for
 * SYNC_LEASE_MS.
 */
export function syncHeld(
  startedAt: string | null,
  lease: SyncLease | null | undefined,
  atMs: number,
  claimant: SyncWorkerIdentity,
): boolean {
  if (startedAt === null) return false;
  const until = lease ? Date.parse(lease.until) : Date.parse(startedAt) + SYNC_LEASE_MS;
  if (until <= atMs) return false;
  return !(lease && lease.workerId === claimant.workerId && lease.runId !== claimant.runId);
}
