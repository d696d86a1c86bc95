/**
 * The wallet Refresh call: POST /account/characters/{id}/updateWallet (account-area §7), which answers the new
 * walletBalance and lastWalletBalanceUpdate. The API does not serve it yet, so the generated client has no
 * mutation for it and Refresh stays disabled ('not available yet') once its cooldown has run out. When the route
 * lands, this hook calls its generated mutation for each character and reads the account again; nothing else on
 * the page changes.
 */
export interface WalletRefresh {
  /** Refreshes the wallets of these characters; null while the API has no wallet refresh. */
  readonly refresh: ((characterIds: readonly number[]) => Promise<void>) | null;
  readonly running: boolean;
}

export function useWalletRefresh(): WalletRefresh {
  return { refresh: null, running: false };
}
