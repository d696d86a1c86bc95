import { CopyOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Typography, theme, type TableColumnsType } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { LedgerWriteResult } from '../../shared/api';
import { useGetAccountQuery } from '../../shared/session';
import { readStored, writeStored } from '../../shared/storage/local-storage';
import { PageContainer } from '../../shared/ui/PageContainer';
import {
  AccountLoadingPage,
  CharacterFilterSelect,
  OwnerFilterSelect,
  ownerChoices,
  EditableListFrame,
  ListLoadError,
  InlineNumberInput,
  ItemFilterInput,
  ListField,
  centsIskText,
  copiedPriceText,
  copyPercentOf,
  copyToClipboard,
  dateColumn,
  iskColumn,
  toCents,
  unitsColumn,
  unitsInput,
  useEditableList,
  useLedgerRefreshOnSync,
  useWrittenPosition,
  type EditableList,
} from '../../shared/ui/editable-list';
import {
  transactionFiltersOf,
  TRANSACTIONS_COPY_PERCENT_KEY,
  TRANSACTIONS_PAGE_SIZE_KEY,
  characterText,
  editableField,
  hasTransactionFilter,
  quantityBounds,
  shownRow,
  totalCents,
  transactionLineId,
  transactionLineOf,
  transactionPatches,
  walletTransactionsArgs,
  withQuantity,
  type QuantityField,
  type TransactionFilters,
  type TransactionLine,
} from './transaction-lines';
import {
  transactionsApi,
  useEditWalletTransactionsMutation,
  useWalletTransactionsQuery,
} from './transactions-api';

const DESCRIPTION =
  'Wallet transactions of every character, newest first. Click a unit price to copy it with your margin. In edit mode raise Quantity Sold of a sale or Quantity Consumed of a purchase (items used up rather than sold); a counter can only be raised, up to what the other one leaves.';

function quantityCell(
  line: TransactionLine,
  field: QuantityField,
  list: EditableList<number, TransactionLine>,
) {
  const row = shownRow(line);
  if (!list.state.editing || editableField(line.row) !== field) return row[field].toLocaleString('en-US');
  const { min, max } = quantityBounds(line.row);
  const label = field === 'quantitySold' ? 'Quantity sold' : 'Quantity consumed';
  return (
    <InlineNumberInput<number>
      value={row[field]}
      label={`${label} of transaction ${line.row.id}, ${min} to ${max}`}
      testId={`transaction-${field}`}
      width={90}
      parse={unitsInput}
      format={String}
      onValue={(value) => list.edit(line.row.id, withQuantity(line, value))}
    />
  );
}

function transactionColumns(
  list: EditableList<number, TransactionLine>,
  copy: (unitPrice: number) => void,
): TableColumnsType<TransactionLine> {
  return [
    dateColumn((line) => line.row.date),
    { title: 'Character', key: 'character', render: (_, line) => characterText(line.row) },
    { title: 'Item', key: 'item', render: (_, line) => line.row.typeName },
    {
      title: 'Unit Price',
      key: 'unitPrice',
      align: 'right',
      render: (_, line) => (
        // Plain text colour: a link's blue lacks contrast on a selected row's highlight.
        <Button
          type="text"
          size="small"
          data-testid="transaction-unit-price"
          title="Copy the price with your margin"
          aria-label={`Copy ${centsIskText(toCents(line.row.unitPrice))} with your margin`}
          icon={<CopyOutlined />}
          iconPlacement="end"
          onClick={() => copy(line.row.unitPrice)}
        >
          {centsIskText(toCents(line.row.unitPrice))}
        </Button>
      ),
    },
    unitsColumn('Units', 'units', (line) => line.row.quantity),
    iskColumn('Total', 'total', (line) => totalCents(line.row)),
    {
      title: 'Quantity Sold',
      key: 'quantitySold',
      align: 'right',
      render: (_, line) => quantityCell(line, 'quantitySold', list),
    },
    {
      title: 'Quantity Consumed',
      key: 'quantityConsumed',
      align: 'right',
      render: (_, line) => (line.row.isBuy ? quantityCell(line, 'quantityConsumed', list) : '-'),
    },
    {
      title: 'Quantity Remaining',
      key: 'quantityRemaining',
      align: 'right',
      render: (_, line) => (
        <span data-testid="transaction-remaining">
          {shownRow(line).quantityRemaining.toLocaleString('en-US')}
        </span>
      ),
    },
  ];
}

/**
 * /transactions: wallet transactions with their quantities sold, consumed and remaining, the price copy margin
 * and the editable counters (account-area §2 Transactions, §4 Quantity rules).
 */
export default function TransactionsPage() {
  const { token } = theme.useToken();
  const { data: account, isLoading: accountLoading } = useGetAccountQuery();
  useLedgerRefreshOnSync(account?.lastUpdate);
  const list = useEditableList<number, TransactionLine>(TRANSACTIONS_PAGE_SIZE_KEY);
  const [searchParams] = useSearchParams();
  const [filters, setFilters] = useState<TransactionFilters>(() => transactionFiltersOf(searchParams));
  const written = useWrittenPosition();
  const [copyPercent, setCopyPercent] = useState(() => readStored(TRANSACTIONS_COPY_PERCENT_KEY) ?? '0');
  const [copied, setCopied] = useState<string | null>(null);
  const args = (at: number | null) =>
    account ? walletTransactionsArgs(account.id, filters, list.page, list.pageSize, at) : null;
  const { data, isFetching, isError, refetch } = useWalletTransactionsQuery(
    args(written.position) ?? skipToken,
  );
  const lines = useMemo(() => (data?.rows ?? []).map(transactionLineOf), [data]);
  const [editTransactions] = useEditWalletTransactionsMutation();

  const columns = useMemo(
    () =>
      transactionColumns(list, (unitPrice) => {
        const text = copiedPriceText(unitPrice, copyPercentOf(copyPercent));
        void copyToClipboard(text).then(() => setCopied(text));
      }),
    [list, copyPercent],
  );

  if (!account) return <AccountLoadingPage title="Transactions" loading={accountLoading} />;

  const showWrite = (result: LedgerWriteResult) =>
    written.show(result, (at) => transactionsApi.endpoints.walletTransactions.initiate(args(at)!), refetch);

  const changeFilters = (next: TransactionFilters) => {
    setFilters(next);
    list.filterChanged();
  };

  return (
    <PageContainer title="Transactions" description={DESCRIPTION}>
      <Flex wrap gap={token.margin} align="flex-end" style={{ marginBottom: token.marginMD }}>
        <ItemFilterInput
          id="transactions-item-filter"
          value={filters.item}
          onChange={(item) => changeFilters({ ...filters, item })}
        />
        <CharacterFilterSelect
          id="transactions-character-filter"
          characters={account.characters}
          value={filters.characterId}
          onChange={(characterId) => changeFilters({ ...filters, characterId })}
        />
        <OwnerFilterSelect
          id="transactions-owner-filter"
          choices={ownerChoices(account.corporationWallets)}
          value={filters.owner}
          onChange={(owner) => changeFilters({ ...filters, owner })}
        />
        <ListField id="transactions-copy-percent" label="Copy margin %">
          <Input
            id="transactions-copy-percent"
            inputMode="decimal"
            style={{ width: 120 }}
            value={copyPercent}
            onChange={(event) => {
              setCopyPercent(event.target.value);
              writeStored(TRANSACTIONS_COPY_PERCENT_KEY, event.target.value);
            }}
          />
        </ListField>
        <Typography.Text type="secondary" aria-live="polite" data-testid="transactions-copied">
          {copied === null ? '' : `Copied ${copied}`}
        </Typography.Text>
      </Flex>
      {isError ? <ListLoadError what="transactions" onRetry={() => void refetch()} /> : null}
      <EditableListFrame<number, TransactionLine>
        testId="transactions"
        label="Wallet transactions"
        list={list}
        rows={lines}
        total={data?.total ?? 0}
        rowId={transactionLineId}
        columns={columns}
        loading={isFetching}
        emptyText={
          hasTransactionFilter(filters)
            ? 'No transactions match the filter.'
            : "No transactions yet: they appear after your characters' wallets have synced."
        }
        onSave={async (edited) => {
          const patches = transactionPatches(edited);
          if (patches.length === 0) return;
          await showWrite(
            await editTransactions({ account: account.id, walletTransactionPatches: patches }).unwrap(),
          );
        }}
      />
    </PageContainer>
  );
}
