import { Table, Typography, theme, type TableColumnsType } from 'antd';
import type { AccountTransaction, SubscriptionRecord } from '../../shared/api';
import { TIER_NAMES } from '../../shared/config/tiers';
import { formatIskFull } from '../../shared/format';
import { dateColumn } from '../../shared/ui/editable-list';
import { transactionTypeLabel } from './subscription-rules';

const TRANSACTION_COLUMNS: TableColumnsType<AccountTransaction> = [
  dateColumn((row) => row.date),
  {
    title: 'Type',
    dataIndex: 'reason',
    key: 'type',
    render: (reason: string) => <span data-testid="transaction-type">{transactionTypeLabel(reason)}</span>,
  },
  {
    title: 'Amount',
    dataIndex: 'amount',
    key: 'amount',
    align: 'right',
    render: (amount: number) => (
      <Typography.Text
        type={amount < 0 ? 'danger' : amount > 0 ? 'success' : undefined}
        style={{ whiteSpace: 'nowrap' }}
        data-testid="transaction-amount"
      >
        {formatIskFull(amount)}
      </Typography.Text>
    ),
  },
  { title: 'Note', dataIndex: 'description', key: 'note' },
];

const SUBSCRIPTION_COLUMNS: TableColumnsType<SubscriptionRecord> = [
  {
    title: 'Tier',
    dataIndex: 'tier',
    key: 'tier',
    render: (tier: SubscriptionRecord['tier']) => TIER_NAMES[tier] ?? tier,
  },
  { ...dateColumn((row) => row.startDate, 'Start Date'), key: 'start' },
  { ...dateColumn((row) => row.endDate, 'End Date'), key: 'end' },
];

interface BillingTableProps<Row> {
  /** The scrolling region's accessible name. */
  readonly label: string;
  readonly testId: string;
  readonly columns: TableColumnsType<Row>;
  readonly rows: readonly Row[] | undefined;
  readonly loading: boolean;
  readonly emptyText: string;
}

/** One billing list, newest first as the server sends it, 20 rows a page; scrolls sideways on narrow screens. */
function BillingTable<Row extends { readonly id: string }>({
  label,
  testId,
  columns,
  rows,
  loading,
  emptyText,
}: BillingTableProps<Row>) {
  const { token } = theme.useToken();
  return (
    // Focusable so keyboard users can scroll it too.
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table<Row>
        data-testid={testId}
        size="small"
        rowKey="id"
        loading={loading}
        columns={columns}
        dataSource={rows ? [...rows] : []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        // antd's empty-table grey is too faint on the dark theme (axe contrast): the theme's secondary text.
        locale={{ emptyText: <span style={{ color: token.colorTextSecondary }}>{emptyText}</span> }}
      />
    </div>
  );
}

/** Transactions (Date, Type, Amount, Note) (account-area §2). */
export function TransactionsTable({
  transactions,
  loading,
}: {
  readonly transactions: readonly AccountTransaction[] | undefined;
  readonly loading: boolean;
}) {
  return (
    <BillingTable
      label="Transactions"
      testId="transactions-table"
      columns={TRANSACTION_COLUMNS}
      rows={transactions}
      loading={loading}
      emptyText="No transactions yet."
    />
  );
}

/** Purchased Subscriptions (Tier, Start Date, End Date), the trial included. */
export function PurchasedSubscriptionsTable({
  subscriptions,
  loading,
}: {
  readonly subscriptions: readonly SubscriptionRecord[] | undefined;
  readonly loading: boolean;
}) {
  return (
    <BillingTable
      label="Purchased Subscriptions"
      testId="subscriptions-table"
      columns={SUBSCRIPTION_COLUMNS}
      rows={subscriptions}
      loading={loading}
      emptyText="No subscriptions yet."
    />
  );
}
