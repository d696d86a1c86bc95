import { DEFAULT_TRADE_LEDGER_CONFIG, foldTradeLedger } from './fifo-ledger';
import { shareOfUnits } from './money';
import {
  allRemainingStacks,
  allTransactionQuantities,
  pendingSales,
  tradeProfitRows,
} from './trade-ledger.queries';
import { type LedgerTransaction, type TradeLedgerInput } from './trade-ledger.types';
import { JITA_STATION, MAIN, UPWELL_STRUCTURE } from './trade-ledger.test-kit';

function lcg(seed: number): (below: number) => number {
  let value = seed;
  return (below) => {
    value = (value * 1_103_515_245 + 12_345) % 2_147_483_648;
    return Math.floor((value / 2_147_483_648) * below);
  };
}

/** A year of trading in 25 item types: buys, and sales never larger than the stock at the time. */
function aYearOfTrading(count: number): LedgerTransaction[] {
  const random = lcg(42);
  const stock = new Map<number, number>();
  const startMs = Date.parse('2025-01-01T00:00:00Z');
  const stepMs = Math.floor((365 * 86_400_000) / count);
  const transactions: LedgerTransaction[] = [];
  for (let index = 0; index < count; index++) {
    const typeId = 1_000 + random(25);
    const held = stock.get(typeId) ?? 0;
    const isBuy = held === 0 || random(2) === 0;
    const quantity = isBuy ? 1 + random(1_000) : 1 + random(Math.min(held, 700));
    stock.set(typeId, held + (isBuy ? quantity : -quantity));
    transactions.push({
      transactionId: 6_000_000_000 + index,
      date: new Date(startMs + index * stepMs).toISOString(),
      characterId: MAIN + random(3),
      typeId,
      quantity,
      unitPrice: 1 + random(100_000_00),
      isBuy,
      isPersonal: true,
      locationId: random(2) === 0 ? JITA_STATION : UPWELL_STRUCTURE,
    });
  }
  return transactions;
}

/** The plainest FIFO there is: per type, an array of [unit price, units left], shifted as it empties. */
function referenceCostPerSale(transactions: readonly LedgerTransaction[]): Map<number, number> {
  const stacks = new Map<number, [number, number][]>();
  const costs = new Map<number, number>();
  for (const transaction of transactions) {
    const queue = stacks.get(transaction.typeId) ?? [];
    stacks.set(transaction.typeId, queue);
    if (transaction.isBuy) {
      queue.push([transaction.unitPrice, transaction.quantity]);
      continue;
    }
    let need = transaction.quantity;
    let cost = 0;
    while (need > 0) {
      const head = queue[0]!;
      const taken = Math.min(need, head[1]);
      cost += taken * head[0];
      head[1] -= taken;
      need -= taken;
      if (head[1] === 0) queue.shift();
    }
    costs.set(transaction.transactionId, cost);
  }
  return costs;
}

describe('a year of trading', () => {
  const transactions = aYearOfTrading(120_000);
  const inputs: TradeLedgerInput[] = transactions.map((transaction) => ({
    type: 'TransactionRecorded',
    transaction,
  }));

  // Its speed is measured by `npm run bench -- ledger`, not timed here: a test's timing fails on a busy machine.
  it('given 120,000 fills, when folded, then every sale costs what a plain FIFO says', () => {
    const state = foldTradeLedger(inputs, DEFAULT_TRADE_LEDGER_CONFIG);
    const rows = tradeProfitRows(state);
    expect(pendingSales(state)).toEqual([]);
    const expected = referenceCostPerSale(transactions);
    expect(rows).toHaveLength(expected.size);
    for (const row of rows) expect(row.buyCost).toBe(expected.get(row.sellTransactionId));
  });

  it('given 120,000 fills, when fees and taxes are summed over rows and what is left, then they match the transactions to the cent', () => {
    const state = foldTradeLedger(inputs, DEFAULT_TRADE_LEDGER_CONFIG);
    const rows = tradeProfitRows(state);
    const quantities = new Map(allTransactionQuantities(state).map((row) => [row.transactionId, row]));
    const sum = (values: Iterable<number>) => {
      let total = 0;
      for (const value of values) total += value;
      return total;
    };

    const buys = [...quantities.values()].filter((row) => row.isBuy);
    const sales = [...quantities.values()].filter((row) => !row.isBuy);
    const leftOverBuyFees = sum(
      allRemainingStacks(state).flatMap((stacks) =>
        stacks.bought.map((stack) => {
          const buy = quantities.get(stack.transactionId)!;
          return shareOfUnits(
            buy.brokerFee,
            buy.quantity,
            buy.quantity - stack.quantityRemaining,
            buy.quantity,
          );
        }),
      ),
    );
    expect(sum(rows.map((row) => row.buyBrokerFee)) + leftOverBuyFees).toBe(
      sum(buys.map((buy) => buy.brokerFee)),
    );
    expect(sum(rows.map((row) => row.sellBrokerFee))).toBe(sum(sales.map((sale) => sale.brokerFee)));
    expect(sum(rows.map((row) => row.sellTax))).toBe(sum(sales.map((sale) => sale.salesTax!)));
    const gross = new Map(
      transactions.map((transaction) => [
        transaction.transactionId,
        transaction.unitPrice * transaction.quantity,
      ]),
    );
    expect(sum(rows.map((row) => row.sellGross))).toBe(
      sum(sales.map((sale) => gross.get(sale.transactionId)!)),
    );
    expect(sum(rows.map((row) => row.profit))).toBe(
      sum(
        rows.map((row) => row.sellGross - row.sellTax - row.sellBrokerFee - row.buyCost - row.buyBrokerFee),
      ),
    );
  });
});
