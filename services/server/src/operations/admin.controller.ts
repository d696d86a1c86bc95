import {
  Body,
  ConflictException,
  Controller,
  Get,
  HttpCode,
  Inject,
  Param,
  Post,
  UseGuards,
} from '@nestjs/common';
import { z } from 'zod';
import { parseBody } from '@tradewise/platform';
import {
  PROJECTION_RUNNER,
  ReadModelCatchingUpError,
  type PartitionRepair,
  type ProjectionRunner,
  type ProjectionStatus,
} from '@tradewise/projections';
import { AdminTokenGuard } from './admin-token';

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
  constructor(@Inject(PROJECTION_RUNNER) private readonly runner: ProjectionRunner) {}

  @Get()
  async list(): Promise<ProjectionStatus[]> {
    return this.runner.statuses();
  }

  @Get(':name')
  async status(@Param('name') name: string): Promise<ProjectionStatus> {
    return this.runner.host(name).status();
  }

  @Post(':name/rebuild')
  @HttpCode(202)
  async rebuild(@Param('name') name: string): Promise<{ name: string; collection: string }> {
    const generation = await this.runner.host(name).rebuild();
    return { name, collection: generation.collection };
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
