import type {
  BoughtContractItemPatch,
  BoughtContractItemRow,
  BoughtContractItemsApiArg,
  ContractDetail,
} from '../../shared/api';
import type { AppraisalMethod } from '../../shared/appraisal-methods';
import { copiedPriceText, pageParams, parsedNumber, toCents } from '../../shared/ui/editable-list';

export const CONTRACTS_PAGE_SIZE_KEY = 'contracts-page-size';
/** The copy percent of Contracts (account-area §3 local preferences: copy percents). */
export const CONTRACTS_COPY_PERCENT_KEY = 'contracts-copy-percent';
export const DEFAULT_COPY_PERCENT = 100;

/** Spec §2 Contracts: the unit price shows only for MARKET_ORDERS and SINGLE_ITEM_TYPE. */
export function unitPriceShown(method: AppraisalMethod): boolean {
  return method === 'MARKET_ORDERS' || method === 'SINGLE_ITEM_TYPE';
}

/** Spec §2 Contracts: the total shows only for MARKET_ORDERS. */
export function totalShown(method: AppraisalMethod): boolean {
  return method === 'MARKET_ORDERS';
}

/** The copy percent as typed or stored: a number from 0 to 100, 100 when empty or not a number. */
export function copyPercentOf(text: string | null | undefined): number {
  const value = parsedNumber(text);
  if (value === null) return DEFAULT_COPY_PERCENT;
  return Math.min(100, Math.max(0, value));
}

/** What the copy button copies: that percentage of the unit price, to the cent ('1234.56'). */
export function copiedUnitPriceText(unitPrice: number, percent: number): string {
  return copiedPriceText(unitPrice, Math.min(100, Math.max(0, percent)) - 100);
}

/** A line of Contracts: the item as read and its new quantity consumed when the user raised it. */
export interface BoughtItemLine {
  readonly row: BoughtContractItemRow;
  readonly consumed: number | null;
}

export const boughtItemLineOf = (row: BoughtContractItemRow): BoughtItemLine => ({ row, consumed: null });
export const boughtItemLineId = (line: BoughtItemLine): number => line.row.id;

/** Spec §4 Quantity rules: consumed can only be raised, up to quantity minus sold. */
export function consumedBounds(row: BoughtContractItemRow): { min: number; max: number } {
  return {
    min: row.quantityConsumed,
    max: Math.max(row.quantityConsumed, row.quantity - row.quantitySold),
  };
}

/**
 * The line with consumed set to `value`, whole and never below what it was (raise only). A value above the bound
 * is kept and shown as invalid: the server decides with what it holds now and answers why it refuses.
 */
export function withConsumed(line: BoughtItemLine, value: number): BoughtItemLine {
  return { row: line.row, consumed: Math.max(line.row.quantityConsumed, Math.floor(value)) };
}

export function consumedTooHigh(line: BoughtItemLine): boolean {
  return line.consumed !== null && line.consumed > consumedBounds(line.row).max;
}

/** The row as shown: the edited quantity consumed and the remaining quantity that follows from it. */
export function shownItem(line: BoughtItemLine): BoughtContractItemRow {
  if (line.consumed === null) return line.row;
  const { row } = line;
  return {
    ...row,
    quantityConsumed: line.consumed,
    quantityRemaining: row.quantity - row.quantitySold - line.consumed,
  };
}

/** PATCH bodies of the lines whose quantity consumed was raised. */
export function consumedPatches(lines: readonly BoughtItemLine[]): BoughtContractItemPatch[] {
  return lines.flatMap((line) =>
    line.consumed === null || line.consumed === line.row.quantityConsumed
      ? []
      : [{ id: line.row.id, quantityConsumed: line.consumed }],
  );
}

/** The item's share of the contract price in cents (Total). */
export const totalCents = (row: BoughtContractItemRow): number => toCents(row.totalCost);

export interface ContractsFilters {
  readonly item: string;
  readonly characterId: number | null;
}

export const NO_CONTRACTS_FILTERS: ContractsFilters = { item: '', characterId: null };

export function hasContractsFilter(filters: ContractsFilters): boolean {
  return filters.item.trim() !== '' || filters.characterId !== null;
}

export function boughtContractItemsArgs(
  accountId: string,
  filters: ContractsFilters,
  page: number,
  pageSize: number,
  position: number | null,
): BoughtContractItemsApiArg {
  return {
    account: accountId,
    ...pageParams(page, pageSize),
    ...(filters.item.trim() !== '' ? { filter: filters.item.trim() } : {}),
    ...(filters.characterId !== null ? { characterId: filters.characterId } : {}),
    ...(position !== null ? { position } : {}),
  };
}

/** Contract types (account-area §3). */
export const CONTRACT_TYPE_LABELS: Readonly<Record<ContractDetail['type'], string>> = {
  UNKNOWN: 'Unknown',
  ITEM_EXCHANGE: 'Item Exchange',
  AUCTION: 'Auction',
  COURIER: 'Courier',
  LOAN: 'Loan',
};

/** Contract statuses (account-area §3). */
export const CONTRACT_STATUS_LABELS: Readonly<Record<ContractDetail['status'], string>> = {
  OUTSTANDING: 'Outstanding',
  IN_PROGRESS: 'In Progress',
  FINISHED_ISSUER: 'Finished (Issuer)',
  FINISHED_CONTRACTOR: 'Finished (Contractor)',
  FINISHED: 'Finished',
  CANCELLED: 'Cancelled',
  REJECTED: 'Rejected',
  FAILED: 'Failed',
  DELETED: 'Deleted',
  REVERSED: 'Reversed',
};
