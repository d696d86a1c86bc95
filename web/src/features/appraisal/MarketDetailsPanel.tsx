import { Descriptions, Flex, Spin, Typography, theme } from 'antd';
import { useMarketStatsQuery, type AppraisalItem } from './appraisal-api';
import { formatIskFull, formatWholeNumber, orNotAvailable } from './appraisal-format';

interface MarketDetailsPanelProps {
  readonly item: AppraisalItem;
  readonly regionId: number;
}

const isk = (value: number) => `${formatIskFull(value)} ISK`;

type Statistics = NonNullable<ReturnType<typeof useMarketStatsQuery>['data']>;

/** What the panel lists, in the spec's order. */
const STATISTICS: readonly {
  label: string;
  value: (stats: Statistics) => number;
  format: (value: number) => string;
}[] = [
  { label: 'Sell orders', value: (stats) => stats.sellOrders, format: formatWholeNumber },
  { label: 'Buy orders', value: (stats) => stats.buyOrders, format: formatWholeNumber },
  { label: 'Sell volume', value: (stats) => stats.sellVolume, format: formatWholeNumber },
  { label: 'Buy volume', value: (stats) => stats.buyVolume, format: formatWholeNumber },
  { label: 'Min sell', value: (stats) => stats.minSell, format: isk },
  { label: 'Max buy', value: (stats) => stats.maxBuy, format: isk },
  { label: 'Sell 5% average', value: (stats) => stats.sellAvgFivePercent, format: isk },
  { label: 'Buy 5% average', value: (stats) => stats.buyAvgFivePercent, format: isk },
];

/**
 * Market Details of one row (public-tools §2): the region's current statistics for the item (orders, volumes, min
 * sell, max buy, the 5% averages; 0 reads 'n/a'), and what selling the row's quantity into the buy orders fetches.
 */
export function MarketDetailsPanel({ item, regionId }: MarketDetailsPanelProps) {
  const { token } = theme.useToken();
  const { data: stats, isFetching, isError } = useMarketStatsQuery({ regionId, typeId: item.typeId });

  return (
    <div data-testid={`market-details-${item.typeId}`} style={{ padding: token.paddingXS }}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        Market Details: {item.typeName}
      </Typography.Title>
      {isFetching && !stats ? (
        <Flex gap={token.marginSM} align="center">
          <Spin size="small" />
          <Typography.Text>Loading current prices...</Typography.Text>
        </Flex>
      ) : isError || !stats ? (
        <Typography.Text type="danger">The current prices could not be loaded.</Typography.Text>
      ) : (
        <Descriptions
          size="small"
          column={{ xs: 1, sm: 2, lg: 4 }}
          bordered
          items={STATISTICS.map(({ label, value, format }) => ({
            key: label,
            label,
            children: orNotAvailable(value(stats), format),
          }))}
        />
      )}
      {item.sellNow ? <SellNowDetails sellNow={item.sellNow} quantity={item.quantity} /> : null}
    </div>
  );
}

function SellNowDetails({
  sellNow,
  quantity,
}: {
  readonly sellNow: NonNullable<AppraisalItem['sellNow']>;
  readonly quantity: number;
}) {
  const { token } = theme.useToken();
  const filledAll = sellNow.unfilledQuantity === 0;
  return (
    <Typography.Paragraph data-testid="sell-now-details" style={{ marginTop: token.margin, marginBottom: 0 }}>
      Selling all {formatWholeNumber(quantity)} into the buy orders now (when this appraisal was made):{' '}
      {isk(sellNow.proceeds)} from {formatWholeNumber(sellNow.ordersFilled)}{' '}
      {sellNow.ordersFilled === 1 ? 'order' : 'orders'}
      {sellNow.averagePrice === null ? '' : `, ${isk(sellNow.averagePrice)} on average`}
      {sellNow.worstPrice === null ? '' : `, down to ${isk(sellNow.worstPrice)}`}; slippage{' '}
      {isk(sellNow.slippage)}
      {sellNow.slippagePercent === null ? '' : ` (${sellNow.slippagePercent}%)`}.
      {filledAll ? '' : ` The buy orders take only ${formatWholeNumber(sellNow.filledQuantity)}.`}
    </Typography.Paragraph>
  );
}
