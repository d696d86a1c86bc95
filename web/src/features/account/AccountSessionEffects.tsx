import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { accountApi, selectAccount, useGetAccountQuery } from '../../shared/session';
import { ADD_CHARACTER_COMPLETE } from './add-character';
import { accountPollDelay } from './esi-update';

/**
 * Keeps the account fresh while the app runs: reads it at start (the logged-in check), again after each expected
 * sync, and when the add-character popup reports back.
 */
export function AccountSessionEffects() {
  const { refetch } = useGetAccountQuery();
  const account = useSelector(selectAccount);
  const dispatch = useDispatch();

  useEffect(() => {
    if (!account) return;
    const delay = accountPollDelay(account, Date.now());
    if (delay === null) return;
    const timer = setTimeout(() => void refetch(), delay);
    return () => clearTimeout(timer);
  }, [account, refetch]);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin === window.location.origin && event.data === ADD_CHARACTER_COMPLETE) {
        dispatch(accountApi.util.invalidateTags(['Account']));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [dispatch]);

  return null;
}
