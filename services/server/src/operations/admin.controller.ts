import { Controller, Get, HttpCode, Inject, Param, Post, UseGuards } from '@nestjs/common';
import { PROJECTION_RUNNER, type ProjectionRunner, type ProjectionStatus } from '@tradewise/projections';
import { AdminTokenGuard } from './admin-token';

/** Operator endpoints: projection status and blue-green rebuilds, used by `npm run projections`. */
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
}
