import type { ThunkAction, ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useCallback, useState } from 'react';
import { useDispatch } from 'react-redux';

/** A started read of the API (what an endpoint's `initiate` dispatches to). */
interface StartedRead {
  unwrap(): Promise<unknown>;
  unsubscribe(): void;
}

export type ReadThunk = ThunkAction<StartedRead, never, unknown, UnknownAction>;

/** Runs a read and waits for its answer. */
export function useReadAt(): (read: ReadThunk) => Promise<void> {
  const dispatch = useDispatch<ThunkDispatch<never, unknown, UnknownAction>>();
  return useCallback(
    async (read) => {
      const started = dispatch(read);
      try {
        await started.unwrap();
      } finally {
        started.unsubscribe();
      }
    },
    [dispatch],
  );
}

export interface WrittenPosition {
  /** The log position of the last edit, for the page's reads (`?position=`); null before the first edit. */
  readonly position: number | null;
  /**
   * Shows an edit: reads the list at the edit's position and only then switches the page to that answer, so the
   * edit shows at once and the old rows never flash back. An edit that appended nothing reads the list again.
   */
  show(
    written: { readonly position: number | null },
    readAt: (position: number) => ReadThunk,
    refetch: () => unknown,
  ): Promise<void>;
}

/** The position a page's reads wait for after its own edits (every ledger edit answers `{ position }`). */
export function useWrittenPosition(): WrittenPosition {
  const read = useReadAt();
  const [position, setPosition] = useState<number | null>(null);
  const show = useCallback<WrittenPosition['show']>(
    async (written, readAt, refetch) => {
      if (written.position === null) {
        await refetch();
        return;
      }
      await read(readAt(written.position));
      setPosition(written.position);
    },
    [read],
  );
  return { position, show };
}
