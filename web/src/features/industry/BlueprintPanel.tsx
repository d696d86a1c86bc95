import { AutoComplete, Card, Col, Form, Row } from 'antd';
import { useEffect, useState } from 'react';
import type { IndustryBlueprint } from '../../shared/api';
import { NumberField } from './fields';
import { useLazyIndustryBlueprintSearchQuery } from './industry-api';
import {
  INDUSTRY_LIMITS,
  withBlueprint,
  type IndustryCalculatorState,
  type StateChange,
} from './industry-state';
import { useDebouncedValue } from '../../shared/hooks/debounce';

interface BlueprintPanelProps {
  readonly state: IndustryCalculatorState;
  readonly onChange: (change: StateChange) => void;
  /** The chosen blueprint's name from the calculation; '' for none; null while not known yet. */
  readonly blueprintName: string | null;
  /** The TE and ME the last answer used: the blueprint's own while the state leaves them open. */
  readonly calculated: { readonly timeEfficiency: number; readonly materialEfficiency: number } | null;
}

/** Blueprint: the autocomplete of blueprints and reaction formulas, runs, TE, ME (not for reactions), BP cost. */
export function BlueprintPanel({ state, onChange, blueprintName, calculated }: BlueprintPanelProps) {
  const [text, setText] = useState(blueprintName ?? '');
  const [shownName, setShownName] = useState(blueprintName ?? '');
  // A name learned later (a shared link's calculation) fills the box, as React recommends, while rendering.
  if (blueprintName !== null && blueprintName !== shownName) {
    setShownName(blueprintName);
    setText(blueprintName);
  }
  const query = useDebouncedValue(text.trim());
  const [search, { data: found }] = useLazyIndustryBlueprintSearchQuery();
  useEffect(() => {
    if (query !== '' && query !== shownName) void search({ q: query }, true);
  }, [query, shownName, search]);
  const options: readonly IndustryBlueprint[] = query === '' ? [] : (found ?? []);

  const choose = (name: string) => {
    const blueprint = options.find((option) => option.typeName === name);
    if (!blueprint) return;
    setText(blueprint.typeName);
    setShownName(blueprint.typeName);
    onChange((current) => withBlueprint(current, blueprint.typeId, blueprint.isReaction));
  };

  const field = <K extends keyof IndustryCalculatorState>(key: K) => ({
    value: state[key] as number,
    onChange: (value: number) => onChange((current) => ({ ...current, [key]: value })),
  });

  return (
    <Card title="Blueprint" data-testid="industry-blueprint-panel">
      <Form layout="vertical" component="div">
        <Form.Item label="Blueprint" htmlFor="industry-blueprint" style={{ marginBottom: 12 }}>
          <AutoComplete
            id="industry-blueprint"
            value={text}
            options={options.map((option) => ({ value: option.typeName, label: option.typeName }))}
            onChange={(next: string) => {
              setText(next);
              if (next.trim() === '' && state.blueprintTypeId !== null) {
                setShownName('');
                onChange((current) => withBlueprint(current, null, false));
              }
            }}
            onSelect={(name: string) => choose(name)}
            allowClear
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Row gutter={12}>
          <Col xs={12} md={6}>
            <NumberField
              id="industry-runs"
              label="Runs"
              min={INDUSTRY_LIMITS.runs.min}
              max={INDUSTRY_LIMITS.runs.max}
              precision={0}
              {...field('runs')}
            />
          </Col>
          {state.isReaction ? null : (
            <>
              <Col xs={12} md={6}>
                <NumberField
                  id="industry-te"
                  label="TE"
                  min={INDUSTRY_LIMITS.timeEfficiency.min}
                  max={INDUSTRY_LIMITS.timeEfficiency.max}
                  precision={0}
                  {...field('timeEfficiency')}
                  value={state.timeEfficiency ?? calculated?.timeEfficiency ?? 20}
                />
              </Col>
              <Col xs={12} md={6}>
                <NumberField
                  id="industry-me"
                  label="ME"
                  min={INDUSTRY_LIMITS.materialEfficiency.min}
                  max={INDUSTRY_LIMITS.materialEfficiency.max}
                  precision={0}
                  {...field('materialEfficiency')}
                  value={state.materialEfficiency ?? calculated?.materialEfficiency ?? 10}
                />
              </Col>
            </>
          )}
          <Col xs={12} md={6}>
            <NumberField
              id="industry-bp-cost"
              label="Additional BP Cost"
              min={INDUSTRY_LIMITS.isk.min}
              max={INDUSTRY_LIMITS.isk.max}
              step={0.01}
              precision={2}
              suffix="ISK"
              {...field('additionalBlueprintCost')}
            />
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
