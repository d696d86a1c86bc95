import {
  editableListReducer,
  editedRows,
  hasEdits,
  initialEditableListState,
  rowsShown,
  type EditableListAction,
  type EditableListState,
} from './editable-list.state';
import { syncedSince } from './ledger-sync';

interface Row {
  readonly id: string;
  readonly units: number;
}

type State = EditableListState<string, Row>;
const run = (state: State, ...actions: EditableListAction<string, Row>[]): State =>
  actions.reduce(editableListReducer<string, Row>, state);
const initial = initialEditableListState<string, Row>();
const row = (id: string, units: number): Row => ({ id, units });

describe('editable list state (account-area §4 Editable lists)', () => {
  it('starts with no selection, out of edit mode, without edits', () => {
    expect(initial).toEqual({ selected: [], editing: false, edits: new Map() });
    expect(hasEdits(initial)).toBe(false);
  });

  it('selects and deselects rows, keeping the order of selection', () => {
    const state = run(
      initial,
      { type: 'select', id: 'b', selected: true },
      { type: 'select', id: 'a', selected: true },
      { type: 'select', id: 'b', selected: true },
    );
    expect(state.selected).toEqual(['b', 'a']);
    expect(run(state, { type: 'select', id: 'b', selected: false }).selected).toEqual(['a']);
    expect(run(state, { type: 'setSelection', ids: ['c', 'c', 'd'] }).selected).toEqual(['c', 'd']);
  });

  it('keeps a private copy of an edited row, selects it and enters edit mode', () => {
    const state = run(initial, { type: 'editRow', id: 'a', row: row('a', 5) });
    expect(state.editing).toBe(true);
    expect(state.selected).toEqual(['a']);
    expect(hasEdits(state)).toBe(true);
    expect(editedRows(state)).toEqual([row('a', 5)]);
    const again = run(state, { type: 'editRow', id: 'a', row: row('a', 7) });
    expect(again.selected).toEqual(['a']);
    expect(editedRows(again)).toEqual([row('a', 7)]);
  });

  it('shows the private copy of an edited row and the row as read otherwise', () => {
    const state = run(initial, { type: 'editRow', id: 'b', row: row('b', 9) });
    expect(rowsShown(state, [row('a', 1), row('b', 2)], (r) => r.id)).toEqual([row('a', 1), row('b', 9)]);
  });

  it('drops the pending edits of the selected rows when edit mode is toggled (Edit or Cancel)', () => {
    const editing = run(
      initial,
      { type: 'toggleEditMode' },
      { type: 'editRow', id: 'a', row: row('a', 5) },
      { type: 'editRow', id: 'b', row: row('b', 6) },
      { type: 'select', id: 'b', selected: false },
    );
    const cancelled = run(editing, { type: 'toggleEditMode' });
    expect(cancelled.editing).toBe(false);
    // 'b' was deselected: its edit is not one of the selected rows' and stays until saved.
    expect(editedRows(cancelled)).toEqual([row('b', 6)]);
    expect(cancelled.selected).toEqual(['a']);
    const entered = run(cancelled, { type: 'select', id: 'b', selected: true }, { type: 'toggleEditMode' });
    expect(entered.editing).toBe(true);
    expect(hasEdits(entered)).toBe(false);
  });

  it('after a save drops the sent edits and leaves edit mode, keeping the selection', () => {
    const state = run(
      initial,
      { type: 'editRow', id: 'a', row: row('a', 5) },
      { type: 'editRow', id: 'b', row: row('b', 6) },
      { type: 'saved', ids: ['a', 'b'] },
    );
    expect(state).toEqual({ selected: ['a', 'b'], editing: false, edits: new Map() });
  });

  it('after a delete clears the selection and forgets the deleted rows’ edits', () => {
    const state = run(
      initial,
      { type: 'editRow', id: 'a', row: row('a', 5) },
      { type: 'editRow', id: 'b', row: row('b', 6) },
      { type: 'deleted', ids: ['a'] },
    );
    expect(state.selected).toEqual([]);
    expect(editedRows(state)).toEqual([row('b', 6)]);
  });

  it('takes rows the server no longer lists off the selection and the edits', () => {
    const state = run(
      initial,
      { type: 'editRow', id: 'a', row: row('a', 5) },
      { type: 'select', id: 'c', selected: true },
      { type: 'rowsGone', ids: ['a'] },
    );
    expect(state.selected).toEqual(['c']);
    expect(hasEdits(state)).toBe(false);
  });

  it('clears the selection when a filter changes, and keeps edits', () => {
    const state = run(
      initial,
      { type: 'select', id: 'c', selected: true },
      { type: 'editRow', id: 'a', row: row('a', 5) },
      { type: 'filterChanged' },
    );
    expect(state.selected).toEqual([]);
    expect(hasEdits(state)).toBe(true);
    expect(run(initial, { type: 'filterChanged' })).toBe(initial);
  });
});

describe('reading the lists again after a sync', () => {
  it('happens only when the account’s lastUpdate moved to another time', () => {
    expect(syncedSince(null, '2026-11-21T10:00:00Z')).toBe(true);
    expect(syncedSince('2026-11-21T10:00:00Z', '2026-11-21T11:01:00Z')).toBe(true);
    expect(syncedSince('2026-11-21T10:00:00Z', '2026-11-21T10:00:00Z')).toBe(false);
    expect(syncedSince('2026-11-21T10:00:00Z', null)).toBe(false);
  });
});
