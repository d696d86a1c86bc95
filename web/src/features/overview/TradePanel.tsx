import { Card, Flex, Spin, theme } from 'antd';
import type { JournalStats } from '../../shared/api';
import { tradePanelLines } from './overview-filters';

const NO_STATS: JournalStats = {
  sellIsk: 0,
  buyIsk: 0,
  totalTax: 0,
  totalBroker: 0,
  unfilledBroker: 0,
  numBuys: 0,
  numSells: 0,
};

/**
 * The rolling trade panel over the time range: trade income, purchases, sales tax, broker fees (the journal's), the
 * fees of units that never filled and the buy and sell counts; tax and fees are '--' under an item filter
 * (account-area §2).
 */
export function TradePanel({
  stats,
  itemFiltered,
  loading,
}: {
  readonly stats: JournalStats | undefined;
  readonly itemFiltered: boolean;
  readonly loading: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title="Trading" style={{ height: '100%' }}>
      <Spin spinning={loading}>
        <dl data-testid="trade-panel" style={{ margin: 0 }}>
          {tradePanelLines(stats ?? NO_STATS, itemFiltered).map((line) => (
            <Flex
              key={line.key}
              justify="space-between"
              gap={token.margin}
              style={{ marginBottom: token.marginXXS }}
            >
              <dt style={{ margin: 0, color: token.colorTextSecondary }}>{line.label}</dt>
              <dd data-testid={`trade-panel-${line.key}`} style={{ margin: 0 }}>
                {stats ? line.value : '--'}
              </dd>
            </Flex>
          ))}
        </dl>
      </Spin>
    </Card>
  );
}
