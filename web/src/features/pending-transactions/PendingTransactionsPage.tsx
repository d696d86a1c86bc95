import { Button, Flex, theme, type TableColumnsType } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { ProcessUnprocessed } from '../../shared/api';
import { useGetAccountQuery } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import {
  ALL_OWNERS,
  AccountLoadingPage,
  EditableListFrame,
  ErrorDialog,
  ListLoadError,
  InlineNumberInput,
  ItemFilterInput,
  OwnerFilterSelect,
  ProcessingDialog,
  centsText,
  characterOrderText,
  dateColumn,
  iskColumn,
  iskInputCents,
  ownerChoices,
  pageOf,
  serverErrorText,
  toCents,
  unitsColumn,
  useEditableList,
  useLedgerRefreshOnSync,
  useWrittenPosition,
  type EditableList,
  type OwnerChoice,
} from '../../shared/ui/editable-list';
import { pendingApi, useProcessUnprocessedMutation, useUnprocessedTransactionsQuery } from './pending-api';
import {
  PENDING_PAGE_SIZE_KEY,
  customPricesRequest,
  ignoreRequest,
  matchingPending,
  pendingEmptyText,
  pendingLineId,
  pendingLineOf,
  requestedIds,
  unprocessedArgs,
  type PendingLine,
} from './pending-lines';

function Description() {
  return (
    <>
      Sales that found no purchase to match, oldest first: the item was bought more than 30 days ago, looted,
      built or received. Type a custom unit buy price and choose Save Custom Prices to book the profit at that
      cost, or select rows and mark them as sold or consumed to leave them out of your profits. Items you keep
      in stock can go to the <Link to="/warehouse">Item Warehouse</Link> so later sales find their cost.
    </>
  );
}

function pendingColumns(list: EditableList<number, PendingLine>): TableColumnsType<PendingLine> {
  return [
    dateColumn((line) => line.row.date),
    {
      title: 'Character',
      key: 'character',
      render: (_, line) => characterOrderText(line.row.characterName, line.row.isPersonal),
    },
    { title: 'Item', key: 'item', render: (_, line) => line.row.typeName },
    {
      title: 'Custom Unit Buy Price',
      key: 'customBuyPrice',
      render: (_, line) => (
        <InlineNumberInput<number>
          value={line.customBuyPriceCents}
          label={`Custom unit buy price of transaction ${line.row.id}`}
          testId="pending-custom-price"
          placeholder="ISK"
          width={140}
          parse={iskInputCents}
          format={centsText}
          onValue={(cents) => list.edit(line.row.id, { row: line.row, customBuyPriceCents: cents })}
        />
      ),
    },
    iskColumn('Unit Sell Price', 'unitPrice', (line) => toCents(line.row.unitPrice)),
    unitsColumn('Units', 'units', (line) => line.row.quantity),
    iskColumn('Total', 'total', (line) => toCents(line.row.total)),
  ];
}

/**
 * /unprocessed: sales waiting for a cost (account-area §2 Pending Transactions). Custom prices are always
 * editable (typing one selects the row); each command blocks the page with 'Processing in progress...' until
 * the list has been read again at its position.
 */
export default function PendingTransactionsPage() {
  const { token } = theme.useToken();
  const { data: account, isLoading: accountLoading } = useGetAccountQuery();
  useLedgerRefreshOnSync(account?.lastUpdate);
  const list = useEditableList<number, PendingLine>(PENDING_PAGE_SIZE_KEY);
  const [filter, setFilter] = useState('');
  const [owner, setOwner] = useState<OwnerChoice>(ALL_OWNERS);
  const written = useWrittenPosition();
  const [processing, setProcessing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const args = (at: number | null) => (account ? unprocessedArgs(account.id, owner, at) : null);
  const { data, isFetching, isError, refetch } = useUnprocessedTransactionsQuery(
    args(written.position) ?? skipToken,
  );
  const matching = useMemo(() => matchingPending(data ?? [], filter), [data, filter]);
  const lines = useMemo(
    () => pageOf(matching, list.page, list.pageSize).map(pendingLineOf),
    [matching, list.page, list.pageSize],
  );
  const [processUnprocessed] = useProcessUnprocessedMutation();
  const columns = useMemo(() => pendingColumns(list), [list]);

  if (!account) return <AccountLoadingPage title="Pending Transactions" loading={accountLoading} />;

  /** Runs the command behind the blocking dialog, then reads the list at its position. */
  const process = async (request: ProcessUnprocessed) => {
    setProcessing(true);
    try {
      const result = await processUnprocessed({ account: account.id, processUnprocessed: request }).unwrap();
      await written.show(
        result,
        (at) => pendingApi.endpoints.unprocessedTransactions.initiate(args(at)!),
        refetch,
      );
      list.rowsGone(requestedIds(request));
    } finally {
      setProcessing(false);
    }
  };

  const markAsSold = async () => {
    try {
      await process(ignoreRequest(list.state.selected));
    } catch (failure) {
      setError(serverErrorText(failure));
    }
  };

  return (
    <PageContainer title="Pending Transactions" description={<Description />}>
      <Flex wrap gap={token.margin} style={{ marginBottom: token.marginMD }}>
        <ItemFilterInput
          id="pending-item-filter"
          value={filter}
          onChange={(next) => {
            setFilter(next);
            list.filterChanged();
          }}
        />
        <OwnerFilterSelect
          id="pending-owner-filter"
          choices={ownerChoices(account.corporationWallets)}
          value={owner}
          onChange={(next) => {
            setOwner(next);
            list.filterChanged();
          }}
        />
      </Flex>
      {isError ? <ListLoadError what="pending transactions" onRetry={() => void refetch()} /> : null}
      <EditableListFrame<number, PendingLine>
        testId="pending"
        label="Pending transactions"
        list={list}
        rows={lines}
        total={matching.length}
        rowId={pendingLineId}
        columns={columns}
        loading={isFetching && !processing}
        emptyText={pendingEmptyText(data?.length ?? 0, filter, owner)}
        editToggle={false}
        saveLabel="Save Custom Prices"
        onSave={(edited) => process(customPricesRequest(edited))}
        actions={
          <Button
            data-testid="pending-mark-sold"
            disabled={list.state.selected.length === 0}
            onClick={() => void markAsSold()}
          >
            Mark as Sold / Consumed
          </Button>
        }
      />
      <ProcessingDialog open={processing} />
      <ErrorDialog text={error} onClose={() => setError(null)} testId="pending-error-dialog" />
    </PageContainer>
  );
}
