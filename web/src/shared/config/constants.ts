/** Business constants of the spec (account-area §9, public-tools §9) that the frame uses. */

/** Local-storage keys: the spec names those up to the minimum volume; the rest are ours (not in the spec's list). */
export const STORAGE_KEYS = {
  dismissFreeTrial: 'dismiss-free-trial',
  dismissUpgrade: 'dismiss-upgrade',
  dismissUpgradeCorp: 'dismiss-upgrade-corp',
  dismissLastSyncTimeout: 'dismiss-last-sync-timeout',
  marketUndercutRange: 'market-undercut-range',
  marketUndercutMinVolumePercent: 'market-undercut-min-volume-percent',
  newsLastSeen: 'news-last-seen',
  marketUndercutAmount: 'market-undercut-amount',
  marketUndercutRandomOffset: 'market-undercut-random-offset',
  marketUndercutVolumeHighlightPercent: 'market-undercut-volume-highlight-percent',
  marketOrdersShowEmptyLists: 'market-orders-show-empty-lists',
  marketOrdersCharacter: 'market-orders-character',
  marketOrdersNotifyUndercut: 'market-orders-notify-undercut',
} as const;

/** Wide layout from 60em; below it the side navigation collapses into a drawer. */
export const WIDE_LAYOUT_QUERY = '(min-width: 60em)';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const REQUEST_TIMEOUT_MS = 30_000;
/** UI requests (open in game, waypoints) are limited to one per second; a 420 locks them for this long. */
export const UI_RATE_LIMIT_LOCK_MS = 1000;

/** Characters a tier may sync. */
export const SYNC_CHARACTER_LIMITS = { FREE: 2, SUPPORTER: 4, PRO: Number.POSITIVE_INFINITY } as const;

export const TIER_PRICES_ISK = { SUPPORTER: 100_000_000, PRO: 200_000_000 } as const;
export const SUBSCRIPTION_DAYS = 30;
export const FREE_TRIAL_DAYS = 3;

/** Account sync cadence: next sync = last update + 1 h + 1 min, or + 20 min + 1 min after a timeout. */
export const SYNC_INTERVAL_MS = 61 * 60_000;
export const SYNC_INTERVAL_AFTER_TIMEOUT_MS = 21 * 60_000;
/** The account is re-read this long after the expected update, or on this fallback when overdue or unknown. */
export const ACCOUNT_POLL_AFTER_UPDATE_MS = 10_000;
export const ACCOUNT_POLL_FALLBACK_MS = 30_000;

/**
 * The ESI scopes the product asks for at login. A character granted fewer needs to be re-added (the
 * missing-scopes banner). Keep in step with the login call of the accounts service.
 */
export const REQUIRED_ESI_SCOPES = [
  'esi-wallet.read_character_wallet.v1',
  'esi-markets.read_character_orders.v1',
  'esi-markets.structure_markets.v1',
  'esi-contracts.read_character_contracts.v1',
  'esi-industry.read_character_jobs.v1',
  'esi-characters.read_corporation_roles.v1',
  'esi-characters.read_blueprints.v1',
  'esi-universe.read_structures.v1',
  'esi-ui.open_window.v1',
] as const;
