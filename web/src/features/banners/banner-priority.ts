import { STORAGE_KEYS } from '../../shared/config/constants';
import { tierAllows } from '../../shared/config/tiers';
import type { Account } from '../../shared/session';

/** The header banners in the spec's priority order (account-area §2): the first that applies is shown. */
export type BannerKind =
  | 'noCharacters'
  | 'syncNotStarted'
  | 'missingScopes'
  | 'syncError'
  | 'lastSyncTimeout'
  | 'freeTrialEligible'
  | 'tooFewSyncSlots'
  | 'corpSyncNeedsPro';

export interface Banner {
  readonly kind: BannerKind;
  readonly type: 'info' | 'warning' | 'error';
  readonly text: string;
  readonly link: { readonly to: string; readonly label: string };
  /** Dismissible banners remember their dismissal under this local-storage key. */
  readonly dismissKey: string | null;
}

/**
 * What the user has dismissed. The sync-timeout banner is dismissed for one timed-out sync (it stores that sync's
 * time): a later timeout shows it again. The others stay dismissed.
 */
export interface BannerDismissals {
  readonly freeTrial: boolean;
  readonly upgrade: boolean;
  readonly upgradeCorp: boolean;
  readonly lastSyncTimeout: string | null;
}

export const NO_DISMISSALS: BannerDismissals = {
  freeTrial: false,
  upgrade: false,
  upgradeCorp: false,
  lastSyncTimeout: null,
};

export const BANNER_TEXTS: Record<BannerKind, string> = {
  noCharacters: 'Welcome to Tradewise! Add your characters on the Account page to get started.',
  syncNotStarted:
    "Once you've added all your characters and broker fees, initiate syncing on the Account page.",
  missingScopes:
    'New features require additional ESI scopes, please re-add your characters on the Account page.',
  syncError: 'One of your characters has an ESI sync error. Please re-authorize them on the Account page.',
  lastSyncTimeout:
    'Due to an ESI timeout during the last account sync, account information may be out of date',
  freeTrialEligible:
    'Try everything Tradewise offers: start your free 3-day Pro trial on the Subscription page.',
  tooFewSyncSlots:
    'You have more characters than your subscription can sync. Upgrade on the Subscription page to sync them all.',
  corpSyncNeedsPro: 'Corporation sync needs a Pro subscription. Upgrade on the Subscription page.',
};

const ACCOUNT_PAGE = { to: '/account', label: 'Account page' } as const;
const SUBSCRIPTION_PAGE = { to: '/subscription', label: 'Subscription page' } as const;

function banner(
  kind: BannerKind,
  type: Banner['type'],
  link: Banner['link'],
  dismissKey: string | null = null,
): Banner {
  return { kind, type, text: BANNER_TEXTS[kind], link, dismissKey };
}

function grantedScopes(esiScopes: string): Set<string> {
  return new Set(
    esiScopes
      .split(/[,\s]+/)
      .map((scope) => scope.trim())
      .filter(Boolean),
  );
}

/** Whether the latest sync timed out: a timeout recorded at or after the last completed update. */
function lastSyncTimedOut(account: Account): boolean {
  if (!account.lastSyncTimeout) return false;
  if (!account.lastUpdate) return true;
  return Date.parse(account.lastSyncTimeout) >= Date.parse(account.lastUpdate);
}

/** The banner for a logged-in account (first match wins), or null when none applies. */
export function headerBanner(
  account: Account,
  dismissals: BannerDismissals,
  requiredScopes: readonly string[],
): Banner | null {
  const { characters } = account;
  if (characters.length === 0) return banner('noCharacters', 'info', ACCOUNT_PAGE);
  if (!account.syncEnabled) return banner('syncNotStarted', 'info', ACCOUNT_PAGE);
  const missingScopes = characters.some((character) => {
    const granted = grantedScopes(character.esiScopes);
    return requiredScopes.some((scope) => !granted.has(scope));
  });
  if (missingScopes) return banner('missingScopes', 'warning', ACCOUNT_PAGE);
  if (characters.some((character) => character.syncStatus === 'NOT_SYNCING_ESI_ERROR')) {
    return banner('syncError', 'error', ACCOUNT_PAGE);
  }
  if (lastSyncTimedOut(account) && dismissals.lastSyncTimeout !== account.lastSyncTimeout) {
    return banner('lastSyncTimeout', 'warning', ACCOUNT_PAGE, STORAGE_KEYS.dismissLastSyncTimeout);
  }
  if (account.subscriptionTier === 'FREE' && account.lastSubscription == null && !dismissals.freeTrial) {
    return banner('freeTrialEligible', 'info', SUBSCRIPTION_PAGE, STORAGE_KEYS.dismissFreeTrial);
  }
  if (characters.length > tierAllows(account.subscriptionTier).syncingCharacters && !dismissals.upgrade) {
    return banner('tooFewSyncSlots', 'info', SUBSCRIPTION_PAGE, STORAGE_KEYS.dismissUpgrade);
  }
  const wantsCorpSync = characters.some(
    (character) => character.enableCorpIndustrySync || character.enableCorpTradeSync,
  );
  if (wantsCorpSync && !tierAllows(account.subscriptionTier).corporationFeatures && !dismissals.upgradeCorp) {
    return banner('corpSyncNeedsPro', 'info', SUBSCRIPTION_PAGE, STORAGE_KEYS.dismissUpgradeCorp);
  }
  return null;
}
