import { Alert, Button, Col, Flex, Row, Spin, theme } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { useGetAccountQuery, type Account } from '../../shared/session';
import { readStored, writeStored } from '../../shared/storage/local-storage';
import { PageContainer } from '../../shared/ui/PageContainer';
import { SubscriptionOnlyDialog } from '../../shared/ui/SubscriptionOnlyDialog';
import { ALL_OWNERS, ownerChoices, type OwnerChoice } from '../../shared/ui/editable-list';
import { BrokerFeeChart } from './BrokerFeeChart';
import { ItemProfitTable } from './ItemProfitTable';
import { NetProfitCard } from './NetProfitCard';
import { OverviewFilterBar } from './OverviewFilterBar';
import {
  OVERVIEW_TAG,
  overviewApi,
  useBrokerFeeEstimatesQuery,
  useJournalStatsQuery,
  useManufacturingItemsQuery,
  useProfitDailyQuery,
  useProfitHourlyQuery,
  useProfitItemsQuery,
} from './overview-api';
import {
  NO_MANUFACTURING_PROFITS,
  NO_TRADE_PROFITS,
  itemFilterText,
  overviewCalls,
  type OverviewFilters,
} from './overview-filters';
import { ProfitChart } from './ProfitChart';
import { dailyBuckets, hourlyBuckets, netProfit } from './profit-series';
import { allowedTimeRange, isSubscriptionOnly, rangeStartTime, type TimeRange } from './time-range';
import { TradePanel } from './TradePanel';
import { AUTOCOMPLETE_DEBOUNCE_MS, useDebouncedValue } from '../../shared/hooks/debounce';
import { useWalletRefresh } from './wallet-refresh';
import { WalletsCard } from './WalletsCard';
import { corporationWalletRows, walletRows, type WalletCharacter } from './wallets';

/** Local preferences of the page (account-area §3): the time range and the character. */
export const OVERVIEW_TIME_RANGE_KEY = 'overview-time-range';
export const OVERVIEW_CHARACTER_KEY = 'overview-character';

const DESCRIPTION =
  'Your profit over the chosen time range: trade, manufacturing and contracts, day by day and for the last 48 hours, with the items that earned it and your wallets.';

/** Every read is repeated when the page opens, so edits made on the list pages show here. */
const FRESH = { refetchOnMountOrArgChange: true } as const;

function storedCharacter(account: Account): number | null {
  const stored = Number(readStored(OVERVIEW_CHARACTER_KEY));
  return account.characters.some((character) => character.id === stored) ? stored : null;
}

function OverviewContent({ account }: { readonly account: Account }) {
  const { token } = theme.useToken();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const [characterId, setCharacterId] = useState<number | null>(() => storedCharacter(account));
  const [timeRange, setTimeRange] = useState<TimeRange>(() =>
    allowedTimeRange(readStored(OVERVIEW_TIME_RANGE_KEY), account.subscriptionTier),
  );
  const [itemInput, setItemInput] = useState('');
  const [owner, setOwner] = useState<OwnerChoice>(ALL_OWNERS);
  const item = itemFilterText(useDebouncedValue(itemInput, AUTOCOMPLETE_DEBOUNCE_MS));
  const [subscriptionDialogOpen, setSubscriptionDialogOpen] = useState(false);
  // The moment the windows are measured from: set when the page opens and again when a sync has finished.
  const [anchor, setAnchor] = useState(() => Date.now());
  const seenUpdate = useRef(account.lastUpdate);
  useEffect(() => {
    if (account.lastUpdate === seenUpdate.current || account.lastUpdate === null) return;
    seenUpdate.current = account.lastUpdate;
    setAnchor(Date.now());
    dispatch(overviewApi.util.invalidateTags([OVERVIEW_TAG]));
  }, [account.lastUpdate, dispatch]);

  const filters: OverviewFilters = { characterId, item, timeRange, owner };
  const calls = overviewCalls(account.id, filters, anchor);
  const daily = useProfitDailyQuery(calls.daily, FRESH);
  const hourly = useProfitHourlyQuery(calls.hourly, FRESH);
  const items = useProfitItemsQuery(calls.items, FRESH);
  const manufacturingItems = useManufacturingItemsQuery(calls.manufacturingItems, FRESH);
  const stats = useJournalStatsQuery(calls.stats, FRESH);
  const brokerFees = useBrokerFeeEstimatesQuery(calls.brokerFees, FRESH);
  const refresh = useWalletRefresh();

  const dailyRows = daily.data;
  const hourlyRows = hourly.data;
  const startTime = rangeStartTime(timeRange, anchor);
  const profit = useMemo(() => netProfit(dailyRows ?? []), [dailyRows]);
  const days = useMemo(
    () => dailyBuckets(dailyRows ?? [], startTime, anchor),
    [dailyRows, startTime, anchor],
  );
  const hours = useMemo(() => hourlyBuckets(hourlyRows ?? [], anchor), [hourlyRows, anchor]);
  const wallets = useMemo(() => walletRows(account.characters as WalletCharacter[]), [account.characters]);
  const corporationWallets = useMemo(() => corporationWalletRows(account), [account]);

  const failed = [daily, hourly, items, manufacturingItems, stats, brokerFees].filter(
    (query) => query.isError,
  );

  const chooseTimeRange = (range: TimeRange) => {
    if (isSubscriptionOnly(range, account.subscriptionTier)) {
      setSubscriptionDialogOpen(true);
      return;
    }
    writeStored(OVERVIEW_TIME_RANGE_KEY, range);
    setTimeRange(range);
    setAnchor(Date.now());
  };
  const chooseCharacter = (id: number | null) => {
    writeStored(OVERVIEW_CHARACTER_KEY, id === null ? '' : String(id));
    setCharacterId(id);
  };

  return (
    <>
      <OverviewFilterBar
        characters={account.characters}
        characterId={characterId}
        itemInput={itemInput}
        timeRange={timeRange}
        owners={ownerChoices(account.corporationWallets)}
        owner={owner}
        onCharacterChange={chooseCharacter}
        onItemInputChange={setItemInput}
        onTimeRangeChange={chooseTimeRange}
        onOwnerChange={setOwner}
      />
      {failed.length > 0 ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: token.marginMD }}
          message="Some of the overview could not be loaded."
          action={
            <Button size="small" onClick={() => failed.forEach((query) => void query.refetch())}>
              Retry
            </Button>
          }
        />
      ) : null}
      <Row gutter={[token.margin, token.margin]}>
        <Col xs={24} md={12}>
          <NetProfitCard profit={profit} loading={daily.isFetching} />
        </Col>
        <Col xs={24} md={12}>
          <TradePanel stats={stats.data} itemFiltered={item !== ''} loading={stats.isFetching} />
        </Col>
        <Col span={24}>
          <ProfitChart
            title="Daily profit"
            testId="daily-profit-chart"
            bucket="day"
            buckets={days}
            hasRows={(dailyRows?.length ?? 0) > 0}
            loading={daily.isFetching}
            emptyText="No profits during the selected time period"
          />
        </Col>
        <Col span={24}>
          <ProfitChart
            title="Hourly profit (last 48 hours)"
            testId="hourly-profit-chart"
            bucket="hour"
            buckets={hours}
            hasRows={(hourlyRows?.length ?? 0) > 0}
            loading={hourly.isFetching}
            emptyText="No profits during the last 48 hours"
          />
        </Col>
        <Col xs={24} lg={12}>
          <ItemProfitTable
            title="Trade profit per item"
            testId="trade-items-table"
            rows={items.data ?? []}
            loading={items.isFetching}
            emptyText={NO_TRADE_PROFITS}
          />
        </Col>
        <Col xs={24} lg={12}>
          <ItemProfitTable
            title="Manufacturing profit per item"
            testId="manufacturing-items-table"
            rows={manufacturingItems.data ?? []}
            loading={manufacturingItems.isFetching}
            emptyText={NO_MANUFACTURING_PROFITS}
          />
        </Col>
        <Col xs={24} lg={12}>
          <WalletsCard
            rows={wallets}
            corporationRows={corporationWallets}
            characterId={characterId}
            refreshAvailable={refresh.refresh !== null}
            refreshing={refresh.running}
            onRefresh={(ids) => void refresh.refresh?.(ids)}
          />
        </Col>
        <Col xs={24} lg={12}>
          <BrokerFeeChart rows={brokerFees.data ?? []} loading={brokerFees.isFetching} />
        </Col>
      </Row>
      <SubscriptionOnlyDialog
        open={subscriptionDialogOpen}
        title="Subscription only feature"
        testId="subscription-only-dialog"
        onClose={() => setSubscriptionDialogOpen(false)}
        onGoToSubscriptions={() => {
          setSubscriptionDialogOpen(false);
          void navigate('/subscription');
        }}
      >
        Free accounts keep 30 days of profit history. Supporter and Pro subscribers see their profits over all
        time.
      </SubscriptionOnlyDialog>
    </>
  );
}

/** /index: the Overview (account-area §2). */
export default function OverviewPage() {
  const { data: account, isLoading } = useGetAccountQuery();
  return (
    <PageContainer title="Overview" description={DESCRIPTION}>
      {account ? (
        <OverviewContent account={account} />
      ) : isLoading ? (
        <Flex justify="center">
          <Spin size="large" />
        </Flex>
      ) : null}
    </PageContainer>
  );
}
