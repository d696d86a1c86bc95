import { BadRequestException } from '@nestjs/common';
import type { SchemaObject } from '@nestjs/swagger';
import { JUMP_DESTINATIONS_MAX, MAX_WHOLE_NUMBER, SEARCH_QUERY_MAX_LENGTH } from '@tradewise/contracts';

/** Query values as Express hands them over: a string, a list when repeated, or nothing. */
export type RawParam = string | readonly string[] | undefined | unknown;

function single(value: RawParam, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string') return value;
  throw new BadRequestException(`${name} must be given once, as text`);
}

/** A non-negative integer id (type, group, system, region). */
export function parseWholeNumber(value: RawParam, name: string): number {
  const text = single(value, name)?.trim();
  if (text === undefined || text.length === 0) throw new BadRequestException(`${name} is required`);
  if (!/^\d+$/.test(text))
    throw new BadRequestException(`${name} must be a whole number, not '${shorten(text)}'`);
  const number = Number(text);
  if (number > MAX_WHOLE_NUMBER) throw new BadRequestException(`${name} must be at most ${MAX_WHOLE_NUMBER}`);
  return number;
}

/** A search text: trimmed, not empty, at most {@link SEARCH_QUERY_MAX_LENGTH} characters. */
export function parseSearchQuery(value: RawParam, name = 'q'): string {
  const text = single(value, name);
  if (text === undefined) throw new BadRequestException(`${name} is required`);
  const trimmed = text.trim();
  if (trimmed.length === 0) throw new BadRequestException(`${name} must not be empty`);
  if (trimmed.length > SEARCH_QUERY_MAX_LENGTH) {
    throw new BadRequestException(`${name} must be at most ${SEARCH_QUERY_MAX_LENGTH} characters`);
  }
  return trimmed;
}

/** A comma-separated list of ids; an empty value is an empty list. */
export function parseIdList(value: RawParam, name: string, max: number): number[] {
  const text = single(value, name);
  if (text === undefined) throw new BadRequestException(`${name} is required`);
  if (text.trim().length === 0) return [];
  const parts = text.split(',').map((part) => part.trim());
  if (parts.length > max)
    throw new BadRequestException(`${name} must list at most ${max} system ids, not ${parts.length}`);
  return parts.map((part) => {
    if (!/^\d+$/.test(part)) {
      throw new BadRequestException(
        `${name} must be a comma-separated list of whole numbers; '${shorten(part)}' is not one`,
      );
    }
    if (part.length > MAX_WHOLE_NUMBER_DIGITS)
      throw new BadRequestException(
        `${name}: '${shorten(part)}' has more than ${MAX_WHOLE_NUMBER_DIGITS} digits`,
      );
    return Number(part);
  });
}

/** An optional choice among known values. */
export function parseOptionalChoice(
  value: RawParam,
  name: string,
  choices: readonly string[],
): string | undefined {
  const text = single(value, name)?.trim();
  if (text === undefined || text.length === 0) return undefined;
  if (!choices.includes(text)) throw new BadRequestException(`${name} must be one of ${choices.join(', ')}`);
  return text;
}

/** A listed id may have up to this many digits (leading zeros count): the most {@link MAX_WHOLE_NUMBER} has. */
const MAX_WHOLE_NUMBER_DIGITS = String(MAX_WHOLE_NUMBER).length;

function shorten(text: string): string {
  return text.length > 20 ? `${text.slice(0, 20)}…` : text;
}

/*
 * What the functions above accept, as the OpenAPI document says it, so the document is exactly as strict as the
 * checks. Patterns use [0-9] and JavaScript's own whitespace (what String.trim removes), never \d or \s, whose
 * meaning differs between regex dialects.
 */
const TRIMMED = '[\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

/** A whole number as {@link parseWholeNumber} reads it (a path or query id). */
export const WHOLE_NUMBER_SCHEMA = { type: 'integer', minimum: 0, maximum: MAX_WHOLE_NUMBER } as const;

/** An optional id as the market filters read it: blank means none. */
export const OPTIONAL_WHOLE_NUMBER_SCHEMA: SchemaObject = {
  anyOf: [WHOLE_NUMBER_SCHEMA, { type: 'string', pattern: `^${TRIMMED}*$` }],
};

/** A search text as {@link parseSearchQuery} reads it: something besides whitespace, at most the limit. */
export const SEARCH_QUERY_SCHEMA = {
  type: 'string',
  maxLength: SEARCH_QUERY_MAX_LENGTH,
  pattern: `[^${TRIMMED.slice(1, -1)}]`,
} as const;

/** An id in a list, as {@link parseIdList} reads it: its digits, at most as many as {@link MAX_WHOLE_NUMBER} has. */
const LIST_ID = `[0-9]{1,${MAX_WHOLE_NUMBER_DIGITS}}`;

/** A list of ids as {@link parseIdList} reads it for the jump counts' destinations. */
export const DESTINATIONS_SCHEMA = {
  type: 'string',
  pattern: `^(${TRIMMED}*|${TRIMMED}*${LIST_ID}${TRIMMED}*(,${TRIMMED}*${LIST_ID}${TRIMMED}*){0,${JUMP_DESTINATIONS_MAX - 1}})$`,
} as const;
