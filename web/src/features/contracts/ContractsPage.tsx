import { CopyOutlined } from '@ant-design/icons';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { Button, Flex, InputNumber, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { LedgerWriteResult } from '../../shared/api';
import { useGetAccountQuery } from '../../shared/session';
import { readStored, writeStored } from '../../shared/storage/local-storage';
import { PageContainer } from '../../shared/ui/PageContainer';
import {
  AccountLoadingPage,
  CharacterFilterSelect,
  EditableListFrame,
  InlineNumberInput,
  ItemFilterInput,
  ListField,
  ListLoadError,
  centsIskText,
  copyToClipboard,
  dateColumn,
  toCents,
  unitsColumn,
  unitsInput,
  useEditableList,
  useLedgerRefreshOnSync,
  useWrittenPosition,
  type EditableList,
} from '../../shared/ui/editable-list';
import {
  CONTRACTS_COPY_PERCENT_KEY,
  CONTRACTS_PAGE_SIZE_KEY,
  NO_CONTRACTS_FILTERS,
  boughtContractItemsArgs,
  boughtItemLineId,
  boughtItemLineOf,
  consumedBounds,
  consumedPatches,
  consumedTooHigh,
  copiedUnitPriceText,
  copyPercentOf,
  hasContractsFilter,
  shownItem,
  totalCents,
  totalShown,
  unitPriceShown,
  withConsumed,
  type BoughtItemLine,
  type ContractsFilters,
} from './bought-contract-items';
import { ContractDialog } from './ContractDialog';
import { appraisalMethodLabel } from '../../shared/appraisal-methods';
import { tierAllows } from '../../shared/config/tiers';
import { ContractSyncRequired } from '../../shared/contract-sync/ContractSyncRequired';
import {
  contractsApi,
  useBoughtContractItemsQuery,
  useEditBoughtContractItemsMutation,
} from './contracts-api';

function Description() {
  return (
    <>
      Items your characters bought through item exchange contracts, newest first. Items are valued by their
      appraised share of the contract price using The Forge region (Jita); contracts accepted before 30 July
      2021 are not shown; blueprint copies are not appraised. The copy button copies the percentage of the
      unit price you set. Select rows and choose Edit to raise Quantity Consumed (items used up rather than
      sold), up to the quantity minus what was sold. Sold contracts are on{' '}
      <Link to="/contractProfits">Contract Profits</Link>.
    </>
  );
}

/** 'Not appraised' with the method's label as a tooltip (keyboard reachable). */
function NotAppraised({ method }: { readonly method: BoughtItemLine['row']['appraisalMethod'] }) {
  return (
    <Tooltip title={appraisalMethodLabel(method)}>
      <Typography.Text
        type="secondary"
        tabIndex={0}
        data-testid="contract-item-not-appraised"
        data-method={method}
        aria-label={`Not appraised: ${appraisalMethodLabel(method)}`}
        style={{ whiteSpace: 'nowrap' }}
      >
        Not appraised
      </Typography.Text>
    </Tooltip>
  );
}

function consumedCell(line: BoughtItemLine, list: EditableList<number, BoughtItemLine>) {
  const row = shownItem(line);
  if (!list.state.editing) return row.quantityConsumed.toLocaleString('en-US');
  const { min, max } = consumedBounds(line.row);
  const tooHigh = consumedTooHigh(line);
  return (
    <Flex vertical align="flex-end">
      <InlineNumberInput<number>
        value={row.quantityConsumed}
        label={`Quantity consumed of item ${line.row.id}, ${min} to ${max}`}
        testId="contract-item-consumed"
        width={90}
        parse={unitsInput}
        format={String}
        onValue={(value) => list.edit(line.row.id, withConsumed(line, value))}
      />
      {tooHigh ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="contract-item-consumed-hint">
          At most {max.toLocaleString('en-US')}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

function contractItemColumns(
  list: EditableList<number, BoughtItemLine>,
  copy: (unitPrice: number) => void,
  viewContract: (contractId: number) => void,
): TableColumnsType<BoughtItemLine> {
  return [
    dateColumn((line) => line.row.date, 'Time'),
    { title: 'Character', key: 'character', render: (_, line) => line.row.characterName ?? '--' },
    { title: 'Item', key: 'item', render: (_, line) => line.row.typeName },
    {
      title: 'Unit Price',
      key: 'unitPrice',
      align: 'right',
      render: (_, line) => {
        const { row } = line;
        if (!unitPriceShown(row.appraisalMethod)) return <NotAppraised method={row.appraisalMethod} />;
        const text = centsIskText(toCents(row.computedUnitPrice));
        return (
          // Plain text colour: a link's blue lacks contrast on a selected row's highlight.
          <Button
            type="text"
            size="small"
            data-testid="contract-item-unit-price"
            data-method={row.appraisalMethod}
            title="Copy the price at your percentage"
            aria-label={`Copy ${text} at your percentage`}
            icon={<CopyOutlined />}
            iconPlacement="end"
            onClick={() => copy(row.computedUnitPrice)}
          >
            {text}
          </Button>
        );
      },
    },
    unitsColumn('Units', 'units', (line) => line.row.quantity),
    {
      title: 'Total',
      key: 'total',
      align: 'right',
      render: (_, line) =>
        totalShown(line.row.appraisalMethod) ? (
          <span style={{ whiteSpace: 'nowrap' }} data-testid="contract-item-total">
            {centsIskText(totalCents(line.row))}
          </span>
        ) : (
          '-'
        ),
    },
    unitsColumn('Quantity Sold', 'quantitySold', (line) => line.row.quantitySold),
    {
      title: 'Quantity Consumed',
      key: 'quantityConsumed',
      align: 'right',
      render: (_, line) => consumedCell(line, list),
    },
    {
      title: 'Quantity Remaining',
      key: 'quantityRemaining',
      align: 'right',
      render: (_, line) => (
        <span data-testid="contract-item-remaining">
          {shownItem(line).quantityRemaining.toLocaleString('en-US')}
        </span>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, line) => (
        <Button
          size="small"
          data-testid="contract-item-view"
          aria-label={`View contract ${line.row.characterContractId}`}
          onClick={() => viewContract(line.row.characterContractId)}
        >
          View Contract
        </Button>
      ),
    },
  ];
}

/**
 * /contracts: items bought through contracts with their appraised prices, the copy percent, the editable
 * Quantity Consumed and View Contract (account-area §2 Contracts, §4 Quantity rules). Contract syncing is part of
 * SUPPORTER and PRO: a FREE account sees why instead of a list.
 */
export default function ContractsPage() {
  const { token } = theme.useToken();
  const { data: account, isLoading: accountLoading } = useGetAccountQuery();
  useLedgerRefreshOnSync(account?.lastUpdate);
  const list = useEditableList<number, BoughtItemLine>(CONTRACTS_PAGE_SIZE_KEY);
  const [filters, setFilters] = useState<ContractsFilters>(NO_CONTRACTS_FILTERS);
  const written = useWrittenPosition();
  const [copyPercent, setCopyPercent] = useState(() => copyPercentOf(readStored(CONTRACTS_COPY_PERCENT_KEY)));
  const [copied, setCopied] = useState<string | null>(null);
  const [viewed, setViewed] = useState<number | null>(null);
  const allowed = account ? tierAllows(account.subscriptionTier).contractProfits : false;
  const args = (at: number | null) =>
    account ? boughtContractItemsArgs(account.id, filters, list.page, list.pageSize, at) : null;
  const { data, isFetching, isError, refetch } = useBoughtContractItemsQuery(
    (allowed ? args(written.position) : null) ?? skipToken,
  );
  const lines = useMemo(() => (data?.rows ?? []).map(boughtItemLineOf), [data]);
  const [editItems] = useEditBoughtContractItemsMutation();

  const columns = useMemo(
    () =>
      contractItemColumns(
        list,
        (unitPrice) => {
          const text = copiedUnitPriceText(unitPrice, copyPercent);
          void copyToClipboard(text).then(() => setCopied(text));
        },
        setViewed,
      ),
    [list, copyPercent],
  );

  if (!account) return <AccountLoadingPage title="Contracts" loading={accountLoading} />;
  if (!allowed)
    return (
      <PageContainer title="Contracts" description={<Description />}>
        <ContractSyncRequired what="contracts" />
      </PageContainer>
    );

  const showWrite = (result: LedgerWriteResult) =>
    written.show(result, (at) => contractsApi.endpoints.boughtContractItems.initiate(args(at)!), refetch);

  const changeFilters = (next: ContractsFilters) => {
    setFilters(next);
    list.filterChanged();
  };

  return (
    <PageContainer title="Contracts" description={<Description />}>
      <Flex wrap gap={token.margin} align="flex-end" style={{ marginBottom: token.marginMD }}>
        <ItemFilterInput
          id="contracts-item-filter"
          value={filters.item}
          onChange={(item) => changeFilters({ ...filters, item })}
        />
        <CharacterFilterSelect
          id="contracts-character-filter"
          characters={account.characters}
          value={filters.characterId}
          onChange={(characterId) => changeFilters({ ...filters, characterId })}
        />
        <ListField id="contracts-copy-percent" label="Copy % of unit price">
          <InputNumber<number>
            id="contracts-copy-percent"
            min={0}
            max={100}
            step={1}
            style={{ width: 120 }}
            value={copyPercent}
            onChange={(value) => {
              if (value === null) return;
              const percent = copyPercentOf(String(value));
              setCopyPercent(percent);
              writeStored(CONTRACTS_COPY_PERCENT_KEY, String(percent));
            }}
          />
        </ListField>
        <Typography.Text type="secondary" aria-live="polite" data-testid="contracts-copied">
          {copied === null ? '' : `Copied ${copied}`}
        </Typography.Text>
      </Flex>
      {isError ? <ListLoadError what="contract items" onRetry={() => void refetch()} /> : null}
      <EditableListFrame<number, BoughtItemLine>
        testId="contract-items"
        label="Items bought through contracts"
        list={list}
        rows={lines}
        total={data?.total ?? 0}
        rowId={boughtItemLineId}
        columns={columns}
        loading={isFetching}
        emptyText={
          hasContractsFilter(filters)
            ? 'No contract items match the filter.'
            : 'No contract items yet: they appear after your characters have bought items through contracts and synced.'
        }
        onSave={async (edited) => {
          const patches = consumedPatches(edited);
          if (patches.length === 0) return;
          await showWrite(
            await editItems({ account: account.id, boughtContractItemPatches: patches }).unwrap(),
          );
        }}
      />
      <ContractDialog accountId={account.id} contractId={viewed} onClose={() => setViewed(null)} />
    </PageContainer>
  );
}
