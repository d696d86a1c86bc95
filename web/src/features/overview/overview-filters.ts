import type {
  BrokerFeeEstimatesApiArg,
  JournalStats,
  JournalStatsApiArg,
  ManufacturingItemsApiArg,
  ProfitDailyApiArg,
  ProfitHourlyApiArg,
  ProfitItemsApiArg,
} from '../../shared/api';
import { formatIskFull } from '../../shared/format';
import { ownerArgs, type OwnerChoice } from '../../shared/ui/editable-list';
import { hourlyWindow } from './profit-series';
import { rangeHours, rangeStartTime, type TimeRange } from './time-range';

/** The Overview's filters: one character or all, an item name part, the time range and whose wallets. */
export interface OverviewFilters {
  /** null: All Characters. */
  readonly characterId: number | null;
  /** The item filter as sent: trimmed, '' for none. */
  readonly item: string;
  readonly timeRange: TimeRange;
  /** Offered where the account tracks a corporation's trade; the wallet balances are not filtered. */
  readonly owner: OwnerChoice;
}

export interface OverviewCalls {
  readonly daily: ProfitDailyApiArg;
  readonly hourly: ProfitHourlyApiArg;
  readonly items: ProfitItemsApiArg;
  /** Manufacturing profit per item: the same arguments as the trade items (GET .../aggregates/manufacturing). */
  readonly manufacturingItems: ManufacturingItemsApiArg;
  readonly stats: JournalStatsApiArg;
  readonly brokerFees: BrokerFeeEstimatesApiArg;
}

/** The item filter as the calls take it: trimmed, and left out when empty (§5: empty input clears it). */
export function itemFilterText(input: string): string {
  return input.trim();
}

/**
 * The arguments of every Overview call for the filters, at `now` (the moment the filters were last set, so the
 * arguments stay the same while the page is shown). The hourly chart always covers the last 48 hours; the broker
 * fee chart has no item filter.
 */
export function overviewCalls(accountId: string, filters: OverviewFilters, now: number): OverviewCalls {
  const startTime = rangeStartTime(filters.timeRange, now);
  const hours = rangeHours(filters.timeRange);
  const character = filters.characterId === null ? {} : { characterId: filters.characterId };
  const owner = ownerArgs(filters.owner);
  const item = filters.item === '' ? {} : { filter: filters.item };
  const since = startTime === undefined ? {} : { startTime };
  const items = {
    account: accountId,
    ...item,
    ...(hours === undefined ? {} : { timeRangeHours: hours }),
    ...character,
    ...owner,
  };
  return {
    daily: { account: accountId, ...since, ...item, ...character, ...owner },
    hourly: {
      account: accountId,
      startTime: hourlyWindow(now).startTime,
      ...item,
      ...character,
      ...owner,
    },
    items,
    manufacturingItems: items,
    stats: { account: accountId, ...since, ...item, ...character, ...owner },
    brokerFees: { account: accountId, ...since, ...character, ...owner },
  };
}

export interface TradePanelLine {
  readonly key: keyof JournalStats;
  readonly label: string;
  readonly value: string;
}

/** Sales tax and broker fees come from the journal, which does not say which item they were for (§2). */
export const NOT_PER_ITEM = '--';

/**
 * The rolling trade panel: income, purchases, sales tax, broker fees and the transaction counts over the time
 * range. The broker fees are the journal's (every placement and price change), and the unfilled order fees those
 * of units that never filled, of orders cancelled or expired in the range: a cost no sale carries. With an item
 * filter, tax and fees show '--'.
 */
export function tradePanelLines(stats: JournalStats, itemFiltered: boolean): TradePanelLine[] {
  const isk = (value: number) => `${formatIskFull(value)} ISK`;
  const count = (value: number) => String(value);
  return [
    { key: 'sellIsk', label: 'Trade income', value: isk(stats.sellIsk) },
    { key: 'buyIsk', label: 'Purchases', value: isk(stats.buyIsk) },
    { key: 'totalTax', label: 'Sales tax', value: itemFiltered ? NOT_PER_ITEM : isk(stats.totalTax) },
    {
      key: 'totalBroker',
      label: 'Broker fees',
      value: itemFiltered ? NOT_PER_ITEM : isk(stats.totalBroker),
    },
    {
      key: 'unfilledBroker',
      label: 'Unfilled order fees',
      value: itemFiltered ? NOT_PER_ITEM : isk(stats.unfilledBroker),
    },
    { key: 'numBuys', label: 'Buy transactions', value: count(stats.numBuys) },
    { key: 'numSells', label: 'Sell transactions', value: count(stats.numSells) },
  ];
}

/** The empty texts of the per-item tables, word for word (account-area §2). */
export const NO_TRADE_PROFITS =
  'There were no trade profits for this character during the selected time period';
export const NO_MANUFACTURING_PROFITS =
  'There were no manufacturing profits for this character during the selected time period';
