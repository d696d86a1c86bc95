import { BadRequestException } from '@nestjs/common';
import type { z } from 'zod';

/**
 * A request body checked against its contract schema; the 400 names each field that is wrong. Object schemas
 * refuse anything but a JSON object; array schemas anything but an array.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const wantsArray = schema.def.type === 'array';
  if (wantsArray && !Array.isArray(body))
    throw new BadRequestException('The request body must be a JSON array.');
  if (!wantsArray && (body === null || typeof body !== 'object' || Array.isArray(body))) {
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
