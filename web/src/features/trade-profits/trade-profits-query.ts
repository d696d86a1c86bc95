import type { TradeProfitsApiArg } from '../../shared/api';
import { pageParams, parsedNumber } from '../../shared/ui/editable-list';

/** Where the Trade Profits page remembers its page size (account-area §3 local preferences). */
export const TRADE_PROFITS_PAGE_SIZE_KEY = 'trade-profits-page-size';

export interface TradeProfitFilters {
  /** Item name contains (any case); empty for every item. */
  readonly item: string;
  /** null: every character of the account. */
  readonly characterId: number | null;
  /** Minimum profit in ISK as typed; empty means none (account-area §5). */
  readonly minProfit: string;
}

export const NO_TRADE_PROFIT_FILTERS: TradeProfitFilters = { item: '', characterId: null, minProfit: '' };

/** The minimum profit to send: a number, or nothing when the field is empty or not a number (§5). */
export function minProfitParam(text: string): string | undefined {
  const value = parsedNumber(text);
  return value === null ? undefined : String(value);
}

export function hasTradeProfitFilter(filters: TradeProfitFilters): boolean {
  return (
    filters.item.trim() !== '' ||
    filters.characterId !== null ||
    minProfitParam(filters.minProfit) !== undefined
  );
}

/** GET /profit/{account}/tradeProfits for one page; `position` is the last edit's, so the list shows it. */
export function tradeProfitsArgs(
  accountId: string,
  filters: TradeProfitFilters,
  page: number,
  pageSize: number,
  position: number | null,
): TradeProfitsApiArg {
  const minProfit = minProfitParam(filters.minProfit);
  return {
    account: accountId,
    ...pageParams(page, pageSize),
    ...(filters.item.trim() !== '' ? { filter: filters.item.trim() } : {}),
    ...(filters.characterId !== null ? { characterId: filters.characterId } : {}),
    ...(minProfit !== undefined ? { minProfit } : {}),
    ...(position !== null ? { position } : {}),
  };
}
