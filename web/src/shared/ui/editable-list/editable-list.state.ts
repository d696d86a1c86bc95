/**
 * The state of an editable list (account-area §4 Editable lists), pure so every rule is unit-tested:
 * - rows can be selected (the selection survives paging, a filter change clears it);
 * - toggling edit mode (Edit or Cancel) drops the pending edits of the selected rows;
 * - editing a row keeps a private copy of it, selects it and enters edit mode, and the list then has edits;
 * - a save sends only the edited rows, then drops those edits and leaves edit mode;
 * - a delete sends the selected ids, then clears the selection.
 */
export type RowId = string | number;

export interface EditableListState<Id extends RowId, Row> {
  /** In the order the user selected them. */
  readonly selected: readonly Id[];
  readonly editing: boolean;
  /** The private copies of edited rows, in the order they were first edited. */
  readonly edits: ReadonlyMap<Id, Row>;
}

export function initialEditableListState<Id extends RowId, Row>(): EditableListState<Id, Row> {
  return { selected: [], editing: false, edits: new Map() };
}

export type EditableListAction<Id extends RowId, Row> =
  | { readonly type: 'select'; readonly id: Id; readonly selected: boolean }
  | { readonly type: 'setSelection'; readonly ids: readonly Id[] }
  | { readonly type: 'toggleEditMode' }
  | { readonly type: 'editRow'; readonly id: Id; readonly row: Row }
  | { readonly type: 'saved'; readonly ids: readonly Id[] }
  | { readonly type: 'deleted'; readonly ids: readonly Id[] }
  | { readonly type: 'rowsGone'; readonly ids: readonly Id[] }
  | { readonly type: 'filterChanged' };

function withoutIds<Id extends RowId, Row>(edits: ReadonlyMap<Id, Row>, ids: readonly Id[]): Map<Id, Row> {
  const next = new Map(edits);
  for (const id of ids) next.delete(id);
  return next;
}

function unique<Id>(ids: readonly Id[]): Id[] {
  return [...new Set(ids)];
}

export function editableListReducer<Id extends RowId, Row>(
  state: EditableListState<Id, Row>,
  action: EditableListAction<Id, Row>,
): EditableListState<Id, Row> {
  switch (action.type) {
    case 'select': {
      const has = state.selected.includes(action.id);
      if (has === action.selected) return state;
      return {
        ...state,
        selected: action.selected
          ? [...state.selected, action.id]
          : state.selected.filter((id) => id !== action.id),
      };
    }
    case 'setSelection':
      return { ...state, selected: unique(action.ids) };
    case 'toggleEditMode':
      return { ...state, editing: !state.editing, edits: withoutIds(state.edits, state.selected) };
    case 'editRow': {
      const edits = new Map(state.edits);
      edits.set(action.id, action.row);
      const selected = state.selected.includes(action.id) ? state.selected : [...state.selected, action.id];
      return { selected, editing: true, edits };
    }
    case 'saved':
      return { ...state, editing: false, edits: withoutIds(state.edits, action.ids) };
    case 'deleted':
      return { ...state, selected: [], edits: withoutIds(state.edits, action.ids) };
    case 'rowsGone':
      return {
        ...state,
        selected: state.selected.filter((id) => !action.ids.includes(id)),
        edits: withoutIds(state.edits, action.ids),
      };
    case 'filterChanged':
      return state.selected.length === 0 ? state : { ...state, selected: [] };
  }
}

export function hasEdits(state: EditableListState<RowId, unknown>): boolean {
  return state.edits.size > 0;
}

/** The rows a save sends: only the edited ones. */
export function editedRows<Id extends RowId, Row>(state: EditableListState<Id, Row>): Row[] {
  return [...state.edits.values()];
}

/** The rows as shown: the private copy where the row was edited, else the row as read. */
export function rowsShown<Id extends RowId, Row>(
  state: EditableListState<Id, Row>,
  rows: readonly Row[],
  idOf: (row: Row) => Id,
): Row[] {
  return rows.map((row) => state.edits.get(idOf(row)) ?? row);
}
