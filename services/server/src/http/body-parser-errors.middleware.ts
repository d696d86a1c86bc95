import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';

/**
 * The JSON parser's own errors carry the parser's wording ("Expected property name…"); a caller, and the UI,
 * get a sentence instead. Other errors pass on untouched.
 */
export function bodyParserErrors(
  error: unknown,
  _request: Request,
  _response: Response,
  next: NextFunction,
): void {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === 'entity.parse.failed') next(new BadRequestException('The request body is not valid JSON.'));
  else if (type === 'entity.too.large') next(new PayloadTooLargeException('The request body is too large.'));
  else next(error);
}
