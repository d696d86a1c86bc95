import { Card, Col, Form, Radio, Row, Select } from 'antd';
import type { MarketRegion } from '../../shared/api';
import { NumberField } from './fields';
import { INDUSTRY_LIMITS, type IndustryCalculatorState, type StateChange } from './industry-state';

interface MarketPanelProps {
  readonly state: IndustryCalculatorState;
  readonly onChange: (change: StateChange) => void;
  readonly regions: readonly MarketRegion[];
}

const ORDER_SIDES = [
  { value: true, label: 'Buy orders' },
  { value: false, label: 'Sell orders' },
];

/**
 * Market (spec §2): where inputs are bought and the output sold, from which side of the book, with fees and tax. Only
 * an order placed pays the broker: buying from sell orders or selling to buy orders leaves its fee field disabled.
 */
export function MarketPanel({ state, onChange, regions }: MarketPanelProps) {
  const regionOptions = regions.map((region) => ({ value: region.id, label: region.name }));
  const set = (changes: Partial<IndustryCalculatorState>) =>
    onChange((current) => ({ ...current, ...changes }));
  const percent = (key: 'buyBroker' | 'sellBroker' | 'salesTax') => ({
    value: state[key],
    onChange: (value: number) => set({ [key]: value }),
  });

  return (
    <Card title="Market" data-testid="industry-market-panel">
      <Form layout="vertical" component="div">
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item label="Buy Region" htmlFor="industry-buy-region" style={{ marginBottom: 12 }}>
              <Select<number>
                id="industry-buy-region"
                value={state.buyRegionId}
                options={regionOptions}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(buyRegionId) => set({ buyRegionId })}
              />
            </Form.Item>
            <Form.Item label="Buy from" style={{ marginBottom: 12 }}>
              <Radio.Group
                aria-label="Buy from"
                options={ORDER_SIDES}
                value={state.buyFromBuys}
                onChange={(event) => set({ buyFromBuys: event.target.value as boolean })}
                optionType="button"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label="Sell Region" htmlFor="industry-sell-region" style={{ marginBottom: 12 }}>
              <Select<number>
                id="industry-sell-region"
                value={state.sellRegionId}
                options={regionOptions}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(sellRegionId) => set({ sellRegionId })}
              />
            </Form.Item>
            <Form.Item label="Sell to" style={{ marginBottom: 12 }}>
              <Radio.Group
                aria-label="Sell to"
                options={ORDER_SIDES}
                value={state.sellToBuys}
                onChange={(event) => set({ sellToBuys: event.target.value as boolean })}
                optionType="button"
              />
            </Form.Item>
          </Col>
          <Col xs={8}>
            <NumberField
              id="industry-buy-broker"
              label="Buy Broker %"
              step={0.01}
              min={INDUSTRY_LIMITS.percent.min}
              max={INDUSTRY_LIMITS.percent.max}
              disabled={!state.buyFromBuys}
              help={state.buyFromBuys ? undefined : 'None when buying from sell orders'}
              {...percent('buyBroker')}
            />
          </Col>
          <Col xs={8}>
            <NumberField
              id="industry-sell-broker"
              label="Sell Broker %"
              step={0.01}
              min={INDUSTRY_LIMITS.percent.min}
              max={INDUSTRY_LIMITS.percent.max}
              disabled={state.sellToBuys}
              help={state.sellToBuys ? 'None when selling to buy orders' : undefined}
              {...percent('sellBroker')}
            />
          </Col>
          <Col xs={8}>
            <NumberField
              id="industry-sales-tax"
              label="Sales Tax %"
              step={0.001}
              min={INDUSTRY_LIMITS.percent.min}
              max={INDUSTRY_LIMITS.percent.max}
              {...percent('salesTax')}
            />
          </Col>
        </Row>
      </Form>
    </Card>
  );
}
