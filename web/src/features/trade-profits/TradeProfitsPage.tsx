import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { LedgerWriteResult, TradeProfitRow } from '../../shared/api';
import {
  ProfitListFrame,
  editedLine,
  lineOf,
  profitListArgs,
  profitListColumns,
  useProfitList,
} from '../../shared/profit-list';
import { useGetAccountQuery } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import { AccountLoadingPage, ownerChoices, useLedgerRefreshOnSync } from '../../shared/ui/editable-list';
import {
  TRADE_FIGURE_COLUMNS,
  TRADE_PROFITS_PAGE_SIZE_KEY,
  figuresOfTradeRow,
  tradeProfitPatches,
} from './trade-profit-edit';
import {
  tradeProfitsApi,
  useDeleteTradeProfitsMutation,
  useEditTradeProfitsMutation,
  useTradeProfitsQuery,
} from './trade-profits-api';

function Description() {
  return (
    <>
      Every sale matched with the oldest purchases of its item (<Link to="/transactions">Transactions</Link>
      ), with the broker fees their orders paid and the sales tax; a fee marked estimated could not be matched
      to its order and uses the rate in your <Link to="/itemSettings">Settings</Link>. Select rows and choose
      Edit to correct units, prices, totals, fees or tax: related figures follow, and profit and margin are
      recomputed. Free accounts see the last 30 days (<Link to="/subscription">Subscription</Link>
      ); characters are added on the <Link to="/account">Account</Link> page. Items you built sell on{' '}
      <Link to="/manufacturing">Manufacturing Profits</Link>; items you bought through contracts cost their
      share of the contract price (<Link to="/contracts">Contracts</Link>), and items sold through contracts
      are on <Link to="/contractProfits">Contract Profits</Link>.
    </>
  );
}

/**
 * /trade: the trade profit rows, paged by the server, with the item, character and minimum profit filters, inline
 * editing and deletion (account-area §2 Trade Profits, §4 Editable lists).
 */
export default function TradeProfitsPage() {
  const { data: account, isLoading: accountLoading } = useGetAccountQuery();
  useLedgerRefreshOnSync(account?.lastUpdate);
  const state = useProfitList<TradeProfitRow>(TRADE_PROFITS_PAGE_SIZE_KEY);
  const { list, filters, written } = state;
  const args = (at: number | null) =>
    account ? profitListArgs(account.id, filters, list.page, list.pageSize, at) : null;
  const { data, isFetching, isError, refetch } = useTradeProfitsQuery(args(written.position) ?? skipToken);
  const lines = useMemo(() => (data?.rows ?? []).map((row) => lineOf(row)), [data]);
  const [editRows] = useEditTradeProfitsMutation();
  const [deleteRows] = useDeleteTradeProfitsMutation();

  const columns = useMemo(
    () =>
      profitListColumns<TradeProfitRow>({
        testIdPrefix: 'trade',
        figureColumns: TRADE_FIGURE_COLUMNS,
        figuresOfRow: figuresOfTradeRow,
        editing: list.state.editing,
        selected: list.state.selected,
        edit: (line, field, value) =>
          list.edit(line.row.id, editedLine(line, figuresOfTradeRow, field, value)),
      }),
    [list],
  );

  if (!account) return <AccountLoadingPage title="Trade Profits" loading={accountLoading} />;

  const showWrite = (result: LedgerWriteResult) =>
    written.show(result, (at) => tradeProfitsApi.endpoints.tradeProfits.initiate(args(at)!), refetch);

  return (
    <PageContainer title="Trade Profits" description={<Description />}>
      <ProfitListFrame<TradeProfitRow>
        idPrefix="trade"
        testId="trade-profits"
        label="Trade profits"
        characters={account.characters}
        owners={ownerChoices(account.corporationWallets)}
        state={state}
        lines={lines}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        failed={isError}
        onRetry={() => void refetch()}
        emptyText={{
          filtered: 'No trade profits match the filter.',
          none: 'No trade profits yet: they appear when your characters sell items they bought.',
        }}
        onSave={async (edited) => {
          const patches = tradeProfitPatches(edited);
          if (patches.length === 0) return;
          await showWrite(await editRows({ account: account.id, tradeProfitPatches: patches }).unwrap());
        }}
        onDelete={async (ids) => {
          await showWrite(await deleteRows({ account: account.id, tradeProfitRowIds: ids }).unwrap());
        }}
      />
    </PageContainer>
  );
}
