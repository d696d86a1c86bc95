import { Button, Flex, Select, theme } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { LedgerWriteResult, ManufacturingResultPatch, ManufacturingResultRow } from '../../shared/api';
import { useGetAccountQuery } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import {
  AccountLoadingPage,
  CharacterFilterSelect,
  EditableListFrame,
  ItemFilterInput,
  ListField,
  ListLoadError,
  useEditableList,
  useLedgerRefreshOnSync,
  useWrittenPosition,
} from '../../shared/ui/editable-list';
import {
  INDUSTRY_JOBS_PAGE_SIZE_KEY,
  OWNER_FILTER_OPTIONS,
  consumedEditable,
  consumedPatches,
  hasIndustryJobFilter,
  industryJobFiltersOf,
  jobLineId,
  jobLineOf,
  latestWrite,
  manufacturingResultsArgs,
  markedSoldOrConsumed,
  type IndustryJobFilters,
  type JobLine,
  type JobOwnerFilter,
} from './industry-jobs';
import {
  industryJobsApi,
  useEditManufacturingResultMutation,
  useManufacturingResultsQuery,
} from './industry-jobs-api';
import { industryJobColumns } from './industry-job-columns';
import { MaterialCostsDialog } from './MaterialCostsDialog';
import { MissingInputsDialog } from './MissingInputsDialog';

function Description() {
  return (
    <>
      Delivered and cancelled industry jobs, newest first, with the job cost, the materials they took from
      your purchases (<Link to="/transactions">Transactions</Link>) and the blueprint copies they ran on.
      Costs show red while an input has no cost: use Missing inputs to re-process the job or price what is
      missing. Select rows and choose Edit to raise Consumed (products used up rather than sold), up to
      produced minus sold. Corporation jobs need Pro and corporation industry sync on the{' '}
      <Link to="/account">Account</Link> page.
    </>
  );
}

/**
 * /industry: completed industry jobs, paged by the server, with the item, character and owner filters, the
 * Materials Cost breakdown, Missing inputs and the editable Consumed count (account-area §2 Industry Jobs, §4).
 */
export default function IndustryJobsPage() {
  const { token } = theme.useToken();
  const { data: account, isLoading: accountLoading } = useGetAccountQuery();
  useLedgerRefreshOnSync(account?.lastUpdate);
  const list = useEditableList<number, JobLine>(INDUSTRY_JOBS_PAGE_SIZE_KEY);
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<IndustryJobFilters>(() => industryJobFiltersOf(searchParams));
  const written = useWrittenPosition();
  const args = (at: number | null) =>
    account ? manufacturingResultsArgs(account.id, filters, list.page, list.pageSize, at) : null;
  const { data, isFetching, isError, refetch } = useManufacturingResultsQuery(
    args(written.position) ?? skipToken,
  );
  const lines = useMemo(() => (data?.rows ?? []).map(jobLineOf), [data]);
  const [editJob] = useEditManufacturingResultMutation();
  const [materialsOf, setMaterialsOf] = useState<ManufacturingResultRow | null>(null);
  const [missingOf, setMissingOf] = useState<ManufacturingResultRow | null>(null);

  const columns = useMemo(
    () => industryJobColumns(list, { showMaterials: setMaterialsOf, showMissingInputs: setMissingOf }),
    [list],
  );

  if (!account) return <AccountLoadingPage title="Industry Jobs" loading={accountLoading} />;

  const showWrite = (result: LedgerWriteResult) =>
    written.show(result, (at) => industryJobsApi.endpoints.manufacturingResults.initiate(args(at)!), refetch);

  const send = async (patches: readonly ManufacturingResultPatch[]) => {
    const results: LedgerWriteResult[] = [];
    try {
      for (const patch of patches)
        results.push(await editJob({ account: account.id, manufacturingResultPatch: patch }).unwrap());
    } finally {
      // What was saved before a refusal shows too.
      if (results.length > 0) await showWrite(latestWrite(results));
    }
  };

  const changeFilters = (next: IndustryJobFilters) => {
    setFilters(next);
    list.filterChanged();
  };

  /** 'Mark as Sold / Consumed': the selected rows at hand (this page or edited before) get consumed = produced − sold. */
  const markSelected = () => {
    const known = new Map<number, JobLine>(lines.map((line) => [line.row.jobId, line]));
    for (const [id, line] of list.state.edits) known.set(id, line);
    for (const id of list.state.selected) {
      const line = known.get(id);
      if (line && consumedEditable(line.row)) list.edit(id, markedSoldOrConsumed(line));
    }
  };

  return (
    <PageContainer title="Industry Jobs" description={<Description />}>
      <Flex wrap gap={token.margin} style={{ marginBottom: token.marginMD }}>
        <ItemFilterInput
          id="industry-item-filter"
          value={filters.item}
          onChange={(item) => changeFilters({ ...filters, item })}
        />
        <CharacterFilterSelect
          id="industry-character-filter"
          characters={account.characters}
          value={filters.characterId}
          onChange={(characterId) => changeFilters({ ...filters, characterId })}
        />
        <ListField id="industry-owner-filter" label="Owner">
          <Select<JobOwnerFilter>
            id="industry-owner-filter"
            data-testid="industry-owner-filter"
            style={{ width: 160 }}
            options={OWNER_FILTER_OPTIONS.map((option) => ({ ...option }))}
            value={filters.owner}
            onChange={(owner) => changeFilters({ ...filters, owner })}
          />
        </ListField>
      </Flex>
      {isError ? <ListLoadError what="industry jobs" onRetry={() => void refetch()} /> : null}
      <EditableListFrame<number, JobLine>
        testId="industry-jobs"
        label="Industry jobs"
        list={list}
        rows={lines}
        total={data?.total ?? 0}
        rowId={jobLineId}
        columns={columns}
        loading={isFetching}
        emptyText={
          hasIndustryJobFilter(filters)
            ? 'No industry jobs match the filter.'
            : 'No industry jobs yet: delivered jobs appear after your characters have synced.'
        }
        onSave={async (edited) => {
          const patches = consumedPatches(edited);
          if (patches.length > 0) await send(patches);
        }}
        actions={
          <Button
            data-testid="industry-jobs-mark"
            disabled={!list.state.editing || list.state.selected.length === 0}
            onClick={markSelected}
          >
            Mark as Sold / Consumed
          </Button>
        }
      />
      <MaterialCostsDialog job={materialsOf} onClose={() => setMaterialsOf(null)} />
      <MissingInputsDialog
        key={missingOf?.jobId ?? 'none'}
        job={missingOf}
        onClose={() => setMissingOf(null)}
        onReprocess={async (patch) => {
          await send([patch]);
          setMissingOf(null);
        }}
      />
    </PageContainer>
  );
}
