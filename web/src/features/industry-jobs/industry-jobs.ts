import type {
  LedgerWriteResult,
  ManufacturingResultPatch,
  ManufacturingResultRow,
  ManufacturingResultsApiArg,
} from '../../shared/api';
import { fromCents, iskInputCents, pageParams, toCents } from '../../shared/ui/editable-list';

export const INDUSTRY_JOBS_PAGE_SIZE_KEY = 'industry-jobs-page-size';

/** Industry activity ids (account-area §3). */
const ACTIVITY_NAMES: Readonly<Record<number, string>> = {
  1: 'Manufacturing',
  2: 'Researching Technology',
  3: 'Researching Time Efficiency',
  4: 'Researching Material Efficiency',
  5: 'Copying',
  6: 'Duplicating',
  7: 'Reverse Engineering',
  8: 'Invention',
  9: 'Reactions',
  11: 'Reactions',
};

export function activityName(activityId: number): string {
  return ACTIVITY_NAMES[activityId] ?? 'Unknown';
}

/** Owner (account-area §2): a corporation's job is 'Corp', a character's own 'Personal'. */
export function ownerText(row: ManufacturingResultRow): string {
  return row.corporationId === null ? 'Personal' : 'Corp';
}

/** A name from the row's material names, or the type id when the server sent none. */
export function materialName(row: ManufacturingResultRow, typeId: number): string {
  return row.materialTypeNames[String(typeId)] ?? `Type ${typeId}`;
}

/** Why a job's costs are not followed, in a few words: a cancelled job made nothing; a job before the wallet history is listed but not costed (and cannot be edited). */
export function jobNote(row: ManufacturingResultRow): string | null {
  if (row.status === 'cancelled') return 'Cancelled';
  // The ledger leaves only jobs completed before the wallet history untracked.
  return row.tracked ? null : 'Before wallet history';
}

/** Whether materials, copies and a unit cost were worked out for the job (only tracked, delivered jobs). */
export function jobCosted(row: ManufacturingResultRow): boolean {
  return row.tracked && row.status === 'delivered';
}

/** Costs show red while an input or blueprint run has no cost (account-area §2 Industry Jobs). */
export function costsIncomplete(row: ManufacturingResultRow): boolean {
  return row.materialsIncomplete || row.missingRuns > 0;
}

/** The 'Missing inputs' action: a costed job with materials or blueprint runs nothing covered. */
export function hasMissingInputs(row: ManufacturingResultRow): boolean {
  return jobCosted(row) && (row.missingMaterials.length > 0 || row.missingRuns > 0);
}

/** A line of Industry Jobs: the job as read and its new quantity consumed when the user raised it. */
export interface JobLine {
  readonly row: ManufacturingResultRow;
  readonly consumed: number | null;
}

export const jobLineOf = (row: ManufacturingResultRow): JobLine => ({ row, consumed: null });
export const jobLineId = (line: JobLine): number => line.row.jobId;

/** Only a tracked, delivered job that made something has a consumed count to raise (the API refuses others). */
export function consumedEditable(row: ManufacturingResultRow): boolean {
  return jobCosted(row) && row.quantity > 0;
}

/** Spec §4 Quantity rules: consumed can only be raised, up to quantity minus sold. */
export function consumedBounds(row: ManufacturingResultRow): { min: number; max: number } {
  return {
    min: row.quantityConsumed,
    max: Math.max(row.quantityConsumed, row.quantity - row.quantitySold),
  };
}

/** The line with consumed set to `value` (whole, held within its bounds). */
export function withConsumed(line: JobLine, value: number): JobLine {
  const { min, max } = consumedBounds(line.row);
  return { row: line.row, consumed: Math.min(max, Math.max(min, Math.floor(value))) };
}

/** 'Mark as Sold / Consumed': consumed becomes produced minus sold. */
export function markedSoldOrConsumed(line: JobLine): JobLine {
  return withConsumed(line, consumedBounds(line.row).max);
}

/** The job as shown: the edited consumed count and the remaining quantity that follows from it. */
export function shownJob(line: JobLine): ManufacturingResultRow {
  if (line.consumed === null || !consumedEditable(line.row)) return line.row;
  return {
    ...line.row,
    quantityConsumed: line.consumed,
    quantityRemaining: line.row.quantity - line.row.quantitySold - line.consumed,
  };
}

/** PATCH bodies of the lines whose consumed count was raised (the API takes one job per call). */
export function consumedPatches(lines: readonly JobLine[]): ManufacturingResultPatch[] {
  return lines.flatMap((line) => {
    if (!consumedEditable(line.row) || line.consumed === null) return [];
    if (line.consumed === line.row.quantityConsumed) return [];
    return [{ jobId: line.row.jobId, quantityConsumed: line.consumed }];
  });
}

/** Several writes as one: the latest log position any of them appended (null when none appended). */
export function latestWrite(results: readonly LedgerWriteResult[]): LedgerWriteResult {
  const positions = results.flatMap((result) => (result.position === null ? [] : [result.position]));
  return { position: positions.length === 0 ? null : Math.max(...positions) };
}

/** One line of the Materials Cost breakdown: the input, what it cost, and the units no stack or price covers. */
export interface MaterialCostLine {
  readonly typeId: number;
  readonly typeName: string;
  readonly totalCostCents: number;
  readonly unpricedUnits: number;
}

export function materialCostLines(row: ManufacturingResultRow): MaterialCostLine[] {
  const unpriced = new Map(row.missingMaterials.map((material) => [material.typeId, material.quantity]));
  return row.materialCosts.map((material) => ({
    typeId: material.typeId,
    typeName: materialName(row, material.typeId),
    totalCostCents: toCents(material.totalCost),
    unpricedUnits: unpriced.get(material.typeId) ?? 0,
  }));
}

/** What the Missing inputs dialog holds: a unit price as typed per missing type, and the price per run. */
export interface MissingInputPrices {
  readonly unitPrices: Readonly<Record<number, string>>;
  readonly runPrice: string;
}

export const NO_MISSING_INPUT_PRICES: MissingInputPrices = { unitPrices: {}, runPrice: '' };

/**
 * Re-process Job's body: the prices given for the job's missing materials (a field left empty or not a
 * number sends none, so the server only takes what stock covers now) and the price per missing blueprint run.
 */
export function reprocessPatch(
  row: ManufacturingResultRow,
  prices: MissingInputPrices,
): ManufacturingResultPatch {
  const customUnitPrices = row.missingMaterials.flatMap(({ typeId }) => {
    const cents = iskInputCents(prices.unitPrices[typeId]);
    return cents === null ? [] : [{ typeId, unitPrice: fromCents(cents) }];
  });
  const runCents = row.missingRuns > 0 ? iskInputCents(prices.runPrice) : null;
  return {
    jobId: row.jobId,
    customUnitPrices,
    customRunPrice: runCents === null ? null : fromCents(runCents),
  };
}

export type JobOwnerFilter = NonNullable<ManufacturingResultsApiArg['ownerFilter']>;

export const OWNER_FILTER_OPTIONS: readonly { value: JobOwnerFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'personal', label: 'Personal' },
  { value: 'corporation', label: 'Corp' },
];

export interface IndustryJobFilters {
  readonly item: string;
  readonly characterId: number | null;
  readonly owner: JobOwnerFilter;
}

export const NO_INDUSTRY_JOB_FILTERS: IndustryJobFilters = { item: '', characterId: null, owner: 'all' };

/** The filters an address asks for: `?filter=<item name>`, as Item Analysis's shift-click links (spec §2). */
export function industryJobFiltersOf(params: URLSearchParams): IndustryJobFilters {
  return { ...NO_INDUSTRY_JOB_FILTERS, item: params.get('filter')?.trim() ?? '' };
}

export function hasIndustryJobFilter(filters: IndustryJobFilters): boolean {
  return filters.item.trim() !== '' || filters.characterId !== null || filters.owner !== 'all';
}

/** GET /industry/{account}/manufacturingResults for one page; All sends no owner filter. */
export function manufacturingResultsArgs(
  accountId: string,
  filters: IndustryJobFilters,
  page: number,
  pageSize: number,
  position: number | null,
): ManufacturingResultsApiArg {
  return {
    account: accountId,
    ...pageParams(page, pageSize),
    ...(filters.item.trim() !== '' ? { filter: filters.item.trim() } : {}),
    ...(filters.characterId !== null ? { characterId: filters.characterId } : {}),
    ...(filters.owner !== 'all' ? { ownerFilter: filters.owner } : {}),
    ...(position !== null ? { position } : {}),
  };
}
