import { BadRequestException, NotFoundException } from '@nestjs/common';
import { iskToCents, signedIskAmountInput } from '@tradewise/contracts';

/** A whole-number query parameter within bounds; `fallback` when absent or empty. */
export function wholeNumber(
  raw: string | undefined,
  name: string,
  fallback: number,
  min: number,
  max: number,
): number {
  if (raw === undefined || raw === '') return fallback;
  const value = /^\d{1,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new BadRequestException(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return value;
}

export function optionalId(raw: string | undefined, name: string): number | undefined {
  return raw === undefined || raw === '' ? undefined : wholeNumber(raw, name, 0, 1, Number.MAX_SAFE_INTEGER);
}

/** `position` from a command's answer: reads wait until the read model has applied it. */
export function positionParam(raw: string | undefined): number | undefined {
  return raw === undefined || raw === ''
    ? undefined
    : wholeNumber(raw, 'position', 0, 0, Number.MAX_SAFE_INTEGER);
}

/** The item name filter: trimmed, at most 100 characters. */
export function itemFilter(raw: string | undefined): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  if (text.length > 100) throw new BadRequestException('filter is at most 100 characters.');
  return text;
}

/** `startTime`: epoch milliseconds or an ISO date-time. */
export function startTimeParam(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = /^\d{1,15}$/.test(raw) ? Number(raw) : Date.parse(raw);
  if (!Number.isFinite(value))
    throw new BadRequestException('startTime must be epoch milliseconds or an ISO date-time.');
  return value;
}

/** `minProfit` in ISK (empty means none). */
export function iskParam(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const parsed = signedIskAmountInput.safeParse(Number(raw));
  if (!parsed.success)
    throw new BadRequestException(`${name} must be an amount of ISK: ${parsed.error.issues[0]!.message}.`);
  return iskToCents(parsed.data);
}

/** An entry's id in a path: one that cannot be an id is not one of the account's entries either (404). */
export function entryIdParam(raw: string, name: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(raw))
    throw new NotFoundException(`There is no such ${name}.`);
  return raw;
}
