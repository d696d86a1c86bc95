import { randomUUID } from 'node:crypto';
import type {
  RebuildDecision,
  RebuildReport,
  RebuildReportPartition,
  RebuildReportRow,
} from '@tradewise/contracts';
import type { ReadCollection, ReadStore } from '@tradewise/platform';
import type { AnyProjection, DiffRow, ProjectedDocument } from './projection';

export const REBUILD_REPORTS_COLLECTION = 'rebuild-reports';
export const REBUILD_REPORT_ROWS_COLLECTION = 'rebuild-report-rows';

export type { RebuildDecision, RebuildReport, RebuildReportPartition, RebuildReportRow };

export type RowChange = RebuildReportRow['change'];

const ROW_WRITE_BATCH = 500;

/** Object keys sorted, so two stores that keep fields in different orders compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, field]) => field !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Fields of the read model, leaving out the runner's bookkeeping (each generation stores its own position). */
function contentFields(document: ProjectedDocument): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [key, value] of Object.entries(document))
    if (key !== '_position' && value !== undefined) fields.set(key, canonical(value));
  return fields;
}

function differingFields(before: ProjectedDocument, after: ProjectedDocument): string[] {
  const a = contentFields(before);
  const b = contentFields(after);
  const keys = [...new Set([...a.keys(), ...b.keys()])].sort();
  return keys.filter((key) => a.get(key) !== b.get(key));
}

function defaultDiffRow(document: ProjectedDocument): DiffRow {
  const { accountId } = document as { accountId?: unknown };
  return { partition: typeof accountId === 'string' ? accountId : document._id, profitCents: null };
}

type MutablePartition = { -readonly [K in keyof RebuildReportPartition]: RebuildReportPartition[K] };

/** Documents in `_id` order, one at a time: a read model of any size is compared in bounded memory. */
async function* inIdOrder(collection: ReadCollection<ProjectedDocument> | null) {
  if (!collection) return;
  yield* collection.find({}).sort({ _id: 1 });
}

export interface CompareInput {
  readonly reportId: string;
  readonly projection: AnyProjection;
  readonly serving: ReadCollection<ProjectedDocument> | null;
  readonly built: ReadCollection<ProjectedDocument>;
  readonly rows: ReadCollection<RebuildReportRow>;
}

/**
 * Walks both generations in `_id` order side by side (a merge), so neither is held in memory: a document in only
 * one is a row added or removed, one in both whose fields differ is changed. Rows are written as they are found;
 * the answer is the per-partition counts and profit totals.
 */
export async function compareGenerations({
  reportId,
  projection,
  serving,
  built,
  rows,
}: CompareInput): Promise<RebuildReportPartition[]> {
  const viewOf = (document: ProjectedDocument): DiffRow | null =>
    projection.diffRow ? projection.diffRow(document as never) : defaultDiffRow(document);
  const partitions = new Map<string, MutablePartition>();
  const partitionOf = (partition: string): MutablePartition => {
    let entry = partitions.get(partition);
    if (!entry) {
      entry = {
        partition,
        rowsAdded: 0,
        rowsRemoved: 0,
        rowsChanged: 0,
        profitBeforeCents: 0,
        profitAfterCents: 0,
      };
      partitions.set(partition, entry);
    }
    return entry;
  };
  let pending: RebuildReportRow[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    await rows.insertMany(pending);
    pending = [];
  };
  const record = async (row: Omit<RebuildReportRow, '_id' | 'reportId'>) => {
    pending.push({ _id: `${reportId}:${row.documentId}`, reportId, ...row });
    if (pending.length >= ROW_WRITE_BATCH) await flush();
  };
  const visit = async (before: ProjectedDocument | null, after: ProjectedDocument | null) => {
    const viewBefore = before ? viewOf(before) : null;
    const viewAfter = after ? viewOf(after) : null;
    const view = viewAfter ?? viewBefore;
    if (!view) return;
    const entry = partitionOf(view.partition);
    entry.profitBeforeCents += viewBefore?.profitCents ?? 0;
    entry.profitAfterCents += viewAfter?.profitCents ?? 0;
    const common = {
      partition: view.partition,
      documentId: (after ?? before)!._id,
      profitBeforeCents: viewBefore?.profitCents ?? null,
      profitAfterCents: viewAfter?.profitCents ?? null,
    };
    if (!before) {
      entry.rowsAdded++;
      await record({ ...common, change: 'added', changedFields: [...contentFields(after!).keys()].sort() });
    } else if (!after) {
      entry.rowsRemoved++;
      await record({ ...common, change: 'removed', changedFields: [...contentFields(before).keys()].sort() });
    } else {
      const changedFields = differingFields(before, after);
      if (changedFields.length === 0) return;
      entry.rowsChanged++;
      await record({ ...common, change: 'changed', changedFields });
    }
  };

  const servingDocuments = inIdOrder(serving)[Symbol.asyncIterator]();
  const builtDocuments = inIdOrder(built)[Symbol.asyncIterator]();
  let before = await servingDocuments.next();
  let after = await builtDocuments.next();
  while (!before.done || !after.done) {
    if (after.done || (!before.done && before.value._id < after.value._id)) {
      await visit(before.value as ProjectedDocument, null);
      before = await servingDocuments.next();
    } else if (before.done || after.value._id < before.value._id) {
      await visit(null, after.value);
      after = await builtDocuments.next();
    } else {
      await visit(before.value, after.value);
      before = await servingDocuments.next();
      after = await builtDocuments.next();
    }
  }
  await flush();
  return [...partitions.values()].sort((a, b) => (a.partition < b.partition ? -1 : 1));
}

export function reportTotals(
  partitions: readonly RebuildReportPartition[],
): Omit<RebuildReportPartition, 'partition'> {
  const totals = { rowsAdded: 0, rowsRemoved: 0, rowsChanged: 0, profitBeforeCents: 0, profitAfterCents: 0 };
  for (const p of partitions) {
    totals.rowsAdded += p.rowsAdded;
    totals.rowsRemoved += p.rowsRemoved;
    totals.rowsChanged += p.rowsChanged;
    totals.profitBeforeCents += p.profitBeforeCents;
    totals.profitAfterCents += p.profitAfterCents;
  }
  return totals;
}

export class UnknownRebuildReportError extends Error {
  constructor(readonly reportId: string) {
    super(`No rebuild report with id '${reportId}'`);
    this.name = 'UnknownRebuildReportError';
  }
}

/** The reports of rebuilds with a diff, and their rows; kept in the read store beside the registry. */
export class RebuildReports {
  constructor(private readonly readStore: ReadStore) {}

  get reports(): ReadCollection<RebuildReport> {
    return this.readStore.collection<RebuildReport>(REBUILD_REPORTS_COLLECTION);
  }

  get rows(): ReadCollection<RebuildReportRow> {
    return this.readStore.collection<RebuildReportRow>(REBUILD_REPORT_ROWS_COLLECTION);
  }

  newId(): string {
    return randomUUID();
  }

  async save(report: RebuildReport): Promise<void> {
    await this.reports.replaceOne({ _id: report._id }, report, { upsert: true });
  }

  async get(reportId: string): Promise<RebuildReport> {
    const report = await this.reports.findOne({ _id: reportId });
    if (!report) throw new UnknownRebuildReportError(reportId);
    return report;
  }

  /** Newest first. */
  async of(projection: string): Promise<RebuildReport[]> {
    return this.reports.find({ projection }).sort({ createdAt: -1 }).toArray();
  }

  /** A report's rows are the `_id`s from `<reportId>:` up to `<reportId>;` (the next character): an index range. */
  async rowsOf(reportId: string): Promise<RebuildReportRow[]> {
    return this.rows
      .find({ _id: { $gte: `${reportId}:`, $lt: `${reportId};` } })
      .sort({ _id: 1 })
      .toArray();
  }

  async decide(reportId: string, decision: RebuildDecision): Promise<void> {
    await this.reports.updateOne({ _id: reportId }, { $set: { decision } });
  }
}

/** The columns of a report's download, one line per row that differs; amounts are integer cents. */
export const REBUILD_REPORT_CSV_HEADER = [
  'partition',
  'documentId',
  'change',
  'profitBeforeCents',
  'profitAfterCents',
  'profitDifferenceCents',
  'changedFields',
] as const;

export function rebuildReportCsvCells(row: RebuildReportRow): (string | number)[] {
  return [
    row.partition,
    row.documentId,
    row.change,
    row.profitBeforeCents ?? '',
    row.profitAfterCents ?? '',
    (row.profitAfterCents ?? 0) - (row.profitBeforeCents ?? 0),
    row.changedFields.join(' '),
  ];
}
