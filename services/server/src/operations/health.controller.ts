import { Controller, Get, HttpStatus, Inject, Optional, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { StaticDataFreshness } from '@tradewise/contracts';
import { PLATFORM_CONFIG, type PlatformConfig } from '@tradewise/platform';
import { PROJECTION_RUNNER, type ProjectionRunner } from '@tradewise/projections';

/** The served SDE build beside the newest one SDE_URL offers (docs/static-data.md). */
export const STATIC_DATA_FRESHNESS = Symbol('STATIC_DATA_FRESHNESS');

/**
 * Liveness and readiness for orchestrators; readiness reports how far each projection lags the log, and which SDE
 * build the static data is.
 */
@ApiTags('Operations')
@Controller()
export class HealthController {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Optional() @Inject(PROJECTION_RUNNER) private readonly runner?: ProjectionRunner,
    @Optional()
    @Inject(STATIC_DATA_FRESHNESS)
    private readonly staticDataFreshness?: () => StaticDataFreshness,
  ) {}

  @Get('healthz')
  @ApiOperation({ summary: 'Liveness: the process answers' })
  @ApiOkResponse({ schema: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } } })
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @ApiOperation({ summary: "Readiness, with each projection's position and lag behind the log" })
  @ApiOkResponse({ description: 'Ready' })
  @ApiServiceUnavailableResponse({ description: 'Not ready (a projection is catching up or stopped)' })
  // A partition (one account) stopped at an event is listed under its projection but leaves the process ready:
  // every other account is served. Static data older than the newest SDE build is said, but serves: still ready.
  async readyz(@Res() response: Response): Promise<void> {
    const projections = this.runner ? await this.runner.statuses() : [];
    const ready = this.runner ? this.runner.ready : true;
    response.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).json({
      status: ready ? 'ready' : 'not ready',
      roles: this.config.roles,
      projections: projections.map(
        ({ name, version, state, position, headPosition, lag, error, rebuild, failedPartitions }) => ({
          name,
          version,
          state,
          position,
          headPosition,
          lag,
          rebuilding: rebuild !== null,
          error,
          failedPartitions,
        }),
      ),
      ...(this.staticDataFreshness ? { staticData: this.staticDataFreshness() } : {}),
    });
  }
}
