import { DualAxes } from '@ant-design/charts';
import { Card, Empty, Flex, Spin, theme } from 'antd';
import { useMemo } from 'react';
import type { ItemHistoryPoint } from '../../shared/api';
import { formatIsk, formatIskFull, formatQuantity } from '../../shared/format';
import { PRICE_SERIES, historyChartData, historyChartPoints } from './item-history-series';

const CHANNEL_SERIES: ReadonlySet<string> = new Set([PRICE_SERIES.channelLow, PRICE_SERIES.channelHigh]);
const DAILY_SERIES: ReadonlySet<string> = new Set([
  PRICE_SERIES.average,
  PRICE_SERIES.low,
  PRICE_SERIES.high,
]);

const CHART_HEIGHT = 320;
/** Spec §9: chart bars are at most 80 px wide. */
const BAR_MAX_WIDTH = 80;
const VOLUME = 'Volume';

interface ItemHistoryChartProps {
  readonly title: string;
  readonly testId: string;
  readonly stats: readonly ItemHistoryPoint[] | undefined;
  readonly loading: boolean;
  readonly emptyText: string;
}

/**
 * One item's price history: low, high and average per day with their 5- and 20-point averages and the rolling
 * 5-point low and high as lines (broken where days are more than a day apart), and the units as bars on a
 * second axis. The figure carries the number of points for the browser tests.
 */
export function ItemHistoryChart({ title, testId, stats, loading, emptyText }: ItemHistoryChartProps) {
  const { token } = theme.useToken();
  const points = useMemo(() => historyChartPoints(stats ?? []), [stats]);
  const palette = useMemo(
    () => [
      token.colorPrimary,
      token.colorSuccess,
      token.colorError,
      token.colorWarning,
      token.magenta,
      token.colorTextSecondary,
      token.colorTextSecondary,
      token.colorTextTertiary,
    ],
    [token],
  );
  const config = useMemo(() => {
    const data = historyChartData(points);
    const isk = (value: number) => formatIsk(value);
    const colorScale = { domain: [...Object.values(PRICE_SERIES), VOLUME], range: palette };
    // The price layers share one y scale (the key); the units have their own on the right.
    const priceLayer = {
      yField: 'price',
      colorField: 'series',
      seriesField: 'line',
      scale: { color: colorScale, y: { key: 'price' } },
      tooltip: {
        items: [
          (datum: { series: string; price: number }) => ({
            name: datum.series,
            value: formatIskFull(datum.price),
          }),
        ],
      },
    };
    return {
      xField: 'label',
      scale: { x: { domain: data.days } },
      legend: { color: { position: 'top', layout: { justifyContent: 'center' } } },
      axis: { x: { title: false, labelAutoHide: true, labelAutoRotate: false } },
      children: [
        {
          data: data.volumes.map((datum) => ({ ...datum, series: VOLUME })),
          type: 'interval',
          yField: 'volume',
          colorField: 'series',
          scale: { color: colorScale },
          style: { maxWidth: BAR_MAX_WIDTH, fillOpacity: 0.6 },
          axis: { y: { position: 'right', title: 'Units', labelFormatter: formatQuantity } },
          tooltip: { items: [{ channel: 'y', name: VOLUME, valueFormatter: formatQuantity }] },
        },
        {
          data: data.prices.filter((datum) => !CHANNEL_SERIES.has(datum.series)),
          ...priceLayer,
          type: 'line',
          style: { lineWidth: 2 },
          axis: { y: { title: 'Price', labelFormatter: isk } },
        },
        {
          data: data.prices.filter((datum) => CHANNEL_SERIES.has(datum.series)),
          ...priceLayer,
          type: 'line',
          style: { lineWidth: 1, lineDash: [4, 4] },
          axis: { y: false },
        },
        {
          // A day apart from its neighbours has no line to show it: every day's own prices are dots.
          data: data.prices.filter((datum) => DAILY_SERIES.has(datum.series)),
          ...priceLayer,
          type: 'point',
          shape: 'point',
          axis: { y: false },
          tooltip: false,
        },
      ],
    };
  }, [points, palette]);
  const shown = points.length > 0;
  return (
    <Card size="small" title={title}>
      <figure data-testid={testId} data-points={points.length} aria-label={title} style={{ margin: 0 }}>
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
      </figure>
    </Card>
  );
}
