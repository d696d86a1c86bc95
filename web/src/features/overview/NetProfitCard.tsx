import { Card, Flex, Spin, Typography, theme } from 'antd';
import { formatIskFull } from '../../shared/format';
import type { NetProfit } from './profit-series';

function Amount({ testId, value }: { readonly testId: string; readonly value: number }) {
  const { token } = theme.useToken();
  const color = value > 0 ? token.colorSuccessText : value < 0 ? token.colorErrorText : undefined;
  return (
    <span data-testid={testId} data-value={value.toFixed(2)} style={{ color }}>
      {formatIskFull(value)} ISK
    </span>
  );
}

/** Net profit over the time range, split into trade, manufacturing and contracts (account-area §2). */
export function NetProfitCard({
  profit,
  loading,
}: {
  readonly profit: NetProfit;
  readonly loading: boolean;
}) {
  const { token } = theme.useToken();
  const parts = [
    { label: 'Trade', testId: 'net-profit-trade', value: profit.trade },
    { label: 'Manufacturing', testId: 'net-profit-manufacturing', value: profit.manufacturing },
    { label: 'Contracts', testId: 'net-profit-contracts', value: profit.contracts },
  ];
  return (
    <Card size="small" title="Net Profit" style={{ height: '100%' }}>
      <Spin spinning={loading}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading3 }}>
          <Amount testId="net-profit-total" value={profit.total} />
        </Typography.Title>
        <Flex vertical gap={token.marginXXS} style={{ marginTop: token.marginSM }}>
          {parts.map((part) => (
            <Flex key={part.label} justify="space-between" gap={token.margin}>
              <Typography.Text type="secondary">{part.label}</Typography.Text>
              <Amount testId={part.testId} value={part.value} />
            </Flex>
          ))}
        </Flex>
      </Spin>
    </Card>
  );
}
