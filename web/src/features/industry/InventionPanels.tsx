import { useState } from 'react';
import {
  Alert,
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
import { serverErrorText } from '../../shared/ui/editable-list';
import { industryApi } from './industry-api';
import { formatDuration } from './industry-format';
import { DEFAULT_STATE, type StateChange } from './industry-state';

const { useIndustryDecryptorsQuery, useLazyCharacterSkillsQuery } = industryApi;

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

/** Skills: every skill the job's time and the invention's chance use, at V unless set here or read from a character. */
export function SkillsCard({
  calculation,
  skills,
  unlistedSkillLevel,
  characters,
  onChange,
}: {
  readonly calculation: IndustryCalculation | null;
  readonly skills: Readonly<Record<string, number>>;
  readonly unlistedSkillLevel: number;
  /** The logged-in account's characters, whose skill sheets can be read; none for a visitor. */
  readonly characters: readonly { readonly id: number; readonly name: string }[];
  readonly onChange: (change: StateChange) => void;
}) {
  const setLevel = (typeId: number, level: number) =>
    onChange((current) => {
      const next = { ...current.skills };
      if (level === current.unlistedSkillLevel) delete next[String(typeId)];
      else next[String(typeId)] = level;
      return { ...current, skills: next };
    });
  const allV = Object.keys(skills).length === 0 && unlistedSkillLevel === DEFAULT_STATE.unlistedSkillLevel;
  return (
    <Card
      title="Skills"
      data-testid="industry-skills-panel"
      extra={
        <Button
          size="small"
          disabled={allV}
          onClick={() =>
            onChange((current) => ({
              ...current,
              skills: {},
              unlistedSkillLevel: DEFAULT_STATE.unlistedSkillLevel,
            }))
          }
        >
          All V
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" data-testid="industry-skills-basis">
        {unlistedSkillLevel === DEFAULT_STATE.unlistedSkillLevel
          ? 'Every skill counts at level V unless you set it here.'
          : "The skills are a character's sheet: a skill it has not trained counts at 0."}
      </Typography.Paragraph>
      {characters.length > 0 ? <CharacterSkillsPicker characters={characters} onChange={onChange} /> : null}
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
              value={skills[String(skill.typeId)] ?? unlistedSkillLevel}
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

/** Reads one of the account's characters' skill sheets (the skills scope) into the calculator. */
function CharacterSkillsPicker({
  characters,
  onChange,
}: {
  readonly characters: readonly { readonly id: number; readonly name: string }[];
  readonly onChange: (change: StateChange) => void;
}) {
  const [characterId, setCharacterId] = useState(characters[0]!.id);
  const [readSkills, { isFetching, error }] = useLazyCharacterSkillsQuery();
  const chosen = characters.some((character) => character.id === characterId)
    ? characterId
    : characters[0]!.id;
  const takeSheet = async () => {
    const answer = await readSkills({ id: chosen });
    if (answer.data) {
      const sheet = answer.data.skills;
      onChange((current) => ({ ...current, skills: { ...sheet }, unlistedSkillLevel: 0 }));
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%', marginBottom: 12 }}>
      <Space wrap>
        <Select<number>
          aria-label="Character"
          data-testid="industry-skills-character"
          style={{ minWidth: 200 }}
          value={chosen}
          options={characters.map((character) => ({ value: character.id, label: character.name }))}
          onChange={setCharacterId}
        />
        <Button data-testid="industry-skills-read" loading={isFetching} onClick={() => void takeSheet()}>
          Use this character&apos;s skills
        </Button>
      </Space>
      {error ? (
        <Alert type="error" showIcon data-testid="industry-skills-error" message={serverErrorText(error)} />
      ) : null}
    </Space>
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
