import {
  changedLines,
  editOfFigures,
  editedLine,
  figureValue,
  figuresOfLine,
  lineOf,
  marginCalculatorLink,
  marginText,
  profitOf,
  type ProfitField,
  type ProfitFigures,
  type ProfitLine,
} from './profit-figures';

/** A row of the test list: its figures in cents, as a list reads them from its row. */
interface Row {
  readonly id: string;
  readonly figures: ProfitFigures;
}
const figuresOfRow = (row: Row): ProfitFigures => row.figures;

function row(overrides: Partial<ProfitFigures> = {}, id = '1014251085725760-0'): Row {
  return {
    id,
    figures: {
      quantitySold: 10,
      cost: 100000,
      costFee: 500,
      sellGross: 120000,
      sellBrokerFee: 600,
      sellTax: 4050,
      ...overrides,
    },
  };
}

/** The line after the user set each figure in turn (units whole, ISK amounts in cents). */
function edited(line: ProfitLine<Row>, ...changes: [ProfitField, number][]): ProfitLine<Row> {
  return changes.reduce((current, [field, value]) => editedLine(current, figuresOfRow, field, value), line);
}

const figures = (line: ProfitLine<Row>) => figuresOfLine(line, figuresOfRow);

describe('profit figures (account-area §3)', () => {
  it('computes profit and margin in cents', () => {
    const read = figures(lineOf(row()));
    // 1200.00 − 40.50 − 6.00 − 1000.00 − 5.00 = 148.50; 148.50 / 1200.00 = 12.375 % → 12.38 %
    expect(profitOf(read)).toBe(14850);
    expect(marginText(read)).toBe('12.38%');
    // (200000 − 105150) / 200000 = 47.425 % → 47.43 %; (100001 − 105150) / 100001 = −5.149 % → −5.15 %
    expect(marginText({ ...read, sellGross: 200000 })).toBe('47.43%');
    expect(marginText({ ...read, sellGross: 100001 })).toBe('-5.15%');
    expect(figureValue(read, 'costUnitPrice')).toBe(10000);
    expect(figureValue(read, 'sellUnitPrice')).toBe(12000);
  });

  it("shows '-' as the margin when nothing was sold for money", () => {
    expect(marginText(figures(lineOf(row({ sellGross: 0, sellBrokerFee: 0, sellTax: 0 }))))).toBe('-');
  });

  it('reads a line not edited from its row and an edited one from its edit', () => {
    const line = lineOf(row());
    expect(figures(line)).toEqual(row().figures);
    expect(figures({ row: line.row, edit: editOfFigures(row().figures) })).toEqual(row().figures);
  });
});

describe('inline edits rescale related figures, keeping fee ratios (account-area §4)', () => {
  it('units: totals follow at their unit prices, fees and tax at their ratios', () => {
    const after = figures(edited(lineOf(row()), ['units', 4]));
    // 4/10 of every figure: 400.00, 2.00, 480.00, 2.40, 16.20
    expect(after).toEqual({
      quantitySold: 4,
      cost: 40000,
      costFee: 200,
      sellGross: 48000,
      sellBrokerFee: 240,
      sellTax: 1620,
    });
    expect(profitOf(after)).toBe(5940);
  });

  it('units typed through intermediate values do not drift', () => {
    // 100.00 for 3 units is 33.333… a unit; via 1 unit (33.33) to 15 units is still exactly 500.00.
    const line = lineOf(
      row({ quantitySold: 3, cost: 10000, costFee: 100, sellGross: 0, sellBrokerFee: 0, sellTax: 0 }),
    );
    expect(figures(edited(line, ['units', 1])).cost).toBe(3333);
    const after = figures(edited(line, ['units', 1], ['units', 15]));
    expect(after.cost).toBe(50000);
    expect(after.costFee).toBe(500);
  });

  it('a unit cost sets the cost total; its fee follows; units keep the new price', () => {
    const line = edited(lineOf(row()), ['costUnitPrice', 12000]);
    expect(figures(line)).toMatchObject({ cost: 120000, costFee: 600, sellGross: 120000 });
    expect(figures(edited(line, ['units', 5]))).toMatchObject({ cost: 60000, costFee: 300 });
  });

  it('a sell total moves the sell broker fee and the sales tax at their ratios, rounding half up', () => {
    const after = figures(edited(lineOf(row()), ['sellGross', 150000]));
    // 6.00 × 1500/1200 = 7.50; 40.50 × 1500/1200 = 50.625 → 50.63
    expect(after).toMatchObject({ sellGross: 150000, sellBrokerFee: 750, sellTax: 5063 });
    expect(figureValue(after, 'sellUnitPrice')).toBe(15000);
  });

  it('a fee typed by the user stands, and then keeps its own ratio to its total', () => {
    const line = edited(lineOf(row()), ['costFee', 1234]);
    expect(figures(line).costFee).toBe(1234);
    expect(figures(edited(line, ['cost', 200000])).costFee).toBe(2468);
    expect(figures(edited(lineOf(row()), ['sellTax', 0], ['sellGross', 240000])).sellTax).toBe(0);
  });

  it('a fee of a total that was 0 has no ratio and stays as it was', () => {
    const gift = lineOf(row({ cost: 0, costFee: 0 }));
    expect(figures(edited(gift, ['cost', 500000]))).toMatchObject({ cost: 500000, costFee: 0 });
  });

  it('units of a row without units leave its totals as they are', () => {
    const line = lineOf(row({ quantitySold: 0 }));
    expect(figures(edited(line, ['units', 3]))).toMatchObject({ quantitySold: 3, cost: 100000 });
  });
});

describe('saving profit edits', () => {
  it('keeps only the lines whose figures changed, with their figures', () => {
    const unchanged = edited(lineOf(row({}, '1-0')), ['units', 5], ['units', 10]);
    const changed = edited(lineOf(row({}, '2-0')), ['units', 4]);
    expect(changedLines([unchanged, changed], figuresOfRow)).toEqual([
      { row: changed.row, figures: figures(changed) },
    ]);
  });
});

describe('the margin calculator link (account-area §2)', () => {
  it('carries unit prices, fee and tax rates in per cent, and the units', () => {
    const link = new URL(marginCalculatorLink(figures(lineOf(row()))), 'http://x');
    expect(link.pathname).toBe('/margin');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      buyPrice: '100.00',
      sellPrice: '120.00',
      buyBroker: '0.5',
      sellBroker: '0.5',
      taxRate: '3.375',
      extraQuantity: '10',
    });
  });

  it('leaves rates of a zero total and the quantity of a row without units to the calculator', () => {
    const link = new URL(
      marginCalculatorLink(figures(lineOf(row({ quantitySold: 0, cost: 0, costFee: 0 })))),
      'http://x',
    );
    expect(link.searchParams.has('buyBroker')).toBe(false);
    expect(link.searchParams.has('extraQuantity')).toBe(false);
    expect(link.searchParams.get('buyPrice')).toBe('0.00');
  });
});
