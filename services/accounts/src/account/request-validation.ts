import { BadRequestException } from '@nestjs/common';

export function characterIdParam(raw: string): number {
  const id = /^\d{1,12}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new BadRequestException(`'${raw.slice(0, 40)}' is not a character id.`);
  }
  return id;
}

export function typeIdParam(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) {
    throw new BadRequestException(`'${raw.slice(0, 40)}' is not an item type id.`);
  }
  return id;
}

/** The ids {@link characterIdParam} and {@link typeIdParam} accept, for the OpenAPI document. */
export const CHARACTER_ID_SCHEMA = { type: 'integer', minimum: 1, maximum: 999_999_999_999 } as const;
export const TYPE_ID_SCHEMA = { type: 'integer', minimum: 1, maximum: 9_999_999_999 } as const;
