import { Card, Table, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import { formatRelativeTime, formatUtcDate } from '../../shared/format';
import { useAppraisalHistoryQuery, type AppraisalSummary } from './appraisal-api';
import { formatAgo, formatWholeNumber, iskCell } from './appraisal-format';
import { useNow } from '../../shared/hooks/use-now';

function when(time: string | null, now: number, past = false) {
  if (time === null) return '-';
  const text = past ? formatAgo(time, now) : formatRelativeTime(time, now);
  return <span title={formatUtcDate(Date.parse(time))}>{text}</span>;
}

function isk(value: number) {
  const { text, title } = iskCell(value);
  return <span title={title}>{text}</span>;
}

/** Appraisal History (public-tools §2): the logged-in account's saved appraisals, newest first. */
export function AppraisalHistory() {
  const now = useNow(30_000);
  const { data, isFetching } = useAppraisalHistoryQuery();
  const columns: TableColumnsType<AppraisalSummary> = [
    { key: 'id', title: 'ID', render: (_, row) => <Link to={`/appraisal/${row.id}`}>{row.id}</Link> },
    {
      key: 'itemCount',
      title: 'Item Count',
      align: 'right',
      sorter: (a, b) => a.itemCount - b.itemCount,
      render: (_, row) => formatWholeNumber(row.itemCount),
    },
    {
      key: 'totalSell',
      title: 'Total Sell',
      align: 'right',
      sorter: (a, b) => a.totalSell - b.totalSell,
      render: (_, row) => isk(row.totalSell),
    },
    {
      key: 'totalBuy',
      title: 'Total Buy',
      align: 'right',
      sorter: (a, b) => a.totalBuy - b.totalBuy,
      render: (_, row) => isk(row.totalBuy),
    },
    {
      key: 'created',
      title: 'Created',
      sorter: (a, b) => Date.parse(a.created) - Date.parse(b.created),
      render: (_, row) => when(row.created, now, true),
    },
    { key: 'expires', title: 'Expires', render: (_, row) => when(row.expires, now) },
  ];
  return (
    <Card title="Appraisal History" data-testid="appraisal-history">
      <Table<AppraisalSummary>
        columns={columns}
        dataSource={data ?? []}
        rowKey="id"
        size="small"
        loading={isFetching}
        pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
        locale={{ emptyText: 'No saved appraisals yet.' }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
