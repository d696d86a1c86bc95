import type { Cents } from './money';
import type { ContractAppraisalMethod, LedgerContract } from './trade-ledger.types';

export interface ContractItemShare {
  readonly itemId: number;
  readonly cost: Cents;
  readonly method: ContractAppraisalMethod;
  /** The unit price the share was weighed by; null when the item was not appraised. */
  readonly appraisedUnitPrice: Cents | null;
}

const APPRAISED: ReadonlySet<ContractAppraisalMethod> = new Set(['MARKET_ORDERS', 'ESI_PRICE']);

/**
 * What each item line a contract brought the account cost: its share of what the account paid
 * (docs/profit-rules.md §15). Lines of one type (SINGLE_ITEM_TYPE) share it by quantity; otherwise by appraised value
 * (unit price × quantity), so lines the appraisal could not value (blueprints, no orders, no market) cost nothing,
 * unless none could be valued, when all share it by quantity. The shares are whole cents summing exactly to the
 * amount paid.
 */
export function contractItemShares(contract: LedgerContract): ContractItemShare[] {
  const { items } = contract;
  if (items.length === 0) return [];
  const singleType = items.every((item) => item.typeId === items[0]!.typeId);
  const prices = new Map(contract.appraisal.map((price) => [price.typeId, price]));
  const valued = items.map((item) => {
    if (singleType)
      return { method: 'SINGLE_ITEM_TYPE' as const, unitPrice: null, weight: BigInt(item.quantity) };
    const price = prices.get(item.typeId);
    const method = price?.method ?? 'NONE';
    const appraised = price !== undefined && APPRAISED.has(method);
    return {
      method,
      unitPrice: appraised ? price.unitPrice : null,
      weight: appraised ? BigInt(price.unitPrice) * BigInt(item.quantity) : 0n,
    };
  });
  const byValue = valued.some((line) => line.weight > 0n);
  const weights = valued.map((line, index) => (byValue ? line.weight : BigInt(items[index]!.quantity)));
  const costs = runningShares(BigInt(contract.amount), weights);
  return items.map((item, index) => ({
    itemId: item.itemId,
    cost: Number(costs[index]!),
    method: valued[index]!.method,
    appraisedUnitPrice: valued[index]!.unitPrice,
  }));
}

/**
 * `total` split in proportion to `weights` (not all 0) as the ledger splits every cost: each part is the difference
 * of the rounded running shares (halves up), so the parts are whole cents summing to `total` exactly. BigInt: a
 * value weight (unit price × quantity) times the price passes 2^53.
 */
function runningShares(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0n);
  if (sum === 0n) throw new RangeError('a split needs a positive weight');
  const roundedUpTo = (cumulative: bigint) => (2n * total * cumulative + sum) / (2n * sum);
  let cumulative = 0n;
  let allocated = 0n;
  return weights.map((weight) => {
    cumulative += weight;
    const upTo = roundedUpTo(cumulative);
    const part = upTo - allocated;
    allocated = upTo;
    return part;
  });
}
