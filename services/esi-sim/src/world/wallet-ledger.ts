import { eventId, IdSpace } from './esi-ids';
import { formatIsk, type Cents } from './money';
import { DAY_MS } from './price-model';
import type { WalletPlan } from './world-plan';
import type { JournalRecord, JournalRow } from './world-records';

/** Settlements happen every Monday 00:00 UTC; 2020-01-06 was a Monday. */
const SETTLEMENT_EPOCH_MS = Date.UTC(2020, 0, 6);
export const WEEK_MS = 7 * DAY_MS;

export function lastSettlementAtOrBefore(timeMs: number): number {
  return SETTLEMENT_EPOCH_MS + Math.floor((timeMs - SETTLEMENT_EPOCH_MS) / WEEK_MS) * WEEK_MS;
}

export interface LedgerContext {
  /** Every journal record the wallet's activity booked in [fromMs, toMs], in a fresh array. */
  readonly recordsBetween: (plan: WalletPlan, fromMs: number, toMs: number) => JournalRecord[];
  readonly nameOf: (id: number) => string;
}

/**
 * The journal of one wallet with running balances. A wallet's balance could only be known by adding up its
 * whole past; instead every Monday 00:00 UTC its owner settles with an outside player (a `player_donation` either
 * way) so the balance returns to its working capital. Any stretch of journal then needs at most one week before
 * it, and every row's balance is the same whichever window it is read in. The product's corporation never
 * settles: it keeps the deposits it receives, and its few rows are summed from the start.
 */
export function ledgerRows(
  context: LedgerContext,
  plan: WalletPlan,
  fromMs: number,
  toMs: number,
): JournalRow[] {
  const settles = plan.settlementPartyId !== undefined;
  const startMs = Math.max(
    plan.activeSinceMs,
    settles ? lastSettlementAtOrBefore(fromMs - 1) : plan.activeSinceMs,
  );
  if (startMs > toMs) return [];
  // Ids grow with the second they were booked in, so id order is time order.
  const records = context.recordsBetween(plan, startMs, toMs).sort((a, b) => a.id - b.id);
  const settlements: number[] = [];
  if (settles) {
    for (let at = lastSettlementAtOrBefore(startMs) + WEEK_MS; at <= toMs; at += WEEK_MS) {
      if (at > startMs) settlements.push(at);
    }
  }

  let balance: Cents = plan.workingCapital;
  const rows: JournalRow[] = [];
  const book = (row: JournalRecord): void => {
    balance += row.amount;
    row.balance = balance;
    if (row.timeMs >= fromMs) rows.push(row as JournalRow);
  };
  // A settlement comes before anything else booked in its second, so it always sees the same week.
  const settleUpTo = (timeMs: number): void => {
    while (settlements.length > 0 && settlements[0]! <= timeMs) {
      const at = settlements.shift()!;
      const amount = plan.workingCapital - balance;
      if (amount !== 0) book(settlementRow(context, plan, at, amount));
    }
  };
  for (const record of records) {
    settleUpTo(record.timeMs);
    book(record);
  }
  settleUpTo(toMs);
  return rows;
}

function settlementRow(context: LedgerContext, plan: WalletPlan, atMs: number, amount: Cents): JournalRecord {
  const party = plan.settlementPartyId!;
  const [from, to] = amount < 0 ? [plan.ownerId, party] : [party, plan.ownerId];
  return {
    id: IdSpace.journal + eventId(atMs, plan.source, 0),
    wallet: plan.wallet,
    timeMs: atMs,
    refType: 'player_donation',
    amount,
    description: `${context.nameOf(from)} deposited cash into ${context.nameOf(to)}'s account`,
    firstPartyId: from,
    secondPartyId: to,
    reason: `Weekly settlement of ${formatIsk(Math.abs(amount))}`,
  };
}
