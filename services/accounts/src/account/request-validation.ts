import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';

/** A request body checked against its contract schema; the 400 names each field that is wrong. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new BadRequestException('The request body must be a JSON object.');
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    if (issue.code === 'unrecognized_keys')
      return `unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}`;
    const field = issue.path.join('.');
    return field ? `${field}: ${issue.message}` : issue.message;
  });
  throw new BadRequestException(`The request is not valid: ${problems.join('; ')}.`);
}

export function characterIdParam(raw: string): number {
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new BadRequestException(`'${raw.slice(0, 40)}' is not a character id.`);
  }
  return id;
}
