import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiProduces,
  ApiQuery,
} from '@nestjs/swagger';
import type { Response } from 'express';
import {
  staffRebuildRequestSchema,
  type RebuildReport,
  type RebuildReportWithRows,
  type RebuildStarted,
} from '@tradewise/contracts';
import { parseBody } from '@tradewise/platform';
import { RebuildReportsService } from '../operations/rebuild-reports.service';
import { CurrentStaff, type StaffIdentity } from './staff-access.guard';
import { fromProjectionsRole } from './projections-role';
import { StaffConsole } from './staff-console.decorator';
import { staffListOf, staffOne } from './staff-openapi';

const NO_PROJECTION = { description: 'No read model of that name, or no report of that id for it' };
const NOT_AWAITING = {
  description: 'No rebuild waits for a decision (none under way, or its report is not ready)',
};

/**
 * Rebuilds from the staff console: a rebuild with a diff is compared with the serving read model when it catches
 * up, and staff switch to it or discard it after reading its report (kept, downloadable as CSV or JSON).
 */
@StaffConsole()
@Controller('staff/projections/:name')
export class StaffRebuildsController {
  constructor(@Inject(ModuleRef) private readonly modules: ModuleRef) {}

  private rebuilds(): RebuildReportsService {
    return fromProjectionsRole(this.modules, RebuildReportsService);
  }

  @Post('rebuilds')
  @HttpCode(202)
  @ApiOperation({
    summary: 'Rebuild a read model beside the serving one; with diff, compare and wait for a switch (staff)',
  })
  @ApiBody({ schema: staffOne('StaffRebuildRequest') })
  @ApiAcceptedResponse({ schema: staffOne('RebuildStarted') })
  @ApiBadRequestResponse({ description: 'The body does not match its schema' })
  @ApiNotFoundResponse(NO_PROJECTION)
  staffRebuild(
    @Param('name') name: string,
    @Body() body: unknown,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<RebuildStarted> {
    const { diff } = parseBody(staffRebuildRequestSchema, body ?? {});
    return this.rebuilds().rebuild(name, { diff, requestedBy: staff.actor });
  }

  @Get('reports')
  @ApiOperation({ summary: "The read model's rebuild reports, newest first (staff and auditors)" })
  @ApiOkResponse({ schema: staffListOf('RebuildReport') })
  @ApiNotFoundResponse(NO_PROJECTION)
  staffRebuildReports(@Param('name') name: string): Promise<RebuildReport[]> {
    return this.rebuilds().reports(name);
  }

  @Get('reports/:id')
  @ApiOperation({
    summary:
      'A rebuild report with the rows that differ; format=csv or json downloads it (staff and auditors)',
  })
  @ApiQuery({ name: 'format', required: false, enum: ['json', 'csv'] })
  @ApiProduces('application/json', 'text/csv')
  @ApiOkResponse({ schema: staffOne('RebuildReportWithRows') })
  @ApiBadRequestResponse({ description: 'format is neither json nor csv' })
  @ApiNotFoundResponse(NO_PROJECTION)
  staffRebuildReport(
    @Param('name') name: string,
    @Param('id') id: string,
    @Query('format') format: string | undefined,
    @Res({ passthrough: true }) response: Response,
  ): Promise<RebuildReportWithRows | string> {
    return this.rebuilds().download(name, id, format, response);
  }

  @Post('switch')
  @HttpCode(200)
  @ApiOperation({ summary: 'Switch reads to the compared rebuild; its report records who and when (staff)' })
  @ApiOkResponse({ schema: staffOne('RebuildReport') })
  @ApiNotFoundResponse(NO_PROJECTION)
  @ApiConflictResponse(NOT_AWAITING)
  staffSwitchRebuild(
    @Param('name') name: string,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<RebuildReport> {
    return this.rebuilds().switch(name, staff.actor);
  }

  @Post('discard')
  @HttpCode(200)
  @ApiOperation({ summary: 'Discard the rebuild under way; the serving read model stays (staff)' })
  @ApiOkResponse({ schema: { ...staffOne('RebuildReport'), nullable: true } })
  @ApiNotFoundResponse(NO_PROJECTION)
  @ApiConflictResponse(NOT_AWAITING)
  staffDiscardRebuild(
    @Param('name') name: string,
    @CurrentStaff() staff: StaffIdentity,
  ): Promise<RebuildReport | null> {
    return this.rebuilds().discard(name, staff.actor);
  }
}
