import { Controller, Get, Inject } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { StaffProjectionStatusDto } from '@tradewise/contracts';
import { PROJECTION_RUNNER, type ProjectionRunner } from '@tradewise/projections';
import { fromProjectionsRole } from './projections-role';
import { StaffConsole } from './staff-console.decorator';
import { staffListOf } from './staff-openapi';

/** The staff console's view of the read models: position, lag and state of each. */
@StaffConsole()
@Controller('staff/projections')
export class StaffProjectionsController {
  constructor(@Inject(ModuleRef) private readonly modules: ModuleRef) {}

  @Get()
  @ApiOperation({ summary: 'Every read model with its position, lag and state (staff and auditors)' })
  @ApiOkResponse({ schema: staffListOf('StaffProjectionStatus') })
  async staffProjections(): Promise<StaffProjectionStatusDto[]> {
    const statuses = await fromProjectionsRole<ProjectionRunner>(this.modules, PROJECTION_RUNNER).statuses();
    return statuses.map((status) => ({ ...status, failedPartitions: [...status.failedPartitions] }));
  }
}
