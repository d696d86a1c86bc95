import { Card, Table, theme, type TableColumnsType } from 'antd';
import type { ItemProfitRow } from '../../shared/api';
import { formatIskFull, formatQuantity } from '../../shared/format';

const PAGE_SIZE = 10;

const columns: TableColumnsType<ItemProfitRow> = [
  { title: 'Item', dataIndex: 'typeName', key: 'typeName' },
  {
    title: 'Quantity Sold',
    dataIndex: 'quantitySold',
    key: 'quantitySold',
    align: 'right',
    render: (value: number) => formatQuantity(value),
  },
  {
    title: 'Profit',
    dataIndex: 'profit',
    key: 'profit',
    align: 'right',
    render: (value: number) => formatIskFull(value),
  },
];

/** A per-item profit table (item, quantity sold, profit), most profitable first, with the spec's empty text. */
export function ItemProfitTable({
  title,
  testId,
  rows,
  loading,
  emptyText,
}: {
  readonly title: string;
  readonly testId: string;
  readonly rows: readonly ItemProfitRow[];
  readonly loading: boolean;
  readonly emptyText: string;
}) {
  const { token } = theme.useToken();
  return (
    <Card size="small" title={title} style={{ height: '100%' }}>
      <Table<ItemProfitRow>
        data-testid={testId}
        size="small"
        rowKey="typeId"
        columns={columns}
        dataSource={rows as ItemProfitRow[]}
        loading={loading}
        locale={{ emptyText: <span style={{ color: token.colorTextSecondary }}>{emptyText}</span> }}
        pagination={rows.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false } : false}
      />
    </Card>
  );
}
