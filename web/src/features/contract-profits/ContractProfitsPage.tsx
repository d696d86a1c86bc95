import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ContractProfitRow, LedgerWriteResult } from '../../shared/api';
import { ProfitListFrame, editedLine, lineOf, profitListArgs, useProfitList } from '../../shared/profit-list';
import { useGetAccountQuery } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import { AccountLoadingPage, useLedgerRefreshOnSync } from '../../shared/ui/editable-list';
import { tierAllows } from '../../shared/config/tiers';
import { ContractSyncRequired } from '../../shared/contract-sync/ContractSyncRequired';
import { contractProfitColumns } from './contract-profit-columns';
import {
  CONTRACT_PROFITS_PAGE_SIZE_KEY,
  contractProfitPatches,
  contractProfitView,
  figuresOfContractRow,
  type ContractProfitView,
} from './contract-profit-edit';
import {
  contractProfitsApi,
  useContractProfitsQuery,
  useDeleteContractProfitsMutation,
  useEditContractProfitsMutation,
} from './contract-profits-api';
import { ExcludedContractDialog } from './ExcludedContractDialog';

function Description() {
  return (
    <>
      Item exchange contracts your characters sold, each costed item by item at what you paid for the items (
      <Link to="/transactions">Transactions</Link>, <Link to="/industry">Industry Jobs</Link>, your{' '}
      <Link to="/itemSettings">Settings</Link>). A contract with items that have no buy price is excluded from
      profit until you edit its total cost. Fees marked with an info sign are estimates. Select rows and
      choose Edit to correct the total cost, sell gross, broker fee or tax: profit and margin are recomputed.
      Items you bought through contracts are on <Link to="/contracts">Contracts</Link>. Contract syncing is
      part of SUPPORTER and PRO (<Link to="/subscription">Subscription</Link>); characters are added on the{' '}
      <Link to="/account">Account</Link> page.
    </>
  );
}

/**
 * /contractProfits: the contracts your characters sold with their cost and profit, paged by the server, with the
 * item, character and minimum profit filters, inline editing and deletion (account-area §2 Contract Profit List,
 * §4 Editable lists). Contract syncing is part of SUPPORTER and PRO: a FREE account sees why instead of a list.
 */
export default function ContractProfitsPage() {
  const { data: account, isLoading: accountLoading } = useGetAccountQuery();
  useLedgerRefreshOnSync(account?.lastUpdate);
  const state = useProfitList<ContractProfitView>(CONTRACT_PROFITS_PAGE_SIZE_KEY);
  const { list, filters, written } = state;
  const [explained, setExplained] = useState<ContractProfitRow | null>(null);
  const allowed = account ? tierAllows(account.subscriptionTier).contractProfits : false;
  const args = (at: number | null) =>
    account ? profitListArgs(account.id, filters, list.page, list.pageSize, at) : null;
  const { data, isFetching, isError, refetch } = useContractProfitsQuery(
    (allowed ? args(written.position) : null) ?? skipToken,
  );
  const lines = useMemo(() => (data?.rows ?? []).map((row) => lineOf(contractProfitView(row))), [data]);
  const [editRows] = useEditContractProfitsMutation();
  const [deleteRows] = useDeleteContractProfitsMutation();
  const columns = useMemo(
    () =>
      contractProfitColumns({
        editing: list.state.editing,
        selected: list.state.selected,
        edit: (line, field, value) =>
          list.edit(line.row.id, editedLine(line, figuresOfContractRow, field, value)),
        explainExclusion: (line) => setExplained(line.row),
      }),
    [list],
  );

  if (!account) return <AccountLoadingPage title="Contract Profit List" loading={accountLoading} />;
  if (!allowed)
    return (
      <PageContainer title="Contract Profit List" description={<Description />}>
        <ContractSyncRequired what="contract profits" />
      </PageContainer>
    );

  const showWrite = (result: LedgerWriteResult) =>
    written.show(result, (at) => contractProfitsApi.endpoints.contractProfits.initiate(args(at)!), refetch);

  return (
    <PageContainer title="Contract Profit List" description={<Description />}>
      <ProfitListFrame<ContractProfitView>
        idPrefix="contract"
        testId="contract-profits"
        label="Contract profits"
        characters={account.characters}
        state={state}
        lines={lines}
        total={data?.total ?? 0}
        columns={columns}
        loading={isFetching}
        failed={isError}
        onRetry={() => void refetch()}
        emptyText={{
          filtered: 'No contract profits match the filter.',
          none: 'No contract profits yet: they appear when your characters sell items through item exchange contracts.',
        }}
        onSave={async (edited) => {
          const patches = contractProfitPatches(edited);
          if (patches.length === 0) return;
          await showWrite(await editRows({ account: account.id, contractProfitPatches: patches }).unwrap());
        }}
        onDelete={async (ids) => {
          await showWrite(await deleteRows({ account: account.id, contractProfitRowIds: ids }).unwrap());
        }}
      />
      <ExcludedContractDialog row={explained} onClose={() => setExplained(null)} />
    </PageContainer>
  );
}
