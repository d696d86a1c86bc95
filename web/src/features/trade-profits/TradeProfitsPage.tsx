import { Flex, Input, theme } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { LedgerWriteResult } from '../../shared/api';
import { useGetAccountQuery } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import {
  AccountLoadingPage,
  CharacterFilterSelect,
  EditableListFrame,
  ListLoadError,
  ItemFilterInput,
  ListField,
  useEditableList,
  useLedgerRefreshOnSync,
  useWrittenPosition,
} from '../../shared/ui/editable-list';
import { editedLine, tradeProfitColumns } from './trade-profit-columns';
import { lineId, lineOf, tradeProfitPatches, type TradeProfitLine } from './trade-profit-edit';
import {
  tradeProfitsApi,
  useDeleteTradeProfitsMutation,
  useEditTradeProfitsMutation,
  useTradeProfitsQuery,
} from './trade-profits-api';
import {
  NO_TRADE_PROFIT_FILTERS,
  TRADE_PROFITS_PAGE_SIZE_KEY,
  hasTradeProfitFilter,
  tradeProfitsArgs,
  type TradeProfitFilters,
} from './trade-profits-query';

function Description() {
  return (
    <>
      Every sale matched with the oldest purchases of its item (<Link to="/transactions">Transactions</Link>
      ), with broker fees from your <Link to="/itemSettings">Settings</Link> and the sales tax. Select rows
      and choose Edit to correct units, prices, totals, fees or tax: related figures follow, and profit and
      margin are recomputed. Free accounts see the last 30 days (<Link to="/subscription">Subscription</Link>
      ); characters are added on the <Link to="/account">Account</Link> page. Items you built or got from
      contracts need a price in the <Link to="/warehouse">Item Warehouse</Link> until industry jobs and
      contracts are imported (in development).
    </>
  );
}

/**
 * /trade: the trade profit rows, paged by the server, with the item, character and minimum profit filters, inline
 * editing and deletion (account-area §2 Trade Profits, §4 Editable lists).
 */
export default function TradeProfitsPage() {
  const { token } = theme.useToken();
  const { data: account, isLoading: accountLoading } = useGetAccountQuery();
  useLedgerRefreshOnSync(account?.lastUpdate);
  const list = useEditableList<string, TradeProfitLine>(TRADE_PROFITS_PAGE_SIZE_KEY);
  const [filters, setFilters] = useState<TradeProfitFilters>(NO_TRADE_PROFIT_FILTERS);
  const written = useWrittenPosition();
  const args = (at: number | null) =>
    account ? tradeProfitsArgs(account.id, filters, list.page, list.pageSize, at) : null;
  const { data, isFetching, isError, refetch } = useTradeProfitsQuery(args(written.position) ?? skipToken);
  const lines = useMemo(() => (data?.rows ?? []).map(lineOf), [data]);
  const [editRows] = useEditTradeProfitsMutation();
  const [deleteRows] = useDeleteTradeProfitsMutation();

  const columns = useMemo(
    () =>
      tradeProfitColumns(list.state.editing, list.state.selected, (line, field, value) =>
        list.edit(line.row.id, editedLine(line, field, value)),
      ),
    [list],
  );

  if (!account) return <AccountLoadingPage title="Trade Profits" loading={accountLoading} />;

  const showWrite = (result: LedgerWriteResult) =>
    written.show(result, (at) => tradeProfitsApi.endpoints.tradeProfits.initiate(args(at)!), refetch);

  const changeFilters = (next: TradeProfitFilters) => {
    setFilters(next);
    list.filterChanged();
  };

  return (
    <PageContainer title="Trade Profits" description={<Description />}>
      <Flex wrap gap={token.margin} style={{ marginBottom: token.marginMD }}>
        <ItemFilterInput
          id="trade-item-filter"
          value={filters.item}
          onChange={(item) => changeFilters({ ...filters, item })}
        />
        <CharacterFilterSelect
          id="trade-character-filter"
          characters={account.characters}
          value={filters.characterId}
          onChange={(characterId) => changeFilters({ ...filters, characterId })}
        />
        <ListField id="trade-min-profit" label="Min profit (ISK)">
          <Input
            id="trade-min-profit"
            inputMode="decimal"
            allowClear
            placeholder="None"
            style={{ width: 160 }}
            value={filters.minProfit}
            onChange={(event) => changeFilters({ ...filters, minProfit: event.target.value })}
          />
        </ListField>
      </Flex>
      {isError ? <ListLoadError what="trade profits" onRetry={() => void refetch()} /> : null}
      <EditableListFrame<string, TradeProfitLine>
        testId="trade-profits"
        label="Trade profits"
        list={list}
        rows={lines}
        total={data?.total ?? 0}
        rowId={lineId}
        columns={columns}
        loading={isFetching}
        emptyText={
          hasTradeProfitFilter(filters)
            ? 'No trade profits match the filter.'
            : 'No trade profits yet: they appear when your characters sell items they bought.'
        }
        onSave={async (edited) => {
          const patches = tradeProfitPatches(edited);
          if (patches.length === 0) return;
          await showWrite(await editRows({ account: account.id, tradeProfitPatches: patches }).unwrap());
        }}
        onDelete={async (ids) => {
          await showWrite(await deleteRows({ account: account.id, tradeProfitRowIds: ids }).unwrap());
        }}
        rowProps={(line) =>
          line.row.isIgnored ? { style: { textDecoration: 'line-through' }, title: 'Ignored' } : {}
        }
      />
    </PageContainer>
  );
}
