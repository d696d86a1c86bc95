import { centsText, percentText, scaleRounded } from '../ui/editable-list';

/**
 * A profit row's figures in integer cents (account-area §3 Trade and Manufacturing profit rows): what the sold
 * units cost (a trade's buy total and its broker fee; a build's manufacturing cost, which has no fee) and what
 * their sale brought in and paid.
 */
export interface ProfitFigures {
  readonly quantitySold: number;
  readonly cost: number;
  readonly costFee: number;
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
export interface ProfitEdit {
  readonly units: number;
  readonly costPrice: Proportion;
  readonly sellPrice: Proportion;
  readonly costFee: Proportion;
  readonly sellBrokerFee: Proportion;
  readonly sellTax: Proportion;
}

/** A line of a profit list: the row as read, and the edit when the user changed it. */
export interface ProfitLine<Row> {
  readonly row: Row;
  readonly edit: ProfitEdit | null;
}

export const lineOf = <Row>(row: Row): ProfitLine<Row> => ({ row, edit: null });
export const lineId = <Row extends { readonly id: string }>(line: ProfitLine<Row>): string => line.row.id;

/** The editable figures of a row, as the lists' cells name them. */
export type ProfitField =
  | 'units'
  | 'costUnitPrice'
  | 'cost'
  | 'costFee'
  | 'sellUnitPrice'
  | 'sellGross'
  | 'sellBrokerFee'
  | 'sellTax';

/** A column of a figure in a profit list. */
export interface FigureColumn {
  readonly field: ProfitField;
  /** The column's key and its inputs' test id (`${testIdPrefix}-${name}`). */
  readonly name: string;
  readonly title: string;
}

function valueOf(proportion: Proportion, base: number): number {
  return proportion.per === 0 ? proportion.amount : scaleRounded(proportion.amount, base, proportion.per);
}

export function figuresOfEdit(edit: ProfitEdit): ProfitFigures {
  const cost = valueOf(edit.costPrice, edit.units);
  const sellGross = valueOf(edit.sellPrice, edit.units);
  return {
    quantitySold: edit.units,
    cost,
    costFee: valueOf(edit.costFee, cost),
    sellGross,
    sellBrokerFee: valueOf(edit.sellBrokerFee, sellGross),
    sellTax: valueOf(edit.sellTax, sellGross),
  };
}

/** The edit of figures not changed yet: each as a proportion of its base. */
export function editOfFigures(figures: ProfitFigures): ProfitEdit {
  return {
    units: figures.quantitySold,
    costPrice: { amount: figures.cost, per: figures.quantitySold },
    sellPrice: { amount: figures.sellGross, per: figures.quantitySold },
    costFee: { amount: figures.costFee, per: figures.cost },
    sellBrokerFee: { amount: figures.sellBrokerFee, per: figures.sellGross },
    sellTax: { amount: figures.sellTax, per: figures.sellGross },
  };
}

/**
 * How a list reads its rows' figures. The line's figures are the edit's when the user changed the row, else the
 * row's.
 */
export type FiguresOfRow<Row> = (row: Row) => ProfitFigures;

export function figuresOfLine<Row>(line: ProfitLine<Row>, figuresOfRow: FiguresOfRow<Row>): ProfitFigures {
  return line.edit ? figuresOfEdit(line.edit) : figuresOfRow(line.row);
}

/**
 * The edit after the user set one figure (units whole, every other value in cents):
 * - units: totals follow at their unit prices, fees and tax at their ratios;
 * - a unit price or a total: that side's total changes, its fees (and the sales tax) follow at their ratios;
 * - a fee or the tax: set as typed, and from then on kept at that ratio to its total.
 */
export function withFigure(edit: ProfitEdit, field: ProfitField, value: number): ProfitEdit {
  const current = figuresOfEdit(edit);
  switch (field) {
    case 'units':
      return { ...edit, units: value };
    case 'costUnitPrice':
      return { ...edit, costPrice: { amount: value, per: 1 } };
    case 'cost':
      return { ...edit, costPrice: { amount: value, per: edit.units } };
    case 'sellUnitPrice':
      return { ...edit, sellPrice: { amount: value, per: 1 } };
    case 'sellGross':
      return { ...edit, sellPrice: { amount: value, per: edit.units } };
    case 'costFee':
      return { ...edit, costFee: { amount: value, per: current.cost } };
    case 'sellBrokerFee':
      return { ...edit, sellBrokerFee: { amount: value, per: current.sellGross } };
    case 'sellTax':
      return { ...edit, sellTax: { amount: value, per: current.sellGross } };
  }
}

/** The line after the user set one figure: a private copy of the row with its edit (§4). */
export function editedLine<Row>(
  line: ProfitLine<Row>,
  figuresOfRow: FiguresOfRow<Row>,
  field: ProfitField,
  value: number,
): ProfitLine<Row> {
  const edit = line.edit ?? editOfFigures(figuresOfRow(line.row));
  return { row: line.row, edit: withFigure(edit, field, value) };
}

/** Profit = sell gross − sales tax − sell broker fee − cost − cost fee (account-area §3), in cents. */
export function profitOf(figures: ProfitFigures): number {
  return figures.sellGross - figures.sellTax - figures.sellBrokerFee - figures.cost - figures.costFee;
}

/** The margin, profit over sell gross, in per cent with 2 decimals ('12.50%'), '-' when nothing was sold. */
export function marginText(figures: ProfitFigures): string {
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
export function figureValue(figures: ProfitFigures, field: ProfitField): number {
  switch (field) {
    case 'units':
      return figures.quantitySold;
    case 'costUnitPrice':
      return unitPriceOf(figures.cost, figures.quantitySold);
    case 'sellUnitPrice':
      return unitPriceOf(figures.sellGross, figures.quantitySold);
    default:
      return figures[field];
  }
}

export function sameFigures(a: ProfitFigures, b: ProfitFigures): boolean {
  return (
    a.quantitySold === b.quantitySold &&
    a.cost === b.cost &&
    a.costFee === b.costFee &&
    a.sellGross === b.sellGross &&
    a.sellBrokerFee === b.sellBrokerFee &&
    a.sellTax === b.sellTax
  );
}

/** The edited lines whose figures differ from their rows as read, with those figures: what Save sends (§4). */
export function changedLines<Row>(
  lines: readonly ProfitLine<Row>[],
  figuresOfRow: FiguresOfRow<Row>,
): { readonly row: Row; readonly figures: ProfitFigures }[] {
  return lines.flatMap((line) => {
    const figures = figuresOfLine(line, figuresOfRow);
    return sameFigures(figures, figuresOfRow(line.row)) ? [] : [{ row: line.row, figures }];
  });
}

/**
 * The margin calculator for this sale (account-area §2): the unit cost as buyPrice and the unit sell price, the
 * cost's fee, the sell broker fee and the tax as rates in per cent of their totals (4 decimals, the calculator's
 * precision) and the units as the extra quantity. A rate whose total is 0 is left to the calculator's default.
 */
export function marginCalculatorLink(figures: ProfitFigures): string {
  const query = new URLSearchParams();
  query.set('buyPrice', centsText(unitPriceOf(figures.cost, figures.quantitySold)));
  query.set('sellPrice', centsText(unitPriceOf(figures.sellGross, figures.quantitySold)));
  const rates: [string, number, number][] = [
    ['buyBroker', figures.costFee, figures.cost],
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
