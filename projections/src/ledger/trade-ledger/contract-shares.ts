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
 * unless none could be valued, when all share it by quantity. Largest remainder: the shares are whole cents and sum
 * exactly to the amount paid; ties go to the earlier line.
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
  const costs = largestRemainder(BigInt(contract.amount), weights);
  return items.map((item, index) => ({
    itemId: item.itemId,
    cost: Number(costs[index]!),
    method: valued[index]!.method,
    appraisedUnitPrice: valued[index]!.unitPrice,
  }));
}

/** `total` split in proportion to `weights` (not all 0) in whole units summing to `total`. */
function largestRemainder(total: bigint, weights: readonly bigint[]): bigint[] {
  const sum = weights.reduce((acc, weight) => acc + weight, 0n);
  if (sum === 0n) throw new RangeError('a split needs a positive weight');
  const shares = weights.map((weight) => (total * weight) / sum);
  let left = total - shares.reduce((acc, share) => acc + share, 0n);
  const order = weights
    .map((weight, index) => ({ index, remainder: (total * weight) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1));
  for (const { index } of order) {
    if (left === 0n) break;
    shares[index] = shares[index]! + 1n;
    left -= 1n;
  }
  return shares;
}
