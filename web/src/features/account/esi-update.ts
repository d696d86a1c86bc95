import {
  ACCOUNT_POLL_AFTER_UPDATE_MS,
  ACCOUNT_POLL_FALLBACK_MS,
  SYNC_INTERVAL_AFTER_TIMEOUT_MS,
  SYNC_INTERVAL_MS,
} from '../../shared/config/constants';
import { formatRelativeTime } from '../../shared/format';
import type { Account } from '../../shared/session';

export type EsiUpdateSchedule =
  | { readonly kind: 'none' }
  | { readonly kind: 'unknown' }
  | { readonly kind: 'scheduled'; readonly at: number };

function timedOut(account: Account): boolean {
  if (!account.lastSyncTimeout || !account.lastUpdate) return account.lastSyncTimeout !== null;
  return Date.parse(account.lastSyncTimeout) >= Date.parse(account.lastUpdate);
}

/**
 * When the account syncs next: last update + 1 h + 1 min, or + 20 min + 1 min when the last sync timed out
 * (account-area §4). Nothing is scheduled while syncing is off or no character syncs.
 */
export function nextEsiUpdate(account: Account): EsiUpdateSchedule {
  const syncing = account.syncEnabled && account.characters.some((character) => character.enableSync);
  if (!syncing) return { kind: 'none' };
  const reference = timedOut(account) ? account.lastSyncTimeout : account.lastUpdate;
  if (!reference) return { kind: 'unknown' };
  const interval = timedOut(account) ? SYNC_INTERVAL_AFTER_TIMEOUT_MS : SYNC_INTERVAL_MS;
  return { kind: 'scheduled', at: Date.parse(reference) + interval };
}

/** The header's sync line: 'ESI updates in 12 minutes', 'Update pending...' or 'No ESI update scheduled'. */
export function esiUpdateLabel(account: Account, now: number): string {
  const next = nextEsiUpdate(account);
  if (next.kind === 'none') return 'No ESI update scheduled';
  if (next.kind === 'unknown' || next.at <= now) return 'Update pending...';
  return `ESI updates ${formatRelativeTime(next.at, now)}`;
}

/**
 * How long until the account is read again: 10 s after the expected update, or every 30 s while it is overdue
 * or unknown; null when no update is scheduled (the page's own actions refresh the account then).
 */
export function accountPollDelay(account: Account, now: number): number | null {
  const next = nextEsiUpdate(account);
  if (next.kind === 'none') return null;
  if (next.kind === 'unknown' || next.at <= now) return ACCOUNT_POLL_FALLBACK_MS;
  return next.at - now + ACCOUNT_POLL_AFTER_UPDATE_MS;
}
