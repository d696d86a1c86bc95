import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { SYNC_CHARACTER_LIMITS } from '../../shared/config/constants';
import { formatRelativeTime } from '../../shared/format';
import type { Account, AccountCharacter, SyncStatus } from '../../shared/session';
import { nextEsiUpdate } from './esi-update';

/** Sync status texts (account-area §3). */
export const SYNC_STATUS_TEXTS: Record<SyncStatus, string> = {
  SYNCING: 'Enabled',
  NOT_SYNCING_MANUAL: 'Disabled',
  NOT_SYNCING_SUB_INSUFFICIENT: 'Disabled due to Insufficient subscription',
  NOT_SYNCING_ESI_ERROR: 'Disabled due to ESI error, please re-authorize this character',
};

export function syncStatusText(status: SyncStatus): string {
  return SYNC_STATUS_TEXTS[status];
}

export const NOT_SYNCED_YET = 'Not synced yet';
export const NOT_A_FACTORY_MANAGER = 'Not a Factory Manager';

/** Last Update: when the character's wallet was last read, or 'Not synced yet'. */
export function lastUpdateText(character: AccountCharacter, now: number): string {
  return character.lastWalletUpdate ? formatRelativeTime(character.lastWalletUpdate, now) : NOT_SYNCED_YET;
}

/** Corp Industry Update: 'Not a Factory Manager' without the role, otherwise like Last Update. */
export function corpIndustryUpdateText(character: AccountCharacter, now: number): string {
  if (!character.canSyncCorpIndustry) return NOT_A_FACTORY_MANAGER;
  if (!character.enableCorpIndustrySync) return 'Disabled';
  return character.lastCorpIndustryUpdate
    ? formatRelativeTime(character.lastCorpIndustryUpdate, now)
    : NOT_SYNCED_YET;
}

export interface PageActions {
  readonly addCharacter: true;
  readonly updateScopes: boolean;
  readonly startSyncing: boolean;
}

/** The page's buttons: Add Character always; Update Scopes with characters; Start Syncing until syncing is on. */
export function pageActions(account: Pick<Account, 'characters' | 'syncEnabled'>): PageActions {
  const hasCharacters = account.characters.length > 0;
  return {
    addCharacter: true,
    updateScopes: hasCharacters,
    startSyncing: hasCharacters && !account.syncEnabled,
  };
}

export interface CharacterActions {
  /** The start/stop button toggles enableSync. */
  readonly sync: 'start' | 'stop';
  /** Only Factory Managers get the corporation industry toggle. */
  readonly corpIndustrySync: 'enable' | 'disable' | null;
  /** Only characters that can read the corporation's wallets get the corporation trade toggle. */
  readonly corpTradeSync: 'enable' | 'disable' | null;
}

export function characterActions(character: AccountCharacter): CharacterActions {
  return {
    sync: character.enableSync ? 'stop' : 'start',
    corpIndustrySync: character.canSyncCorpIndustry
      ? character.enableCorpIndustrySync
        ? 'disable'
        : 'enable'
      : null,
    corpTradeSync: character.canSyncCorpTrade ? (character.enableCorpTradeSync ? 'disable' : 'enable') : null,
  };
}

/** The granted scopes of a character (esiScopes is comma-separated), sorted. */
export function grantedScopes(esiScopes: string): string[] {
  return esiScopes
    .split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope.length > 0)
    .sort();
}

/** The CSV files Export Transactions and Export Journal download (account-area §7). */
export function exportUrl(accountId: string, characterId: number, kind: 'transactions' | 'journal'): string {
  return `/api/v1/journal/${encodeURIComponent(accountId)}/characters/${characterId}/${kind}`;
}

export interface ExportButtonState {
  readonly disabled: boolean;
  /** Shown beside the label: the countdown to the next account update, or null. */
  readonly countdown: string | null;
  /** Why the button is disabled (the tooltip), or null. */
  readonly reason: string | null;
}

/** 'm:ss', or 'h:mm:ss' from an hour, rounded up to the second. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/**
 * Export Transactions and Export Journal (account-area §4): clicking marks the export as done, and a button whose
 * export was done since the account's last update stays disabled until the next update time passes, with a
 * countdown (the file would hold nothing new before then).
 */
export function exportButtonState(
  account: Account,
  character: AccountCharacter,
  kind: 'transactions' | 'journal',
  now: number,
): ExportButtonState {
  const enabled = { disabled: false, countdown: null, reason: null };
  const lastExport = kind === 'transactions' ? character.lastTransactionsExport : character.lastJournalExport;
  if (!lastExport) return enabled;
  const lastUpdate = account.lastUpdate ? Date.parse(account.lastUpdate) : null;
  if (lastUpdate !== null && Date.parse(lastExport) < lastUpdate) return enabled;
  const next = nextEsiUpdate(account);
  if (next.kind === 'scheduled' && next.at > now) {
    return {
      disabled: true,
      countdown: formatCountdown(next.at - now),
      reason: 'Available after the next account update',
    };
  }
  return enabled;
}

/** How a failed account write is shown. */
export type AccountWriteFailure =
  | { readonly kind: 'insufficientSubscription'; readonly limit: number }
  /** The 'Error' dialog with the server's message. */
  | { readonly kind: 'error'; readonly message: string }
  /** Reported elsewhere already (401 ends the session, 420 'Too fast!', a timeout 'Request timed out'). */
  | { readonly kind: 'handled' };

interface ErrorBody {
  readonly message?: unknown;
  readonly error?: unknown;
  readonly code?: unknown;
  readonly limit?: unknown;
}

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

function textOf(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (Array.isArray(value)) {
    const parts = value.filter((part): part is string => typeof part === 'string');
    return parts.length > 0 ? parts.join(' ') : null;
  }
  return null;
}

/** Sorts an error of PATCH/DELETE /account... into the dialog it opens (account-area §8). */
export function accountWriteFailure(
  error: unknown,
  tier: Account['subscriptionTier'] = 'FREE',
): AccountWriteFailure {
  if (!isFetchError(error)) {
    const message = typeof error === 'object' && error !== null && 'message' in error ? error.message : null;
    return { kind: 'error', message: textOf(message) ?? 'Something went wrong. Please try again.' };
  }
  const { status } = error;
  if (status === 401 || status === 420 || status === 'TIMEOUT_ERROR') return { kind: 'handled' };
  const body: ErrorBody = typeof error.data === 'object' && error.data !== null ? error.data : {};
  if (status === 403 && body.code === 'INSUFFICIENT_SUBSCRIPTION') {
    const limit = typeof body.limit === 'number' ? body.limit : SYNC_CHARACTER_LIMITS[tier];
    return { kind: 'insufficientSubscription', limit };
  }
  const message =
    textOf(body.message) ??
    textOf(body.error) ??
    (typeof error.data === 'string' ? textOf(error.data) : null) ??
    (typeof status === 'number' ? `The request failed (${status}).` : 'The request failed.');
  return { kind: 'error', message };
}

/** 'Your current subscription allows a maximum of 2 characters to be synced.' */
export function insufficientSubscriptionText(limit: number): string {
  return `Your current subscription allows a maximum of ${limit} characters to be synced.`;
}

/** The add-character login, opened in a 600x800 popup; `extended` is Update Scopes. */
export function addCharacterUrl(extended: boolean): string {
  return extended ? '/api/v1/account/addCharacter?scopes=extended' : '/api/v1/account/addCharacter';
}

export const ADD_CHARACTER_POPUP_FEATURES = 'width=600,height=800';
