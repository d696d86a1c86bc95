import type { TradeProfitPatch, TradeProfitRow } from '../../shared/api';
import {
  changedLines,
  type FigureColumn,
  type ProfitFigures,
  type ProfitLine,
} from '../../shared/profit-list/profit-figures';
import { fromCents, toCents } from '../../shared/ui/editable-list';

/** Where the Trade Profits page remembers its page size (account-area §3 local preferences). */
export const TRADE_PROFITS_PAGE_SIZE_KEY = 'trade-profits-page-size';

export type TradeProfitLine = ProfitLine<TradeProfitRow>;

/** A trade's figures in cents: its cost is the buy total with its broker fee (account-area §3 Trade profit row). */
export function figuresOfTradeRow(row: TradeProfitRow): ProfitFigures {
  return {
    quantitySold: row.quantitySold,
    cost: toCents(row.buyCost),
    costFee: toCents(row.buyBrokerFee),
    sellGross: toCents(row.sellGross),
    sellBrokerFee: toCents(row.sellBrokerFee),
    sellTax: toCents(row.sellTax),
  };
}

/** The figures of a trade row, as Trade Profits names them; every one is editable. */
export const TRADE_FIGURE_COLUMNS: readonly [FigureColumn, ...FigureColumn[]] = [
  { field: 'units', name: 'units', title: 'Units' },
  { field: 'costUnitPrice', name: 'buyUnitPrice', title: 'Buy Price' },
  { field: 'cost', name: 'buyCost', title: 'Buy Total' },
  { field: 'costFee', name: 'buyBrokerFee', title: 'Buy Broker Fee' },
  { field: 'sellUnitPrice', name: 'sellUnitPrice', title: 'Sell Price' },
  { field: 'sellGross', name: 'sellGross', title: 'Sell Total' },
  { field: 'sellBrokerFee', name: 'sellBrokerFee', title: 'Sell Broker Fee' },
  { field: 'sellTax', name: 'sellTax', title: 'Sales Tax' },
];

/** PATCH bodies of the edited lines whose figures differ from the row as read (ISK, as the API takes them). */
export function tradeProfitPatches(lines: readonly TradeProfitLine[]): TradeProfitPatch[] {
  return changedLines(lines, figuresOfTradeRow).map(({ row, figures }) => ({
    id: row.id,
    quantitySold: figures.quantitySold,
    buyCost: fromCents(figures.cost),
    buyBrokerFee: fromCents(figures.costFee),
    sellGross: fromCents(figures.sellGross),
    sellBrokerFee: fromCents(figures.sellBrokerFee),
    sellTax: fromCents(figures.sellTax),
  }));
}
