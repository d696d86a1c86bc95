import { Alert, Button, Descriptions, Drawer, Flex, Form, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import type { StaffEvent } from '../../shared/api';
import { serverErrorText } from '../../shared/ui/editable-list';
import { PageContainer } from '../../shared/ui/PageContainer';
import { eventLogExportHref, eventLogSelection, type EventLogFilters } from './event-log';
import { useStaffEventQuery, useStaffEventsQuery } from './staff-api';
import { timelineTime } from './staff-accounts';

const PAGE = 50;

function EventTable({
  events,
  loading,
  testId,
  onOpen,
}: {
  readonly events: readonly StaffEvent[];
  readonly loading?: boolean;
  readonly testId: string;
  readonly onOpen: (id: string) => void;
}) {
  return (
    <Table<StaffEvent>
      rowKey="id"
      size="small"
      loading={loading}
      dataSource={[...events]}
      pagination={false}
      locale={{ emptyText: 'No event.' }}
      data-testid={testId}
      onRow={(event) => ({ onClick: () => onOpen(event.id), style: { cursor: 'pointer' } })}
      columns={[
        { title: 'Position', dataIndex: 'position', align: 'right' },
        {
          title: 'Recorded (UTC)',
          key: 'recordedAt',
          render: (_: unknown, event: StaffEvent) => timelineTime(event.metadata.recordedAt),
        },
        { title: 'Stream', dataIndex: 'streamId' },
        { title: 'Revision', dataIndex: 'revision', align: 'right' },
        { title: 'Type', dataIndex: 'type' },
        { title: 'Actor', key: 'actor', render: (_: unknown, event: StaffEvent) => event.metadata.actor },
      ]}
    />
  );
}

/** One event: its metadata and hash, its stored data, what it caused, and the rest of its correlation group. */
function EventDrawer({
  id,
  onOpen,
  onClose,
}: {
  readonly id: string | null;
  readonly onOpen: (id: string) => void;
  readonly onClose: () => void;
}) {
  const { data, error, isFetching } = useStaffEventQuery({ id: id ?? '' }, { skip: id === null });
  const event = data?.event;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={760}
      title={event ? `${event.type} at ${event.position}` : id}
    >
      {error ? <Alert type="error" showIcon message={serverErrorText(error)} /> : null}
      {event ? (
        <div data-testid="staff-event-detail">
          <Descriptions
            bordered
            size="small"
            column={1}
            items={[
              { key: 'stream', label: 'Stream', children: `${event.streamId} @ ${event.revision}` },
              { key: 'id', label: 'Event id', children: event.id },
              { key: 'actor', label: 'Actor', children: event.metadata.actor },
              { key: 'correlation', label: 'Correlation', children: event.metadata.$correlationId },
              { key: 'causation', label: 'Causation', children: event.metadata.$causationId },
              { key: 'recordedAt', label: 'Recorded at', children: event.metadata.recordedAt },
              { key: 'schema', label: 'Schema version', children: event.metadata.schemaVersion },
              {
                key: 'hash',
                label: 'Chain hash',
                children: (
                  <Typography.Text code data-testid="staff-event-hash">
                    {event.hash ?? 'none'}
                  </Typography.Text>
                ),
              },
            ]}
          />
          <Typography.Title level={5}>Data (as stored)</Typography.Title>
          <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {JSON.stringify(event.data, null, 2)}
          </pre>
        </div>
      ) : null}
      {data ? (
        <>
          <Typography.Title level={5}>Caused by this ({data.caused.length})</Typography.Title>
          <EventTable events={data.caused} testId="staff-event-caused" onOpen={onOpen} loading={isFetching} />
          <Typography.Title level={5}>
            Correlation group ({data.correlationGroup.length}
            {data.correlationGroupTruncated ? '+' : ''})
          </Typography.Title>
          <EventTable events={data.correlationGroup} testId="staff-event-correlation" onOpen={onOpen} />
        </>
      ) : null}
    </Drawer>
  );
}

/** The event log for auditors: filter, page newest first, open an event and its causation chain, export. */
export default function EventLogPage() {
  const [filters, setFilters] = useState<EventLogFilters>({});
  const [cursors, setCursors] = useState<readonly number[]>([]);
  const [openId, setOpenId] = useState<string | null>(null);
  const selection = eventLogSelection(filters);
  const after = cursors.at(-1);
  const { data, error, isFetching } = useStaffEventsQuery({
    ...selection,
    order: 'newest',
    limit: PAGE,
    ...(after !== undefined ? { after } : {}),
  });
  return (
    <PageContainer
      title="Event log"
      description="Every stored event with its metadata and chain hash, newest first. Open one to follow what it caused."
      extra={
        <Button href={eventLogExportHref(selection)} download data-testid="staff-events-export">
          Export JSON Lines
        </Button>
      }
    >
      <Form<EventLogFilters>
        layout="inline"
        data-testid="staff-events-filters"
        onFinish={(values) => {
          setFilters(values);
          setCursors([]);
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="account" label="Account">
          <Input allowClear style={{ width: 290 }} />
        </Form.Item>
        <Form.Item name="character" label="Character">
          <Input allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="stream" label="Stream">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="type" label="Types">
          <Input allowClear placeholder="Comma-separated" />
        </Form.Item>
        <Form.Item name="correlation" label="Correlation">
          <Input allowClear />
        </Form.Item>
        <Form.Item name="from" label="From">
          <Input allowClear placeholder="2026-11-01" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="to" label="To">
          <Input allowClear placeholder="2026-12-01" style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          Show
        </Button>
      </Form>
      {error ? (
        <Alert type="error" showIcon message={serverErrorText(error)} style={{ marginBottom: 16 }} />
      ) : null}
      <EventTable events={data?.events ?? []} loading={isFetching} testId="staff-events" onOpen={setOpenId} />
      <Flex gap={8} justify="flex-end" style={{ marginTop: 16 }}>
        <Button disabled={cursors.length === 0} onClick={() => setCursors(cursors.slice(0, -1))}>
          Newer
        </Button>
        <Button
          disabled={!data || data.nextCursor === null}
          onClick={() => data?.nextCursor != null && setCursors([...cursors, data.nextCursor])}
        >
          Older
        </Button>
      </Flex>
      <EventDrawer id={openId} onOpen={setOpenId} onClose={() => setOpenId(null)} />
    </PageContainer>
  );
}
