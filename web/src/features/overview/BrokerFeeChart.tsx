import { Column } from '@ant-design/charts';
import { Card, Empty, Flex, Spin, Tag, Typography, theme } from 'antd';
import { useMemo } from 'react';
import type { BrokerFeeEstimateRow } from '../../shared/api';
import { formatIsk, formatIskFull } from '../../shared/format';
import { bucketLabel } from './chart-labels';
import { BROKER_FEE_SIDES, brokerFeeSeries } from './profit-series';

const CHART_HEIGHT = 240;
const BAR_MAX_WIDTH = 80;

/**
 * The Beta chart of the broker fees that placing and updating orders cost, per day and side: the wallet journal's
 * brokers_fee rows of the time range, each by the side of the order it was matched to (one matched to no order
 * counts in the total only).
 */
export function BrokerFeeChart({
  rows,
  loading,
}: {
  readonly rows: readonly BrokerFeeEstimateRow[];
  readonly loading: boolean;
}) {
  const { token } = theme.useToken();
  const series = useMemo(() => brokerFeeSeries(rows), [rows]);
  const sellColor = token.colorPrimary;
  const buyColor = token.colorWarning;
  const config = useMemo(
    () => ({
      data: series.bars.map((bar) => ({ ...bar, label: bucketLabel(bar.time, 'day') })),
      xField: 'label',
      yField: 'fee',
      colorField: 'side',
      stack: true,
      scale: { color: { domain: [...BROKER_FEE_SIDES], range: [sellColor, buyColor] } },
      style: { maxWidth: BAR_MAX_WIDTH },
      legend: { color: { position: 'top', layout: { justifyContent: 'center' } } },
      axis: {
        x: { title: false, labelAutoHide: true, labelAutoRotate: false },
        y: { title: 'Broker fees', labelFormatter: (value: number) => formatIsk(value) },
      },
      tooltip: { items: [{ channel: 'y', valueFormatter: (value: number) => formatIskFull(value) }] },
    }),
    [series, sellColor, buyColor],
  );
  const shown = rows.length > 0;
  return (
    <Card
      size="small"
      title={
        <Flex align="center" gap={token.marginXS}>
          Order broker fees <Tag>Beta</Tag>
        </Flex>
      }
    >
      <figure
        data-testid="broker-fee-chart"
        data-days={rows.length}
        data-total={shown ? series.total.toFixed(2) : ''}
        aria-label="Order broker fees"
        style={{ margin: 0 }}
      >
        <Spin spinning={loading}>
          {shown ? (
            <Column height={CHART_HEIGHT} theme="classicDark" {...config} />
          ) : (
            <Flex align="center" justify="center" style={{ minHeight: CHART_HEIGHT }}>
              {loading ? null : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={
                    <span style={{ color: token.colorTextSecondary }}>
                      No broker fees during the selected time period
                    </span>
                  }
                />
              )}
            </Flex>
          )}
        </Spin>
        <Typography.Paragraph type="secondary" style={{ margin: `${token.marginXS}px 0 0` }}>
          {shown
            ? `Sell orders ${formatIskFull(series.totalSell)} ISK, buy orders ${formatIskFull(series.totalBuy)} ISK, ${series.unmatched > 0 ? `not matched to an order ${formatIskFull(series.unmatched)} ISK, ` : ''}total ${formatIskFull(series.total)} ISK. `
            : ''}
          The broker fees your wallet journal lists for placing and changing orders, by the side of the order
          each was matched to.
        </Typography.Paragraph>
      </figure>
    </Card>
  );
}
