import { Table, Typography, theme, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import type { AccountTransaction, SubscriptionRecord } from '../../shared/api';
import { TIER_NAMES } from '../../shared/config/tiers';
import { formatIskFull } from '../../shared/format';
import { billingDateText, transactionTypeLabel } from './subscription-rules';

const dateCell = (date: string) => (
  <time dateTime={date} style={{ whiteSpace: 'nowrap' }}>
    {billingDateText(date)}
  </time>
);

const TRANSACTION_COLUMNS: TableColumnsType<AccountTransaction> = [
  { title: 'Date', dataIndex: 'date', key: 'date', render: dateCell },
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
  { title: 'Start Date', dataIndex: 'startDate', key: 'start', render: dateCell },
  { title: 'End Date', dataIndex: 'endDate', key: 'end', render: dateCell },
];

/** antd's empty-table grey is too faint on the dark theme (axe contrast): the theme's secondary text instead. */
function EmptyText({ children }: { readonly children: ReactNode }) {
  const { token } = theme.useToken();
  return <span style={{ color: token.colorTextSecondary }}>{children}</span>;
}

function Region({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  // Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too.
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      {children}
    </div>
  );
}

/** Transactions (Date, Type, Amount, Note), newest first as the server sends them (account-area §2). */
export function TransactionsTable({
  transactions,
  loading,
}: {
  readonly transactions: readonly AccountTransaction[] | undefined;
  readonly loading: boolean;
}) {
  return (
    <Region label="Transactions">
      <Table<AccountTransaction>
        data-testid="transactions-table"
        size="small"
        rowKey="id"
        loading={loading}
        columns={TRANSACTION_COLUMNS}
        dataSource={transactions ? [...transactions] : []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: <EmptyText>No transactions yet.</EmptyText> }}
      />
    </Region>
  );
}

/** Purchased Subscriptions (Tier, Start Date, End Date), newest first, the trial included. */
export function PurchasedSubscriptionsTable({
  subscriptions,
  loading,
}: {
  readonly subscriptions: readonly SubscriptionRecord[] | undefined;
  readonly loading: boolean;
}) {
  return (
    <Region label="Purchased Subscriptions">
      <Table<SubscriptionRecord>
        data-testid="subscriptions-table"
        size="small"
        rowKey="id"
        loading={loading}
        columns={SUBSCRIPTION_COLUMNS}
        dataSource={subscriptions ? [...subscriptions] : []}
        pagination={{ pageSize: 20, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: <EmptyText>No subscriptions yet.</EmptyText> }}
      />
    </Region>
  );
}
