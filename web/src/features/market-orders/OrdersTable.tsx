import { Flex, Table, Tag, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, type HTMLAttributes } from 'react';
import { formatIsk, formatIskFull, formatQuantity, formatSecurity } from '../../shared/format';
import { orderTotals, type OrderRow } from './market-orders';
import { PRICE_STATUS_LABELS, type PriceStatus } from './rules/price-status';

const STATUS_COLORS: Readonly<Record<PriceStatus, string | undefined>> = {
  NOT_LOADED: undefined,
  NO_PRICE_DATA: undefined,
  PRICE_OUT_OF_DATE: 'warning',
  UNDERCUT: 'error',
  OWN_BEST_PRICE: 'processing',
  BEST_PRICE: 'success',
};

function PriceStatusTag({ row }: { readonly row: OrderRow }) {
  const tag = (
    <Tag color={STATUS_COLORS[row.status]} data-status={row.status}>
      {PRICE_STATUS_LABELS[row.status]}
    </Tag>
  );
  if (!row.similarOrder) return tag;
  const whose = row.status === 'OWN_BEST_PRICE' ? 'Your order' : 'A competitor';
  return <Tooltip title={`${whose} at ${formatIskFull(row.similarOrder.price)} ISK is ahead`}>{tag}</Tooltip>;
}

/** A corporation order the character placed is marked, so it is told apart from the character's own. */
function ItemName({ order }: { readonly order: OrderRow['order'] }) {
  if (!order.isCorporation) return order.typeName;
  return (
    <>
      {order.typeName}{' '}
      <Tooltip title="Corporation order">
        <Tag data-testid="corporation-order-tag">Corp</Tag>
      </Tooltip>
    </>
  );
}

function rangeText(range: OrderRow['order']['range']): string {
  if (range === 'STATION') return 'Station';
  if (range === 'SOLARSYSTEM') return 'System';
  if (range === 'REGION') return 'Region';
  const jumps = range.slice(1);
  return jumps === '1' ? '1 Jump' : `${jumps} Jumps`;
}

interface OrdersTableProps {
  readonly side: 'sell' | 'buy';
  readonly rows: readonly OrderRow[];
  readonly loading: boolean;
  readonly selectedOrderId: number | null;
  readonly onSelect: (orderId: number) => void;
}

/**
 * The Selling or Buying table (account-area §2): each order with its price status, the volume left (highlighted
 * when below the volume highlight share), location and jumps; totals above it.
 */
export function OrdersTable({ side, rows, loading, selectedOrderId, onSelect }: OrdersTableProps) {
  const { token } = theme.useToken();
  const totals = useMemo(() => orderTotals(rows.map((row) => row.order)), [rows]);
  const section = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (selectedOrderId === null) return;
    section.current
      ?.querySelector(`[data-order-id="${selectedOrderId}"]`)
      ?.scrollIntoView({ block: 'nearest' });
  }, [selectedOrderId]);

  const columns = useMemo<TableColumnsType<OrderRow>>(
    () => [
      { title: 'Item', key: 'item', render: (_, row) => <ItemName order={row.order} /> },
      {
        title: 'Price',
        key: 'price',
        align: 'right',
        render: (_, row) => formatIskFull(row.order.price),
      },
      { title: 'Status', key: 'status', render: (_, row) => <PriceStatusTag row={row} /> },
      {
        title: 'Volume',
        key: 'volume',
        align: 'right',
        render: (_, row) => (
          <span
            data-low-volume={row.lowVolume || undefined}
            style={row.lowVolume ? { color: token.colorWarningText, fontWeight: 600 } : undefined}
          >
            {formatQuantity(row.order.volumeRemain)} / {formatQuantity(row.order.volumeTotal)}
          </span>
        ),
      },
      {
        title: 'Total',
        key: 'total',
        align: 'right',
        render: (_, row) => formatIsk(row.order.price * row.order.volumeRemain),
      },
      ...(side === 'buy'
        ? ([
            {
              title: 'Escrow',
              key: 'escrow',
              align: 'right',
              render: (_, row) => formatIsk(row.order.escrow ?? 0),
            },
            { title: 'Range', key: 'range', render: (_, row) => rangeText(row.order.range) },
          ] satisfies TableColumnsType<OrderRow>)
        : []),
      {
        title: 'Location',
        key: 'location',
        ellipsis: { showTitle: false },
        render: (_, row) => {
          const name = row.order.locationName ?? 'Unknown structure';
          return <span title={`${name} (${row.order.regionName})`}>{name}</span>;
        },
      },
      {
        title: 'System',
        key: 'system',
        render: (_, row) =>
          row.order.systemName ? (
            <span style={{ whiteSpace: 'nowrap' }}>
              {row.order.systemName} {row.order.security === null ? '' : formatSecurity(row.order.security)}
            </span>
          ) : (
            '-'
          ),
      },
      {
        title: 'Jumps',
        key: 'jumps',
        align: 'right',
        render: (_, row) => (row.order.jumps === null ? '-' : row.order.jumps),
      },
    ],
    [side, token.colorWarningText],
  );

  const title = side === 'sell' ? 'Selling' : 'Buying';
  return (
    <section ref={section} data-testid={`orders-${side}`} style={{ marginBottom: token.marginLG }}>
      <Flex justify="space-between" align="baseline" wrap gap={token.margin}>
        <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading4 }}>
          {title} ({rows.length})
        </Typography.Title>
        <Flex gap={token.marginLG} wrap>
          <span data-testid={`orders-${side}-total`} title={`${formatIskFull(totals.total)} ISK`}>
            Total: {formatIsk(totals.total)} ISK
          </span>
          {side === 'buy' ? (
            <>
              <span data-testid="orders-buy-escrow" title={`${formatIskFull(totals.escrow)} ISK`}>
                Escrow: {formatIsk(totals.escrow)} ISK
              </span>
              <span
                data-testid="orders-buy-remaining"
                title={`${formatIskFull(totals.remainingToCover)} ISK`}
              >
                Remaining to cover: {formatIsk(totals.remainingToCover)} ISK
              </span>
            </>
          ) : null}
        </Flex>
      </Flex>
      {/* Scrolls sideways on narrow screens; focusable so the keyboard can scroll it too. */}
      <div role="region" aria-label={`${title} orders`} tabIndex={0} style={{ overflowX: 'auto' }}>
        <Table<OrderRow>
          size="small"
          rowKey={(row) => row.order.orderId}
          columns={columns}
          dataSource={rows as OrderRow[]}
          loading={loading}
          pagination={false}
          // antd's placeholder grey fails the contrast check on the dark theme; the secondary text colour passes.
          locale={{ emptyText: <span style={{ color: token.colorTextSecondary }}>No {side} orders</span> }}
          onRow={(row) => {
            const selected = row.order.orderId === selectedOrderId;
            return {
              onClick: () => onSelect(row.order.orderId),
              'aria-selected': selected,
              'data-order-id': row.order.orderId,
              style: {
                cursor: 'pointer',
                ...(selected ? { outline: `2px solid ${token.colorPrimary}`, outlineOffset: -2 } : {}),
              },
            } as HTMLAttributes<HTMLElement>;
          }}
        />
      </div>
    </section>
  );
}
