import { Table, Typography, type TableColumnsType } from 'antd';
import type { JournalEntry } from '../../shared/api';
import { amountText, amountTone, journalDateText, partyText, type AmountTone } from './journal-entries';
import { refTypeLabel } from './journal-ref-types';

const TEXT_TYPE: Record<AmountTone, 'success' | 'danger' | undefined> = {
  positive: 'success',
  negative: 'danger',
  neutral: undefined,
};

const COLUMNS: TableColumnsType<JournalEntry> = [
  {
    title: 'Date',
    dataIndex: 'date',
    key: 'date',
    render: (date: string) => (
      <time dateTime={date} style={{ whiteSpace: 'nowrap' }}>
        {journalDateText(date)}
      </time>
    ),
  },
  {
    title: 'First Party',
    dataIndex: 'firstPartyName',
    key: 'firstParty',
    render: (name: string | null) => partyText(name),
  },
  {
    title: 'Second Party',
    dataIndex: 'secondPartyName',
    key: 'secondParty',
    render: (name: string | null) => partyText(name),
  },
  {
    title: 'Amount',
    dataIndex: 'amount',
    key: 'amount',
    align: 'right',
    render: (amount: number | null) => {
      const tone = amountTone(amount);
      return (
        <Typography.Text
          type={TEXT_TYPE[tone]}
          data-testid="journal-amount"
          data-tone={tone}
          style={{ whiteSpace: 'nowrap' }}
        >
          {amountText(amount)}
        </Typography.Text>
      );
    },
  },
  {
    title: 'Description',
    dataIndex: 'description',
    key: 'description',
    render: (description: string, entry) => (
      <span data-ref-type={entry.refType} title={refTypeLabel(entry.refType)}>
        {description}
      </span>
    ),
  },
];

interface JournalTableProps {
  readonly entries: readonly JournalEntry[];
  readonly loading: boolean;
  readonly emptyText: string;
}

/** The journal rows, newest first as the server pages them (account-area §2 Journal). */
export function JournalTable({ entries, loading, emptyText }: JournalTableProps) {
  return (
    // The region scrolls sideways on narrow screens; it takes focus so keyboard users can scroll it too.
    <div
      data-testid="journal-table"
      role="region"
      aria-label="Journal entries"
      tabIndex={0}
      style={{ overflowX: 'auto' }}
    >
      <Table<JournalEntry>
        rowKey="id"
        columns={COLUMNS}
        dataSource={entries as JournalEntry[]}
        loading={loading}
        pagination={false}
        size="middle"
        locale={{ emptyText }}
      />
    </div>
  );
}
