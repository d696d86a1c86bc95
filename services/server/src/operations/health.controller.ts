import { Controller, Get, HttpStatus, Inject, Optional, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PLATFORM_CONFIG, type PlatformConfig } from '@tradewise/platform';
import { PROJECTION_RUNNER, type ProjectionRunner } from '@tradewise/projections';

/** Liveness and readiness for orchestrators; readiness reports how far each projection lags the log. */
@Controller()
export class HealthController {
  constructor(
    @Inject(PLATFORM_CONFIG) private readonly config: PlatformConfig,
    @Optional() @Inject(PROJECTION_RUNNER) private readonly runner?: ProjectionRunner,
  ) {}

  @Get('healthz')
  healthz(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  async readyz(@Res() response: Response): Promise<void> {
    const projections = this.runner ? await this.runner.statuses() : [];
    const ready = this.runner ? this.runner.ready : true;
    response.status(ready ? HttpStatus.OK : HttpStatus.SERVICE_UNAVAILABLE).json({
      status: ready ? 'ready' : 'not ready',
      roles: this.config.roles,
      projections: projections.map(
        ({ name, version, state, position, headPosition, lag, error, rebuild }) => ({
          name,
          version,
          state,
          position,
          headPosition,
          lag,
          rebuilding: rebuild !== null,
          error,
        }),
      ),
    });
  }
}
