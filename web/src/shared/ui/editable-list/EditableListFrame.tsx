import { Button, Flex, Pagination, Table, Typography, theme, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useState, type HTMLAttributes, type ReactNode } from 'react';
import { rowsShown, type RowId } from './editable-list.state';
import { ConfirmDeletionDialog, ConfirmNavigationDialog, ErrorDialog } from './ListDialogs';
import { serverErrorText } from './list-errors';
import { PAGE_SIZE_CHOICES, lastPageIndex, pageIndexFromShown, shownPageNumber } from './list-paging';
import { useUnsavedEditsGuard } from './use-unsaved-edits-guard';
import type { EditableList } from './use-editable-list';

export interface EditableListFrameProps<Id extends RowId, Row extends object> {
  /** Names the frame's parts for tests: `${testId}-table`, `${testId}-edit`, `${testId}-save`, ... */
  readonly testId: string;
  /** What the rows are, for screen readers ('Trade profits'). */
  readonly label: string;
  readonly list: EditableList<Id, Row>;
  /** The current page's rows as read; edited rows are shown from their private copies. */
  readonly rows: readonly Row[];
  readonly total: number;
  readonly rowId: (row: Row) => Id;
  readonly columns: TableColumnsType<Row>;
  readonly loading: boolean;
  readonly emptyText: string;
  /** Whether the list has the Edit / Cancel toggle (lists whose cells are always editable have not). */
  readonly editToggle?: boolean;
  /** Sends the edited rows; a failure shows the server's text in 'Error' and keeps the edits. */
  readonly onSave?: (rows: Row[]) => Promise<void>;
  readonly saveLabel?: string;
  /** Deletes the selected rows after 'Confirm Deletion'. */
  readonly onDelete?: (ids: Id[]) => Promise<void>;
  /** More toolbar buttons (after Save and Delete). */
  readonly actions?: ReactNode;
  readonly rowProps?: (row: Row) => HTMLAttributes<HTMLElement>;
}

/**
 * The frame the editable paged lists share (account-area §4): a toolbar (Edit / Cancel, Save, Delete and the
 * list's own actions), the selectable table, zero-based paging shown from 1 with the stored page size, the
 * 'Confirm Deletion' and 'Confirm Navigation' dialogs and the 'Error' dialog of a failed save or delete.
 */
export function EditableListFrame<Id extends RowId, Row extends object>({
  testId,
  label,
  list,
  rows,
  total,
  rowId,
  columns,
  loading,
  emptyText,
  editToggle = true,
  onSave,
  saveLabel = 'Save',
  onDelete,
  actions,
  rowProps,
}: EditableListFrameProps<Id, Row>) {
  const { token } = theme.useToken();
  const blocker = useUnsavedEditsGuard(list.hasEdits);
  const [saving, setSaving] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = useMemo(() => rowsShown(list.state, rows, rowId), [list.state, rows, rowId]);
  const selectedCount = list.state.selected.length;

  // Rows can go away (deleted, processed); a page past the end moves back to the last one.
  const last = lastPageIndex(total, list.pageSize);
  const { page, setPage } = list;
  useEffect(() => {
    if (!loading && page > last) setPage(last);
  }, [loading, page, last, setPage]);

  const save = async () => {
    if (!onSave) return;
    const edited = list.editedRows;
    setSaving(true);
    try {
      await onSave(edited);
      list.saved(edited.map(rowId));
    } catch (failure) {
      setError(serverErrorText(failure));
    } finally {
      setSaving(false);
    }
  };

  const remove = async () => {
    if (!onDelete) return;
    const ids = [...list.state.selected];
    setDeleting(true);
    try {
      await onDelete(ids);
      list.deleted(ids);
    } catch (failure) {
      setError(serverErrorText(failure));
    } finally {
      setDeleting(false);
      setConfirmingDelete(false);
    }
  };

  return (
    <div data-testid={testId}>
      <Flex wrap gap={token.marginXS} align="center" style={{ marginBottom: token.marginSM }}>
        {editToggle ? (
          <Button data-testid={`${testId}-edit`} onClick={list.toggleEditMode}>
            {list.state.editing ? 'Cancel' : 'Edit'}
          </Button>
        ) : null}
        {onSave ? (
          <Button
            type="primary"
            data-testid={`${testId}-save`}
            disabled={!list.hasEdits}
            loading={saving}
            onClick={() => void save()}
          >
            {saveLabel}
          </Button>
        ) : null}
        {onDelete ? (
          <Button
            danger
            data-testid={`${testId}-delete`}
            disabled={selectedCount === 0}
            onClick={() => setConfirmingDelete(true)}
          >
            Delete
          </Button>
        ) : null}
        {actions}
        <Typography.Text type="secondary" data-testid={`${testId}-selection`}>
          {selectedCount === 0 ? '' : `${selectedCount} selected`}
          {list.hasEdits ? `${selectedCount === 0 ? '' : ', '}unsaved edits` : ''}
        </Typography.Text>
      </Flex>
      {/* The region scrolls sideways on narrow screens; it takes focus so keyboard users can scroll it too. */}
      <div
        data-testid={`${testId}-table`}
        role="region"
        aria-label={label}
        tabIndex={0}
        style={{ overflowX: 'auto' }}
      >
        <Table<Row>
          rowKey={rowId}
          columns={columns}
          dataSource={shown}
          loading={loading}
          pagination={false}
          size="small"
          locale={{ emptyText }}
          rowSelection={{
            selectedRowKeys: [...list.state.selected],
            preserveSelectedRowKeys: true,
            onChange: (keys) => list.setSelection(keys as Id[]),
            getCheckboxProps: (row) =>
              ({ 'aria-label': `Select row ${String(rowId(row))}` }) as Record<string, string>,
          }}
          onRow={(row) =>
            ({
              'data-row-id': String(rowId(row)),
              'data-edited': list.state.edits.has(rowId(row)) ? 'true' : undefined,
              ...rowProps?.(row),
            }) as HTMLAttributes<HTMLElement>
          }
        />
      </div>
      <Flex justify="flex-end" style={{ marginTop: token.marginMD }}>
        <Pagination
          data-testid={`${testId}-pagination`}
          current={shownPageNumber(list.page)}
          pageSize={list.pageSize}
          total={total}
          pageSizeOptions={PAGE_SIZE_CHOICES.map(String)}
          showSizeChanger
          showTotal={(count, [from, to]) => (count === 0 ? 'No rows' : `${from}-${to} of ${count}`)}
          onChange={(pageNumber, size) => {
            if (size !== list.pageSize) list.setPageSize(size);
            else list.setPage(pageIndexFromShown(pageNumber));
          }}
        />
      </Flex>
      <ConfirmDeletionDialog
        open={confirmingDelete}
        deleting={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmingDelete(false)}
      />
      <ConfirmNavigationDialog blocker={blocker} />
      <ErrorDialog text={error} onClose={() => setError(null)} testId={`${testId}-error-dialog`} />
    </div>
  );
}
