import { Table, Typography, theme, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { formatSecurity } from '../../shared/format';
import { securityClass } from './market-filter';
import {
  formatExpiresIn,
  formatJumps,
  formatLastModified,
  formatOrderPrice,
  formatOrderQuantity,
  type MarketOrderRow,
} from './market-orders';

const wholeNumber = new Intl.NumberFormat('en-US');

interface OrdersTableProps {
  readonly side: 'sell' | 'buy';
  readonly rows: readonly MarketOrderRow[];
  readonly loading: boolean;
  readonly now: number;
  readonly emptyText: string;
  /** Logged-in users choose an order as the target of Set destination and Add waypoint. */
  readonly selectable: boolean;
  readonly selectedOrderId: number | null;
  readonly onSelect: (row: MarketOrderRow) => void;
}

function SecurityStatus({ security }: { readonly security: number }) {
  const { token } = theme.useToken();
  const colors = { HIGH: token.colorSuccessText, LOW: token.colorWarningText, NULL: token.colorErrorText };
  return <span style={{ color: colors[securityClass(security)] }}>{formatSecurity(security)}</span>;
}

const byNumber =
  (value: (row: MarketOrderRow) => number) =>
  (a: MarketOrderRow, b: MarketOrderRow): number =>
    value(a) - value(b);

/** Jumps sort with the unknown (-1) last either way. */
const byJumps = (a: MarketOrderRow, b: MarketOrderRow) =>
  (a.jumps < 0 ? Number.MAX_SAFE_INTEGER : a.jumps) - (b.jumps < 0 ? Number.MAX_SAFE_INTEGER : b.jumps);

/**
 * The sellers or buyers (public-tools §2): location, system with security status, jumps, price, quantity
 * remaining, expires in, last modified. Sellers start cheapest first, buyers highest first.
 */
export function OrdersTable({
  side,
  rows,
  loading,
  now,
  emptyText,
  selectable,
  selectedOrderId,
  onSelect,
}: OrdersTableProps) {
  const columns = useMemo<TableColumnsType<MarketOrderRow>>(
    () => [
      {
        title: 'Location',
        key: 'location',
        width: 300,
        ellipsis: { showTitle: false },
        sorter: (a, b) => a.locationName.localeCompare(b.locationName),
        render: (_, row) => (
          <span title={row.regionName ? `${row.locationName} (${row.regionName})` : row.locationName}>
            {row.locationName}
          </span>
        ),
      },
      {
        title: 'System',
        key: 'system',
        sorter: (a, b) => a.systemName.localeCompare(b.systemName),
        render: (_, row) => (
          <span style={{ whiteSpace: 'nowrap' }}>
            {row.systemName} <SecurityStatus security={row.security} />
          </span>
        ),
      },
      {
        title: 'Jumps',
        key: 'jumps',
        align: 'right',
        sorter: byJumps,
        render: (_, row) => formatJumps(row.jumps),
      },
      {
        title: 'Price',
        key: 'price',
        align: 'right',
        sorter: byNumber((row) => row.price),
        defaultSortOrder: side === 'sell' ? 'ascend' : 'descend',
        render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{formatOrderPrice(row.price)}</span>,
      },
      {
        title: 'Quantity',
        key: 'quantity',
        align: 'right',
        sorter: byNumber((row) => row.volumeRemain),
        render: (_, row) => (
          <span title={wholeNumber.format(row.volumeRemain)}>{formatOrderQuantity(row.volumeRemain)}</span>
        ),
      },
      {
        title: 'Expires in',
        key: 'expires',
        sorter: byNumber((row) => row.expires),
        render: (_, row) => (
          <span title={new Date(row.expires).toISOString()}>{formatExpiresIn(row.expires, now)}</span>
        ),
      },
      {
        title: 'Last modified',
        key: 'modified',
        sorter: byNumber((row) => row.issued),
        render: (_, row) => (
          <span title={new Date(row.issued).toISOString()}>{formatLastModified(row.issued, now)}</span>
        ),
      },
    ],
    [side, now],
  );

  const { token } = theme.useToken();
  const title = side === 'sell' ? 'Sellers' : 'Buyers';
  return (
    <section aria-label={title} data-testid={`market-${side === 'sell' ? 'sellers' : 'buyers'}`}>
      <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5 }}>
        {title} <Typography.Text type="secondary">({wholeNumber.format(rows.length)})</Typography.Text>
      </Typography.Title>
      <Table<MarketOrderRow>
        columns={columns}
        dataSource={rows as MarketOrderRow[]}
        rowKey="orderId"
        size="small"
        loading={loading}
        locale={{ emptyText }}
        scroll={{ x: 'max-content' }}
        pagination={{
          defaultPageSize: 10,
          showSizeChanger: true,
          pageSizeOptions: [10, 25, 50, 100],
          hideOnSinglePage: true,
        }}
        rowSelection={
          selectable
            ? {
                type: 'radio',
                selectedRowKeys: selectedOrderId === null ? [] : [selectedOrderId],
                onChange: (_keys, selected) => {
                  if (selected[0]) onSelect(selected[0]);
                },
                getCheckboxProps: (row) => ({
                  'aria-label': `Choose ${row.locationName} for destination and waypoint`,
                }),
              }
            : undefined
        }
        onRow={(row) => (selectable ? { onClick: () => onSelect(row) } : {})}
      />
    </section>
  );
}
