import { Table, Tag, type TableColumnsType } from 'antd';
import { formatQuantity } from '../../shared/format';
import { compareExampleRows, formatCents, formatMargin, type ExampleRow } from './margin-calculator';
import { SignedValue } from './SignedValue';

const wholeNumber = new Intl.NumberFormat('en-US');

const COLUMNS: TableColumnsType<ExampleRow> = [
  {
    title: 'Amount',
    key: 'amount',
    align: 'right',
    sorter: compareExampleRows('amount'),
    defaultSortOrder: 'ascend',
    render: (_, row) => (
      <>
        {row.isExtra ? <Tag>extra</Tag> : null}
        <span title={wholeNumber.format(row.quantity)}>{formatQuantity(row.quantity)}</span>
      </>
    ),
  },
  {
    title: 'Cost',
    key: 'cost',
    align: 'right',
    sorter: compareExampleRows('cost'),
    render: (_, row) => formatCents(row.totalBuy),
  },
  {
    title: 'Profit',
    key: 'profit',
    align: 'right',
    sorter: compareExampleRows('profit'),
    render: (_, row) => <SignedValue sign={row.profit}>{formatCents(row.profit)}</SignedValue>,
  },
  {
    title: 'Margin',
    key: 'margin',
    align: 'right',
    sorter: compareExampleRows('margin'),
    render: (_, row) => (
      <SignedValue sign={row.marginBasisPoints}>{formatMargin(row.marginBasisPoints)}</SignedValue>
    ),
  },
];

/** The example quantities (1 to 10,000,000 and the extra one), sortable by every column. */
export function MarginExamplesTable({ rows }: { readonly rows: readonly ExampleRow[] }) {
  return (
    <div data-testid="margin-examples">
      <Table<ExampleRow>
        columns={COLUMNS}
        dataSource={rows}
        rowKey="quantity"
        pagination={false}
        size="small"
        scroll={{ x: 'max-content' }}
      />
    </div>
  );
}
