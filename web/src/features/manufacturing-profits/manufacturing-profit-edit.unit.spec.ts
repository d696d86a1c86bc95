import type { ManufacturingProfitRow } from '../../shared/api';
import {
  editedLine,
  figuresOfLine,
  lineOf,
  marginCalculatorLink,
  marginText,
  profitOf,
  type ProfitField,
} from '../../shared/profit-list/profit-figures';
import {
  MANUFACTURING_FIGURE_COLUMNS,
  figuresOfManufacturingRow,
  manufacturingProfitPatches,
  type ManufacturingProfitLine,
} from './manufacturing-profit-edit';

function row(overrides: Partial<ManufacturingProfitRow> = {}): ManufacturingProfitRow {
  return {
    id: '1014251085725999-0',
    date: '2026-11-21T19:58:31Z',
    characterId: 2119000012,
    characterName: 'Dax Korrin',
    typeId: 12058,
    typeName: 'Medium Shield Extender II',
    quantitySold: 8,
    manufacturingCost: 4000000,
    sellGross: 6000000,
    sellBrokerFee: 30000,
    sellTax: 202500,
    profit: 1767500,
    margin: 0.29458,
    costIncomplete: false,
    jobIds: [700123],
    edited: false,
    isIgnored: false,
    brokerFeeEstimate: null,
    ...overrides,
  };
}

function edited(line: ManufacturingProfitLine, ...changes: [ProfitField, number][]): ManufacturingProfitLine {
  return changes.reduce(
    (current, [field, value]) => editedLine(current, figuresOfManufacturingRow, field, value),
    line,
  );
}

const figures = (line: ManufacturingProfitLine) => figuresOfLine(line, figuresOfManufacturingRow);

describe('manufacturing profit figures (account-area §3)', () => {
  it('take the manufacturing cost as the cost, with no fee on it, in cents', () => {
    expect(figuresOfManufacturingRow(row())).toEqual({
      quantitySold: 8,
      cost: 400000000,
      costFee: 0,
      sellGross: 600000000,
      sellBrokerFee: 3000000,
      sellTax: 20250000,
    });
  });

  it('agree with the server: profit = sell gross − tax − broker fee − manufacturing cost', () => {
    const line = lineOf(row());
    expect(profitOf(figures(line))).toBe(176750000);
    // 1,767,500 / 6,000,000 = 29.458 % → 29.46 %
    expect(marginText(figures(line))).toBe('29.46%');
  });

  it('link to the margin calculator with the unit manufacturing cost as the buy price and no buy broker fee', () => {
    const link = new URL(marginCalculatorLink(figures(lineOf(row()))), 'http://x');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      buyPrice: '500000.00',
      sellPrice: '750000.00',
      buyBroker: '0',
      sellBroker: '0.5',
      taxRate: '3.375',
      extraQuantity: '8',
    });
  });

  it('has a column for every field the patch carries, and none for a buy broker fee', () => {
    expect(MANUFACTURING_FIGURE_COLUMNS.map((column) => column.field)).toEqual([
      'units',
      'costUnitPrice',
      'cost',
      'sellUnitPrice',
      'sellGross',
      'sellBrokerFee',
      'sellTax',
    ]);
  });
});

describe('saving manufacturing profit edits', () => {
  it('units rescale the cost and the sale; the patch carries the id and every editable field in ISK', () => {
    const unchanged = edited(lineOf(row({ id: '1-0' })), ['units', 3], ['units', 8]);
    const changed = edited(lineOf(row({ id: '2-0' })), ['units', 2]);
    expect(manufacturingProfitPatches([unchanged, changed])).toEqual([
      {
        id: '2-0',
        quantitySold: 2,
        manufacturingCost: 1000000,
        sellGross: 1500000,
        sellBrokerFee: 7500,
        sellTax: 50625,
      },
    ]);
  });

  it('a unit cost typed by the user sets the manufacturing cost and leaves the sale as it was', () => {
    const line = edited(lineOf(row()), ['costUnitPrice', 45000050]);
    expect(manufacturingProfitPatches([line])).toEqual([
      {
        id: row().id,
        quantitySold: 8,
        manufacturingCost: 3600004,
        sellGross: 6000000,
        sellBrokerFee: 30000,
        sellTax: 202500,
      },
    ]);
  });
});
