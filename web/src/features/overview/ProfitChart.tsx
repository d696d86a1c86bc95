import { DualAxes } from '@ant-design/charts';
import { Card, Empty, Flex, Spin, Typography, theme } from 'antd';
import { useMemo } from 'react';
import { formatIsk, formatIskFull } from '../../shared/format';
import { bucketLabel } from './chart-labels';
import { PROFIT_SOURCES, chartTotal, stackedProfitData, type ProfitBucket } from './profit-series';

/** Spec §9: chart bars are at most 80 px wide. */
const BAR_MAX_WIDTH = 80;
const CHART_HEIGHT = 280;
const RUNNING_TOTAL = 'Running total';

interface ProfitChartProps {
  readonly title: string;
  readonly testId: string;
  readonly bucket: 'day' | 'hour';
  readonly buckets: readonly ProfitBucket[];
  readonly loading: boolean;
  /** Whether the server answered rows at all (an empty answer shows the empty state, not a flat line). */
  readonly hasRows: boolean;
  readonly emptyText: string;
}

/**
 * Profit per day or hour as bars stacked by source (trade, manufacturing, contracts), with the running total as
 * a line on its own axis. The figure carries the number of buckets and the total it adds up to, as text for
 * readers and as data attributes for the browser tests.
 */
export function ProfitChart({
  title,
  testId,
  bucket,
  buckets,
  loading,
  hasRows,
  emptyText,
}: ProfitChartProps) {
  const { token } = theme.useToken();
  const colors = useMemo(
    () => [token.colorPrimary, token.colorWarning, token.cyan, token.colorSuccess],
    [token.colorPrimary, token.colorWarning, token.cyan, token.colorSuccess],
  );
  const config = useMemo(() => {
    const data = stackedProfitData(buckets);
    const labelled = <T extends { time: number }>(datum: T) => ({
      ...datum,
      label: bucketLabel(datum.time, bucket),
    });
    const isk = (value: number) => formatIsk(value);
    const fullIsk = (value: number) => formatIskFull(value);
    const colorScale = { domain: [...PROFIT_SOURCES, RUNNING_TOTAL], range: colors };
    return {
      xField: 'label',
      legend: { color: { position: 'top', layout: { justifyContent: 'center' } } },
      axis: { x: { title: false, labelAutoHide: true, labelAutoRotate: false } },
      children: [
        {
          data: data.bars.map(labelled),
          type: 'interval',
          yField: 'profit',
          colorField: 'source',
          stack: true,
          scale: { color: colorScale },
          style: { maxWidth: BAR_MAX_WIDTH },
          axis: { y: { title: 'Profit', labelFormatter: isk } },
          tooltip: { items: [{ channel: 'y', valueFormatter: fullIsk }] },
        },
        {
          data: data.line.map((datum) => ({ ...labelled(datum), source: RUNNING_TOTAL })),
          type: 'line',
          yField: 'runningTotal',
          colorField: 'source',
          scale: { color: colorScale },
          style: { lineWidth: 2, stroke: colors[PROFIT_SOURCES.length] },
          axis: { y: { position: 'right', title: RUNNING_TOTAL, labelFormatter: isk } },
          tooltip: { items: [{ channel: 'y', name: RUNNING_TOTAL, valueFormatter: fullIsk }] },
        },
      ],
    };
  }, [buckets, bucket, colors]);
  const total = chartTotal(buckets);
  const shown = hasRows && buckets.length > 0;

  return (
    <Card title={title} size="small">
      <figure
        data-testid={testId}
        data-buckets={shown ? buckets.length : 0}
        data-total={shown ? total.toFixed(2) : ''}
        aria-label={title}
        style={{ margin: 0 }}
      >
        <Spin spinning={loading}>
          {shown ? (
            <DualAxes height={CHART_HEIGHT} theme="classicDark" {...config} />
          ) : (
            <Flex align="center" justify="center" style={{ minHeight: CHART_HEIGHT }}>
              {loading ? null : (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={<span style={{ color: token.colorTextSecondary }}>{emptyText}</span>}
                />
              )}
            </Flex>
          )}
        </Spin>
        {shown ? (
          <Typography.Text type="secondary" data-testid={`${testId}-total`}>
            Total over the chart: {formatIskFull(total)} ISK
          </Typography.Text>
        ) : null}
      </figure>
    </Card>
  );
}
