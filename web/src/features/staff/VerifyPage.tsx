import { Alert, Button, Table } from 'antd';
import type { StaffAuditReport } from '../../shared/api';
import { serverErrorText } from '../../shared/ui/editable-list';
import { PageContainer } from '../../shared/ui/PageContainer';
import { useStaffAuditVerifyMutation } from './staff-api';

type Problem = StaffAuditReport['problems'][number];

function summary(report: StaffAuditReport): string {
  const digests =
    report.lastDigestThrough === null
      ? 'no signed digest yet, so a deleted tail cannot be detected'
      : `${report.digestsChecked} signed digests, the last through position ${report.lastDigestThrough}`;
  return `${report.eventsChecked} events in ${report.streamsChecked} streams; ${digests}.`;
}

/** Re-checks every stream's hash chain and the signed digests of stream heads, and names what does not match. */
export default function VerifyPage() {
  const [verify, { data: report, error, isLoading }] = useStaffAuditVerifyMutation();
  return (
    <PageContainer
      title="Verify the event log"
      description="Re-reads the whole log and checks every event against its chain hash and the signed digests."
      extra={
        <Button type="primary" loading={isLoading} onClick={() => void verify()} data-testid="staff-verify">
          Verify now
        </Button>
      }
    >
      {error ? <Alert type="error" showIcon message={serverErrorText(error)} /> : null}
      {report ? (
        <div data-testid="staff-verify-result">
          <Alert
            type={report.ok ? 'success' : 'error'}
            showIcon
            message={report.ok ? 'Every chain and digest matches' : 'Tampering found'}
            description={summary(report)}
            style={{ marginBottom: 16 }}
          />
          {report.problems.length > 0 ? (
            <Table<Problem>
              rowKey={(problem) =>
                `${problem.kind} ${problem.streamId} ${problem.revision ?? ''} ${problem.position ?? ''}`
              }
              size="small"
              pagination={false}
              dataSource={[...report.problems]}
              columns={[
                { title: 'Problem', dataIndex: 'kind' },
                { title: 'Stream', dataIndex: 'streamId' },
                { title: 'Revision', dataIndex: 'revision', align: 'right' },
                { title: 'Position', dataIndex: 'position', align: 'right' },
                { title: 'What', dataIndex: 'detail' },
              ]}
            />
          ) : null}
        </div>
      ) : null}
    </PageContainer>
  );
}
