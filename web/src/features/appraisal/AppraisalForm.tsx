import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Typography,
  theme,
} from 'antd';
import { useMemo } from 'react';
import { useRegionsQuery } from './appraisal-api';
import type { AppraisalDraft } from './appraisal-draft';
import { previewText } from './appraisal-request';
import { parseExpiryText } from './expiry-text';
import { useGetAccountQuery } from '../../shared/session';
import {
  chooseRegion,
  chooseStation,
  chooseStructure,
  PRICE_MODE_OPTIONS,
  TRADE_HUBS,
  type PriceMode,
} from './market-choice';
import { StructureSelect } from './StructureSelect';
import type { PastePreview } from './use-paste-preview';

interface AppraisalFormProps {
  readonly draft: AppraisalDraft;
  readonly preview: PastePreview;
  readonly submitting: boolean;
  onChange(change: Partial<AppraisalDraft>): void;
  onSubmit(): void;
}

/** The "Price at" choice's value for 'A player structure' (station ids are positive, the whole region 0). */
const AT_STRUCTURE = -1;

/** Shown before a visitor appraises at a structure; the server answers the same sentence (401). */
export const STRUCTURE_LOGIN_NOTE =
  "Log in to price at a player structure: ESI shows a structure's market only to characters who may dock there.";

const PLACEHOLDER = [
  'Paste items from the game: a contract, a ship fit (EFT), your hangar, or a plain list.',
  '',
  'Tritanium\t10,000',
  '[Vexor, Drone boat]',
  'Drone Damage Amplifier II',
  '5 Hobgoblin II',
].join('\n');

/** The paste box with Reset and Submit, the region, 'Create link' and 'Expires in' (public-tools §2, §5). */
export function AppraisalForm({ draft, preview, submitting, onChange, onSubmit }: AppraisalFormProps) {
  const { token } = theme.useToken();
  const { data: regions, isLoading: regionsLoading } = useRegionsQuery();
  const regionOptions = useMemo(
    () =>
      [...(regions ?? [])]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((region) => ({ value: region.id, label: region.name })),
    [regions],
  );
  const { data: account } = useGetAccountQuery();
  const expiryValid = parseExpiryText(draft.expiresText) !== null;
  const structureMissing = draft.atStructure && draft.structureId === null;
  const nothingParsed = !preview.reading || preview.reading.items.length === 0;

  return (
    <Card>
      <Form layout="vertical" onFinish={onSubmit} name="appraisal">
        <Form.Item label="Items" htmlFor="appraisal-paste" style={{ marginBottom: token.marginXS }}>
          <Input.TextArea
            id="appraisal-paste"
            aria-label="Items to appraise"
            value={draft.text}
            onChange={(event) => onChange({ text: event.target.value })}
            placeholder={PLACEHOLDER}
            autoSize={{ minRows: 8, maxRows: 24 }}
            spellCheck={false}
            style={{ fontFamily: token.fontFamilyCode }}
          />
        </Form.Item>
        <PastePreviewLine preview={preview} />
        <Row gutter={token.margin} style={{ marginTop: token.margin }}>
          <Col xs={24} sm={12} md={10}>
            <Form.Item label="Region" htmlFor="appraisal-region">
              <Select
                id="appraisal-region"
                showSearch
                optionFilterProp="label"
                loading={regionsLoading}
                value={draft.regionId}
                options={
                  regionOptions.length > 0 ? regionOptions : [{ value: draft.regionId, label: 'The Forge' }]
                }
                onChange={(regionId: number) => onChange(chooseRegion(draft, regionId))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} md={7}>
            <Form.Item label="Create link">
              <Radio.Group
                aria-label="Create link"
                optionType="button"
                value={draft.createLink}
                onChange={(event) => onChange({ createLink: event.target.value as boolean })}
                options={[
                  { value: true, label: 'Yes' },
                  { value: false, label: 'No' },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} md={7}>
            <Form.Item
              label="Expires in"
              htmlFor="appraisal-expires"
              validateStatus={expiryValid ? undefined : 'error'}
              help={expiryValid ? undefined : 'A number and a unit, e.g. 30m, 24h or 7d'}
            >
              <Input
                id="appraisal-expires"
                value={draft.expiresText}
                disabled={!draft.createLink}
                onChange={(event) => onChange({ expiresText: event.target.value })}
              />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={token.margin}>
          <Col xs={24} sm={12} md={10}>
            <Form.Item label="Price at" htmlFor="appraisal-station">
              <Select
                id="appraisal-station"
                data-testid="appraisal-station"
                value={draft.atStructure ? AT_STRUCTURE : (draft.stationId ?? 0)}
                options={[
                  { value: 0, label: 'The whole region' },
                  ...TRADE_HUBS.map((hub) => ({ value: hub.stationId, label: hub.label })),
                  { value: AT_STRUCTURE, label: 'A player structure' },
                ]}
                onChange={(stationId: number) =>
                  onChange(
                    stationId === AT_STRUCTURE
                      ? { ...chooseStructure(draft, draft.structureId), atStructure: true }
                      : { ...chooseStation(draft, stationId === 0 ? null : stationId), atStructure: false },
                  )
                }
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} md={7}>
            <Form.Item label="Prices" htmlFor="appraisal-price-mode">
              <Select
                id="appraisal-price-mode"
                value={draft.priceMode}
                options={[...PRICE_MODE_OPTIONS]}
                onChange={(priceMode: PriceMode) => onChange({ priceMode })}
              />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6} md={7}>
            <Form.Item label="Percent of prices" htmlFor="appraisal-percent">
              <InputNumber
                id="appraisal-percent"
                min={1}
                max={1000}
                precision={0}
                addonAfter="%"
                value={draft.pricePercent}
                onChange={(value) => onChange({ pricePercent: typeof value === 'number' ? value : 100 })}
              />
            </Form.Item>
          </Col>
        </Row>
        {draft.atStructure ? (
          <Row gutter={token.margin}>
            <Col xs={24} md={17}>
              <Form.Item
                label="Structure"
                htmlFor="appraisal-structure"
                help="Public structures with a market. Its own sell and buy orders price the items."
              >
                <StructureSelect
                  value={draft.structureId}
                  onChange={(structureId) => onChange(chooseStructure(draft, structureId))}
                />
              </Form.Item>
            </Col>
            {account ? null : (
              <Col xs={24}>
                <Alert
                  type="info"
                  showIcon
                  data-testid="appraisal-structure-login"
                  message={STRUCTURE_LOGIN_NOTE}
                  style={{ marginBottom: token.margin }}
                />
              </Col>
            )}
          </Row>
        ) : null}
        <Flex gap={token.marginSM} justify="flex-end">
          <Button disabled={draft.text.length === 0} onClick={() => onChange({ text: '' })}>
            Reset
          </Button>
          <Button
            type="primary"
            htmlType="submit"
            loading={submitting}
            disabled={submitting || structureMissing || (nothingParsed && !preview.pending)}
          >
            Submit
          </Button>
        </Flex>
      </Form>
    </Card>
  );
}

function PastePreviewLine({ preview }: { readonly preview: PastePreview }) {
  const { reading, error, pending } = preview;
  if (error) {
    return (
      <Typography.Text type="danger" data-testid="appraisal-preview">
        {error}
      </Typography.Text>
    );
  }
  if (!reading) {
    return (
      <Typography.Text type="secondary" data-testid="appraisal-preview">
        {pending ? 'Reading the paste...' : 'Nothing pasted yet.'}
      </Typography.Text>
    );
  }
  return (
    <Typography.Text type="secondary" data-testid="appraisal-preview">
      {previewText(reading)}
    </Typography.Text>
  );
}
