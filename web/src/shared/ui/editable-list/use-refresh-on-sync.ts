import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { TRADE_LEDGER_TAG, ledgerTaggedApi } from './ledger-tag';
import { syncedSince } from './ledger-sync';

/**
 * Reads the ledger's lists again when the account's lastUpdate moves on: a sync imported more while the page was
 * open. Pending edits are kept (they are the list's private copies, by row id).
 */
export function useLedgerRefreshOnSync(lastUpdate: string | null | undefined): void {
  const dispatch = useDispatch();
  const seen = useRef(lastUpdate);
  useEffect(() => {
    if (!syncedSince(seen.current, lastUpdate)) return;
    const first = seen.current === undefined;
    seen.current = lastUpdate;
    // The first account read after the page opened is not a new sync.
    if (!first) dispatch(ledgerTaggedApi.util.invalidateTags([TRADE_LEDGER_TAG]));
  }, [dispatch, lastUpdate]);
}
