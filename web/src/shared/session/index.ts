export { accountApi, LOGIN_URL, startLogin, useGetAccountQuery, useLogoutMutation } from './account-api';
export type { Account, AccountCharacter, SubscriptionTier, SyncStatus } from './account.types';
export {
  adsVisibleFor,
  selectAccount,
  selectAdsVisible,
  selectIsLoggedIn,
  selectLoginState,
  type LoginState,
} from './session.selectors';
