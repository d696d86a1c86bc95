import { Alert, Button, Empty, Flex, Select, Spin, Typography, theme } from 'antd';
import { useMarketHistoryQuery, useMarketStatsQuery, useRegionsQuery } from './market-api';
import { setHistoryRegion, useMarketBrowser } from './market-browser.store';
import { PriceHistoryChart } from './PriceHistoryChart';
import { StatisticsList } from './StatisticsList';

/**
 * The price history of one item in a chosen region (The Forge unless changed), with the region's current
 * statistics from the server (outliers left out, cached up to 5 minutes).
 */
export function MarketHistory({ typeId, typeName }: { readonly typeId: number; readonly typeName: string }) {
  const { token } = theme.useToken();
  const regionId = useMarketBrowser((state) => state.historyRegionId);
  const { data: regions } = useRegionsQuery();
  const history = useMarketHistoryQuery({ regionId, typeId });
  const stats = useMarketStatsQuery({ regionId, typeId });
  const regionNameOf = (id: number | undefined) =>
    regions?.find((region) => region.id === id)?.name ?? `Region ${id ?? regionId}`;
  const regionName = regionNameOf(regionId);

  return (
    <section aria-label="Price history" data-testid="market-history">
      <Flex
        wrap
        align="center"
        justify="space-between"
        gap={token.marginSM}
        style={{ marginBottom: token.marginSM }}
      >
        <Typography.Title level={3} style={{ margin: 0, fontSize: token.fontSizeHeading5 }}>
          Price history
        </Typography.Title>
        <Flex align="center" gap={token.marginXS}>
          <label htmlFor="market-history-region" style={{ color: token.colorTextSecondary }}>
            Region
          </label>
          <Select
            id="market-history-region"
            data-testid="market-history-region"
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 220 }}
            value={regionId}
            loading={!regions}
            options={(regions ?? []).map((region) => ({ value: region.id, label: region.name }))}
            onChange={(id: number) => setHistoryRegion(id)}
          />
        </Flex>
      </Flex>
      {history.isError ? (
        <Alert
          type="error"
          showIcon
          message={`The price history in ${regionName} could not be loaded.`}
          action={
            <Button size="small" onClick={() => void history.refetch()}>
              Retry
            </Button>
          }
        />
      ) : !history.data ? (
        <Flex justify="center" style={{ padding: token.paddingLG }}>
          <Spin />
        </Flex>
      ) : (
        // While another region loads, the chart keeps showing the last one under a spinner.
        <Spin spinning={history.isFetching}>
          {history.data.length === 0 ? (
            <Empty
              description={`${typeName} has not traded in ${regionNameOf(history.originalArgs?.regionId)}.`}
            />
          ) : (
            <PriceHistoryChart
              days={history.data}
              title={`Price history of ${typeName} in ${regionNameOf(history.data[0]?.regionId)}: ${history.data.length} days`}
            />
          )}
        </Spin>
      )}
      <Typography.Title level={4} style={{ fontSize: token.fontSize, marginTop: token.marginMD }}>
        {regionName} now
      </Typography.Title>
      {stats.data ? (
        <StatisticsList figures={stats.data} testId="market-region-stats" />
      ) : stats.isError ? (
        <Typography.Text type="secondary">
          The statistics of {regionName} could not be loaded.
        </Typography.Text>
      ) : (
        <Spin size="small" />
      )}
    </section>
  );
}
