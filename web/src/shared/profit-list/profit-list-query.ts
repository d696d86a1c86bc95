import { ALL_OWNERS, ownerArgs, pageParams, parsedNumber, type OwnerChoice } from '../ui/editable-list';

/** The filters of a profit list (account-area §2): item, character and minimum profit. */
export interface ProfitListFilters {
  /** Item name contains (any case); empty for every item. */
  readonly item: string;
  /** null: every character of the account. */
  readonly characterId: number | null;
  /** Minimum profit in ISK as typed; empty means none (account-area §5). */
  readonly minProfit: string;
  /** Whose wallets (offered where the account tracks a corporation's trade). */
  readonly owner: OwnerChoice;
}

export const NO_PROFIT_LIST_FILTERS: ProfitListFilters = {
  item: '',
  characterId: null,
  minProfit: '',
  owner: ALL_OWNERS,
};

/** The minimum profit to send: a number, or nothing when the field is empty or not a number (§5). */
export function minProfitParam(text: string): string | undefined {
  const value = parsedNumber(text);
  return value === null ? undefined : String(value);
}

export function hasProfitListFilter(filters: ProfitListFilters): boolean {
  return (
    filters.item.trim() !== '' ||
    filters.characterId !== null ||
    filters.owner !== ALL_OWNERS ||
    minProfitParam(filters.minProfit) !== undefined
  );
}

/** What the profit list reads take (GET /profit/{account}/tradeProfits, /manufacturingProfits, ...). */
export interface ProfitListArgs {
  readonly account: string;
  readonly start: number;
  readonly count: number;
  readonly filter?: string;
  readonly characterId?: number;
  readonly ownerFilter?: 'personal' | 'corporation';
  readonly division?: number;
  readonly minProfit?: string;
  /** The last edit's log position, so the list shows it (`?position=`). */
  readonly position?: number;
}

/** One page of a profit list with the filters; `position` is the last edit's, so the list shows it. */
export function profitListArgs(
  accountId: string,
  filters: ProfitListFilters,
  page: number,
  pageSize: number,
  position: number | null,
): ProfitListArgs {
  const minProfit = minProfitParam(filters.minProfit);
  return {
    account: accountId,
    ...pageParams(page, pageSize),
    ...(filters.item.trim() !== '' ? { filter: filters.item.trim() } : {}),
    ...(filters.characterId !== null ? { characterId: filters.characterId } : {}),
    ...ownerArgs(filters.owner),
    ...(minProfit !== undefined ? { minProfit } : {}),
    ...(position !== null ? { position } : {}),
  };
}
