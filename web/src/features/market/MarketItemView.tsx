import { LineChartOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Typography, theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useMinuteClock } from '../../shared/hooks/use-minute-clock';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { AdditionalScopeDialog } from './AdditionalScopeDialog';
import { InGamePanel } from './InGamePanel';
import { ItemActions } from './ItemActions';
import { MarketFilterPanel } from './MarketFilterPanel';
import { MarketHistory } from './MarketHistory';
import { useItemTypeQuery, useMarketOrdersQuery, useRegionsQuery, type OrderBook } from './market-api';
import { setFilter, useMarketBrowser } from './market-browser.store';
import { applyMarketFilter } from './market-filter';
import {
  marketOrderRows,
  orderSystemIds,
  regionNameMap,
  sellersAndBuyers,
  type MarketOrderRow,
} from './market-orders';
import { marketPath } from './market-route';
import { orderStatistics } from './order-statistics';
import { OrdersTable } from './OrdersTable';
import { StatisticsList } from './StatisticsList';
import { useInGame } from './use-in-game';
import { useJumpCounts, useOwnOrders } from './use-market-data';

const volumeText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

const MIN_REFRESH_MS = 30_000;

/** Reads the order book again when its answer expires (its `Expires` header), at most every 30 seconds. */
function useRefreshAtExpiry(
  expiresAt: number | undefined,
  answeredAt: number | undefined,
  refetch: () => unknown,
) {
  const latestRefetch = useRef(refetch);
  useEffect(() => {
    latestRefetch.current = refetch;
  });
  useEffect(() => {
    if (expiresAt === undefined || answeredAt === undefined) return undefined;
    const timer = setTimeout(
      () => void latestRefetch.current(),
      Math.max(MIN_REFRESH_MS, expiresAt - Date.now()),
    );
    return () => clearTimeout(timer);
  }, [expiresAt, answeredAt]);
}

/**
 * One item in the market browser: its actions, the in-game extras, the filter, the summary of the shown orders,
 * sellers and buyers, and the price history when asked for (/market/{typeId}/history).
 */
export function MarketItemView({
  typeId,
  showHistory,
}: {
  readonly typeId: number;
  readonly showHistory: boolean;
}) {
  const { token } = theme.useToken();
  const now = useMinuteClock();
  const filter = useMarketBrowser((state) => state.filter);
  const inGame = useInGame();
  const itemType = useItemTypeQuery({ id: typeId });
  const orders = useMarketOrdersQuery({ typeId });
  const { data: regions } = useRegionsQuery();
  const book = orders.data as OrderBook | undefined;
  useRefreshAtExpiry(book?.expiresAt, orders.fulfilledTimeStamp, orders.refetch);

  const systemIds = useMemo(() => (book ? orderSystemIds(book) : []), [book]);
  const jumps = useJumpCounts(inGame.location?.systemId ?? null, systemIds);
  const ownOrders = useOwnOrders(
    inGame.loggedIn === true && filter.filterOwn,
    useMemo(() => inGame.characters.map((character) => character.id), [inGame.characters]),
  );
  const ownIds = ownOrders.state === 'loaded' ? ownOrders.ids : null;

  const rows = useMemo(
    () => (book ? marketOrderRows(book, regionNameMap(regions), jumps) : []),
    [book, regions, jumps],
  );
  const shown = useMemo(() => applyMarketFilter(rows, filter, ownIds), [rows, filter, ownIds]);
  const { sellers, buyers } = useMemo(() => sellersAndBuyers(shown.orders), [shown.orders]);
  const summary = useMemo(() => orderStatistics(shown.orders), [shown.orders]);
  const [chosen, setChosen] = useState<MarketOrderRow | null>(null);
  const destination = chosen && shown.orders.some((row) => row.orderId === chosen.orderId) ? chosen : null;

  const typeName = itemType.data?.typeName ?? book?.itemType.typeName ?? `Item ${typeId}`;
  const notFound = (itemType.error as { status?: unknown } | undefined)?.status === 404;
  const jumpsHint =
    inGame.loggedIn !== true ? null : inGame.location ? null : 'Jumps need the location of your character.';
  const ownOrdersHint =
    ownOrders.state === 'failed'
      ? 'Your orders could not be loaded.'
      : ownOrders.state === 'loading'
        ? 'Loading your orders…'
        : null;
  const loading = orders.isLoading || (orders.isFetching && !book);
  const emptyText =
    shown.problems.length > 0
      ? 'No orders are shown until the filter is fixed.'
      : loading
        ? 'Loading…'
        : 'No orders match.';

  if (notFound) {
    return (
      <Alert
        type="warning"
        showIcon
        message={`There is no item with type id ${typeId}.`}
        data-testid="market-not-found"
      />
    );
  }

  return (
    <Flex vertical gap={token.marginLG} data-testid="market-item" data-type-id={typeId}>
      <Flex wrap justify="space-between" align="flex-start" gap={token.marginSM}>
        <div>
          <Typography.Title
            level={2}
            style={{ margin: 0, fontSize: token.fontSizeHeading3 }}
            data-testid="market-item-name"
          >
            {typeName}
          </Typography.Title>
          {itemType.data ? (
            <Typography.Text type="secondary">
              {itemType.data.groupName} · {itemType.data.categoryName} ·{' '}
              {volumeText.format(itemType.data.volume)} m³
            </Typography.Text>
          ) : null}
        </div>
        <Flex vertical align="flex-end" gap={token.marginXS}>
          <ItemActions typeId={typeId} inGame={inGame} destination={destination} />
          <ButtonLink
            to={marketPath(typeId, !showHistory)}
            icon={<LineChartOutlined />}
            type={showHistory ? 'default' : 'primary'}
            data-testid="market-history-toggle"
          >
            {showHistory ? 'Hide price history' : 'Show price history'}
          </ButtonLink>
        </Flex>
      </Flex>

      <InGamePanel inGame={inGame} />

      {showHistory ? (
        <Card size="small">
          <MarketHistory typeId={typeId} typeName={typeName} />
        </Card>
      ) : null}

      <Card size="small">
        <MarketFilterPanel
          filter={filter}
          problems={shown.problems}
          onChange={setFilter}
          loggedIn={inGame.loggedIn === true}
          jumpsHint={jumpsHint}
          ownOrdersHint={ownOrdersHint}
        />
        {shown.problems.length > 0 ? (
          <Alert
            type="warning"
            showIcon
            data-testid="market-filter-problems"
            style={{ marginTop: token.marginSM }}
            message="No orders are shown until the filter is fixed."
            description={
              <ul style={{ margin: 0, paddingLeft: token.paddingMD }}>
                {shown.problems.map((problem) => (
                  <li key={problem.message}>{problem.message}</li>
                ))}
              </ul>
            }
          />
        ) : null}
      </Card>

      {orders.isError ? (
        <Alert
          type="error"
          showIcon
          message="The orders could not be loaded."
          action={
            <Button size="small" onClick={() => void orders.refetch()}>
              Retry
            </Button>
          }
        />
      ) : null}

      <Card size="small" title="Summary of the shown orders">
        <StatisticsList figures={summary} testId="market-summary" />
      </Card>

      <OrdersTable
        side="sell"
        rows={sellers}
        loading={loading}
        now={now}
        emptyText={emptyText}
        selectable={inGame.loggedIn === true}
        selectedOrderId={destination?.orderId ?? null}
        onSelect={setChosen}
      />
      <OrdersTable
        side="buy"
        rows={buyers}
        loading={loading}
        now={now}
        emptyText={emptyText}
        selectable={inGame.loggedIn === true}
        selectedOrderId={destination?.orderId ?? null}
        onSelect={setChosen}
      />

      <AdditionalScopeDialog
        action={inGame.scopeDialog}
        characterName={inGame.character?.name ?? 'This character'}
        onClose={inGame.closeScopeDialog}
      />
      {inGame.feedback}
    </Flex>
  );
}
