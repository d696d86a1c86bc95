import { Input } from 'antd';
import { useState } from 'react';

interface InlineNumberInputProps<Value> {
  /** null shows an empty field. */
  readonly value: Value | null;
  /** Called with each valid value as the user types; text that is not a valid value is ignored (§5). */
  readonly onValue: (value: Value) => void;
  readonly parse: (text: string) => Value | null;
  readonly format: (value: Value) => string;
  readonly label: string;
  readonly testId?: string;
  readonly width?: number;
  readonly placeholder?: string;
}

/**
 * A number cell of a row in edit mode. While focused it shows what the user typed, so a value the row derives
 * from it (a rescaled total, a clamped quantity) does not move the caret; on leaving it shows the row's value.
 */
export function InlineNumberInput<Value>({
  value,
  onValue,
  parse,
  format,
  label,
  testId,
  width = 120,
  placeholder,
}: InlineNumberInputProps<Value>) {
  const [typed, setTyped] = useState<string | null>(null);
  return (
    <Input
      size="small"
      inputMode="decimal"
      aria-label={label}
      data-testid={testId}
      style={{ width, textAlign: 'right' }}
      placeholder={placeholder}
      value={typed ?? (value === null ? '' : format(value))}
      onChange={(event) => {
        const text = event.target.value;
        setTyped(text);
        const parsed = parse(text);
        if (parsed !== null) onValue(parsed);
      }}
      onBlur={() => setTyped(null)}
    />
  );
}
