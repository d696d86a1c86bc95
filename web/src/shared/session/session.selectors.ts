import { createSelector } from '@reduxjs/toolkit';
import type { BaseApiState } from '../api/base-api';
import { tierAllows } from '../config/tiers';
import { accountApi } from './account-api';
import type { Account } from './account.types';

export type LoginState = 'unknown' | 'loggedIn' | 'loggedOut';

const selectAccountResult = accountApi.endpoints.getAccount.select();

/** The logged-in account, or null (logged out or not known yet). */
export const selectAccount = (state: BaseApiState): Account | null => selectAccountResult(state).data ?? null;

export const selectLoginState = (state: BaseApiState): LoginState => {
  const { data } = selectAccountResult(state);
  if (data) return 'loggedIn';
  return data === null ? 'loggedOut' : 'unknown';
};

export const selectIsLoggedIn = (state: BaseApiState): boolean => selectLoginState(state) === 'loggedIn';

/** Ads show for visitors and FREE accounts; paid tiers (SUPPORTER, PRO) see none. */
export function adsVisibleFor(account: Account | null): boolean {
  return account === null || tierAllows(account.subscriptionTier).showsAds;
}

export const selectAdsVisible = createSelector([selectAccount], adsVisibleFor);
