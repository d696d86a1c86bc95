import { Card, Col, Form, InputNumber, Row, theme } from 'antd';
import { useMemo, useState } from 'react';
import { exampleRows, marginFor } from './margin-calculator';
import { parseMarginInputs, type MarginField, type MarginFormValues } from './margin-inputs';
import { MarginExamplesTable } from './MarginExamplesTable';
import { MarginResults } from './MarginResults';

interface NumberField {
  readonly name: MarginField;
  readonly label: string;
  readonly step: number;
  readonly min: number;
  readonly suffix?: string;
  readonly precision?: number;
  readonly placeholder?: string;
}

/** The inputs of public-tools §2 with the bounds and steps of §5 (min 0; fee steps 0.01, tax step 0.001). */
const FIELDS: readonly NumberField[] = [
  { name: 'buyPrice', label: 'Buy Price', step: 0.01, min: 0, suffix: 'ISK', precision: 2 },
  { name: 'sellPrice', label: 'Sell Price', step: 0.01, min: 0, suffix: 'ISK', precision: 2 },
  { name: 'buyBroker', label: 'Buy Broker Fee %', step: 0.01, min: 0 },
  { name: 'sellBroker', label: 'Sell Broker Fee %', step: 0.01, min: 0 },
  { name: 'taxRate', label: 'Tax Rate %', step: 0.001, min: 0 },
  { name: 'extraQuantity', label: 'Extra Quantity', step: 1, min: 1, precision: 0, placeholder: 'None' },
];

/** The calculator: the form, the results for one unit and the example table, all from the same exact inputs. */
export function MarginCalculator({ initialValues }: { readonly initialValues: MarginFormValues }) {
  const { token } = theme.useToken();
  const [values, setValues] = useState(initialValues);
  const inputs = useMemo(() => parseMarginInputs(values), [values]);
  const unit = useMemo(() => marginFor(inputs, 1), [inputs]);
  const rows = useMemo(() => exampleRows(inputs), [inputs]);

  return (
    <Row gutter={[token.marginLG, token.marginLG]}>
      <Col xs={24} lg={12}>
        <Card title="Prices and rates">
          <Form<MarginFormValues>
            name="margin"
            layout="vertical"
            initialValues={initialValues}
            onValuesChange={(_, all) => setValues(all)}
          >
            <Row gutter={token.margin}>
              {FIELDS.map((field) => (
                <Col key={field.name} xs={24} sm={12}>
                  <Form.Item name={field.name} label={field.label}>
                    <InputNumber<string>
                      stringMode
                      min={String(field.min)}
                      step={field.step}
                      precision={field.precision}
                      suffix={field.suffix}
                      placeholder={field.placeholder}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
              ))}
            </Row>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card title="Result for one unit">
          <MarginResults result={unit} />
        </Card>
      </Col>
      <Col span={24}>
        <Card title="Examples by quantity">
          <MarginExamplesTable rows={rows} />
        </Card>
      </Col>
    </Row>
  );
}
