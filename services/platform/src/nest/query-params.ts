import { BadRequestException } from '@nestjs/common';

/** A whole-number query parameter within bounds; `fallback` when absent or empty. */
export function wholeNumberParam(
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new BadRequestException(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}
