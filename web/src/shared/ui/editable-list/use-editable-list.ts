import { useCallback, useMemo, useReducer, useState } from 'react';
import { readStored, writeStored } from '../../storage/local-storage';
import {
  editableListReducer,
  editedRows,
  hasEdits,
  initialEditableListState,
  type EditableListState,
  type RowId,
} from './editable-list.state';
import { pageIndexOf, pageSizeOf } from './list-paging';

/** The page size, read from local storage (10..100, 40 when unset) and stored on each change (§4, §9). */
export function useStoredPageSize(storageKey: string): [number, (size: number) => void] {
  const [pageSize, setPageSize] = useState(() => pageSizeOf(readStored(storageKey)));
  const change = useCallback(
    (size: number) => {
      const clamped = pageSizeOf(size);
      writeStored(storageKey, String(clamped));
      setPageSize(clamped);
    },
    [storageKey],
  );
  return [pageSize, change];
}

export interface EditableList<Id extends RowId, Row> {
  readonly state: EditableListState<Id, Row>;
  readonly hasEdits: boolean;
  readonly editedRows: Row[];
  /** Zero-based. */
  readonly page: number;
  readonly pageSize: number;
  setPage(page: number): void;
  /** Stores the size and goes back to the first page. */
  setPageSize(size: number): void;
  select(id: Id, selected: boolean): void;
  setSelection(ids: readonly Id[]): void;
  toggleEditMode(): void;
  /** Keeps the private copy of an edited row (it selects the row and enters edit mode). */
  edit(id: Id, row: Row): void;
  saved(ids: readonly Id[]): void;
  deleted(ids: readonly Id[]): void;
  /** Rows the server no longer lists (processed, removed): off the selection and the edits. */
  rowsGone(ids: readonly Id[]): void;
  /** A filter changed: back to the first page and an empty selection (the caller refetches with the new filter). */
  filterChanged(): void;
}

/** An editable list's selection, edit mode, private copies and paging (account-area §4 Editable lists). */
export function useEditableList<Id extends RowId, Row>(pageSizeKey: string): EditableList<Id, Row> {
  const [state, dispatch] = useReducer(
    editableListReducer<Id, Row>,
    undefined,
    initialEditableListState<Id, Row>,
  );
  const [page, setPageIndex] = useState(0);
  const [pageSize, storePageSize] = useStoredPageSize(pageSizeKey);

  const actions = useMemo(
    () => ({
      setPage: (next: number) => setPageIndex(pageIndexOf(next)),
      setPageSize: (size: number) => {
        storePageSize(size);
        setPageIndex(0);
      },
      select: (id: Id, selected: boolean) => dispatch({ type: 'select', id, selected }),
      setSelection: (ids: readonly Id[]) => dispatch({ type: 'setSelection', ids }),
      toggleEditMode: () => dispatch({ type: 'toggleEditMode' }),
      edit: (id: Id, row: Row) => dispatch({ type: 'editRow', id, row }),
      saved: (ids: readonly Id[]) => dispatch({ type: 'saved', ids }),
      deleted: (ids: readonly Id[]) => dispatch({ type: 'deleted', ids }),
      rowsGone: (ids: readonly Id[]) => dispatch({ type: 'rowsGone', ids }),
      filterChanged: () => {
        dispatch({ type: 'filterChanged' });
        setPageIndex(0);
      },
    }),
    [storePageSize],
  );

  return useMemo(
    () => ({
      state,
      hasEdits: hasEdits(state),
      editedRows: editedRows(state),
      page,
      pageSize,
      ...actions,
    }),
    [state, page, pageSize, actions],
  );
}
