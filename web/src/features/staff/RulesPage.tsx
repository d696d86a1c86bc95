import { Alert, Button, Descriptions, Flex, Form, Input, InputNumber, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSelector } from 'react-redux';
import type { StaffRuleChange, StaffTradeRules } from '../../shared/api';
import { selectAccount } from '../../shared/session';
import { serverErrorText } from '../../shared/ui/editable-list';
import { PageContainer } from '../../shared/ui/PageContainer';
import { useChangeStaffRulesMutation, useStaffRulesQuery } from './staff-api';

type RuleChange = StaffTradeRules['history'][number];

const PPM_PER_PERCENT = 10_000;
const percent = (ppm: number): string => `${(ppm / PPM_PER_PERCENT).toFixed(3).replace(/\.?0+$/, '')}%`;

/** The event each change from the console records. */
const RECORDED_AS: Record<StaffRuleChange['type'], string> = {
  ScheduleSalesTaxRate: 'SalesTaxRateScheduled',
  ChangeBuiltInBrokerFees: 'BuiltInBrokerFeesChanged',
  ChangePublicContractFees: 'PublicContractFeesChanged',
};

/** What a recorded change did, in words. */
function changeText(change: Pick<RuleChange, 'type' | 'data'>): string {
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

type RuleValues = StaffTradeRules['current'];

interface RuleField {
  readonly name: string;
  readonly label: string;
  /** A date field (`YYYY-MM-DD`) rather than a percentage. */
  readonly date?: boolean;
  /** The value in force, in ppm, that the form starts from. */
  readonly current?: (values: RuleValues) => number;
}

/** One kind of change staff record: its form fields, and the change (in ppm) the fields make. */
interface RuleForm {
  readonly testId: string;
  readonly title: string;
  readonly fields: readonly RuleField[];
  readonly change: (values: Record<string, string | number>, reason: string) => StaffRuleChange;
}

const ppmOf = (percentValue: string | number): number => Math.round(Number(percentValue) * PPM_PER_PERCENT);

const RULE_FORMS: readonly RuleForm[] = [
  {
    testId: 'schedule-sales-tax',
    title: 'Schedule a sales tax rate',
    fields: [
      { name: 'from', label: 'From', date: true },
      { name: 'ratePpm', label: 'Rate' },
    ],
    change: (values, reason) => ({
      type: 'ScheduleSalesTaxRate',
      from: String(values.from),
      ratePpm: ppmOf(values.ratePpm!),
      reason,
    }),
  },
  {
    testId: 'change-broker-fees',
    title: 'Change the built-in broker fees (the estimate when no override or order says better)',
    fields: [
      { name: 'buyFeePpm', label: 'Buy', current: (rules) => rules.builtInBrokerFees.buyFeePpm },
      { name: 'sellFeePpm', label: 'Sell', current: (rules) => rules.builtInBrokerFees.sellFeePpm },
      { name: 'npcSellFeePpm', label: 'NPC sell', current: (rules) => rules.builtInBrokerFees.npcSellFeePpm },
    ],
    change: (values, reason) => ({
      type: 'ChangeBuiltInBrokerFees',
      buyFeePpm: ppmOf(values.buyFeePpm!),
      sellFeePpm: ppmOf(values.sellFeePpm!),
      npcSellFeePpm: ppmOf(values.npcSellFeePpm!),
      reason,
    }),
  },
  {
    testId: 'change-contract-fees',
    title: 'Change the public contract fees',
    fields: [
      {
        name: 'brokerFeePpm',
        label: 'Broker fee',
        current: (rules) => rules.publicContractFees.brokerFeePpm,
      },
      { name: 'salesTaxPpm', label: 'Sales tax', current: (rules) => rules.publicContractFees.salesTaxPpm },
    ],
    change: (values, reason) => ({
      type: 'ChangePublicContractFees',
      brokerFeePpm: ppmOf(values.brokerFeePpm!),
      salesTaxPpm: ppmOf(values.salesTaxPpm!),
      reason,
    }),
  },
];

/** Staff record one change of the rules, with the reason auditors will read; it applies at the next rebuild. */
function RuleChangeForm({ rule, current }: { readonly rule: RuleForm; readonly current: RuleValues }) {
  const [form] = Form.useForm<Record<string, string | number>>();
  const [change, { isLoading, error }] = useChangeStaffRulesMutation();
  const [recorded, setRecorded] = useState<string | null>(null);
  const initialValues = Object.fromEntries(
    rule.fields
      .filter((field) => field.current)
      .map((field) => [field.name, field.current!(current) / PPM_PER_PERCENT]),
  );
  const submit = async ({ reason, ...values }: Record<string, string | number>) => {
    setRecorded(null);
    const ruleChange = rule.change(values, String(reason));
    const answer = await change({ staffRuleChange: ruleChange });
    if ('data' in answer) {
      const recordedChange = { type: RECORDED_AS[ruleChange.type], data: ruleChange };
      setRecorded(`Recorded: ${changeText(recordedChange)}. Rebuild the trade ledger to apply it.`);
      form.resetFields([
        'reason',
        ...rule.fields.filter((field) => !field.current).map((field) => field.name),
      ]);
    }
  };
  return (
    <Flex vertical gap="small" data-testid={rule.testId}>
      <Typography.Title level={5}>{rule.title}</Typography.Title>
      {error ? <Alert type="error" showIcon message={serverErrorText(error)} /> : null}
      {recorded ? <Alert type="success" showIcon message={recorded} /> : null}
      <Form
        form={form}
        layout="inline"
        initialValues={initialValues}
        onFinish={(values) => void submit(values)}
      >
        {rule.fields.map((field) => (
          <Form.Item
            key={field.name}
            name={field.name}
            label={field.date ? `${field.label} (UTC date)` : `${field.label} (%)`}
            rules={[{ required: true }]}
          >
            {field.date ? (
              <Input type="date" aria-label={field.label} />
            ) : (
              <InputNumber min={0} max={100} step={0.001} aria-label={field.label} />
            )}
          </Form.Item>
        ))}
        <Form.Item name="reason" label="Reason" rules={[{ required: true, whitespace: true }]}>
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
        {isStaff && data
          ? RULE_FORMS.map((rule) => <RuleChangeForm key={rule.testId} rule={rule} current={data.current} />)
          : null}
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
