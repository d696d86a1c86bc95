import type { TradeProfitRow } from '../../shared/api';
import {
  editOf,
  figureValue,
  figuresOfLine,
  lineOf,
  marginCalculatorLink,
  marginText,
  profitOf,
  tradeProfitPatches,
  withFigure,
  type TradeProfitField,
  type TradeProfitLine,
} from './trade-profit-edit';
import { minProfitParam, tradeProfitsArgs, hasTradeProfitFilter } from './trade-profits-query';

function row(overrides: Partial<TradeProfitRow> = {}): TradeProfitRow {
  return {
    id: '1014251085725760-0',
    date: '2026-11-21T19:58:31Z',
    characterId: 2119000011,
    characterName: 'Aria Venn',
    typeId: 1958,
    typeName: 'Ladar ECM I',
    quantitySold: 10,
    buyCost: 1000,
    buyBrokerFee: 5,
    sellGross: 1200,
    sellBrokerFee: 6,
    sellTax: 40.5,
    profit: 148.5,
    margin: 0.12375,
    edited: false,
    isIgnored: false,
    ...overrides,
  };
}

/** The line after the user set each figure in turn (units whole, ISK amounts in cents). */
function edited(line: TradeProfitLine, ...changes: [TradeProfitField, number][]): TradeProfitLine {
  return changes.reduce(
    (current, [field, value]) => ({ row: current.row, edit: withFigure(editOf(current), field, value) }),
    line,
  );
}

describe('trade profit figures (account-area §3)', () => {
  it('computes profit and margin in cents from the row', () => {
    const figures = figuresOfLine(lineOf(row()));
    // 1200.00 − 40.50 − 6.00 − 1000.00 − 5.00 = 148.50; 148.50 / 1200.00 = 12.375 % → 12.38 %
    expect(profitOf(figures)).toBe(14850);
    expect(marginText(figures)).toBe('12.38%');
    // (200000 − 105150) / 200000 = 47.425 % → 47.43 %; (100001 − 105150) / 100001 = −5.149 % → −5.15 %
    expect(marginText({ ...figures, sellGross: 200000 })).toBe('47.43%');
    expect(marginText({ ...figures, sellGross: 100001 })).toBe('-5.15%');
    expect(figureValue(figures, 'buyUnitPrice')).toBe(10000);
    expect(figureValue(figures, 'sellUnitPrice')).toBe(12000);
  });

  it('agrees with the server on a synced row to the cent', () => {
    const synced = row({
      quantitySold: 1754,
      buyCost: 35851760,
      buyBrokerFee: 179258.8,
      sellGross: 37114640,
      sellBrokerFee: 185573.2,
      sellTax: 1252619.1,
      profit: -354571.1,
    });
    expect(profitOf(figuresOfLine(lineOf(synced)))).toBe(-35457110);
    expect(marginText(figuresOfLine(lineOf(synced)))).toBe('-0.96%');
  });

  it("shows '-' as the margin when nothing was sold for money", () => {
    expect(marginText(figuresOfLine(lineOf(row({ sellGross: 0, sellBrokerFee: 0, sellTax: 0 }))))).toBe('-');
  });
});

describe('inline edits rescale related figures, keeping fee ratios (account-area §4)', () => {
  it('units: totals follow at their unit prices, fees and tax at their ratios', () => {
    const figures = figuresOfLine(edited(lineOf(row()), ['units', 4]));
    // 4/10 of every figure: 400.00, 2.00, 480.00, 2.40, 16.20
    expect(figures).toEqual({
      quantitySold: 4,
      buyCost: 40000,
      buyBrokerFee: 200,
      sellGross: 48000,
      sellBrokerFee: 240,
      sellTax: 1620,
    });
    expect(profitOf(figures)).toBe(5940);
  });

  it('units typed through intermediate values do not drift', () => {
    // 100.00 for 3 units is 33.333… a unit; via 1 unit (33.33) to 15 units is still exactly 500.00.
    const line = lineOf(
      row({ quantitySold: 3, buyCost: 100, buyBrokerFee: 1, sellGross: 0, sellBrokerFee: 0, sellTax: 0 }),
    );
    expect(figuresOfLine(edited(line, ['units', 1])).buyCost).toBe(3333);
    const figures = figuresOfLine(edited(line, ['units', 1], ['units', 15]));
    expect(figures.buyCost).toBe(50000);
    expect(figures.buyBrokerFee).toBe(500);
  });

  it('a unit buy price sets the buy total; its broker fee follows; units keep the new price', () => {
    const line = edited(lineOf(row()), ['buyUnitPrice', 12000]);
    expect(figuresOfLine(line)).toMatchObject({ buyCost: 120000, buyBrokerFee: 600, sellGross: 120000 });
    expect(figuresOfLine(edited(line, ['units', 5]))).toMatchObject({ buyCost: 60000, buyBrokerFee: 300 });
  });

  it('a sell total moves the sell broker fee and the sales tax at their ratios, rounding half up', () => {
    const figures = figuresOfLine(edited(lineOf(row()), ['sellGross', 150000]));
    // 6.00 × 1500/1200 = 7.50; 40.50 × 1500/1200 = 50.625 → 50.63
    expect(figures).toMatchObject({ sellGross: 150000, sellBrokerFee: 750, sellTax: 5063 });
    expect(figureValue(figures, 'sellUnitPrice')).toBe(15000);
  });

  it('a fee typed by the user stands, and then keeps its own ratio to its total', () => {
    const line = edited(lineOf(row()), ['buyBrokerFee', 1234]);
    expect(figuresOfLine(line).buyBrokerFee).toBe(1234);
    expect(figuresOfLine(edited(line, ['buyCost', 200000])).buyBrokerFee).toBe(2468);
    expect(figuresOfLine(edited(lineOf(row()), ['sellTax', 0], ['sellGross', 240000])).sellTax).toBe(0);
  });

  it('a fee of a total that was 0 has no ratio and stays as it was', () => {
    const gift = lineOf(row({ buyCost: 0, buyBrokerFee: 0 }));
    expect(figuresOfLine(edited(gift, ['buyCost', 500000]))).toMatchObject({
      buyCost: 500000,
      buyBrokerFee: 0,
    });
  });

  it('units of a row without units leave its totals as they are', () => {
    const line = lineOf(row({ quantitySold: 0 }));
    expect(figuresOfLine(edited(line, ['units', 3]))).toMatchObject({ quantitySold: 3, buyCost: 100000 });
  });
});

describe('saving trade profit edits', () => {
  it('sends only the lines whose figures changed, in ISK', () => {
    const unchanged = edited(lineOf(row({ id: '1-0' })), ['units', 5], ['units', 10]);
    const changed = edited(lineOf(row({ id: '2-0' })), ['units', 4]);
    expect(tradeProfitPatches([unchanged, changed])).toEqual([
      {
        id: '2-0',
        quantitySold: 4,
        buyCost: 400,
        buyBrokerFee: 2,
        sellGross: 480,
        sellBrokerFee: 2.4,
        sellTax: 16.2,
      },
    ]);
  });
});

describe('the margin calculator link (account-area §2)', () => {
  it('carries unit prices, fee and tax rates in per cent, and the units', () => {
    const link = new URL(marginCalculatorLink(figuresOfLine(lineOf(row()))), 'http://x');
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
      marginCalculatorLink(figuresOfLine(lineOf(row({ quantitySold: 0, buyCost: 0, buyBrokerFee: 0 })))),
      'http://x',
    );
    expect(link.searchParams.has('buyBroker')).toBe(false);
    expect(link.searchParams.has('extraQuantity')).toBe(false);
    expect(link.searchParams.get('buyPrice')).toBe('0.00');
  });
});

describe('the Trade Profits call', () => {
  it('asks for one page with the filters and the last edit’s position', () => {
    expect(tradeProfitsArgs('acc', { item: '', characterId: null, minProfit: '' }, 0, 40, null)).toEqual({
      account: 'acc',
      start: 0,
      count: 40,
    });
    expect(
      tradeProfitsArgs('acc', { item: ' ecm ', characterId: 7, minProfit: '1000000' }, 2, 20, 1234),
    ).toEqual({
      account: 'acc',
      start: 40,
      count: 20,
      filter: 'ecm',
      characterId: 7,
      minProfit: '1000000',
      position: 1234,
    });
  });

  it('sends a minimum profit only when it is a number (empty means none)', () => {
    expect(minProfitParam('')).toBeUndefined();
    expect(minProfitParam('abc')).toBeUndefined();
    expect(minProfitParam('-250000.5')).toBe('-250000.5');
    expect(hasTradeProfitFilter({ item: '', characterId: null, minProfit: 'x' })).toBe(false);
    expect(hasTradeProfitFilter({ item: '', characterId: null, minProfit: '0' })).toBe(true);
  });
});
