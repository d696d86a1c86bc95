import { compareBigInt, divideRounded, formatHundredths } from './exact-decimal';
import { RATE_DENOMINATOR, type MarginInputs } from './margin-inputs';

/** Spec public-tools §5 and §9: the broker fee on each side is at least 100 ISK. */
export const MINIMUM_BROKER_FEE_CENTS = 100_00n;

/** Spec public-tools §2 and §9: the example table's quantities, powers of ten from 1 to 10,000,000. */
export const EXAMPLE_QUANTITIES: readonly number[] = Array.from({ length: 8 }, (_, power) => 10 ** power);

/** One trade of `quantity` units at the calculator's prices; every amount in cents. */
export interface MarginResult {
  readonly quantity: number;
  readonly buyGross: bigint;
  readonly buyBrokerFee: bigint;
  readonly sellGross: bigint;
  readonly sellBrokerFee: bigint;
  readonly salesTax: bigint;
  /** What the buy costs: gross plus its broker fee. */
  readonly totalBuy: bigint;
  /** What the sale brings in: gross minus its broker fee and the sales tax. */
  readonly totalSell: bigint;
  readonly profit: bigint;
  /** Profit over the sell gross in hundredths of a percent (basis points), rounded; null when nothing is sold. */
  readonly marginBasisPoints: bigint | null;
}

function share(amount: bigint, ratePpm: bigint): bigint {
  return divideRounded(amount * ratePpm, RATE_DENOMINATOR);
}

function brokerFee(gross: bigint, ratePpm: bigint): bigint {
  const fee = share(gross, ratePpm);
  return fee > MINIMUM_BROKER_FEE_CENTS ? fee : MINIMUM_BROKER_FEE_CENTS;
}

/**
 * Buying and selling `quantity` units as one order per side: each side pays the larger of 100 ISK and its gross
 * times its broker rate; the sale also pays the sales tax. Fees and tax round half up to the cent.
 */
export function marginFor(inputs: MarginInputs, quantity: number): MarginResult {
  const units = BigInt(quantity);
  const buyGross = inputs.buyPriceCents * units;
  const sellGross = inputs.sellPriceCents * units;
  const buyBrokerFee = brokerFee(buyGross, inputs.buyBrokerPpm);
  const sellBrokerFee = brokerFee(sellGross, inputs.sellBrokerPpm);
  const salesTax = share(sellGross, inputs.taxRatePpm);
  const totalBuy = buyGross + buyBrokerFee;
  const totalSell = sellGross - sellBrokerFee - salesTax;
  const profit = totalSell - totalBuy;
  return {
    quantity,
    buyGross,
    buyBrokerFee,
    sellGross,
    sellBrokerFee,
    salesTax,
    totalBuy,
    totalSell,
    profit,
    marginBasisPoints: sellGross === 0n ? null : divideRounded(profit * 100_00n, sellGross),
  };
}

export interface ExampleRow extends MarginResult {
  /** The row of the optional extra quantity. */
  readonly isExtra: boolean;
}

/** The example table: 1 to 10,000,000 and the extra quantity (once, in its place by size). */
export function exampleRows(inputs: MarginInputs): ExampleRow[] {
  const { extraQuantity } = inputs;
  const quantities = new Set(EXAMPLE_QUANTITIES);
  if (extraQuantity !== null) quantities.add(extraQuantity);
  return [...quantities]
    .sort((a, b) => a - b)
    .map((quantity) => ({ ...marginFor(inputs, quantity), isExtra: quantity === extraQuantity }));
}

/** The table's sortable columns: Amount, Cost, Profit, Margin. */
export type ExampleSortKey = 'amount' | 'cost' | 'profit' | 'margin';
export type SortOrder = 'ascend' | 'descend';

/** Margins compared exactly (profit / sellGross, cross-multiplied); a row with nothing sold has the lowest. */
function compareMargins(a: MarginResult, b: MarginResult): number {
  const aSold = a.sellGross > 0n;
  const bSold = b.sellGross > 0n;
  if (!aSold || !bSold) return Number(aSold) - Number(bSold);
  return compareBigInt(a.profit * b.sellGross, b.profit * a.sellGross);
}

const COMPARATORS: Record<ExampleSortKey, (a: ExampleRow, b: ExampleRow) => number> = {
  amount: (a, b) => a.quantity - b.quantity,
  cost: (a, b) => compareBigInt(a.totalBuy, b.totalBuy),
  profit: (a, b) => compareBigInt(a.profit, b.profit),
  margin: compareMargins,
};

/** The ascending order of a column; ties keep the order by quantity. */
export function compareExampleRows(key: ExampleSortKey): (a: ExampleRow, b: ExampleRow) => number {
  const compare = COMPARATORS[key];
  return (a, b) => compare(a, b) || a.quantity - b.quantity;
}

export function sortExampleRows(
  rows: readonly ExampleRow[],
  key: ExampleSortKey,
  order: SortOrder,
): ExampleRow[] {
  const compare = compareExampleRows(key);
  return [...rows].sort(order === 'ascend' ? compare : (a, b) => compare(b, a));
}

export type Tone = 'positive' | 'negative' | 'neutral';

/** Profit and margin are coloured by their sign (public-tools §2). */
export function toneOf(value: bigint | null): Tone {
  if (value === null || value === 0n) return 'neutral';
  return value > 0n ? 'positive' : 'negative';
}

/** ISK in full from cents: 1,234,567.89. */
export function formatCents(cents: bigint): string {
  return formatHundredths(cents);
}

/** A margin as a percentage with 2 decimals ('9.38%'), or 'n/a' when nothing is sold. */
export function formatMargin(basisPoints: bigint | null): string {
  return basisPoints === null ? 'n/a' : `${formatHundredths(basisPoints)}%`;
}
