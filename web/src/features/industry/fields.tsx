import { Form, InputNumber } from 'antd';
import type { ReactNode } from 'react';

interface NumberFieldProps {
  readonly id: string;
  readonly label: ReactNode;
  readonly value: number;
  readonly onChange: (value: number) => void;
  readonly min: number;
  readonly max?: number;
  readonly step?: number;
  readonly precision?: number;
  readonly suffix?: string;
  readonly disabled?: boolean;
  /** Shown under the field: why it is disabled, for one. */
  readonly help?: ReactNode;
}

/** A labelled number input within the spec's bounds; an emptied field keeps the last value until it is typed. */
export function NumberField(props: NumberFieldProps) {
  const { id, label, value, onChange, min, max, step = 1, precision, suffix, disabled, help } = props;
  return (
    <Form.Item label={label} htmlFor={id} help={help} style={{ marginBottom: 12 }}>
      <InputNumber<number>
        id={id}
        value={value}
        min={min}
        max={max}
        step={step}
        precision={precision}
        suffix={suffix}
        disabled={disabled}
        style={{ width: '100%' }}
        onChange={(next) => {
          if (next === null || Number.isNaN(next)) return;
          onChange(Math.min(max ?? Number.POSITIVE_INFINITY, Math.max(min, next)));
        }}
      />
    </Form.Item>
  );
}
