import { Alert, Button, Descriptions, Flex, Form, Input, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { StaffTradeRules } from '../../shared/api';
import { selectAccount } from '../../shared/session';
import { serverErrorText } from '../../shared/ui/editable-list';
import { PageContainer } from '../../shared/ui/PageContainer';
import { useChangeStaffRulesMutation, useStaffRulesQuery } from './staff-api';

type RuleChange = StaffTradeRules['history'][number];

const PPM_PER_PERCENT = 10_000;
const percent = (ppm: number): string => `${(ppm / PPM_PER_PERCENT).toFixed(3).replace(/\.?0+$/, '')}%`;

/** What a recorded change did, in words. */
function changeText(change: RuleChange): string {
  const data = change.data as Record<string, number | string>;
  switch (change.type) {
    case 'SalesTaxRateScheduled':
      return `Sales tax ${percent(data.ratePpm as number)} from ${data.from as string}`;
    case 'BuiltInBrokerFeesChanged':
      return `Built-in broker fees: buy ${percent(data.buyFeePpm as number)}, sell ${percent(data.sellFeePpm as number)}, NPC sell ${percent(data.npcSellFeePpm as number)}`;
    case 'PublicContractFeesChanged':
      return `Public contracts: broker fee ${percent(data.brokerFeePpm as number)}, sales tax ${percent(data.salesTaxPpm as number)}`;
    default:
      return change.type;
  }
}

interface ScheduleForm {
  readonly from: string;
  readonly ratePercent: number;
  readonly reason: string;
}

/** Staff record a sales tax rate from a date, with the reason auditors will read. */
function ScheduleSalesTax() {
  const [form] = Form.useForm<ScheduleForm>();
  const [change, { isLoading, error }] = useChangeStaffRulesMutation();
  const [recorded, setRecorded] = useState<string | null>(null);
  const submit = async ({ from, ratePercent, reason }: ScheduleForm) => {
    setRecorded(null);
    const ratePpm = Math.round(ratePercent * PPM_PER_PERCENT);
    const answer = await change({ staffRuleChange: { type: 'ScheduleSalesTaxRate', from, ratePpm, reason } });
    if ('data' in answer) {
      setRecorded(
        `Recorded: sales tax ${percent(ratePpm)} from ${from}. Rebuild the trade ledger to apply it.`,
      );
      form.resetFields();
    }
  };
  return (
    <Flex vertical gap="small" data-testid="schedule-sales-tax">
      <Typography.Title level={5}>Schedule a sales tax rate</Typography.Title>
      {error ? <Alert type="error" showIcon message={serverErrorText(error)} /> : null}
      {recorded ? <Alert type="success" showIcon message={recorded} /> : null}
      <Form<ScheduleForm> form={form} layout="inline" onFinish={(values) => void submit(values)}>
        <Form.Item name="from" label="From (UTC date)" rules={[{ required: true }]}>
          <Input type="date" aria-label="From" />
        </Form.Item>
        <Form.Item name="ratePercent" label="Rate (%)" rules={[{ required: true }]}>
          <InputNumber min={0} max={100} step={0.001} aria-label="Rate" />
        </Form.Item>
        <Form.Item name="reason" label="Reason" rules={[{ required: true }]}>
          <Input style={{ width: 360 }} aria-label="Reason" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={isLoading}>
          Record
        </Button>
      </Form>
    </Flex>
  );
}

/** The trade rules in force (sales tax history, fee defaults) and every change: who, when and why. */
export default function RulesPage() {
  const { data, error, isLoading } = useStaffRulesQuery();
  const isStaff = useSelector(selectAccount)?.staffRole === 'staff';
  return (
    <PageContainer
      title="Rules"
      description="The numbers the trade ledger folds with. A change applies when the ledger is rebuilt (Rebuild & diff)."
    >
      {error ? <Alert type="error" showIcon message={serverErrorText(error)} /> : null}
      <Flex vertical gap="large">
        <Table
          rowKey="from"
          loading={isLoading}
          dataSource={data?.current.salesTaxHistory ?? []}
          pagination={false}
          size="small"
          title={() => 'Sales tax history (newest first)'}
          data-testid="sales-tax-history"
          columns={[
            {
              title: 'From',
              dataIndex: 'from',
              render: (from: string) => (from === '0000-01-01' ? 'Before' : from),
            },
            { title: 'Rate', dataIndex: 'ratePpm', align: 'right', render: percent },
          ]}
        />
        {data ? (
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Built-in broker fees">
              buy {percent(data.current.builtInBrokerFees.buyFeePpm)}, sell{' '}
              {percent(data.current.builtInBrokerFees.sellFeePpm)}, NPC sell{' '}
              {percent(data.current.builtInBrokerFees.npcSellFeePpm)}
            </Descriptions.Item>
            <Descriptions.Item label="Public contracts">
              broker fee {percent(data.current.publicContractFees.brokerFeePpm)}, sales tax{' '}
              {percent(data.current.publicContractFees.salesTaxPpm)}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
        {isStaff ? <ScheduleSalesTax /> : null}
        <Table<RuleChange>
          rowKey="revision"
          loading={isLoading}
          dataSource={data?.history ?? []}
          pagination={false}
          locale={{ emptyText: "No change recorded: the ledger folds with the spec's values." }}
          size="small"
          title={() => 'Changes (the spec values before the first)'}
          data-testid="rule-changes"
          columns={[
            { title: 'When', dataIndex: 'recordedAt' },
            { title: 'Who', dataIndex: 'actor' },
            { title: 'Change', key: 'change', render: (_: unknown, change) => changeText(change) },
            {
              title: 'Why',
              key: 'reason',
              render: (_: unknown, change) => String((change.data as { reason?: string }).reason ?? ''),
            },
          ]}
        />
      </Flex>
    </PageContainer>
  );
}
