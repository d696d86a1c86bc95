import {
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import {
  rebuildDecisionRequestSchema,
  rebuildRequestSchema,
  type RebuildStarted,
} from '@tradewise/contracts';
import { parseBody } from '@tradewise/platform';
import {
  PROJECTION_RUNNER,
  ReadModelCatchingUpError,
  type PartitionRepair,
  type ProjectionRunner,
  type ProjectionStatus,
  type RebuildReport,
} from '@tradewise/projections';
import { AdminTokenGuard } from './admin-token';
import { RebuildReportsService } from './rebuild-reports.service';

const partitionRebuildSchema = z
  .object({
    /** Pass over the event at this position for this partition, in this rebuild and every later one. */
    passOverPosition: z.number().int().positive().optional(),
    reason: z.string().trim().min(1).max(500).optional(),
  })
  .strict()
  .refine((body) => body.passOverPosition === undefined || body.reason !== undefined, {
    message: 'Say why the event is passed over (reason).',
  });

/**
 * Operator endpoints: projection status (with the partitions stopped at an event), blue-green rebuilds and the
 * rebuild of one partition, used by `npm run projections`.
 */
@Controller('admin/projections')
@UseGuards(AdminTokenGuard)
export class AdminController {
  constructor(
    @Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner,
    @Inject(RebuildReportsService) private readonly rebuilds: RebuildReportsService,
  ) {}

  @Get()
  async list(): Promise<ProjectionStatus[]> {
    return this.runner.statuses();
  }

  @Get(':name')
  async status(@Param('name') name: string): Promise<ProjectionStatus> {
    return this.runner.host(name).status();
  }

  /** Body `{diff: true}`: the build is compared with the serving one and waits for `switch` or `discard`. */
  @Post(':name/rebuild')
  @HttpCode(202)
  rebuild(@Param('name') name: string, @Body() body: unknown): Promise<RebuildStarted> {
    const { diff, staff } = parseBody(rebuildRequestSchema, body ?? {});
    return this.rebuilds.rebuild(name, { diff, requestedBy: staff ? `staff:${staff}` : 'operator' });
  }

  @Get(':name/reports')
  reports(@Param('name') name: string): Promise<RebuildReport[]> {
    return this.rebuilds.reports(name);
  }

  /** `?format=csv` downloads the rows that differ; the default is the report with its rows as JSON. */
  @Get(':name/reports/:id')
  async report(
    @Param('name') name: string,
    @Param('id') id: string,
    @Query('format') format: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    return this.rebuilds.download(name, id, format, response);
  }

  @Post(':name/switch')
  @HttpCode(200)
  switch(@Param('name') name: string, @Body() body: unknown): Promise<RebuildReport> {
    const { staff } = parseBody(rebuildDecisionRequestSchema, body ?? {});
    return this.rebuilds.switch(name, staff ? `staff:${staff}` : 'operator');
  }

  @Post(':name/discard')
  @HttpCode(200)
  discard(@Param('name') name: string, @Body() body: unknown): Promise<RebuildReport | null> {
    const { staff } = parseBody(rebuildDecisionRequestSchema, body ?? {});
    return this.rebuilds.discard(name, staff ? `staff:${staff}` : 'operator');
  }

  /** Rebuilds one account (or document) of a read model alone, after a fix; answers whether it is current now. */
  @Post(':name/partitions/:partition/rebuild')
  @HttpCode(200)
  async rebuildPartition(
    @Param('name') name: string,
    @Param('partition') partition: string,
    @Body() body: unknown,
  ): Promise<PartitionRepair> {
    const { passOverPosition, reason } = parseBody(partitionRebuildSchema, body ?? {});
    const passOver =
      passOverPosition === undefined
        ? undefined
        : { position: passOverPosition, reason: reason!, by: 'operator' };
    try {
      return await this.runner.host(name).repair(partition, passOver);
    } catch (error) {
      if (error instanceof ReadModelCatchingUpError) throw new ConflictException(error.message);
      throw error;
    }
  }
}

/** A rebuild report by its id alone (`npm run projections -- report <id> [--csv|--json]`). */
@Controller('admin/rebuild-reports')
@UseGuards(AdminTokenGuard)
export class AdminRebuildReportsController {
  constructor(@Inject(RebuildReportsService) private readonly rebuilds: RebuildReportsService) {}

  @Get(':id')
  async report(
    @Param('id') id: string,
    @Query('format') format: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<unknown> {
    return this.rebuilds.download(null, id, format, response);
  }
}
