import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Table,
  Tag,
  Typography,
  message,
} from 'antd';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import { useSearchParams } from 'react-router';
import type { StaffAccountSummary, StaffTimelineEvent } from '../../shared/api';
import { formatIskFull, formatUtcDate } from '../../shared/format';
import { selectAccount } from '../../shared/session';
import { serverErrorText } from '../../shared/ui/editable-list';
import { PageContainer } from '../../shared/ui/PageContainer';
import { mergedTimeline, timelineSummary, timelineTime } from './staff-accounts';
import {
  useLazyStaffAccountTimelineQuery,
  useStaffAccountQuery,
  useStaffAccountTimelineQuery,
  useStaffCreditAccountMutation,
  useStaffDebitAccountMutation,
  useStaffFindAccountsQuery,
} from './staff-api';

const TIMELINE_PAGE = 50;

function characterNames(account: StaffAccountSummary): string {
  return account.characters.map((character) => character.name).join(', ');
}

function AccountLookup({ onOpen }: { readonly onOpen: (accountId: string) => void }) {
  const [name, setName] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const { data, error, isFetching } = useStaffFindAccountsQuery(
    { characterName: name },
    { skip: name.length < 2 },
  );
  return (
    <Card title="Find an account" size="small">
      <Input.Search
        placeholder="Part of a character's name"
        allowClear
        enterButton="Find"
        maxLength={37}
        aria-label="Character name"
        data-testid="staff-account-search"
        onSearch={(text) => {
          const trimmed = text.trim();
          setTooShort(trimmed.length === 1);
          setName(trimmed);
        }}
        style={{ maxWidth: 420 }}
      />
      {error ? (
        <Alert type="error" showIcon message={serverErrorText(error)} style={{ marginTop: 12 }} />
      ) : null}
      {tooShort ? (
        <Typography.Paragraph type="warning" style={{ marginTop: 12, marginBottom: 0 }}>
          Type at least 2 characters of a name.
        </Typography.Paragraph>
      ) : null}
      {name.length >= 2 ? (
        <Table<StaffAccountSummary>
          style={{ marginTop: 12 }}
          rowKey="id"
          size="small"
          loading={isFetching}
          dataSource={data ?? []}
          pagination={false}
          data-testid="staff-account-results"
          locale={{ emptyText: `No character's name contains '${name}'.` }}
          columns={[
            { title: 'Characters', key: 'characters', render: (_, account) => characterNames(account) },
            { title: 'Tier', dataIndex: 'subscriptionTier' },
            {
              title: 'Balance (ISK)',
              dataIndex: 'balance',
              align: 'right',
              render: (balance: number) => formatIskFull(balance),
            },
            {
              title: '',
              key: 'open',
              render: (_, account) => (
                <Button size="small" onClick={() => onOpen(account.id)}>
                  Open
                </Button>
              ),
            },
          ]}
        />
      ) : null}
    </Card>
  );
}

function BalanceChangeForm({ accountId }: { readonly accountId: string }) {
  const [form] = Form.useForm<{ direction: 'credit' | 'debit'; isk: number; reason: string }>();
  const [credit, credited] = useStaffCreditAccountMutation();
  const [debit, debited] = useStaffDebitAccountMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const submit = async (values: { direction: 'credit' | 'debit'; isk: number; reason: string }) => {
    setFailure(null);
    const change = { accountId, staffBalanceChange: { isk: values.isk, reason: values.reason } };
    const result = values.direction === 'credit' ? await credit(change) : await debit(change);
    if ('error' in result) {
      setFailure(serverErrorText(result.error));
      return;
    }
    void message.success(`Done: the balance is ${formatIskFull(result.data.balance)} ISK.`);
    form.resetFields(['isk', 'reason']);
  };
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={{ direction: 'credit' }}
      onFinish={(values) => void submit(values)}
      data-testid="staff-balance-change"
    >
      <Form.Item name="direction">
        <Radio.Group
          optionType="button"
          options={[
            { label: 'Credit', value: 'credit' },
            { label: 'Debit', value: 'debit' },
          ]}
        />
      </Form.Item>
      <Form.Item name="isk" rules={[{ required: true, message: 'How much ISK?' }]}>
        <InputNumber<number> min={0.01} step={1_000_000} precision={2} placeholder="ISK" aria-label="ISK" />
      </Form.Item>
      <Form.Item
        name="reason"
        rules={[{ required: true, whitespace: true, message: 'Say why (the player and auditors read it).' }]}
      >
        <Input placeholder="Reason" maxLength={500} aria-label="Reason" style={{ width: 320 }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={credited.isLoading || debited.isLoading}>
        Record
      </Button>
      {failure ? (
        <Alert type="error" showIcon message={failure} style={{ marginTop: 8, width: '100%' }} />
      ) : null}
    </Form>
  );
}

function AccountTimeline({ accountId }: { readonly accountId: string }) {
  const newest = useStaffAccountTimelineQuery({ accountId, limit: TIMELINE_PAGE });
  const [loadOlder, older] = useLazyStaffAccountTimelineQuery();
  const [olderPages, setOlderPages] = useState<{ events: StaffTimelineEvent[]; nextBefore: number | null }[]>(
    [],
  );
  const events = mergedTimeline([newest.data?.events ?? [], ...olderPages.map((page) => page.events)]);
  const nextBefore =
    olderPages.length > 0 ? olderPages[olderPages.length - 1]!.nextBefore : (newest.data?.nextBefore ?? null);
  const readOlder = async () => {
    if (nextBefore === null) return;
    const page = await loadOlder({ accountId, before: nextBefore, limit: TIMELINE_PAGE }).unwrap();
    setOlderPages((pages) => [...pages, page]);
  };
  return (
    <Card title="Timeline" size="small">
      {newest.error || older.error ? (
        <Alert type="error" showIcon message={serverErrorText(newest.error ?? older.error)} />
      ) : null}
      <Table<StaffTimelineEvent>
        rowKey="eventId"
        size="small"
        loading={newest.isFetching}
        dataSource={events}
        pagination={false}
        tableLayout="fixed"
        data-testid="staff-account-timeline"
        columns={[
          { title: 'Recorded (UTC)', dataIndex: 'recordedAt', render: timelineTime, width: 170 },
          { title: 'Event', dataIndex: 'type', render: (type: string) => <Tag>{type}</Tag>, width: 220 },
          { title: 'By', dataIndex: 'actor', width: 190, ellipsis: true },
          {
            title: 'What',
            key: 'what',
            ellipsis: { showTitle: false },
            render: (_, event) => (
              <Typography.Text style={{ fontSize: 12 }} ellipsis={{ tooltip: timelineSummary(event) }}>
                {timelineSummary(event)}
              </Typography.Text>
            ),
          },
          { title: 'Position', dataIndex: 'position', align: 'right', width: 90 },
        ]}
      />
      {nextBefore !== null ? (
        <Button style={{ marginTop: 12 }} loading={older.isFetching} onClick={() => void readOlder()}>
          Load older events
        </Button>
      ) : null}
    </Card>
  );
}

function AccountDetails({ accountId }: { readonly accountId: string }) {
  const role = useSelector(selectAccount)?.staffRole ?? null;
  const { data: account, error } = useStaffAccountQuery({ accountId });
  if (error) return <Alert type="error" showIcon message={serverErrorText(error)} />;
  if (!account) return null;
  return (
    <Flex vertical gap={16}>
      <Card title={characterNames(account)} size="small" data-testid="staff-account">
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            {
              key: 'id',
              label: 'Account',
              children: <Typography.Text copyable>{account.id}</Typography.Text>,
            },
            { key: 'tier', label: 'Tier', children: account.subscriptionTier },
            {
              key: 'end',
              label: 'Subscription ends',
              children: account.subscriptionEnd ? formatUtcDate(account.subscriptionEnd) : '—',
            },
            {
              key: 'balance',
              label: 'Balance',
              children: <span data-testid="staff-account-balance">{formatIskFull(account.balance)} ISK</span>,
            },
            { key: 'sync', label: 'Sync', children: account.syncEnabled ? 'On' : 'Off' },
            { key: 'opened', label: 'Opened', children: formatUtcDate(account.openedAt) },
            {
              key: 'last',
              label: 'Last sync',
              children: account.lastUpdate ? timelineTime(account.lastUpdate) : 'never',
            },
          ]}
        />
        {role === 'staff' ? (
          <div style={{ marginTop: 16 }}>
            <BalanceChangeForm accountId={account.id} />
          </div>
        ) : (
          <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
            Auditors read only: credits and debits are for support staff.
          </Typography.Paragraph>
        )}
      </Card>
      <AccountTimeline accountId={account.id} />
    </Flex>
  );
}

/** Support staff find an account by a character's name, read its timeline, and credit or debit its balance. */
export default function AccountsPage() {
  const [params, setParams] = useSearchParams();
  const accountId = params.get('account');
  return (
    <PageContainer title="Accounts" description="Find an account by any of its characters' names.">
      <Flex vertical gap={16}>
        <AccountLookup onOpen={(id) => setParams({ account: id })} />
        {accountId ? <AccountDetails key={accountId} accountId={accountId} /> : null}
      </Flex>
    </PageContainer>
  );
}
