import {
  Button,
  Card,
  Checkbox,
  Descriptions,
  Form,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import type { IndustryCalculation, IndustryInvention, IndustrySkill } from '../../shared/api';
import { formatIskFull } from '../../shared/format';
import { industryApi } from './industry-api';
import { formatDuration } from './industry-format';
import type { StateChange } from './industry-state';

const { useIndustryDecryptorsQuery } = industryApi;

const ROLE_LABELS: Readonly<Record<IndustrySkill['role'], string>> = {
  INDUSTRY: 'Job time',
  ADVANCED_INDUSTRY: 'Job time',
  REACTIONS: 'Reaction time',
  SPECIALIST: 'Job time (required skill)',
  SCIENCE: 'Invention chance (datacore)',
  ENCRYPTION: 'Invention chance (encryption)',
  COPYING: 'Copying time',
  MATERIAL_RESEARCH: 'ME research time',
  TIME_RESEARCH: 'TE research time',
};

const isk = (value: number | null) => (value === null ? '-' : `${formatIskFull(value)} ISK`);
const percent = (chance: number) => `${(chance * 100).toFixed(2)}%`;

/** Skills: every skill the job's time and the invention's chance use, at V unless set here (issue #26). */
export function SkillsCard({
  calculation,
  skills,
  onChange,
}: {
  readonly calculation: IndustryCalculation | null;
  readonly skills: Readonly<Record<string, number>>;
  readonly onChange: (change: StateChange) => void;
}) {
  const setLevel = (typeId: number, level: number) =>
    onChange((current) => {
      const next = { ...current.skills };
      if (level === 5) delete next[String(typeId)];
      else next[String(typeId)] = level;
      return { ...current, skills: next };
    });
  return (
    <Card
      title="Skills"
      data-testid="industry-skills-panel"
      extra={
        <Button
          size="small"
          disabled={Object.keys(skills).length === 0}
          onClick={() => onChange((current) => ({ ...current, skills: {} }))}
        >
          All V
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">
        Every skill counts at level V unless you set it here.
      </Typography.Paragraph>
      <Form layout="horizontal" component="div">
        {(calculation?.skills ?? []).map((skill) => (
          <Form.Item
            key={`${skill.role}-${skill.typeId}`}
            label={`${skill.typeName} (${ROLE_LABELS[skill.role]})`}
            htmlFor={`industry-skill-${skill.typeId}`}
            style={{ marginBottom: 8 }}
          >
            <InputNumber<number>
              id={`industry-skill-${skill.typeId}`}
              min={0}
              max={5}
              precision={0}
              value={skills[String(skill.typeId)] ?? 5}
              onChange={(level) => {
                if (level !== null && Number.isInteger(level)) setLevel(skill.typeId, level);
              }}
            />
          </Form.Item>
        ))}
      </Form>
    </Card>
  );
}

/** Invention: the decryptor, the chance, one attempt's materials and cost, and the expected cost per T2 run. */
export function InventionCard({
  invention,
  decryptorTypeId,
  includeInvention,
  onChange,
}: {
  readonly invention: IndustryInvention;
  readonly decryptorTypeId: number | null;
  readonly includeInvention: boolean;
  readonly onChange: (change: StateChange) => void;
}) {
  const { data: decryptors } = useIndustryDecryptorsQuery();
  return (
    <Card title="Invention" data-testid="industry-invention-panel">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Form layout="vertical" component="div">
          <Form.Item label="Decryptor" htmlFor="industry-decryptor" style={{ marginBottom: 8 }}>
            <Select<number | null>
              id="industry-decryptor"
              value={decryptorTypeId}
              onChange={(value) =>
                onChange((current) => ({
                  ...current,
                  decryptorTypeId: value ?? null,
                  timeEfficiency: null,
                  materialEfficiency: null,
                }))
              }
              options={[
                { value: null, label: 'None' },
                ...(decryptors ?? []).map((decryptor) => ({
                  value: decryptor.typeId,
                  label: decryptor.typeName,
                })),
              ]}
            />
          </Form.Item>
          <Checkbox
            id="industry-include-invention"
            checked={includeInvention}
            onChange={(event) =>
              onChange((current) => ({ ...current, includeInvention: event.target.checked }))
            }
          >
            Count the invention in the total cost (clear it for a bought copy)
          </Checkbox>
        </Form>
        <Descriptions size="small" column={1} bordered>
          <Descriptions.Item label="Invented from">{invention.blueprintTypeName}</Descriptions.Item>
          <Descriptions.Item label="Chance">
            <span data-testid="industry-invention-chance">{percent(invention.probability)}</span> (base{' '}
            {percent(invention.baseProbability)})
          </Descriptions.Item>
          <Descriptions.Item label="Copy">
            <span data-testid="industry-invention-copy">
              {invention.runsPerCopy} runs, ME {invention.materialEfficiency}, TE {invention.timeEfficiency}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label="Job cost per attempt">{isk(invention.jobCost.total)}</Descriptions.Item>
          <Descriptions.Item label="Time per attempt">
            {formatDuration(invention.timeSeconds)}
          </Descriptions.Item>
          <Descriptions.Item label="Cost per attempt">{isk(invention.attemptCost)}</Descriptions.Item>
          <Descriptions.Item label="Expected cost per run">
            <span data-testid="industry-invention-per-run">{isk(invention.expectedCostPerRun)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Expected cost of these runs">
            {isk(invention.expectedCost)}
          </Descriptions.Item>
        </Descriptions>
        <Table
          size="small"
          rowKey="typeId"
          pagination={false}
          dataSource={invention.materials}
          columns={[
            { title: 'Material (per attempt)', dataIndex: 'typeName' },
            { title: 'Quantity', dataIndex: 'quantity', align: 'right' },
            {
              title: 'Net cost',
              dataIndex: 'netCost',
              align: 'right',
              render: (value: number) => isk(value),
            },
          ]}
        />
      </Space>
    </Card>
  );
}
