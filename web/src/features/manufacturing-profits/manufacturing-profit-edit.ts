import type { ManufacturingProfitPatch, ManufacturingProfitRow } from '../../shared/api';
import {
  changedLines,
  type FigureColumn,
  type ProfitField,
  type ProfitFigures,
  type ProfitLine,
} from '../../shared/profit-list/profit-figures';
import { fromCents, toCents } from '../../shared/ui/editable-list';

/** Where the Manufacturing Profits page remembers its page size (account-area §3 local preferences). */
export const MANUFACTURING_PROFITS_PAGE_SIZE_KEY = 'manufacturing-profits-page-size';

export type ManufacturingProfitLine = ProfitLine<ManufacturingProfitRow>;

/**
 * A build's sale in cents: its cost is the manufacturing cost of the units sold, with no broker fee on it
 * (account-area §3 Manufacturing profit row).
 */
export function figuresOfManufacturingRow(row: ManufacturingProfitRow): ProfitFigures {
  return {
    quantitySold: row.quantitySold,
    cost: toCents(row.manufacturingCost),
    costFee: 0,
    sellGross: toCents(row.sellGross),
    sellBrokerFee: toCents(row.sellBrokerFee),
    sellTax: toCents(row.sellTax),
  };
}

/** The figures of a manufacturing row in the Trade Profits columns' style; every one is editable (§2). */
export const MANUFACTURING_FIGURE_COLUMNS: readonly [FigureColumn, ...FigureColumn[]] = [
  { field: 'units', name: 'units', title: 'Units' },
  { field: 'costUnitPrice', name: 'unitCost', title: 'Unit Cost' },
  { field: 'cost', name: 'manufacturingCost', title: 'Manufacturing Cost' },
  { field: 'sellUnitPrice', name: 'sellUnitPrice', title: 'Sell Price' },
  { field: 'sellGross', name: 'sellGross', title: 'Sell Total' },
  { field: 'sellBrokerFee', name: 'sellBrokerFee', title: 'Sell Broker Fee' },
  { field: 'sellTax', name: 'sellTax', title: 'Sales Tax' },
];

/** The cells that show what the units cost: red on a row whose cost misses a job's inputs. */
export const COST_FIELDS: readonly ProfitField[] = ['costUnitPrice', 'cost'];

/**
 * PATCH bodies of the edited lines whose figures differ from the row as read: the id and every editable field,
 * in ISK (contracts: manufacturingProfitPatchSchema).
 */
export function manufacturingProfitPatches(
  lines: readonly ManufacturingProfitLine[],
): ManufacturingProfitPatch[] {
  return changedLines(lines, figuresOfManufacturingRow).map(({ row, figures }) => ({
    id: row.id,
    quantitySold: figures.quantitySold,
    manufacturingCost: fromCents(figures.cost),
    sellGross: fromCents(figures.sellGross),
    sellBrokerFee: fromCents(figures.sellBrokerFee),
    sellTax: fromCents(figures.sellTax),
  }));
}
