import { Alert, Table, Tag, Typography } from 'antd';
import type { StaffProjectionStatus } from '../../shared/api';
import { serverErrorText } from '../../shared/ui/editable-list';
import { PageContainer } from '../../shared/ui/PageContainer';
import { useStaffProjectionsQuery } from './staff-api';

const POLL_MS = 5000;

const STATE_COLORS: Record<StaffProjectionStatus['state'], string> = {
  starting: 'default',
  'catching-up': 'processing',
  live: 'success',
  failed: 'error',
  stopped: 'warning',
};

/** Every read model: its version, state, position against the head of the log, a rebuild under way, and failures. */
export default function ProjectionsPage() {
  const { data, error, isLoading } = useStaffProjectionsQuery(undefined, { pollingInterval: POLL_MS });
  return (
    <PageContainer
      title="Read models"
      description="Each read model's checkpoint against the head of the event log, refreshed every 5 seconds."
    >
      {error ? <Alert type="error" showIcon message={serverErrorText(error)} /> : null}
      <Table<StaffProjectionStatus>
        rowKey="name"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        size="middle"
        data-testid="staff-projections"
        columns={[
          { title: 'Read model', dataIndex: 'name' },
          { title: 'Version', dataIndex: 'version', align: 'right' },
          {
            title: 'State',
            dataIndex: 'state',
            render: (state: StaffProjectionStatus['state']) => <Tag color={STATE_COLORS[state]}>{state}</Tag>,
          },
          { title: 'Position', dataIndex: 'position', align: 'right' },
          { title: 'Head', dataIndex: 'headPosition', align: 'right' },
          { title: 'Lag', dataIndex: 'lag', align: 'right' },
          {
            title: 'Rebuild',
            dataIndex: 'rebuild',
            render: (rebuild: StaffProjectionStatus['rebuild']) =>
              rebuild
                ? `${rebuild.collection} at ${rebuild.position} (${Math.round(rebuild.eventsPerSecond)} events/s)`
                : '—',
          },
          {
            title: 'Problems',
            key: 'problems',
            render: (_: unknown, status: StaffProjectionStatus) =>
              status.error || status.failedPartitions.length > 0 ? (
                <Typography.Text type="danger">
                  {[
                    status.error,
                    ...status.failedPartitions.map(
                      (failure) =>
                        `${failure.partition} stopped at ${failure.position} (${failure.eventType ?? 'unknown event'}): ${failure.reason}`,
                    ),
                  ]
                    .filter(Boolean)
                    .join('; ')}
                </Typography.Text>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </PageContainer>
  );
}
