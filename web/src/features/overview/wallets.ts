import type { Account, AccountCharacter } from '../../shared/session';
import { divisionName } from '../../shared/ui/editable-list';

/** Wallet refresh is enabled 2 minutes after the latest wallet update (account-area §4, §9). */
export const WALLET_REFRESH_COOLDOWN_MS = 120_000;

/**
 * A character as the wallets read it: the account's character, with the balance fields of account-area §3 when
 * the server sends them (GET /account does not carry them yet).
 */
export type WalletCharacter = AccountCharacter & {
  readonly walletBalance?: number | null;
  readonly lastWalletBalanceUpdate?: string | null;
};

export interface WalletRow {
  readonly characterId: number;
  readonly name: string;
  /** ISK, or null while the balance is unknown. */
  readonly balance: number | null;
  /** Epoch ms of the latest wallet update, or null when the wallet was never read. */
  readonly updatedAt: number | null;
}

function time(value: string | null | undefined): number | null {
  if (!value) return null;
  const parsed = Date.parse(value);
  return Number.isNaN(parsed) ? null : parsed;
}

/** The latest of the wallet sync and the balance refresh. */
export function latestWalletUpdate(character: WalletCharacter): number | null {
  const times = [time(character.lastWalletUpdate), time(character.lastWalletBalanceUpdate)].filter(
    (value): value is number => value !== null,
  );
  return times.length === 0 ? null : Math.max(...times);
}

export function walletRows(characters: readonly WalletCharacter[]): WalletRow[] {
  return characters.map((character) => ({
    characterId: character.id,
    name: character.name,
    balance: typeof character.walletBalance === 'number' ? character.walletBalance : null,
    updatedAt: latestWalletUpdate(character),
  }));
}

/** The combined wallet (or one character's): the sum in cents of the balances known, null when none is. */
export function combinedBalance(rows: readonly WalletRow[]): number | null {
  const known = rows.filter((row) => row.balance !== null);
  if (known.length === 0) return null;
  return known.reduce((sum, row) => sum + Math.round(row.balance! * 100), 0) / 100;
}

/** The latest update of the wallets shown: the combined Refresh waits for the most recent one. */
export function latestUpdate(rows: readonly WalletRow[]): number | null {
  const times = rows.map((row) => row.updatedAt).filter((value): value is number => value !== null);
  return times.length === 0 ? null : Math.max(...times);
}

export interface RefreshButtonState {
  readonly disabled: boolean;
  /** The remaining cooldown as 'm:ss', or null. */
  readonly countdown: string | null;
  /** Why it is disabled (the tooltip), or null. */
  readonly reason: string | null;
}

/** 'm:ss', rounded up to the second. */
export function formatCooldown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** The ms left before a wallet updated at `updatedAt` may be refreshed again (0 when it may now). */
export function cooldownLeft(updatedAt: number | null, now: number): number {
  if (updatedAt === null) return 0;
  return Math.max(0, updatedAt + WALLET_REFRESH_COOLDOWN_MS - now);
}

/** Refresh: disabled with a countdown during the cooldown, then enabled when the call exists and none runs. */
export function refreshButtonState(
  updatedAt: number | null,
  now: number,
  options: { readonly available: boolean; readonly running: boolean },
): RefreshButtonState {
  const left = cooldownLeft(updatedAt, now);
  if (left > 0)
    return {
      disabled: true,
      countdown: formatCooldown(left),
      reason: 'Wallets can be refreshed 2 minutes after their last update',
    };
  if (!options.available)
    return { disabled: true, countdown: null, reason: 'Refreshing wallets is not possible right now' };
  return { disabled: options.running, countdown: null, reason: null };
}

/** One division of a tracked corporation's wallet, as the Overview lists it beside the characters'. */
export interface CorporationWalletRow {
  readonly key: string;
  readonly corporationName: string;
  /** The division as the game names it (divisionName). */
  readonly division: string;
  readonly balance: number;
  /** Epoch ms of the sync that read the balances. */
  readonly updatedAt: number | null;
}

/** The division balances of the corporations whose trade the account tracks, by corporation then division. */
export function corporationWalletRows(account: Pick<Account, 'corporationWallets'>): CorporationWalletRow[] {
  return [...(account.corporationWallets ?? [])]
    .sort((a, b) => a.corporationName.localeCompare(b.corporationName))
    .flatMap((corporation) =>
      [...corporation.divisions]
        .sort((a, b) => a.division - b.division)
        .map(({ division, balance }) => ({
          key: `${corporation.corporationId}:${division}`,
          corporationName: corporation.corporationName,
          division: divisionName(division),
          balance,
          updatedAt: time(corporation.lastUpdate),
        })),
    );
}
