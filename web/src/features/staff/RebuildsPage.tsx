import { Alert, Button, Flex, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { RebuildReport, RebuildReportPartition, RebuildReportRow } from '../../shared/api';
import { formatIskFull } from '../../shared/format';
import { selectAccount } from '../../shared/session';
import { serverErrorText } from '../../shared/ui/editable-list';
import { PageContainer } from '../../shared/ui/PageContainer';
import {
  useStaffDiscardRebuildMutation,
  useStaffProjectionsQuery,
  useStaffRebuildMutation,
  useStaffRebuildReportQuery,
  useStaffRebuildReportsQuery,
  useStaffSwitchRebuildMutation,
} from './staff-api';

const POLL_MS = 2000;
const DEFAULT_READ_MODEL = 'trade-ledger';
const isk = (cents: number): string => formatIskFull(cents / 100);

/** A report: per account the rows added, removed and changed and its profit before and after, then each row. */
function ReportView({ name, report }: { readonly name: string; readonly report: RebuildReport }) {
  const { data } = useStaffRebuildReportQuery({ name, id: report._id });
  const download = (format: 'csv' | 'json') =>
    `/api/v1/staff/projections/${encodeURIComponent(name)}/reports/${report._id}?format=${format}`;
  return (
    <Flex vertical gap="small" data-testid="rebuild-report">
      <Typography.Text>
        Report {report._id}: rules revision {report.servingRulesRevision ?? 'spec'} →{' '}
        {report.builtRulesRevision ?? 'spec'}, requested by {report.requestedBy} at {report.createdAt}.{' '}
        <Tag>{report.decision.state}</Tag>
      </Typography.Text>
      <Space>
        <a href={download('csv')} download>
          Download CSV
        </a>
        <a href={download('json')} download>
          Download JSON
        </a>
      </Space>
      <Table<RebuildReportPartition>
        rowKey="partition"
        dataSource={report.partitions}
        pagination={false}
        size="small"
        locale={{
          emptyText: 'No account has a row added, removed or changed: the rebuild serves the same figures.',
        }}
        data-testid="report-partitions"
        columns={[
          { title: 'Account', dataIndex: 'partition' },
          { title: 'Added', dataIndex: 'rowsAdded', align: 'right' },
          { title: 'Removed', dataIndex: 'rowsRemoved', align: 'right' },
          { title: 'Changed', dataIndex: 'rowsChanged', align: 'right' },
          { title: 'Profit before', dataIndex: 'profitBeforeCents', align: 'right', render: isk },
          { title: 'Profit after', dataIndex: 'profitAfterCents', align: 'right', render: isk },
          {
            title: 'Difference',
            key: 'difference',
            align: 'right',
            render: (_: unknown, p) => isk(p.profitAfterCents - p.profitBeforeCents),
          },
        ]}
      />
      <Table<RebuildReportRow>
        rowKey="_id"
        dataSource={data?.rows ?? []}
        size="small"
        locale={{ emptyText: 'No row differs.' }}
        data-testid="report-rows"
        columns={[
          { title: 'Row', dataIndex: 'documentId' },
          { title: 'Change', dataIndex: 'change' },
          {
            title: 'Profit before',
            dataIndex: 'profitBeforeCents',
            align: 'right',
            render: (cents: number | null) => (cents === null ? '—' : isk(cents)),
          },
          {
            title: 'Profit after',
            dataIndex: 'profitAfterCents',
            align: 'right',
            render: (cents: number | null) => (cents === null ? '—' : isk(cents)),
          },
          { title: 'Fields', dataIndex: 'changedFields', render: (fields: string[]) => fields.join(', ') },
        ]}
      />
    </Flex>
  );
}

/**
 * Rebuild a read model beside the serving one, read what it would change per account, then switch or discard.
 * Past reports stay listed with who decided.
 */
export default function RebuildsPage() {
  const [name, setName] = useState(DEFAULT_READ_MODEL);
  const isStaff = useSelector(selectAccount)?.staffRole === 'staff';
  const { data: statuses } = useStaffProjectionsQuery(undefined, { pollingInterval: POLL_MS });
  const { data: reports } = useStaffRebuildReportsQuery({ name }, { pollingInterval: POLL_MS });
  const [rebuild, rebuilding] = useStaffRebuildMutation();
  const [switchTo, switching] = useStaffSwitchRebuildMutation();
  const [discard, discarding] = useStaffDiscardRebuildMutation();
  const status = statuses?.find((each) => each.name === name);
  const pending = reports?.find(
    (report) => report.decision.state === 'pending' && report._id === status?.rebuild?.reportId,
  );
  const error = rebuilding.error ?? switching.error ?? discarding.error;
  return (
    <PageContainer
      title="Rebuild & diff"
      description="A rebuild with a diff is built beside the serving read model and compared with it; reads switch only when staff say so."
    >
      <Flex vertical gap="middle">
        <Space wrap>
          <Select
            value={name}
            onChange={setName}
            style={{ width: 240 }}
            aria-label="Read model"
            options={(statuses ?? []).map((each) => ({ value: each.name, label: each.name }))}
          />
          {status?.rules?.changed ? (
            <Tag color="warning" data-testid="rules-changed">
              Rules changed since this read model was built: rebuild to apply
            </Tag>
          ) : null}
          {isStaff ? (
            <Button
              type="primary"
              disabled={Boolean(status?.rebuild)}
              loading={rebuilding.isLoading}
              onClick={() => void rebuild({ name, staffRebuildRequest: { diff: true } })}
            >
              Rebuild with diff
            </Button>
          ) : null}
        </Space>
        {error ? <Alert type="error" showIcon message={serverErrorText(error)} /> : null}
        {status?.rebuild && !status.rebuild.reportId ? (
          <Alert
            type="info"
            showIcon
            message={`Building ${status.rebuild.collection}: position ${status.rebuild.position} of ${status.headPosition}`}
          />
        ) : null}
        {pending ? (
          <>
            <ReportView name={name} report={pending} />
            {isStaff ? (
              <Space>
                <Button type="primary" loading={switching.isLoading} onClick={() => void switchTo({ name })}>
                  Switch to the rebuild
                </Button>
                <Button danger loading={discarding.isLoading} onClick={() => void discard({ name })}>
                  Discard
                </Button>
              </Space>
            ) : null}
          </>
        ) : null}
        <Table<RebuildReport>
          rowKey="_id"
          dataSource={(reports ?? []).filter((report) => report !== pending)}
          pagination={false}
          size="small"
          title={() => 'Past reports'}
          locale={{ emptyText: 'No earlier rebuild of this read model was compared.' }}
          data-testid="past-reports"
          columns={[
            { title: 'Created', dataIndex: 'createdAt' },
            { title: 'Requested by', dataIndex: 'requestedBy' },
            {
              title: 'Rows changed',
              key: 'changed',
              align: 'right',
              render: (_: unknown, r) => r.totals.rowsChanged,
            },
            {
              title: 'Decision',
              key: 'decision',
              render: (_: unknown, r) =>
                r.decision.state === 'pending'
                  ? 'pending'
                  : `${r.decision.state} by ${r.decision.by} at ${r.decision.at}`,
            },
            {
              title: 'Download',
              key: 'download',
              render: (_: unknown, r) => (
                <a
                  href={`/api/v1/staff/projections/${encodeURIComponent(name)}/reports/${r._id}?format=csv`}
                  download
                >
                  CSV
                </a>
              ),
            },
          ]}
        />
      </Flex>
    </PageContainer>
  );
}
