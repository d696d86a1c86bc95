import { skipToken } from '@reduxjs/toolkit/query/react';
import { ExclamationCircleOutlined } from '@ant-design/icons';
import { Popover, theme } from 'antd';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { LedgerWriteResult, ManufacturingProfitRow } from '../../shared/api';
import {
  ProfitListFrame,
  editedLine,
  lineOf,
  profitListArgs,
  profitListColumns,
  useProfitList,
  type ProfitField,
} from '../../shared/profit-list';
import { useGetAccountQuery } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import { AccountLoadingPage, ownerChoices, useLedgerRefreshOnSync } from '../../shared/ui/editable-list';
import {
  COST_FIELDS,
  MANUFACTURING_FIGURE_COLUMNS,
  MANUFACTURING_PROFITS_PAGE_SIZE_KEY,
  figuresOfManufacturingRow,
  manufacturingProfitPatches,
  type ManufacturingProfitLine,
} from './manufacturing-profit-edit';
import {
  manufacturingProfitsApi,
  useDeleteManufacturingProfitsMutation,
  useEditManufacturingProfitsMutation,
  useManufacturingProfitsQuery,
} from './manufacturing-profits-api';

function Description() {
  return (
    <>
      Every sale of an item your characters built, costed from the jobs that made it (
      <Link to="/industry">Industry Jobs</Link>): their materials at what you paid for them, the job cost and
      any blueprint copies, with your Structure and Character <Link to="/itemSettings">Settings</Link>. Select
      rows and choose Edit to correct units, costs, prices, fees or tax: related figures follow, and profit
      and margin are recomputed. A cost in red is too low: a job behind it misses inputs. Free accounts see
      the last 30 days (<Link to="/subscription">Subscription</Link>); characters are added on the{' '}
      <Link to="/account">Account</Link> page.
    </>
  );
}

/**
 * A cost that misses a job's inputs: red with a warning sign, and on hover or focus why and where to price them.
 * Red is the dark theme's lighter error text (its hover shade), readable on a hovered row; on a selected row's
 * highlight no red is, and the sign alone marks it.
 */
function IncompleteCost({ text, selected }: { readonly text: string; readonly selected: boolean }) {
  const { token } = theme.useToken();
  return (
    <Popover
      content={
        <span style={{ display: 'inline-block', maxWidth: 280 }}>
          A job that made these units misses inputs, so this cost is too low. Price the missing inputs on{' '}
          <Link to="/industry">Industry Jobs</Link>.
        </span>
      }
    >
      <span
        data-testid="manufacturing-cost-incomplete"
        tabIndex={0}
        style={selected ? undefined : { color: token.colorErrorTextHover }}
      >
        <ExclamationCircleOutlined
          aria-label="Cost misses inputs"
          style={{ marginInlineEnd: token.marginXXS }}
        />
        {text}
      </span>
    </Popover>
  );
}

function costCell(line: ManufacturingProfitLine, field: ProfitField, text: string, selected: boolean) {
  return line.row.costIncomplete && COST_FIELDS.includes(field) ? (
    <IncompleteCost text={text} selected={selected} />
  ) : (
    text
  );
}

/**
 * /manufacturing: the sales of built items with their manufacturing cost, paged by the server, with the item,
 * character and minimum profit filters, inline editing and deletion (account-area §2 Manufacturing Profit List,
 * §4 Editable lists).
 */
export default function ManufacturingProfitsPage() {
  const { data: account, isLoading: accountLoading } = useGetAccountQuery();
  useLedgerRefreshOnSync(account?.lastUpdate);
  const state = useProfitList<ManufacturingProfitRow>(MANUFACTURING_PROFITS_PAGE_SIZE_KEY);
  const { list, filters, written } = state;
  const args = (at: number | null) =>
    account ? profitListArgs(account.id, filters, list.page, list.pageSize, at) : null;
  const { data, isFetching, isError, refetch } = useManufacturingProfitsQuery(
    args(written.position) ?? skipToken,
  );
  const lines = useMemo(() => (data?.rows ?? []).map((row) => lineOf(row)), [data]);
  const [editRows] = useEditManufacturingProfitsMutation();
  const [deleteRows] = useDeleteManufacturingProfitsMutation();

  const columns = useMemo(
    () =>
      profitListColumns<ManufacturingProfitRow>({
        testIdPrefix: 'manufacturing',
        figureColumns: MANUFACTURING_FIGURE_COLUMNS,
        figuresOfRow: figuresOfManufacturingRow,
        editing: list.state.editing,
        selected: list.state.selected,
        edit: (line, field, value) =>
          list.edit(line.row.id, editedLine(line, figuresOfManufacturingRow, field, value)),
        figureCell: costCell,
      }),
    [list],
  );

  if (!account) return <AccountLoadingPage title="Manufacturing Profit List" loading={accountLoading} />;

  const showWrite = (result: LedgerWriteResult) =>
    written.show(
      result,
      (at) => manufacturingProfitsApi.endpoints.manufacturingProfits.initiate(args(at)!),
      refetch,
    );

  return (
    <PageContainer title="Manufacturing Profit List" description={<Description />}>
      <ProfitListFrame<ManufacturingProfitRow>
        idPrefix="manufacturing"
        testId="manufacturing-profits"
        label="Manufacturing profits"
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
          filtered: 'No manufacturing profits match the filter.',
          none: 'No manufacturing profits yet: they appear when your characters sell items they built.',
        }}
        onSave={async (edited) => {
          const patches = manufacturingProfitPatches(edited);
          if (patches.length === 0) return;
          await showWrite(
            await editRows({ account: account.id, manufacturingProfitPatches: patches }).unwrap(),
          );
        }}
        onDelete={async (ids) => {
          await showWrite(await deleteRows({ account: account.id, manufacturingProfitRowIds: ids }).unwrap());
        }}
      />
    </PageContainer>
  );
}
