import { Checkbox, Flex, InputNumber, Segmented, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { acceptedSettingNumber, type UndercutSettings } from './market-orders';
import type { UndercutRange } from './rules/price-status';

interface UndercutSettingsPanelProps {
  readonly settings: UndercutSettings;
  readonly onChange: (settings: UndercutSettings) => void;
  readonly showEmptyLists: boolean;
  readonly onShowEmptyListsChange: (show: boolean) => void;
}

function Setting({ label, children }: { readonly label: string; readonly children: ReactNode }) {
  return (
    <label>
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        {label}
      </Typography.Text>
      {children}
    </label>
  );
}

/**
 * Range, amount, minimum volume, random offset and volume highlight (account-area §2, §5, §9). A number below 0 is
 * not accepted: the field falls back to the last accepted value rather than clamping to 0.
 */
export function UndercutSettingsPanel({
  settings,
  onChange,
  showEmptyLists,
  onShowEmptyListsChange,
}: UndercutSettingsPanelProps) {
  const { token } = theme.useToken();
  const numberSetting = (
    key: 'amount' | 'minVolumePercent' | 'randomOffset' | 'volumeHighlightPercent',
    label: string,
    step: number,
    addon: string,
  ) => (
    <Setting label={label}>
      <InputNumber
        data-testid={`undercut-${key}`}
        aria-label={label}
        step={step}
        value={settings[key]}
        suffix={addon}
        style={{ width: 140 }}
        onChange={(value) => {
          const accepted = acceptedSettingNumber(value);
          if (accepted !== null) onChange({ ...settings, [key]: accepted });
        }}
      />
    </Setting>
  );

  return (
    <Flex gap={token.margin} wrap align="flex-end" data-testid="undercut-settings">
      <Setting label="Undercut range">
        <Segmented<UndercutRange>
          data-testid="undercut-range"
          value={settings.range}
          options={[
            { label: 'Region', value: 'REGION' },
            { label: 'Station', value: 'STATION' },
          ]}
          onChange={(range) => onChange({ ...settings, range })}
        />
      </Setting>
      {numberSetting('amount', 'Undercut amount', 0.01, 'ISK')}
      {numberSetting('minVolumePercent', 'Minimum volume', 1, '%')}
      {numberSetting('randomOffset', 'Random offset', 0.01, 'ISK')}
      {numberSetting('volumeHighlightPercent', 'Volume highlight', 1, '%')}
      <Checkbox
        data-testid="show-empty-lists"
        checked={showEmptyLists}
        onChange={(event) => onShowEmptyListsChange(event.target.checked)}
      >
        Show empty order lists
      </Checkbox>
    </Flex>
  );
}
