import {
  EXAMPLE_QUANTITIES,
  MINIMUM_BROKER_FEE_CENTS,
  compareExampleRows,
  exampleRows,
  formatCents,
  formatMargin,
  marginFor,
  sortExampleRows,
  toneOf,
  type ExampleRow,
} from './margin-calculator';
import { marginQueryValues, parseMarginInputs } from './margin-inputs';

const inputs = (query: string) => parseMarginInputs(marginQueryValues(new URLSearchParams(query)));
const quantities = (rows: readonly ExampleRow[]) => rows.map((row) => row.quantity);

describe('margin calculator', () => {
  it('has the spec constants: 100 ISK minimum fee, example quantities 1 to 10^7', () => {
    expect(MINIMUM_BROKER_FEE_CENTS).toBe(10_000n);
    expect(EXAMPLE_QUANTITIES).toEqual([1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000]);
  });

  it('charges each side its broker rate and the sale the tax; profit and margin follow', () => {
    const result = marginFor(
      inputs('buyPrice=1000000&sellPrice=1200000&buyBroker=2&sellBroker=1.5&taxRate=3.6'),
      1,
    );
    expect(result).toEqual({
      quantity: 1,
      buyGross: 100_000_000n,
      buyBrokerFee: 2_000_000n,
      sellGross: 120_000_000n,
      sellBrokerFee: 1_800_000n,
      salesTax: 4_320_000n,
      totalBuy: 102_000_000n,
      totalSell: 113_880_000n,
      profit: 11_880_000n,
      marginBasisPoints: 990n,
    });
    expect(formatCents(result.profit)).toBe('118,800.00');
    expect(formatMargin(result.marginBasisPoints)).toBe('9.90%');
  });

  describe('the 100 ISK minimum fee per side', () => {
    it('applies to both sides of a small trade; the tax has no minimum', () => {
      const result = marginFor(inputs('buyPrice=100&sellPrice=120'), 1);
      expect(result).toMatchObject({
        buyBrokerFee: 10_000n,
        sellBrokerFee: 10_000n,
        salesTax: 405n,
        totalBuy: 20_000n,
        totalSell: 1595n,
        profit: -18_405n,
        marginBasisPoints: -15_338n,
      });
      expect(formatMargin(result.marginBasisPoints)).toBe('-153.38%');
    });

    it.each([
      [99, 10_000n],
      [100, 10_000n],
      [101, 10_100n],
    ])('at 1%% of 100 ISK a unit, %p units pay a buy fee of %p cents', (quantity, fee) => {
      expect(marginFor(inputs('buyPrice=100'), quantity).buyBrokerFee).toBe(fee);
    });

    it('applies per side: a side above the minimum pays its rate while the other pays 100 ISK', () => {
      const result = marginFor(inputs('buyPrice=1000&sellPrice=50000&buyBroker=1&sellBroker=1'), 1);
      expect(result.buyBrokerFee).toBe(10_000n);
      expect(result.sellBrokerFee).toBe(50_000n);
    });

    it('applies at a 0% rate and at a price of 0', () => {
      const result = marginFor(inputs('buyPrice=5000&buyBroker=0&sellBroker=0'), 1);
      expect(result.buyBrokerFee).toBe(10_000n);
      expect(result.sellBrokerFee).toBe(10_000n);
      expect(result.salesTax).toBe(0n);
      expect(result.marginBasisPoints).toBeNull();
    });

    it('is the whole result with the defaults', () => {
      expect(marginFor(inputs(''), 1)).toMatchObject({
        buyBrokerFee: 10_000n,
        sellBrokerFee: 10_000n,
        salesTax: 0n,
        totalBuy: 10_000n,
        totalSell: -10_000n,
        profit: -20_000n,
        marginBasisPoints: null,
      });
    });
  });

  describe('rounding and exactness', () => {
    it('rounds fees and tax half up to the cent', () => {
      expect(marginFor(inputs('sellPrice=0.2&taxRate=2.5'), 1).salesTax).toBe(1n);
      expect(marginFor(inputs('sellPrice=0.01'), 1).salesTax).toBe(0n);
      expect(marginFor(inputs('sellPrice=0.01&taxRate=3.375'), 15).salesTax).toBe(1n);
      expect(marginFor(inputs('buyPrice=20000.5&buyBroker=1'), 1).buyBrokerFee).toBe(20_001n);
    });

    it('multiplies prices exactly where floats would not (0.29 * 100)', () => {
      expect(0.29 * 100).not.toBe(29);
      expect(marginFor(inputs('sellPrice=0.29'), 100).sellGross).toBe(2900n);
    });

    it('stays exact far beyond float precision', () => {
      const result = marginFor(inputs('buyPrice=1000000000000&sellPrice=1000000000000.01'), 10_000_000);
      expect(formatCents(result.totalBuy)).toBe('10,100,000,000,000,000,000.00');
      expect(formatCents(result.sellGross)).toBe('10,000,000,000,000,100,000.00');
    });

    it('keeps every row balanced to the cent', () => {
      for (const row of exampleRows(
        inputs('buyPrice=3.33&sellPrice=4.44&buyBroker=1.37&sellBroker=2.11&taxRate=3.375'),
      )) {
        expect(row.totalBuy).toBe(row.buyGross + row.buyBrokerFee);
        expect(row.totalSell + row.sellBrokerFee + row.salesTax).toBe(row.sellGross);
        expect(row.profit).toBe(row.totalSell - row.totalBuy);
      }
    });

    it('gives the margin as profit over the sell gross, in basis points rounded half away from zero', () => {
      const rows = exampleRows(inputs('buyPrice=100&sellPrice=120'));
      expect(rows.map((row) => row.marginBasisPoints)).toEqual([
        -15_338n,
        -338n,
        1146n,
        1146n,
        1146n,
        1146n,
        1146n,
        1146n,
      ]);
      expect(rows.at(-1)).toMatchObject({
        quantity: 10_000_000,
        totalBuy: 101_000_000_000n,
        totalSell: 114_750_000_000n,
        profit: 13_750_000_000n,
      });
    });
  });

  describe('the example table', () => {
    it('lists 1 to 10,000,000 without an extra quantity', () => {
      const rows = exampleRows(inputs('buyPrice=1&sellPrice=2'));
      expect(quantities(rows)).toEqual([...EXAMPLE_QUANTITIES]);
      expect(rows.some((row) => row.isExtra)).toBe(false);
    });

    it('adds the extra quantity in its place by size', () => {
      const rows = exampleRows(inputs('extraQuantity=250'));
      expect(quantities(rows)).toEqual([1, 10, 100, 250, 1000, 10_000, 100_000, 1_000_000, 10_000_000]);
      expect(rows.filter((row) => row.isExtra).map((row) => row.quantity)).toEqual([250]);
      expect(quantities(exampleRows(inputs('extraQuantity=20000000'))).at(-1)).toBe(20_000_000);
    });

    it('marks an extra quantity that is already a power of ten instead of repeating it', () => {
      const rows = exampleRows(inputs('extraQuantity=1000'));
      expect(quantities(rows)).toEqual([...EXAMPLE_QUANTITIES]);
      expect(rows.filter((row) => row.isExtra).map((row) => row.quantity)).toEqual([1000]);
    });

    it('computes each row as one order per side for its quantity', () => {
      const query = 'buyPrice=100&sellPrice=120&extraQuantity=37';
      for (const row of exampleRows(inputs(query))) {
        expect(row).toEqual({ ...marginFor(inputs(query), row.quantity), isExtra: row.quantity === 37 });
      }
    });
  });

  describe('sorting the example table', () => {
    // A losing trade: profit falls with the quantity while the margin rises towards its limit.
    const rows = exampleRows(inputs('buyPrice=120&sellPrice=100&extraQuantity=5'));
    const all = [1, 5, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000];

    it.each([
      ['amount', 'ascend', all],
      ['amount', 'descend', [...all].reverse()],
      ['cost', 'ascend', all],
      ['cost', 'descend', [...all].reverse()],
      ['profit', 'ascend', [...all].reverse()],
      ['profit', 'descend', all],
      ['margin', 'ascend', all],
      ['margin', 'descend', [...all].reverse()],
    ] as const)('by %s, %s', (key, order, expected) => {
      expect(quantities(sortExampleRows(rows, key, order))).toEqual(expected);
    });

    it('has the expected margins for the losing trade (equal margins from 100 units keep the quantity order)', () => {
      expect(rows.map((row) => formatMargin(row.marginBasisPoints))).toEqual([
        '-223.38%',
        '-63.38%',
        '-43.38%',
        '-25.58%',
        '-25.58%',
        '-25.58%',
        '-25.58%',
        '-25.58%',
        '-25.58%',
      ]);
    });

    it('does not change the rows it sorts', () => {
      const before = quantities(rows);
      sortExampleRows(rows, 'profit', 'ascend');
      expect(quantities(rows)).toEqual(before);
    });

    const row = (quantity: number, profit: bigint, sellGross: bigint): ExampleRow => ({
      ...marginFor(inputs(''), quantity),
      profit,
      sellGross,
      marginBasisPoints: sellGross === 0n ? null : (profit * 10_000n) / sellGross,
      isExtra: false,
    });

    it('compares margins exactly, not by their rounded display', () => {
      const third = row(1, 1n, 3n);
      const nearlyThird = row(2, 333_333n, 1_000_000n);
      expect(formatMargin(third.marginBasisPoints)).toBe(formatMargin(nearlyThird.marginBasisPoints));
      expect(compareExampleRows('margin')(third, nearlyThird)).toBeGreaterThan(0);
      expect(compareExampleRows('margin')(nearlyThird, third)).toBeLessThan(0);
    });

    it('puts a row without a margin (nothing sold) below every margin', () => {
      const unsold = row(3, -100n, 0n);
      const losing = row(4, -1_000_000n, 1n);
      expect(compareExampleRows('margin')(unsold, losing)).toBeLessThan(0);
      expect(compareExampleRows('margin')(losing, unsold)).toBeGreaterThan(0);
      expect(compareExampleRows('margin')(unsold, row(5, 0n, 0n))).toBeLessThan(0);
    });
  });

  it.each([
    [1n, 'positive'],
    [-1n, 'negative'],
    [0n, 'neutral'],
    [null, 'neutral'],
  ] as const)('colours %p as %p', (value, tone) => {
    expect(toneOf(value)).toBe(tone);
  });

  it.each([
    [990n, '9.90%'],
    [-5n, '-0.05%'],
    [0n, '0.00%'],
    [-200_000_000n, '-2,000,000.00%'],
    [null, 'n/a'],
  ] as const)('formats the margin %p as %p', (basisPoints, text) => {
    expect(formatMargin(basisPoints)).toBe(text);
  });
});
