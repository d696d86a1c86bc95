/**
 * A second, deliberately plain implementation of docs/profit-rules.md for the truth test: BigInt arithmetic,
 * transactions in date order, no incremental state. It shares no code with the ledger, so the two agreeing to the
 * cent means both follow the written rules.
 */
export interface TruthTransaction {
  readonly id: number;
  readonly timeMs: number;
  readonly typeId: number;
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly isBuy: boolean;
  readonly locationId: number;
  /**
   * The broker fee the transaction's order charged it (the simulator's figure), or 0 for one that filled another
   * player's order; absent where the ledger estimates it, at the configured rate.
   */
  readonly brokerFee?: bigint;
}

export interface ExpectedRow {
  readonly id: string;
  readonly timeMs: number;
  readonly typeId: number;
  readonly quantitySold: number;
  readonly buyCost: bigint;
  readonly buyBrokerFee: bigint;
  readonly sellGross: bigint;
  readonly sellBrokerFee: bigint;
  readonly sellTax: bigint;
  readonly profit: bigint;
}

export interface ExpectedLedger {
  readonly rows: ExpectedRow[];
  /** Sale id → units left without a cost. */
  readonly pending: Map<number, number>;
}

const PPM = 1_000_000n;
const BUY_FEE_PPM = 5_000n;
const SELL_FEE_PPM = 5_000n;
const NPC_SELL_FEE_PPM = 35_000n;

/** round(a × b / c), halves up, for a, b ≥ 0 and c > 0. */
function scaled(a: bigint, b: bigint, c: bigint): bigint {
  return (2n * a * b + c) / (2n * c);
}

function share(total: bigint, quantity: number, from: number, to: number): bigint {
  return scaled(total, BigInt(to), BigInt(quantity)) - scaled(total, BigInt(from), BigInt(quantity));
}

const isNpcStation = (locationId: number): boolean => locationId >= 60_000_000 && locationId < 64_000_000;

export function expectedLedger(
  transactions: readonly TruthTransaction[],
  /** Sale id → the tax its journal rows say; sales without one pay `fallbackTaxPpm` of their gross. */
  journalTax: ReadonlyMap<number, bigint>,
  fallbackTaxPpm: bigint,
): ExpectedLedger {
  const ordered = [...transactions].sort((a, b) => a.timeMs - b.timeMs || a.id - b.id);
  const stacks = new Map<number, { buy: TruthTransaction; fee: bigint; taken: number }[]>();
  const rows: ExpectedRow[] = [];
  const pending = new Map<number, number>();
  for (const transaction of ordered) {
    const gross = BigInt(transaction.unitPriceCents) * BigInt(transaction.quantity);
    if (transaction.isBuy) {
      const list = stacks.get(transaction.typeId) ?? [];
      list.push({
        buy: transaction,
        fee: transaction.brokerFee ?? scaled(gross, BUY_FEE_PPM, PPM),
        taken: 0,
      });
      stacks.set(transaction.typeId, list);
      continue;
    }
    const sellFee =
      transaction.brokerFee ??
      scaled(gross, isNpcStation(transaction.locationId) ? NPC_SELL_FEE_PPM : SELL_FEE_PPM, PPM);
    const tax = journalTax.get(transaction.id) ?? scaled(gross, fallbackTaxPpm, PPM);
    let need = transaction.quantity;
    let buyCost = 0n;
    let buyBrokerFee = 0n;
    for (const stack of stacks.get(transaction.typeId) ?? []) {
      if (need === 0) break;
      const left = stack.buy.quantity - stack.taken;
      if (left === 0) continue;
      const taken = Math.min(need, left);
      buyCost += BigInt(stack.buy.unitPriceCents) * BigInt(taken);
      buyBrokerFee += share(stack.fee, stack.buy.quantity, stack.taken, stack.taken + taken);
      stack.taken += taken;
      need -= taken;
    }
    const matched = transaction.quantity - need;
    if (need > 0) pending.set(transaction.id, need);
    if (matched === 0) continue;
    const sellGross = BigInt(transaction.unitPriceCents) * BigInt(matched);
    const sellBrokerFee = share(sellFee, transaction.quantity, 0, matched);
    const sellTax = share(tax, transaction.quantity, 0, matched);
    rows.push({
      id: `${transaction.id}-0`,
      timeMs: transaction.timeMs,
      typeId: transaction.typeId,
      quantitySold: matched,
      buyCost,
      buyBrokerFee,
      sellGross,
      sellBrokerFee,
      sellTax,
      profit: sellGross - sellTax - sellBrokerFee - buyCost - buyBrokerFee,
    });
  }
  return { rows, pending };
}
