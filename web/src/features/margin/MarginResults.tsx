import { Descriptions, type DescriptionsProps } from 'antd';
import type { ReactNode } from 'react';
import { formatCents, formatMargin, type MarginResult } from './margin-calculator';
import { SignedValue } from './SignedValue';

const isk = (cents: bigint) => `${formatCents(cents)} ISK`;

/** The read-only outputs of public-tools §2, for the prices as entered (one unit). */
export function MarginResults({ result }: { readonly result: MarginResult }) {
  const output = (key: string, value: ReactNode) => <span data-testid={`margin-output-${key}`}>{value}</span>;
  const items: DescriptionsProps['items'] = [
    {
      key: 'buyBrokerFee',
      label: 'Buy Broker Fee Amount',
      children: output('buyBrokerFee', isk(result.buyBrokerFee)),
    },
    {
      key: 'sellBrokerFee',
      label: 'Sell Broker Fee Amount',
      children: output('sellBrokerFee', isk(result.sellBrokerFee)),
    },
    { key: 'tax', label: 'Tax Amount', children: output('tax', isk(result.salesTax)) },
    { key: 'totalBuy', label: 'Total Buy', children: output('totalBuy', isk(result.totalBuy)) },
    { key: 'totalSell', label: 'Total Sell', children: output('totalSell', isk(result.totalSell)) },
    {
      key: 'profit',
      label: 'Profit',
      children: output('profit', <SignedValue sign={result.profit}>{isk(result.profit)}</SignedValue>),
    },
    {
      key: 'margin',
      label: 'Margin %',
      children: output(
        'margin',
        <SignedValue sign={result.marginBasisPoints}>{formatMargin(result.marginBasisPoints)}</SignedValue>,
      ),
    },
  ];
  return <Descriptions bordered size="small" column={1} items={items} />;
}
