import { Alert, Button, Col, Flex, Input, Row, Spin, Typography, theme } from 'antd';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate, useParams } from 'react-router';
import type { ItemHistorySummary } from '../../shared/api';
import { useGetAccountQuery, type Account } from '../../shared/session';
import { readStored, writeStored } from '../../shared/storage/local-storage';
import { PageContainer } from '../../shared/ui/PageContainer';
import { AUTOCOMPLETE_DEBOUNCE_MS, useDebouncedValue } from '../../shared/hooks/debounce';
import {
  ALL_OWNERS,
  OwnerFilterSelect,
  ownerArgs,
  ownerChoices,
  type OwnerChoice,
} from '../../shared/ui/editable-list';
import {
  ITEM_ANALYSIS_FILTER_KEY,
  manufacturedItemsEmptyText,
  boughtItemsEmptyText,
  chosenItemName,
  filteredListPath,
  itemHistoryArgs,
  itemPath,
  typeIdOfParam,
} from './item-analysis';
import {
  ITEM_HISTORY_TAG,
  itemAnalysisApi,
  useItemHistoryOfTypeQuery,
  useItemHistoryQuery,
} from './item-analysis-api';
import { ItemHistoryChart } from './ItemHistoryChart';
import { ItemTable } from './ItemTables';

/** Spec §9: the filter applies 200 ms after the last keystroke. */
const DESCRIPTION =
  'What you paid for each item and what is left of it. Click an item for its price history; shift-click opens its transactions.';

function ItemAnalysisContent({
  account,
  typeParam,
}: {
  readonly account: Account;
  readonly typeParam: string | undefined;
}) {
  const { token } = theme.useToken();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const selectedTypeId = typeIdOfParam(typeParam);
  const [filterInput, setFilterInput] = useState(() => readStored(ITEM_ANALYSIS_FILTER_KEY) ?? '');
  const filter = useDebouncedValue(filterInput, AUTOCOMPLETE_DEBOUNCE_MS);
  const [owner, setOwner] = useState<OwnerChoice>(ALL_OWNERS);

  const seenUpdate = useRef(account.lastUpdate);
  useEffect(() => {
    if (account.lastUpdate === seenUpdate.current || account.lastUpdate === null) return;
    seenUpdate.current = account.lastUpdate;
    dispatch(itemAnalysisApi.util.invalidateTags([ITEM_HISTORY_TAG]));
  }, [account.lastUpdate, dispatch]);

  const summaries = useItemHistoryQuery(itemHistoryArgs(account.id, filter, owner), {
    refetchOnMountOrArgChange: true,
  });
  const manufactured = useItemHistoryQuery(itemHistoryArgs(account.id, filter, owner, 'manufactured'), {
    refetchOnMountOrArgChange: true,
  });
  const details = useItemHistoryOfTypeQuery(
    selectedTypeId === null
      ? skipToken
      : { account: account.id, typeId: selectedTypeId, ...ownerArgs(owner) },
    { refetchOnMountOrArgChange: true },
  );
  const shownDetails =
    selectedTypeId !== null && details.data?.typeId === selectedTypeId ? details.data : undefined;
  const itemName =
    selectedTypeId === null
      ? null
      : chosenItemName(selectedTypeId, shownDetails?.typeName, [
          ...(summaries.data ?? []),
          ...(manufactured.data ?? []),
        ]);

  const changeFilter = (text: string) => {
    setFilterInput(text);
    writeStored(ITEM_ANALYSIS_FILTER_KEY, text);
  };
  const clickBought = (row: ItemHistorySummary, shift: boolean) =>
    void navigate(shift ? filteredListPath('transactions', row.typeName) : itemPath(row.typeId));
  const clickManufactured = (row: ItemHistorySummary, shift: boolean) =>
    void navigate(shift ? filteredListPath('industry', row.typeName) : itemPath(row.typeId));
  const noSelection = 'Choose an item in the tables below to see its history.';

  return (
    <>
      <Flex wrap gap={token.margin} align="flex-end" style={{ marginBottom: token.marginLG }}>
        <Flex vertical gap={token.marginXXS}>
          <label htmlFor="items-filter" style={{ color: token.colorTextSecondary }}>
            Item
          </label>
          <Input
            id="items-filter"
            data-testid="items-filter"
            allowClear
            placeholder="Any item"
            style={{ width: 260 }}
            value={filterInput}
            onChange={(event) => changeFilter(event.target.value)}
          />
        </Flex>
        <OwnerFilterSelect
          id="items-owner-filter"
          choices={ownerChoices(account.corporationWallets)}
          value={owner}
          onChange={setOwner}
        />
        <Button
          data-testid="items-deselect"
          disabled={selectedTypeId === null}
          onClick={() => void navigate(itemPath(null))}
        >
          Deselect item
        </Button>
        {itemName ? (
          <Typography.Text data-testid="items-selected" strong>
            {itemName}
          </Typography.Text>
        ) : null}
      </Flex>
      {typeParam !== undefined && selectedTypeId === null ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: token.marginMD }}
          message={`There is no item ${typeParam}.`}
        />
      ) : null}
      {summaries.isError || details.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: token.marginMD }}
          message="The item history could not be loaded."
          action={
            <Button
              size="small"
              onClick={() => {
                void summaries.refetch();
                if (selectedTypeId !== null) void details.refetch();
              }}
            >
              Retry
            </Button>
          }
        />
      ) : null}
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} xl={12}>
          <ItemHistoryChart
            title={itemName ? `Buy price history: ${itemName}` : 'Buy price history'}
            testId="buy-price-chart"
            stats={shownDetails?.boughtStats}
            loading={details.isFetching}
            emptyText={itemName ? `No purchases of ${itemName} to show.` : noSelection}
          />
        </Col>
        <Col xs={24} xl={12}>
          <ItemHistoryChart
            title={itemName ? `Manufacturing cost history: ${itemName}` : 'Manufacturing cost history'}
            testId="manufacturing-cost-chart"
            stats={shownDetails?.manufacturedStats}
            loading={details.isFetching}
            emptyText={itemName ? `No manufacturing costs of ${itemName} to show.` : noSelection}
          />
        </Col>
        <Col span={24}>
          <ItemTable
            title="Bought Items"
            testId="bought-items-table"
            rows={summaries.data ?? []}
            loading={summaries.isFetching}
            emptyText={boughtItemsEmptyText(filter, owner)}
            selectedTypeId={selectedTypeId}
            onRowClick={clickBought}
          />
        </Col>
        <Col span={24}>
          <ItemTable
            title="Manufactured Items"
            testId="manufactured-items-table"
            rows={manufactured.data ?? []}
            loading={manufactured.isFetching}
            emptyText={manufacturedItemsEmptyText(filter, owner)}
            selectedTypeId={selectedTypeId}
            onRowClick={clickManufactured}
          />
        </Col>
      </Row>
    </>
  );
}

/** /items and /items/{typeId}: Item Analysis (account-area §2, §3 item history). */
export default function ItemAnalysisPage() {
  const { typeId } = useParams();
  const { data: account, isLoading } = useGetAccountQuery();
  return (
    <PageContainer title="Item Analysis" description={DESCRIPTION}>
      {account ? (
        <ItemAnalysisContent account={account} typeParam={typeId} />
      ) : isLoading ? (
        <Flex justify="center">
          <Spin size="large" />
        </Flex>
      ) : null}
    </PageContainer>
  );
}
