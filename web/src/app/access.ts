import { accountApi } from '../shared/session';
import type { AppDispatch } from './store';

/** Reads the account again (login-required routes refresh it before they open); true when logged in. */
export async function refreshLogin(dispatch: AppDispatch): Promise<boolean> {
  const request = dispatch(accountApi.endpoints.getAccount.initiate(undefined, { forceRefetch: true }));
  try {
    const { data } = await request;
    return Boolean(data);
  } finally {
    request.unsubscribe();
  }
}
