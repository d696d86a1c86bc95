import { randomUUID } from 'node:crypto';
import type { NextFunction, Request, Response } from 'express';
import { CORRELATION_HEADER, runWithCorrelation } from '@tradewise/platform';

const acceptable = /^[A-Za-z0-9._:-]{1,100}$/;

/** Every request runs under a correlation id (the caller's, if well-formed), echoed in the response. */
export function correlationMiddleware(request: Request, response: Response, next: NextFunction): void {
  const offered = request.header(CORRELATION_HEADER);
  const correlationId = offered && acceptable.test(offered) ? offered : randomUUID();
  response.setHeader(CORRELATION_HEADER, correlationId);
  runWithCorrelation(correlationId, next);
}
