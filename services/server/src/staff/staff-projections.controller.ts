import {
  Controller,
  Get,
  Inject,
  ServiceUnavailableException,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { ApiCookieAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { StaffProjectionStatusDto } from '@tradewise/contracts';
import { PROJECTION_RUNNER, type ProjectionRunner } from '@tradewise/projections';
import { StaffAccessGuard } from './staff-access.guard';
import { StaffAccessLogInterceptor } from './staff-access-log.interceptor';
import { StaffAccessResponses, staffListOf } from './staff-openapi';

/** The staff console's view of the read models: position, lag and state of each. */
@ApiTags('Staff')
@ApiCookieAuth('tw_session')
@StaffAccessResponses()
@Controller('staff/projections')
@UseGuards(StaffAccessGuard)
@UseInterceptors(StaffAccessLogInterceptor)
export class StaffProjectionsController {
  constructor(@Inject(ModuleRef) private readonly modules: ModuleRef) {}

  /** The read models run in the processes with the projections role; the console asks one of those. */
  private projections(): ProjectionRunner {
    let runner: ProjectionRunner | undefined;
    try {
      runner = this.modules.get<ProjectionRunner>(PROJECTION_RUNNER, { strict: false });
    } catch {
      runner = undefined;
    }
    if (!runner) {
      throw new ServiceUnavailableException(
        'This server does not run the projections role: open the staff console on one that does.',
      );
    }
    return runner;
  }

  @Get()
  @ApiOperation({ summary: 'Every read model with its position, lag and state (staff and auditors)' })
  @ApiOkResponse({ schema: staffListOf('StaffProjectionStatus') })
  async staffProjections(): Promise<StaffProjectionStatusDto[]> {
    const statuses = await this.projections().statuses();
    return statuses.map((status) => ({ ...status, failedPartitions: [...status.failedPartitions] }));
  }
}
