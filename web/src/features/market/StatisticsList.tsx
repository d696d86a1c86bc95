import { Descriptions } from 'antd';
import { formatIskFull, formatQuantity } from '../../shared/format';

/** The figures both the summary of the shown orders and the region's statistics have (public-tools §3). */
export interface StatisticsFigures {
  readonly sellOrders: number;
  readonly buyOrders: number;
  readonly sellVolume: number;
  readonly buyVolume: number;
  readonly minSell: number;
  readonly maxBuy: number;
  readonly sellAvgFivePercent: number;
  readonly buyAvgFivePercent: number;
  readonly sellOutliers: number;
  readonly buyOutliers: number;
}

const wholeNumber = new Intl.NumberFormat('en-US');

/** A price of 0 means the side has no orders: 'n/a'. */
export const priceOrNone = (price: number) => (price === 0 ? 'n/a' : `${formatIskFull(price)} ISK`);

/** Min sell, max buy, the 5% averages, volumes and order counts, sell beside buy. */
export function StatisticsList({
  figures,
  testId,
}: {
  readonly figures: StatisticsFigures;
  readonly testId: string;
}) {
  const item = (key: string, label: string, value: string, title?: string) => ({
    key,
    label,
    children: (
      <span data-testid={`${testId}-${key}`} title={title}>
        {value}
      </span>
    ),
  });
  const orders = (count: number, outliers: number) =>
    `${wholeNumber.format(count)}${outliers > 0 ? ` (${wholeNumber.format(outliers)} outliers left out)` : ''}`;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2 }}
      data-testid={testId}
      items={[
        item('minSell', 'Min sell', priceOrNone(figures.minSell)),
        item('maxBuy', 'Max buy', priceOrNone(figures.maxBuy)),
        item('sellAvgFivePercent', 'Sell 5% average', priceOrNone(figures.sellAvgFivePercent)),
        item('buyAvgFivePercent', 'Buy 5% average', priceOrNone(figures.buyAvgFivePercent)),
        item(
          'sellVolume',
          'Sell volume',
          formatQuantity(figures.sellVolume),
          wholeNumber.format(figures.sellVolume),
        ),
        item(
          'buyVolume',
          'Buy volume',
          formatQuantity(figures.buyVolume),
          wholeNumber.format(figures.buyVolume),
        ),
        item('sellOrders', 'Sell orders', orders(figures.sellOrders, figures.sellOutliers)),
        item('buyOrders', 'Buy orders', orders(figures.buyOrders, figures.buyOutliers)),
      ]}
    />
  );
}
