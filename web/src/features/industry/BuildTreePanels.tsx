import {
  Card,
  Checkbox,
  Col,
  Descriptions,
  Input,
  InputNumber,
  Row,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import type { IndustryCalculation, IndustryScienceJob } from '../../shared/api';
import { formatIskFull } from '../../shared/format';
import { formatDuration, formatUnits } from './industry-format';
import { withBuild, type IndustryCalculatorState, type StateChange } from './industry-state';

const isk = (value: number | null | undefined) =>
  value === null || value === undefined ? '-' : `${formatIskFull(value)} ISK`;

const SCIENCE_LABELS: Readonly<Record<IndustryScienceJob['activity'], string>> = {
  COPYING: 'Copying',
  MATERIAL_RESEARCH: 'ME research',
  TIME_RESEARCH: 'TE research',
};

/** Copying and ME/TE research of the blueprint in the same facility: their time and job cost (issue #26). */
export function ScienceCard({
  state,
  calculation,
  onChange,
}: {
  readonly state: Pick<IndustryCalculatorState, 'copying' | 'materialResearch' | 'timeResearch'>;
  readonly calculation: IndustryCalculation | null;
  readonly onChange: (change: StateChange) => void;
}) {
  const number = (
    id: string,
    value: number,
    min: number,
    max: number,
    step: number,
    set: (v: number) => void,
  ) => (
    <InputNumber<number>
      id={id}
      aria-label={id.replace('industry-', '').replace(/-/g, ' ')}
      size="small"
      min={min}
      max={max}
      step={step}
      precision={0}
      value={value}
      style={{ width: 72 }}
      onChange={(next) => {
        if (next !== null && Number.isInteger(next / step)) set(Math.min(max, Math.max(min, next)));
      }}
    />
  );
  const { copying, materialResearch, timeResearch } = state;
  return (
    <Card title="Copying and Research" data-testid="industry-science-panel">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space wrap>
          <Checkbox
            id="industry-copying"
            checked={copying !== null}
            onChange={(event) =>
              onChange((current) => ({
                ...current,
                copying: event.target.checked ? { copies: 1, runsPerCopy: 1 } : null,
              }))
            }
          >
            Copy
          </Checkbox>
          {copying
            ? [
                number('industry-copies', copying.copies, 1, 1000, 1, (copies) =>
                  onChange((current) => ({ ...current, copying: { ...copying, copies } })),
                ),
                'copies of',
                number('industry-runs-per-copy', copying.runsPerCopy, 1, 1_000_000, 1, (runsPerCopy) =>
                  onChange((current) => ({ ...current, copying: { ...copying, runsPerCopy } })),
                ),
                'runs',
              ]
            : null}
        </Space>
        {(
          [
            ['materialResearch', 'ME research', 1, 10],
            ['timeResearch', 'TE research', 2, 20],
          ] as const
        ).map(([field, label, step, max]) => {
          const levels = field === 'materialResearch' ? materialResearch : timeResearch;
          const set = (next: { from: number; to: number }) =>
            onChange((current) => ({
              ...current,
              [field]: next.from < next.to ? next : { from: next.from, to: Math.min(max, next.from + step) },
            }));
          return (
            <Space wrap key={field}>
              <Checkbox
                id={`industry-${field}`}
                checked={levels !== null}
                onChange={(event) =>
                  onChange((current) => ({
                    ...current,
                    [field]: event.target.checked ? { from: 0, to: max } : null,
                  }))
                }
              >
                {label}
              </Checkbox>
              {levels
                ? [
                    'from',
                    number(`industry-${field}-from`, levels.from, 0, max - step, step, (from) =>
                      set({ ...levels, from }),
                    ),
                    'to',
                    number(`industry-${field}-to`, levels.to, step, max, step, (to) =>
                      set({ ...levels, to }),
                    ),
                  ]
                : null}
            </Space>
          );
        })}
        {calculation?.scienceJobs.length ? (
          <Table
            size="small"
            rowKey="activity"
            pagination={false}
            data-testid="industry-science-jobs"
            dataSource={calculation.scienceJobs}
            columns={[
              {
                title: 'Job',
                dataIndex: 'activity',
                render: (activity: IndustryScienceJob['activity']) => SCIENCE_LABELS[activity],
              },
              {
                title: 'Time',
                dataIndex: 'timeSeconds',
                align: 'right',
                render: (seconds: number) => formatDuration(seconds),
              },
              {
                title: 'Job cost',
                align: 'right',
                render: (_, job: IndustryScienceJob) => isk(job.jobCost.total),
              },
            ]}
          />
        ) : (
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Choose a copy or research to see its time and job cost.
          </Typography.Paragraph>
        )}
      </Space>
    </Card>
  );
}

/**
 * Build tree (issue #26): each material some blueprint makes can be built instead of bought, in a system of its
 * own (blank: the system of the job it goes into); the jobs, the bill of materials and the totals of the whole tree.
 */
export function BuildTreeCard({
  calculation,
  build,
  onChange,
}: {
  readonly calculation: IndustryCalculation | null;
  readonly build: IndustryCalculatorState['build'];
  readonly onChange: (change: StateChange) => void;
}) {
  const tree = calculation?.tree;
  const setBuild = (typeId: number, choice: Parameters<typeof withBuild>[2]) =>
    onChange((current) => ({ ...current, build: withBuild(current.build, typeId, choice) }));
  return (
    <Card title="Build Tree" data-testid="industry-tree-panel">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          {tree?.components.length ? (
            <Table
              size="small"
              rowKey="typeId"
              pagination={false}
              data-testid="industry-tree-components"
              dataSource={tree.components}
              onRow={(component) =>
                ({ 'data-testid': `industry-tree-component-${component.typeId}` }) as object
              }
              columns={[
                {
                  title: 'Component',
                  dataIndex: 'typeName',
                  render: (name: string, component) => (
                    <span style={{ paddingLeft: (component.depth - 1) * 16 }}>
                      {name}{' '}
                      {component.isReaction ? (
                        <Typography.Text type="secondary">(reaction)</Typography.Text>
                      ) : null}
                    </span>
                  ),
                },
                {
                  title: 'Quantity',
                  dataIndex: 'quantity',
                  align: 'right',
                  render: (value: number) => formatUnits(value),
                },
                {
                  title: 'Build',
                  render: (_, component) => (
                    <Switch
                      size="small"
                      aria-label={`Build ${component.typeName}`}
                      data-testid={`industry-build-${component.typeId}`}
                      checked={String(component.typeId) in build}
                      onChange={(checked) => setBuild(component.typeId, checked ? {} : null)}
                    />
                  ),
                },
                {
                  title: 'System',
                  render: (_, component) =>
                    String(component.typeId) in build ? (
                      <Input
                        size="small"
                        aria-label={`System of ${component.typeName}`}
                        placeholder="same as above"
                        defaultValue={build[String(component.typeId)]?.systemName ?? ''}
                        onBlur={(event) => {
                          const systemName = event.target.value.trim();
                          setBuild(component.typeId, systemName === '' ? {} : { systemName });
                        }}
                        style={{ width: 140 }}
                      />
                    ) : null,
                },
              ]}
            />
          ) : (
            <Typography.Paragraph type="secondary">Nothing in this job can be built.</Typography.Paragraph>
          )}
        </Col>
        <Col xs={24} xl={12}>
          <Table
            size="small"
            rowKey="typeId"
            pagination={false}
            data-testid="industry-tree-jobs"
            dataSource={tree?.jobs ?? []}
            onRow={(job) => ({ 'data-testid': `industry-tree-job-${job.typeId}` }) as object}
            columns={[
              { title: 'Job', dataIndex: 'typeName' },
              {
                title: 'Runs',
                dataIndex: 'runs',
                align: 'right',
                render: (value: number) => formatUnits(value),
              },
              { title: 'System', dataIndex: 'systemName', render: (name: string | null) => name ?? '-' },
              {
                title: 'Time',
                dataIndex: 'timeSeconds',
                align: 'right',
                render: (value: number) => formatDuration(value),
              },
              {
                title: 'Job cost',
                dataIndex: 'jobCost',
                align: 'right',
                render: (value: number) => isk(value),
              },
            ]}
          />
          <Descriptions
            size="small"
            bordered
            column={1}
            style={{ marginTop: 12 }}
            items={[
              {
                key: 'materials',
                label: 'Materials bought (net)',
                children: (
                  <span data-testid="industry-tree-materials-net">{isk(tree?.totals.materialsNet)}</span>
                ),
              },
              {
                key: 'jobs',
                label: 'Job costs',
                children: <span data-testid="industry-tree-job-cost">{isk(tree?.totals.jobCost)}</span>,
              },
              {
                key: 'total',
                label: 'Total cost of the tree',
                children: <span data-testid="industry-tree-total-cost">{isk(tree?.totals.totalCost)}</span>,
              },
              {
                key: 'profit',
                label: 'Profit',
                children: <span data-testid="industry-tree-profit">{isk(tree?.totals.profit)}</span>,
              },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
