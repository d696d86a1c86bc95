import { Card, Table, theme, type TableColumnsType } from 'antd';
import type { KeyboardEvent, MouseEvent } from 'react';
import type { ItemHistorySummary } from '../../shared/api';
import { formatIskFull, formatQuantity } from '../../shared/format';
import { priceText } from './item-analysis';

const PAGE_SIZE = 20;

const boughtColumns: TableColumnsType<ItemHistorySummary> = [
  { title: 'Item', dataIndex: 'typeName', key: 'typeName' },
  {
    title: 'Average Price',
    dataIndex: 'avgPrice',
    key: 'avgPrice',
    align: 'right',
    render: (value: number) => formatIskFull(value),
  },
  {
    title: 'Average Price (Remaining)',
    dataIndex: 'avgPriceForRemaining',
    key: 'avgPriceForRemaining',
    align: 'right',
    render: priceText,
  },
  {
    title: 'Market Sell Price',
    dataIndex: 'marketSellPrice',
    key: 'marketSellPrice',
    align: 'right',
    render: priceText,
  },
  {
    title: 'Min Price',
    dataIndex: 'minPrice',
    key: 'minPrice',
    align: 'right',
    render: (value: number) => formatIskFull(value),
  },
  {
    title: 'Max Price',
    dataIndex: 'maxPrice',
    key: 'maxPrice',
    align: 'right',
    render: (value: number) => formatIskFull(value),
  },
  { title: 'Total', dataIndex: 'total', key: 'total', align: 'right', render: formatQuantity },
  { title: 'Sold', dataIndex: 'totalSold', key: 'totalSold', align: 'right', render: formatQuantity },
  {
    title: 'Consumed',
    dataIndex: 'totalConsumed',
    key: 'totalConsumed',
    align: 'right',
    render: formatQuantity,
  },
  {
    title: 'Remaining',
    dataIndex: 'totalRemaining',
    key: 'totalRemaining',
    align: 'right',
    render: formatQuantity,
  },
  {
    title: 'Total Cost',
    dataIndex: 'totalCost',
    key: 'totalCost',
    align: 'right',
    render: (value: number) => formatIskFull(value),
  },
];

interface ItemTableProps {
  readonly title: string;
  readonly testId: string;
  readonly rows: readonly ItemHistorySummary[];
  readonly loading: boolean;
  readonly emptyText: string;
  readonly selectedTypeId: number | null;
  /** A click selects the item; a shift-click opens the list it came from. */
  readonly onRowClick: (row: ItemHistorySummary, shift: boolean) => void;
}

/** Bought Items or Manufactured Items: one row per item type, clicked to show its history. */
export function ItemTable({
  title,
  testId,
  rows,
  loading,
  emptyText,
  selectedTypeId,
  onRowClick,
}: ItemTableProps) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title={title}>
      <Table<ItemHistorySummary>
        data-testid={testId}
        size="small"
        rowKey="typeId"
        columns={boughtColumns}
        dataSource={rows as ItemHistorySummary[]}
        loading={loading}
        locale={{ emptyText: <span style={{ color: token.colorTextSecondary }}>{emptyText}</span> }}
        pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({
          onClick: (event: MouseEvent) => onRowClick(row, event.shiftKey),
          // Rows are reached with Tab and chosen with Enter (Shift+Enter: the list it came from).
          tabIndex: 0,
          onKeyDown: (event: KeyboardEvent) => {
            if (event.key === 'Enter') onRowClick(row, event.shiftKey);
          },
          'aria-selected': row.typeId === selectedTypeId,
          'data-type-id': row.typeId,
          style: {
            cursor: 'pointer',
            ...(row.typeId === selectedTypeId ? { background: token.controlItemBgActive } : {}),
          },
        })}
      />
    </Card>
  );
}
