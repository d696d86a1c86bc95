import { Flex, Input, theme, type TableColumnsType } from 'antd';
import { useCallback, useState } from 'react';
import {
  CharacterFilterSelect,
  EditableListFrame,
  ItemFilterInput,
  ListField,
  ListLoadError,
  OwnerFilterSelect,
  useEditableList,
  useWrittenPosition,
  type EditableList,
  type OwnerChoice,
  type WrittenPosition,
} from '../ui/editable-list';
import type { ProfitListRow } from './profit-columns';
import { lineId, type ProfitLine } from './profit-figures';
import { NO_PROFIT_LIST_FILTERS, hasProfitListFilter, type ProfitListFilters } from './profit-list-query';

export interface ProfitListState<Row> {
  readonly list: EditableList<string, ProfitLine<Row>>;
  readonly filters: ProfitListFilters;
  /** Sets the filters: back to the first page with an empty selection (§4). */
  readonly changeFilters: (next: ProfitListFilters) => void;
  readonly written: WrittenPosition;
}

/** A profit list's selection, edits, paging (page size stored under `pageSizeKey`), filters and last edit. */
export function useProfitList<Row>(pageSizeKey: string): ProfitListState<Row> {
  const list = useEditableList<string, ProfitLine<Row>>(pageSizeKey);
  const [filters, setFilters] = useState<ProfitListFilters>(NO_PROFIT_LIST_FILTERS);
  const written = useWrittenPosition();
  const { filterChanged } = list;
  const changeFilters = useCallback(
    (next: ProfitListFilters) => {
      setFilters(next);
      filterChanged();
    },
    [filterChanged],
  );
  return { list, filters, changeFilters, written };
}

export interface ProfitListFrameProps<Row extends ProfitListRow> {
  /** Prefix of the filters' ids: `${idPrefix}-item-filter`, `${idPrefix}-character-filter`, `${idPrefix}-min-profit`. */
  readonly idPrefix: string;
  /** The list's test id (and its parts', see EditableListFrame). */
  readonly testId: string;
  /** What the rows are ('Trade profits'): the table's label; in lower case in the load error. */
  readonly label: string;
  readonly characters: readonly { readonly id: number; readonly name: string }[];
  /** The owner filter's choices (ownerChoices); none hides it. */
  readonly owners?: readonly { readonly value: OwnerChoice; readonly label: string }[];
  readonly state: ProfitListState<Row>;
  readonly lines: readonly ProfitLine<Row>[];
  readonly total: number;
  readonly columns: TableColumnsType<ProfitLine<Row>>;
  readonly loading: boolean;
  readonly failed: boolean;
  readonly onRetry: () => void;
  readonly emptyText: { readonly filtered: string; readonly none: string };
  readonly onSave: (lines: ProfitLine<Row>[]) => Promise<void>;
  readonly onDelete: (ids: string[]) => Promise<void>;
}

/**
 * The frame the profit lists share (account-area §2 Trade Profits, Manufacturing Profit List, Contract Profit
 * List): the item, character and minimum profit filters over the editable paged list (§4), with rows flagged
 * isIgnored struck through.
 */
export function ProfitListFrame<Row extends ProfitListRow>({
  idPrefix,
  testId,
  label,
  characters,
  owners = [],
  state,
  lines,
  total,
  columns,
  loading,
  failed,
  onRetry,
  emptyText,
  onSave,
  onDelete,
}: ProfitListFrameProps<Row>) {
  const { token } = theme.useToken();
  const { list, filters, changeFilters } = state;
  return (
    <>
      <Flex wrap gap={token.margin} style={{ marginBottom: token.marginMD }}>
        <ItemFilterInput
          id={`${idPrefix}-item-filter`}
          value={filters.item}
          onChange={(item) => changeFilters({ ...filters, item })}
        />
        <CharacterFilterSelect
          id={`${idPrefix}-character-filter`}
          characters={characters}
          value={filters.characterId}
          onChange={(characterId) => changeFilters({ ...filters, characterId })}
        />
        <OwnerFilterSelect
          id={`${idPrefix}-owner-filter`}
          choices={owners}
          value={filters.owner}
          onChange={(owner) => changeFilters({ ...filters, owner })}
        />
        <ListField id={`${idPrefix}-min-profit`} label="Min profit (ISK)">
          <Input
            id={`${idPrefix}-min-profit`}
            inputMode="decimal"
            allowClear
            placeholder="None"
            style={{ width: 160 }}
            value={filters.minProfit}
            onChange={(event) => changeFilters({ ...filters, minProfit: event.target.value })}
          />
        </ListField>
      </Flex>
      {failed ? <ListLoadError what={label.toLowerCase()} onRetry={onRetry} /> : null}
      <EditableListFrame<string, ProfitLine<Row>>
        testId={testId}
        label={label}
        list={list}
        rows={lines}
        total={total}
        rowId={lineId}
        columns={columns}
        loading={loading}
        emptyText={hasProfitListFilter(filters) ? emptyText.filtered : emptyText.none}
        onSave={onSave}
        onDelete={onDelete}
        rowProps={(line) =>
          line.row.isIgnored ? { style: { textDecoration: 'line-through' }, title: 'Ignored' } : {}
        }
      />
    </>
  );
}
