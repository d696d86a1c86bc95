import { useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { readStored, writeStored } from '../../shared/storage/local-storage';
import { JOURNAL_TAG, journalApi } from './journal-api';
import { pageSizeOf, syncedSince } from '../../shared/ui/editable-list';

/** Where the Journal page remembers its page size (account-area §3: page sizes are local preferences). */
export const JOURNAL_PAGE_SIZE_KEY = 'journal-page-size';

/** The page size, read from local storage (clamped to 10..100, 40 when unset) and stored on each change. */
export function useStoredPageSize(key: string): [number, (size: number) => void] {
  const [pageSize, setPageSize] = useState(() => pageSizeOf(readStored(key)));
  const change = useCallback(
    (size: number) => {
      const clamped = pageSizeOf(size);
      writeStored(key, String(clamped));
      setPageSize(clamped);
    },
    [key],
  );
  return [pageSize, change];
}

/** Reads the journal again when the account's lastUpdate moves on: a sync has finished since the page opened. */
export function useJournalRefreshOnSync(lastUpdate: string | null | undefined): void {
  const dispatch = useDispatch();
  const seen = useRef(lastUpdate);
  useEffect(() => {
    if (!syncedSince(seen.current, lastUpdate)) return;
    seen.current = lastUpdate;
    dispatch(journalApi.util.invalidateTags([JOURNAL_TAG]));
  }, [dispatch, lastUpdate]);
}
