import type {
  WalletTransactionPatch,
  WalletTransactionRow,
  WalletTransactionsApiArg,
} from '../../shared/api';
import {
  ALL_OWNERS,
  characterOrderText,
  ownerArgs,
  pageParams,
  toCents,
  type OwnerChoice,
} from '../../shared/ui/editable-list';

export const TRANSACTIONS_PAGE_SIZE_KEY = 'transactions-page-size';
/** The price copy margin in per cent (account-area §2 Transactions: remembered locally). */
export const TRANSACTIONS_COPY_PERCENT_KEY = 'transactions-copy-percent';

/** Which counter a transaction lets the user raise: consumed for buys, sold for sells (account-area §3). */
export type QuantityField = 'quantityConsumed' | 'quantitySold';

/** A line of Transactions: the row as read and the counter's new value when the user changed it. */
export interface TransactionLine {
  readonly row: WalletTransactionRow;
  readonly quantity: number | null;
}

export const transactionLineOf = (row: WalletTransactionRow): TransactionLine => ({ row, quantity: null });
export const transactionLineId = (line: TransactionLine): number => line.row.id;

/** Corporation trades the ledger does not track cannot be edited (the API refuses them). */
export function editableField(row: WalletTransactionRow): QuantityField | null {
  if (!row.tracked) return null;
  return row.isBuy ? 'quantityConsumed' : 'quantitySold';
}

/**
 * Spec §4 Quantity rules: the counter can only be raised, up to the quantity minus the other counter (buys:
 * consumed ≤ quantity − sold; sells: sold ≤ quantity − consumed).
 */
export function quantityBounds(row: WalletTransactionRow): { min: number; max: number } {
  return row.isBuy
    ? { min: row.quantityConsumed, max: Math.max(row.quantityConsumed, row.quantity - row.quantitySold) }
    : { min: row.quantitySold, max: Math.max(row.quantitySold, row.quantity - row.quantityConsumed) };
}

/** The line with the counter set to `value` (whole, held within its bounds). */
export function withQuantity(line: TransactionLine, value: number): TransactionLine {
  const { min, max } = quantityBounds(line.row);
  return { row: line.row, quantity: Math.min(max, Math.max(min, Math.floor(value))) };
}

/** The row as shown: the edited counter and the remaining quantity that follows from it. */
export function shownRow(line: TransactionLine): WalletTransactionRow {
  const field = editableField(line.row);
  if (line.quantity === null || field === null) return line.row;
  const next = { ...line.row, [field]: line.quantity };
  return { ...next, quantityRemaining: next.quantity - next.quantitySold - next.quantityConsumed };
}

/** PATCH bodies of the lines whose counter was raised. */
export function transactionPatches(lines: readonly TransactionLine[]): WalletTransactionPatch[] {
  return lines.flatMap((line) => {
    const field = editableField(line.row);
    if (field === null || line.quantity === null || line.quantity === line.row[field]) return [];
    return [{ id: line.row.id, [field]: line.quantity }];
  });
}

/** Character, with ' (Corp order)' for a corporation's transaction. */
export function characterText(row: WalletTransactionRow): string {
  return characterOrderText(row.characterName, row.isPersonal);
}

/** Unit price × units in cents, negative for buys (account-area §2). */
export function totalCents(row: WalletTransactionRow): number {
  const total = toCents(row.unitPrice) * row.quantity;
  return row.isBuy ? -total : total;
}

export interface TransactionFilters {
  readonly item: string;
  readonly characterId: number | null;
  /** Whose wallets (offered where the account tracks a corporation's trade). */
  readonly owner: OwnerChoice;
}

export const NO_TRANSACTION_FILTERS: TransactionFilters = { item: '', characterId: null, owner: ALL_OWNERS };

/** The filters an address asks for: `?filter=<item name>`, as Item Analysis's shift-click links (spec §2). */
export function transactionFiltersOf(params: URLSearchParams): TransactionFilters {
  return { ...NO_TRANSACTION_FILTERS, item: params.get('filter')?.trim() ?? '' };
}

export function hasTransactionFilter(filters: TransactionFilters): boolean {
  return filters.item.trim() !== '' || filters.characterId !== null || filters.owner !== ALL_OWNERS;
}

export function walletTransactionsArgs(
  accountId: string,
  filters: TransactionFilters,
  page: number,
  pageSize: number,
  position: number | null,
): WalletTransactionsApiArg {
  return {
    account: accountId,
    ...pageParams(page, pageSize),
    ...(filters.item.trim() !== '' ? { filter: filters.item.trim() } : {}),
    ...(filters.characterId !== null ? { characterId: filters.characterId } : {}),
    ...ownerArgs(filters.owner),
    ...(position !== null ? { position } : {}),
  };
}
