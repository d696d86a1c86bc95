import { AutoComplete, Card, Col, Form, Input, Row, Select } from 'antd';
import { useEffect, useMemo } from 'react';
import type { IndustryStructure, StructureRigNames } from '../../shared/api';
import { NumberField } from './fields';
import { useLazySearchSystemsQuery } from './industry-api';
import {
  INDUSTRY_LIMITS,
  REFINERY_CHOICES,
  SCC_SURCHARGE_PERCENT,
  costBonusChoices,
  effectiveFacility,
  withFacility,
  type CostBonus,
  type FacilityChoice,
  type IndustryCalculatorState,
  type Refinery,
  type StateChange,
} from './industry-state';
import { useDebouncedValue } from '../../shared/hooks/debounce';

interface FacilityPanelProps {
  readonly state: IndustryCalculatorState;
  readonly onChange: (change: StateChange) => void;
  readonly structures: readonly IndustryStructure[];
  readonly rigNames: StructureRigNames;
  /** The material modifier the server computed for a structure (shown read-only). */
  readonly computedMaterialModifier: number | null;
}

/** Rig select options: None, then every industry rig by name. */
export function rigOptions(rigNames: StructureRigNames) {
  return [
    { value: 0, label: 'None' },
    ...Object.entries(rigNames)
      .map(([typeId, name]) => ({ value: Number(typeId), label: name }))
      .sort((a, b) => a.label.localeCompare(b.label)),
  ];
}

/**
 * Facility (spec §2): a pre-defined choice or a saved structure, the system, facility tax, the fixed SCC
 * surcharge, the faction warfare bonus, the cost bonus, three rigs (Custom Structure only) and the material
 * modifier (Custom Modifier only).
 */
export function FacilityPanel({
  state,
  onChange,
  structures,
  rigNames,
  computedMaterialModifier,
}: FacilityPanelProps) {
  const facility = effectiveFacility(state, structures);
  const savedStructure = typeof facility === 'number';
  const facilityOptions = [
    { value: 'CUSTOM_STRUCTURE', label: 'Custom Structure' },
    { value: 'CUSTOM_MODIFIER', label: 'Custom Modifier' },
    ...(state.isReaction ? [] : [{ value: 'NPC_STATION', label: 'NPC Station' }]),
    ...structures.map((structure) => ({ value: structure.id, label: structure.name })),
  ];
  const rigs = useMemo(() => rigOptions(rigNames), [rigNames]);

  const systemQuery = useDebouncedValue(state.systemName.trim());
  const [searchSystems, { data: systems }] = useLazySearchSystemsQuery();
  useEffect(() => {
    if (systemQuery !== '' && !savedStructure) void searchSystems({ q: systemQuery }, true);
  }, [systemQuery, savedStructure, searchSystems]);
  const systemOptions = systemQuery === '' ? [] : (systems ?? []);

  const set = (changes: Partial<IndustryCalculatorState>) =>
    onChange((current) => ({ ...current, ...changes }));
  const percentField = (key: 'facilityTax' | 'factionWarfareBonus') => ({
    value: state[key],
    onChange: (value: number) => set({ [key]: value }),
  });

  return (
    <Card title="Facility" data-testid="industry-facility-panel">
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label="Facility" htmlFor="industry-facility" style={{ marginBottom: 12 }}>
              <Select<FacilityChoice>
                id="industry-facility"
                value={facility}
                options={facilityOptions}
                onChange={(choice) => onChange((current) => withFacility(current, choice, structures))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="System" htmlFor="industry-system" style={{ marginBottom: 12 }}>
              <AutoComplete
                id="industry-system"
                value={state.systemName}
                disabled={savedStructure}
                options={systemOptions.map((system) => ({
                  value: system.systemName,
                  label: system.systemName,
                }))}
                onChange={(next: string) => set({ systemName: next })}
                allowClear
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <NumberField
              id="industry-facility-tax"
              label="Facility Tax %"
              min={INDUSTRY_LIMITS.facilityTax.min}
              max={INDUSTRY_LIMITS.facilityTax.max}
              step={0.01}
              {...percentField('facilityTax')}
            />
          </Col>
          <Col xs={12} md={8}>
            <Form.Item label="SCC Surcharge %" htmlFor="industry-scc" style={{ marginBottom: 12 }}>
              <Input id="industry-scc" value={String(SCC_SURCHARGE_PERCENT)} readOnly disabled />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <NumberField
              id="industry-fw-bonus"
              label="Faction Warfare Bonus %"
              min={INDUSTRY_LIMITS.factionWarfareBonus.min}
              max={INDUSTRY_LIMITS.factionWarfareBonus.max}
              step={1}
              {...percentField('factionWarfareBonus')}
            />
          </Col>
          <Col xs={12} md={12}>
            <Form.Item label="Cost Bonus" htmlFor="industry-cost-bonus" style={{ marginBottom: 12 }}>
              <Select<CostBonus>
                id="industry-cost-bonus"
                value={state.isReaction || facility === 'NPC_STATION' ? 0 : state.costBonus}
                options={costBonusChoices({ isReaction: state.isReaction, facility })}
                onChange={(costBonus) => set({ costBonus })}
              />
            </Form.Item>
          </Col>
          {state.isReaction ? (
            <Col xs={12} md={12}>
              <Form.Item label="Refinery" htmlFor="industry-refinery" style={{ marginBottom: 12 }}>
                <Select<Refinery>
                  id="industry-refinery"
                  value={state.refinery}
                  options={[...REFINERY_CHOICES]}
                  onChange={(refinery) => set({ refinery })}
                />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={12} md={12}>
            <NumberField
              id="industry-material-modifier"
              label="Material Modifier"
              min={INDUSTRY_LIMITS.materialModifier.min}
              max={INDUSTRY_LIMITS.materialModifier.max}
              step={0.0001}
              disabled={facility !== 'CUSTOM_MODIFIER'}
              value={
                facility === 'CUSTOM_MODIFIER' ? state.materialModifier : (computedMaterialModifier ?? 1)
              }
              onChange={(materialModifier) => set({ materialModifier })}
            />
          </Col>
          {([0, 1, 2] as const).map((slot) => (
            <Col xs={24} key={slot}>
              <Form.Item
                label={`Rig ${slot + 1}`}
                htmlFor={`industry-rig-${slot + 1}`}
                style={{ marginBottom: 12 }}
              >
                <Select<number>
                  id={`industry-rig-${slot + 1}`}
                  value={facility === 'CUSTOM_STRUCTURE' || savedStructure ? (state.rigs[slot] ?? 0) : 0}
                  disabled={facility !== 'CUSTOM_STRUCTURE'}
                  options={rigs}
                  showSearch={{ optionFilterProp: 'label' }}
                  onChange={(rig) =>
                    onChange((current) => {
                      const rigs = [...current.rigs] as [number | null, number | null, number | null];
                      rigs[slot] = rig === 0 ? null : rig;
                      return { ...current, rigs };
                    })
                  }
                />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Form>
    </Card>
  );
}
