import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useCharacterUpdateWalletMutation } from '../../shared/api/generated/tradewise-api';
import { accountApi } from '../../shared/session';

/**
 * The wallet Refresh call: POST /account/characters/{id}/updateWallet (account-area §7) for each character, then
 * the account is read again, so the wallets table shows the new balances and the next cooldown.
 */
export interface WalletRefresh {
  readonly refresh: ((characterIds: readonly number[]) => Promise<void>) | null;
  readonly running: boolean;
}

export function useWalletRefresh(): WalletRefresh {
  const [updateWallet] = useCharacterUpdateWalletMutation();
  const dispatch = useDispatch();
  const [running, setRunning] = useState(false);
  const refresh = useCallback(
    async (characterIds: readonly number[]) => {
      setRunning(true);
      try {
        // One after another: ESI limits are per character, and a refused one must not stop the others.
        for (const id of characterIds)
          await updateWallet({ id })
            .unwrap()
            .catch(() => undefined);
      } finally {
        dispatch(accountApi.util.invalidateTags(['Account']));
        setRunning(false);
      }
    },
    [updateWallet, dispatch],
  );
  return { refresh, running };
}
