import { Button, Card, Col, Descriptions, Form, Input, Row, Space, Typography, message } from 'antd';
import type { ReactNode } from 'react';
import type { IndustryCalculation } from '../../shared/api';
import { formatIskFull } from '../../shared/format';
import { NumberField } from './fields';
import { billOfMaterials, jobsForRuns, multibuyList } from './industry-export';
import { INDUSTRY_LIMITS } from './industry-state';

function Signed({ value, children }: { readonly value: number | null; readonly children: ReactNode }) {
  const tone = value === null || value === 0 ? 'neutral' : value > 0 ? 'positive' : 'negative';
  const type = tone === 'positive' ? 'success' : tone === 'negative' ? 'danger' : undefined;
  return (
    <Typography.Text type={type} data-tone={tone}>
      {children}
    </Typography.Text>
  );
}

/** Results (spec §2): total costs, total sell, profit and margin. */
export function ResultsCard({ calculation }: { readonly calculation: IndustryCalculation | null }) {
  const totals = calculation?.totals;
  const output = (key: string, value: ReactNode) => (
    <span data-testid={`industry-result-${key}`}>{value}</span>
  );
  const isk = (value: number | undefined) => (value === undefined ? '-' : `${formatIskFull(value)} ISK`);
  return (
    <Card title="Results" data-testid="industry-results">
      <Descriptions
        size="small"
        bordered
        column={1}
        items={[
          {
            key: 'inputs',
            label: 'Input materials (net)',
            children: output('inputs', isk(totals?.inputsNet)),
          },
          { key: 'job', label: 'Job cost', children: output('jobCost', isk(totals?.jobCost)) },
          {
            key: 'bp',
            label: 'Additional BP cost',
            children: output('bpCost', isk(totals?.additionalBlueprintCost)),
          },
          { key: 'cost', label: 'Total Costs', children: output('totalCost', isk(totals?.totalCost)) },
          { key: 'sell', label: 'Total Sell', children: output('totalSell', isk(totals?.totalSell)) },
          {
            key: 'profit',
            label: 'Profit',
            children: output('profit', <Signed value={totals?.profit ?? null}>{isk(totals?.profit)}</Signed>),
          },
          {
            key: 'margin',
            label: 'Margin',
            children: output(
              'margin',
              <Signed value={totals?.margin ?? null}>
                {totals?.margin === null || totals?.margin === undefined
                  ? 'n/a'
                  : `${totals.margin.toFixed(2)}%`}
              </Signed>,
            ),
          },
        ]}
      />
    </Card>
  );
}

async function copy(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    void message.success(`${what} copied`);
  } catch {
    void message.error(`Could not copy the ${what.toLowerCase()}; select it and copy it by hand.`);
  }
}

/** Export (spec §2): a bill of materials per job, the job count, the multibuy list and the calculator link. */
export function ExportCard({
  calculation,
  jobs,
  onJobs,
  link,
}: {
  readonly calculation: IndustryCalculation | null;
  readonly jobs: number;
  readonly onJobs: (jobs: number) => void;
  readonly link: string;
}) {
  // With components built, the bill of materials is the whole tree's (issue #26).
  const tree = calculation !== null && calculation.tree.jobs.length > 1 ? calculation.tree : null;
  const inputs = tree?.materials ?? calculation?.inputs ?? [];
  const perJob = billOfMaterials(inputs);
  const multibuy = multibuyList(inputs, jobs);
  const needed = calculation ? jobsForRuns(calculation.runs, calculation.maxProductionLimit) : null;
  return (
    <Card title="Export" data-testid="industry-export">
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              label={tree ? 'Bill of materials (whole build tree)' : 'Bill of materials (one job)'}
              htmlFor="industry-bom"
              style={{ marginBottom: 12 }}
            >
              <Input.TextArea
                id="industry-bom"
                value={perJob}
                readOnly
                autoSize={{ minRows: 3, maxRows: 12 }}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <NumberField
              id="industry-jobs"
              label="Jobs"
              min={INDUSTRY_LIMITS.jobs.min}
              max={INDUSTRY_LIMITS.jobs.max}
              precision={0}
              value={jobs}
              onChange={onJobs}
            />
            {needed !== null && needed > 1 ? (
              <Typography.Paragraph type="secondary">
                One job of this blueprint holds at most {calculation?.maxProductionLimit} runs.
              </Typography.Paragraph>
            ) : null}
            <Form.Item
              label="Multibuy (quantity x jobs)"
              htmlFor="industry-multibuy"
              style={{ marginBottom: 12 }}
            >
              <Input.TextArea
                id="industry-multibuy"
                value={multibuy}
                readOnly
                autoSize={{ minRows: 3, maxRows: 12 }}
              />
            </Form.Item>
            <Button disabled={multibuy === ''} onClick={() => void copy(multibuy, 'Multibuy list')}>
              Copy multibuy
            </Button>
          </Col>
          <Col span={24}>
            <Form.Item
              label="Calculator link"
              htmlFor="industry-link"
              style={{ marginBottom: 0, marginTop: 12 }}
            >
              <Space.Compact style={{ width: '100%' }}>
                <Input id="industry-link" data-testid="industry-link" value={link} readOnly />
                <Button onClick={() => void copy(link, 'Link')}>Copy link</Button>
              </Space.Compact>
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Card>
  );
}

/** Beta Notes: what the calculator assumes. */
export function BetaNotesCard() {
  return (
    <Card title="Beta Notes" data-testid="industry-beta-notes">
      <Typography.Paragraph>
        Materials, job cost and time follow the game&apos;s formulas: ME and the structure and rig bonuses
        with their security multipliers, rounded as the game rounds; the job cost from the estimated item
        value (ESI adjusted prices), the system cost index, the structure, rig and faction warfare bonuses,
        the facility tax and the 4% SCC surcharge.
      </Typography.Paragraph>
      <Typography.Paragraph>
        The Cost Bonus also sets the structure&apos;s role bonuses (Raitaru, Azbel or Sotiyo). Times use the
        skills of the Skills panel, every one at V unless set there; reactions run in an Athanor unless a
        Tatara is chosen.
      </Typography.Paragraph>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Prices are the best order of the chosen side in the whole region (lowest sell or highest buy),
        refreshed as ESI allows. Items without orders count as 0 until you enter a price.
      </Typography.Paragraph>
    </Card>
  );
}
