import type { TradeProfitRow } from '../../shared/api';
import {
  editedLine,
  figuresOfLine,
  lineOf,
  marginCalculatorLink,
  marginText,
  profitOf,
  type ProfitField,
} from '../../shared/profit-list/profit-figures';
import { figuresOfTradeRow, tradeProfitPatches, type TradeProfitLine } from './trade-profit-edit';

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
    brokerFeeEstimate: null,
    ...overrides,
  };
}

function edited(line: TradeProfitLine, ...changes: [ProfitField, number][]): TradeProfitLine {
  return changes.reduce(
    (current, [field, value]) => editedLine(current, figuresOfTradeRow, field, value),
    line,
  );
}

const figures = (line: TradeProfitLine) => figuresOfLine(line, figuresOfTradeRow);

describe('trade profit figures (account-area §3)', () => {
  it('take the buy total and its broker fee as the cost, in cents', () => {
    expect(figuresOfTradeRow(row())).toEqual({
      quantitySold: 10,
      cost: 100000,
      costFee: 500,
      sellGross: 120000,
      sellBrokerFee: 600,
      sellTax: 4050,
    });
    expect(profitOf(figures(lineOf(row())))).toBe(14850);
  });

  it('agree with the server on a synced row to the cent', () => {
    const synced = row({
      quantitySold: 1754,
      buyCost: 35851760,
      buyBrokerFee: 179258.8,
      sellGross: 37114640,
      sellBrokerFee: 185573.2,
      sellTax: 1252619.1,
      profit: -354571.1,
    });
    expect(profitOf(figures(lineOf(synced)))).toBe(-35457110);
    expect(marginText(figures(lineOf(synced)))).toBe('-0.96%');
  });

  it('link to the margin calculator with the buy broker fee rate', () => {
    const link = new URL(marginCalculatorLink(figures(lineOf(row()))), 'http://x');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      buyPrice: '100.00',
      sellPrice: '120.00',
      buyBroker: '0.5',
      sellBroker: '0.5',
      taxRate: '3.375',
      extraQuantity: '10',
    });
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

  it('sends a buy broker fee the user typed', () => {
    const line = edited(lineOf(row()), ['costFee', 1234]);
    expect(tradeProfitPatches([line])).toEqual([
      expect.objectContaining({ buyCost: 1000, buyBrokerFee: 12.34 }),
    ]);
  });
});
