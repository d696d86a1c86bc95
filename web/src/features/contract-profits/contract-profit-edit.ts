import type { ContractProfitPatch, ContractProfitRow } from '../../shared/api';
import {
  changedLines,
  type FigureColumn,
  type ProfitFigures,
  type ProfitLine,
} from '../../shared/profit-list/profit-figures';
import { fromCents, toCents } from '../../shared/ui/editable-list';

/** Where the Contract Profits page remembers its page size (account-area §3 local preferences). */
export const CONTRACT_PROFITS_PAGE_SIZE_KEY = 'contract-profits-page-size';

/**
 * A contract profit row as the shared profit list frame takes it: the selling character's name and the names of
 * the items sold (the frame's filters and struck-through ignored rows read them).
 */
export interface ContractProfitView extends ContractProfitRow {
  readonly characterName: string | null;
  readonly typeName: string;
}

export type ContractProfitLine = ProfitLine<ContractProfitView>;

/** The name of a type the row holds, or its id when the server sent none. */
export function materialName(row: ContractProfitRow, typeId: number): string {
  return row.materialTypeNames[String(typeId)] ?? `Type ${typeId}`;
}

/** The names of the items the contract sold, in the order the row lists their costs. */
export function itemNames(row: ContractProfitRow): string[] {
  const ids = row.materialCosts.length > 0 ? row.materialCosts.map((cost) => cost.typeId) : [];
  const names = ids.map((id) => materialName(row, id));
  return names.length > 0 ? names : Object.values(row.materialTypeNames);
}

export function contractProfitView(row: ContractProfitRow): ContractProfitView {
  return {
    ...row,
    characterName: row.characterContract.characterName,
    typeName: itemNames(row).join(', '),
  };
}

/**
 * A contract's sale in cents, as one unit: its cost is the total cost of the items it held, with no broker fee
 * on it (account-area §3 Contract profit row: totalCost, sellGross, sellBrokerFee, sellTax).
 */
export function figuresOfContractRow(row: ContractProfitRow): ProfitFigures {
  return {
    quantitySold: 1,
    cost: toCents(row.totalCost),
    costFee: 0,
    sellGross: toCents(row.sellGross),
    sellBrokerFee: toCents(row.sellBrokerFee),
    sellTax: toCents(row.sellTax),
  };
}

/** The editable figures of a contract row: what the patch carries (§3). */
export const CONTRACT_FIGURE_COLUMNS: readonly FigureColumn[] = [
  { field: 'cost', name: 'totalCost', title: 'Total Cost' },
  { field: 'sellGross', name: 'sellGross', title: 'Sell Gross' },
  { field: 'sellBrokerFee', name: 'sellBrokerFee', title: 'Broker Fee' },
  { field: 'sellTax', name: 'sellTax', title: 'Tax' },
];

/**
 * Some items had no buy price and the total cost was not edited: the row is left out of profit (account-area §2
 * Contract Profit List) until its total cost is edited.
 */
export function excludedFromProfit(row: ContractProfitRow): boolean {
  return row.materialsIncomplete && !row.edited;
}

export const RULE_FEE_TEXT =
  'Estimated: public contracts 0.95% broker fee and 0.5% sales tax; private contracts a flat 10,000 ISK broker fee';
export const JOURNAL_FEE_TEXT = 'From the wallet journal';

/** Where a fee or the tax comes from: the wallet journal's row or the spec's estimate (§9). */
export function feeSourceText(source: ContractProfitRow['sellTaxSource']): string {
  return source === 'rule' ? RULE_FEE_TEXT : JOURNAL_FEE_TEXT;
}

/** PATCH bodies of the edited lines whose figures differ from the row as read, in ISK. */
export function contractProfitPatches(lines: readonly ContractProfitLine[]): ContractProfitPatch[] {
  return changedLines(lines, figuresOfContractRow).map(({ row, figures }) => ({
    id: row.id,
    totalCost: fromCents(figures.cost),
    sellGross: fromCents(figures.sellGross),
    sellBrokerFee: fromCents(figures.sellBrokerFee),
    sellTax: fromCents(figures.sellTax),
  }));
}
