import type { TradeProfitPatch, TradeProfitRow } from '../../shared/api';
import { centsText, fromCents, percentText, scaleRounded, toCents } from '../../shared/ui/editable-list';

/** A trade profit row's figures in integer cents (account-area §3 Trade profit row). */
export interface TradeProfitFigures {
  readonly quantitySold: number;
  readonly buyCost: number;
  readonly buyBrokerFee: number;
  readonly sellGross: number;
  readonly sellBrokerFee: number;
  readonly sellTax: number;
}

/**
 * An exact proportion: `amount` for every `per` of its base (units for a total, a total for a fee). With `per` 0
 * there is no base to scale by and the value stays `amount`.
 */
export interface Proportion {
  readonly amount: number;
  readonly per: number;
}

/**
 * A row being edited. Totals are kept as prices per unit and fees and tax as shares of their total, so a change
 * of units rescales the totals at their unit prices, a change of a total rescales its fees at their ratios
 * (account-area §4), and a value typed through intermediate keystrokes (10 → 1 → 15 units) never drifts: every
 * figure is one rounding away from what the user set.
 */
export interface TradeProfitEdit {
  readonly units: number;
  readonly buyPrice: Proportion;
  readonly sellPrice: Proportion;
  readonly buyBrokerFee: Proportion;
  readonly sellBrokerFee: Proportion;
  readonly sellTax: Proportion;
}

/** A line of the Trade Profits list: the row as read, and the edit when the user changed it. */
export interface TradeProfitLine {
  readonly row: TradeProfitRow;
  readonly edit: TradeProfitEdit | null;
}

export const lineOf = (row: TradeProfitRow): TradeProfitLine => ({ row, edit: null });
export const lineId = (line: TradeProfitLine): string => line.row.id;

export function figuresOfRow(row: TradeProfitRow): TradeProfitFigures {
  return {
    quantitySold: row.quantitySold,
    buyCost: toCents(row.buyCost),
    buyBrokerFee: toCents(row.buyBrokerFee),
    sellGross: toCents(row.sellGross),
    sellBrokerFee: toCents(row.sellBrokerFee),
    sellTax: toCents(row.sellTax),
  };
}

function valueOf(proportion: Proportion, base: number): number {
  return proportion.per === 0 ? proportion.amount : scaleRounded(proportion.amount, base, proportion.per);
}

export function figuresOfEdit(edit: TradeProfitEdit): TradeProfitFigures {
  const buyCost = valueOf(edit.buyPrice, edit.units);
  const sellGross = valueOf(edit.sellPrice, edit.units);
  return {
    quantitySold: edit.units,
    buyCost,
    buyBrokerFee: valueOf(edit.buyBrokerFee, buyCost),
    sellGross,
    sellBrokerFee: valueOf(edit.sellBrokerFee, sellGross),
    sellTax: valueOf(edit.sellTax, sellGross),
  };
}

export function figuresOfLine(line: TradeProfitLine): TradeProfitFigures {
  return line.edit ? figuresOfEdit(line.edit) : figuresOfRow(line.row);
}

/** The edit of a row not changed yet: its figures as proportions of their bases. */
export function editOf(line: TradeProfitLine): TradeProfitEdit {
  if (line.edit) return line.edit;
  const figures = figuresOfRow(line.row);
  return {
    units: figures.quantitySold,
    buyPrice: { amount: figures.buyCost, per: figures.quantitySold },
    sellPrice: { amount: figures.sellGross, per: figures.quantitySold },
    buyBrokerFee: { amount: figures.buyBrokerFee, per: figures.buyCost },
    sellBrokerFee: { amount: figures.sellBrokerFee, per: figures.sellGross },
    sellTax: { amount: figures.sellTax, per: figures.sellGross },
  };
}

/** The editable figures of a row, as the list's cells name them. */
export type TradeProfitField =
  | 'units'
  | 'buyUnitPrice'
  | 'buyCost'
  | 'buyBrokerFee'
  | 'sellUnitPrice'
  | 'sellGross'
  | 'sellBrokerFee'
  | 'sellTax';

/**
 * The edit after the user set one figure (units whole, every other value in cents):
 * - units: totals follow at their unit prices, fees and tax at their ratios;
 * - a unit price or a total: that side's total changes, its fees (and the sales tax) follow at their ratios;
 * - a fee or the tax: set as typed, and from then on kept at that ratio to its total.
 */
export function withFigure(edit: TradeProfitEdit, field: TradeProfitField, value: number): TradeProfitEdit {
  const current = figuresOfEdit(edit);
  switch (field) {
    case 'units':
      return { ...edit, units: value };
    case 'buyUnitPrice':
      return { ...edit, buyPrice: { amount: value, per: 1 } };
    case 'buyCost':
      return { ...edit, buyPrice: { amount: value, per: edit.units } };
    case 'sellUnitPrice':
      return { ...edit, sellPrice: { amount: value, per: 1 } };
    case 'sellGross':
      return { ...edit, sellPrice: { amount: value, per: edit.units } };
    case 'buyBrokerFee':
      return { ...edit, buyBrokerFee: { amount: value, per: current.buyCost } };
    case 'sellBrokerFee':
      return { ...edit, sellBrokerFee: { amount: value, per: current.sellGross } };
    case 'sellTax':
      return { ...edit, sellTax: { amount: value, per: current.sellGross } };
  }
}

/** Profit = sell gross − sales tax − sell broker fee − buy cost − buy broker fee (account-area §3), in cents. */
export function profitOf(figures: TradeProfitFigures): number {
  return figures.sellGross - figures.sellTax - figures.sellBrokerFee - figures.buyCost - figures.buyBrokerFee;
}

/** The margin, profit over sell gross, in per cent with 2 decimals ('12.50%'), '-' when nothing was sold. */
export function marginText(figures: TradeProfitFigures): string {
  if (figures.sellGross === 0) return '-';
  const basisPoints = scaleRounded(profitOf(figures), 10_000, figures.sellGross);
  const magnitude = Math.abs(basisPoints);
  const sign = basisPoints < 0 ? '-' : '';
  return `${sign}${Math.floor(magnitude / 100)}.${String(magnitude % 100).padStart(2, '0')}%`;
}

/** A total per unit in cents, rounded; the total itself when there are no units. */
export function unitPriceOf(totalCents: number, units: number): number {
  return units === 0 ? totalCents : scaleRounded(totalCents, 1, units);
}

/** What the value of one of the editable figures is now (cents; units for 'units'). */
export function figureValue(figures: TradeProfitFigures, field: TradeProfitField): number {
  switch (field) {
    case 'units':
      return figures.quantitySold;
    case 'buyUnitPrice':
      return unitPriceOf(figures.buyCost, figures.quantitySold);
    case 'sellUnitPrice':
      return unitPriceOf(figures.sellGross, figures.quantitySold);
    default:
      return figures[field];
  }
}

function sameFigures(a: TradeProfitFigures, b: TradeProfitFigures): boolean {
  return (
    a.quantitySold === b.quantitySold &&
    a.buyCost === b.buyCost &&
    a.buyBrokerFee === b.buyBrokerFee &&
    a.sellGross === b.sellGross &&
    a.sellBrokerFee === b.sellBrokerFee &&
    a.sellTax === b.sellTax
  );
}

/** PATCH bodies of the edited lines whose figures differ from the row as read (ISK, as the API takes them). */
export function tradeProfitPatches(lines: readonly TradeProfitLine[]): TradeProfitPatch[] {
  return lines.flatMap((line) => {
    const figures = figuresOfLine(line);
    if (sameFigures(figures, figuresOfRow(line.row))) return [];
    return [
      {
        id: line.row.id,
        quantitySold: figures.quantitySold,
        buyCost: fromCents(figures.buyCost),
        buyBrokerFee: fromCents(figures.buyBrokerFee),
        sellGross: fromCents(figures.sellGross),
        sellBrokerFee: fromCents(figures.sellBrokerFee),
        sellTax: fromCents(figures.sellTax),
      },
    ];
  });
}

/**
 * The margin calculator for this trade (account-area §2): unit buy and sell prices, broker fee and tax rates in
 * per cent of their totals (4 decimals, the calculator's precision) and the units as the extra quantity. A rate
 * whose total is 0 is left to the calculator's default.
 */
export function marginCalculatorLink(figures: TradeProfitFigures): string {
  const query = new URLSearchParams();
  query.set('buyPrice', centsText(unitPriceOf(figures.buyCost, figures.quantitySold)));
  query.set('sellPrice', centsText(unitPriceOf(figures.sellGross, figures.quantitySold)));
  const rates: [string, number, number][] = [
    ['buyBroker', figures.buyBrokerFee, figures.buyCost],
    ['sellBroker', figures.sellBrokerFee, figures.sellGross],
    ['taxRate', figures.sellTax, figures.sellGross],
  ];
  for (const [name, part, whole] of rates) {
    const percent = percentText(part, whole, 4);
    if (percent !== null) query.set(name, percent);
  }
  if (figures.quantitySold >= 1) query.set('extraQuantity', String(figures.quantitySold));
  return `/margin?${query.toString()}`;
}
