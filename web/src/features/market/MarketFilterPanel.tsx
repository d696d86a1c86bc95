import { Button, Checkbox, Flex, Input, InputNumber, Tooltip, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { RANGE_BOUND_MAX } from './market-constants';
import {
  DEFAULT_MARKET_FILTER,
  activeFilterCount,
  type FilterPart,
  type FilterProblem,
  type MarketFilter,
} from './market-filter';

interface MarketFilterPanelProps {
  readonly filter: MarketFilter;
  readonly problems: readonly FilterProblem[];
  readonly onChange: (filter: MarketFilter) => void;
  /** Jumps and own orders need an account. */
  readonly loggedIn: boolean;
  /** Why the jump filter cannot work yet (no location), or null. */
  readonly jumpsHint: string | null;
  /** Why the own-orders filter cannot work (loading, failed), or null. */
  readonly ownOrdersHint: string | null;
}

type RangeKey = 'Price' | 'Quantity' | 'Jumps';

interface RangeSpec {
  readonly key: RangeKey;
  readonly part: FilterPart;
  readonly label: string;
  readonly max: number;
  readonly step: number;
  readonly precision?: number;
}

const RANGES: readonly RangeSpec[] = [
  { key: 'Price', part: 'price', label: 'Price', max: RANGE_BOUND_MAX, step: 1, precision: 2 },
  { key: 'Quantity', part: 'quantity', label: 'Quantity', max: RANGE_BOUND_MAX, step: 1, precision: 0 },
  { key: 'Jumps', part: 'jumps', label: 'Jumps', max: RANGE_BOUND_MAX, step: 1, precision: 0 },
];

const SWITCHES: readonly { key: keyof MarketFilter; label: string; group: 'security' | 'kind' }[] = [
  { key: 'filterNullSec', label: 'Null-sec', group: 'security' },
  { key: 'filterLowSec', label: 'Low-sec', group: 'security' },
  { key: 'filterHighSec', label: 'High-sec', group: 'security' },
  { key: 'filterStations', label: 'Stations', group: 'kind' },
  { key: 'filterStructures', label: 'Structures', group: 'kind' },
  { key: 'filterMarketHubs', label: 'Market hubs', group: 'kind' },
];

function Line({ label, children }: { readonly label: ReactNode; readonly children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={token.marginXS} wrap style={{ minHeight: token.controlHeight }}>
      <div style={{ minWidth: 120 }}>{label}</div>
      {children}
    </Flex>
  );
}

/**
 * Every filter of public-tools §5: price, quantity and jump ranges; null-, low- and high-sec; stations, structures
 * and hubs; location and region names (regular expressions, any case); own orders; no NPC orders. Changing a
 * value switches its filter on.
 */
export function MarketFilterPanel({
  filter,
  problems,
  onChange,
  loggedIn,
  jumpsHint,
  ownOrdersHint,
}: MarketFilterPanelProps) {
  const { token } = theme.useToken();
  const wrong = new Set(problems.map((problem) => problem.part));
  const set = (change: Partial<MarketFilter>) => onChange({ ...filter, ...change });
  const active = activeFilterCount(filter);

  const range = (spec: RangeSpec) => {
    const on = `filter${spec.key}` as const;
    const min = `min${spec.key}` as const;
    const max = `max${spec.key}` as const;
    const needsAccount = spec.key === 'Jumps' && !loggedIn;
    const status = wrong.has(spec.part) ? ('error' as const) : undefined;
    const number = (bound: typeof min | typeof max, text: string) => (
      <InputNumber<number>
        aria-label={`${text} ${spec.label.toLowerCase()}`}
        data-testid={`filter-${bound}`}
        value={filter[bound]}
        min={0}
        max={spec.max}
        step={spec.step}
        precision={spec.precision}
        status={status}
        disabled={needsAccount}
        placeholder={text === 'Minimum' ? 'min' : 'max'}
        style={{ width: 150 }}
        onChange={(value) => set({ [bound]: value, [on]: true })}
      />
    );
    return (
      <Line
        key={spec.key}
        label={
          <Checkbox
            checked={filter[on]}
            disabled={needsAccount}
            data-testid={`filter-${on}`}
            onChange={(event) => set({ [on]: event.target.checked })}
          >
            {spec.label}
          </Checkbox>
        }
      >
        {number(min, 'Minimum')}
        <span aria-hidden>–</span>
        {number(max, 'Maximum')}
        {spec.key === 'Jumps' && (needsAccount || jumpsHint) ? (
          <Typography.Text type="secondary">
            {needsAccount ? 'Log in to see jumps.' : jumpsHint}
          </Typography.Text>
        ) : null}
      </Line>
    );
  };

  const pattern = (
    on: 'filterLocation' | 'filterRegion',
    text: 'locationName' | 'regionName',
    label: string,
  ) => (
    <Line
      label={
        <Checkbox
          checked={filter[on]}
          data-testid={`filter-${on}`}
          onChange={(event) => set({ [on]: event.target.checked })}
        >
          {label}
        </Checkbox>
      }
    >
      <Input
        aria-label={`${label} (regular expression)`}
        data-testid={`filter-${text}`}
        value={filter[text]}
        status={wrong.has(on === 'filterLocation' ? 'location' : 'region') ? 'error' : undefined}
        placeholder="Regular expression, any case"
        style={{ width: 320, maxWidth: '100%' }}
        onChange={(event) => set({ [text]: event.target.value, [on]: true })}
      />
    </Line>
  );

  const switchBox = (key: keyof MarketFilter, label: string, disabled = false) => (
    <Checkbox
      key={key}
      checked={filter[key] as boolean}
      disabled={disabled}
      data-testid={`filter-${key}`}
      onChange={(event) => set({ [key]: event.target.checked })}
    >
      {label}
    </Checkbox>
  );

  return (
    <section aria-label="Filters" data-testid="market-filters">
      <Flex justify="space-between" align="center" style={{ marginBottom: token.marginSM }}>
        <Typography.Title level={3} style={{ margin: 0, fontSize: token.fontSizeHeading5 }}>
          Filters{active > 0 ? ` (${active} on)` : ''}
        </Typography.Title>
        <Button
          size="small"
          disabled={filter === DEFAULT_MARKET_FILTER}
          onClick={() => onChange(DEFAULT_MARKET_FILTER)}
        >
          Reset filters
        </Button>
      </Flex>
      <Flex vertical gap={token.marginXXS}>
        {RANGES.map(range)}
        {pattern('filterLocation', 'locationName', 'Location')}
        {pattern('filterRegion', 'regionName', 'Region')}
        <Line label={<Typography.Text type="secondary">Security</Typography.Text>}>
          {SWITCHES.filter((entry) => entry.group === 'security').map((entry) =>
            switchBox(entry.key, entry.label),
          )}
        </Line>
        <Line label={<Typography.Text type="secondary">Location kind</Typography.Text>}>
          {SWITCHES.filter((entry) => entry.group === 'kind').map((entry) =>
            switchBox(entry.key, entry.label),
          )}
        </Line>
        <Line label={<Typography.Text type="secondary">Orders</Typography.Text>}>
          <Tooltip title={loggedIn ? ownOrdersHint : 'Log in to filter your own orders.'}>
            <span>{switchBox('filterOwn', 'My orders only', !loggedIn)}</span>
          </Tooltip>
          <Tooltip title="NPC orders last longer than 90 days.">
            <span>{switchBox('filterNpc', 'No NPC orders')}</span>
          </Tooltip>
        </Line>
        {loggedIn && filter.filterOwn && ownOrdersHint ? (
          <Typography.Text type="secondary">{ownOrdersHint}</Typography.Text>
        ) : null}
      </Flex>
    </section>
  );
}
