import { STORAGE_KEYS } from '../../shared/config/constants';
import { readStored, writeStored } from '../../shared/storage/local-storage';
import type { Account } from '../../shared/session';
import type { Banner, BannerDismissals } from './banner-priority';

export function readDismissals(): BannerDismissals {
  return {
    freeTrial: readStored(STORAGE_KEYS.dismissFreeTrial) === 'true',
    upgrade: readStored(STORAGE_KEYS.dismissUpgrade) === 'true',
    upgradeCorp: readStored(STORAGE_KEYS.dismissUpgradeCorp) === 'true',
    lastSyncTimeout: readStored(STORAGE_KEYS.dismissLastSyncTimeout),
  };
}

/** Remembers a dismissal: the timed-out sync's time for the timeout banner, 'true' for the others. */
export function storeDismissal(banner: Banner, account: Account): void {
  if (!banner.dismissKey) return;
  const value =
    banner.kind === 'lastSyncTimeout' ? (account.lastSyncTimeout ?? new Date().toISOString()) : 'true';
  writeStored(banner.dismissKey, value);
}
