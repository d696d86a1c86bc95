import {
  BadRequestException,
  ConflictException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import type { Response } from 'express';
import type { RebuildStarted, RebuildReportWithRows } from '@tradewise/contracts';
import { READ_STORE, csvOf, type ReadStore } from '@tradewise/platform';
import {
  NoRebuildAwaitingDecisionError,
  PROJECTION_RUNNER,
  REBUILD_REPORT_CSV_HEADER,
  RebuildReports,
  UnknownRebuildReportError,
  rebuildReportCsvCells,
  type ProjectionRunner,
  type RebuildOptions,
  type RebuildReport,
} from '@tradewise/projections';

async function decision<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof NoRebuildAwaitingDecisionError) throw new ConflictException(error.message);
    throw error;
  }
}

/** Rebuilds with a diff, their reports and staff's decisions: one place for the admin API and the staff console. */
@Injectable()
export class RebuildReportsService {
  private readonly stored: RebuildReports;

  constructor(
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(READ_STORE) readStore: ReadStore,
  ) {
    this.stored = new RebuildReports(readStore);
  }

  async rebuild(name: string, options: RebuildOptions): Promise<RebuildStarted> {
    const generation = await this.runner.host(name).rebuild(options);
    return { name, collection: generation.collection, diff: Boolean(generation.diff) };
  }

  reports(name: string): Promise<RebuildReport[]> {
    return this.runner.host(name).reportsOf();
  }

  /** A report with its rows; with `name`, only a report of that read model. */
  async report(name: string | null, reportId: string): Promise<RebuildReportWithRows> {
    if (name !== null) this.runner.host(name);
    let report: RebuildReport;
    try {
      report = await this.stored.get(reportId);
    } catch (error) {
      if (error instanceof UnknownRebuildReportError) throw new NotFoundException(error.message);
      throw error;
    }
    if (name !== null && report.projection !== name)
      throw new NotFoundException(`Rebuild report '${reportId}' is not a report of ${name}`);
    return { ...report, rows: await this.stored.rowsOf(reportId) };
  }

  /** The report as JSON (`format` absent or `json`, the latter as a file) or its rows as a CSV file. */
  async download(
    name: string | null,
    reportId: string,
    format: string | undefined,
    response: Response,
  ): Promise<RebuildReportWithRows | string> {
    if (format !== undefined && format !== 'json' && format !== 'csv')
      throw new BadRequestException(`format must be 'json' or 'csv'; got '${format}'.`);
    const report = await this.report(name, reportId);
    if (format === undefined) return report;
    response.setHeader(
      'content-disposition',
      `attachment; filename="rebuild-${report.projection}-${reportId}.${format}"`,
    );
    if (format === 'json') return report;
    response.setHeader('content-type', 'text/csv; charset=utf-8');
    return csvOf(REBUILD_REPORT_CSV_HEADER, report.rows.map(rebuildReportCsvCells));
  }

  switch(name: string, by: string): Promise<RebuildReport> {
    return decision(this.runner.host(name).switchToReviewed(by));
  }

  discard(name: string, by: string): Promise<RebuildReport | null> {
    return decision(this.runner.host(name).discardBuild(by));
  }
}
