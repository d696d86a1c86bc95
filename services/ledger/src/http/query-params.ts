import { BadRequestException, NotFoundException } from '@nestjs/common';
import { MAX_ISK, MAX_WHOLE_NUMBER, PAGE_SIZE, iskToCents, signedIskAmountInput } from '@tradewise/contracts';
import { wholeNumberParam } from '@tradewise/platform';
import type { LedgerOwnerFilter } from '../trade/trade-ledger.views';

/** `start` and `count` of a paged list: from 0, and 1 to PAGE_SIZE.max rows (PAGE_SIZE.default when absent). */
export function pageParam(
  start: string | undefined,
  count: string | undefined,
): { start: number; count: number } {
  return {
    start: wholeNumberParam(start, 'start', 0, 0, MAX_START),
    count: wholeNumberParam(count, 'count', PAGE_SIZE.default, 1, PAGE_SIZE.max),
  };
}

export function optionalId(raw: string | undefined, name: string): number | undefined {
  return raw === undefined || raw === '' ? undefined : wholeNumberParam(raw, name, 0, 1, MAX_WHOLE_NUMBER);
}

/** `position` from a command's answer: reads wait until the read model has applied it. */
export function positionParam(raw: string | undefined): number | undefined {
  return raw === undefined || raw === ''
    ? undefined
    : wholeNumberParam(raw, 'position', 0, 0, MAX_WHOLE_NUMBER);
}

/** The item name filter: trimmed, at most 100 characters. */
export function itemFilter(raw: string | undefined): string | undefined {
  const text = raw?.trim();
  if (!text) return undefined;
  if (text.length > 100) throw new BadRequestException('filter is at most 100 characters.');
  return text;
}

/** An RFC 3339 date-time, as OpenAPI's `format: date-time` means it; `Date.parse` alone takes 'a 1' too. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/** `startTime`: epoch milliseconds or an ISO (RFC 3339) date-time. */
export function startTimeParam(raw: string | undefined): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  const value = /^\d{1,15}$/.test(raw) ? Number(raw) : DATE_TIME.test(raw) ? Date.parse(raw) : NaN;
  if (!Number.isFinite(value))
    throw new BadRequestException('startTime must be epoch milliseconds or an ISO date-time.');
  return value;
}

const ISK_TEXT = /^-?[0-9]{1,14}(\.[0-9]{1,2})?$/;

/** `minProfit` in ISK (empty means none). */
export function iskParam(raw: string | undefined, name: string): number | undefined {
  if (raw === undefined || raw === '') return undefined;
  // A decimal as people write it: Number() alone also takes '0x10', '1e3' and ' 5 '.
  if (!ISK_TEXT.test(raw))
    throw new BadRequestException(`${name} must be an amount of ISK such as -1500.25.`);
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

const MAX_START = 1_000_000_000;
const wholeNumberSchema = (minimum: number, maximum: number) =>
  ({ type: 'integer', minimum, maximum }) as const;
/** An empty value means the parameter's default, as {@link wholeNumberParam} reads it. */
const EMPTY = { type: 'string', maxLength: 0 } as const;
const optionalWholeNumber = (minimum: number, maximum: number) =>
  ({ anyOf: [wholeNumberSchema(minimum, maximum), EMPTY] }) as const;

/**
 * What the functions above accept, as the OpenAPI document says it (`@ApiQuery({ ...QUERY.start })`), so the
 * document is as strict as the checks: a value outside these is answered 400, one inside never is.
 */
export const QUERY = {
  ownerFilter: {
    name: 'ownerFilter',
    required: false,
    schema: { type: 'string', enum: ['all', 'personal', 'corporation'] },
    description: "Everything (default), the characters' own wallets, or the corporations' (Corp order)",
  },
  division: {
    name: 'division',
    required: false,
    schema: { type: 'integer', minimum: 1, maximum: 7 },
    description:
      "Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none",
  },
  start: {
    name: 'start',
    required: false,
    schema: optionalWholeNumber(0, MAX_START),
    description: 'Offset of the first row (default 0)',
  },
  count: {
    name: 'count',
    required: false,
    schema: optionalWholeNumber(1, PAGE_SIZE.max),
    description: `Rows (default ${PAGE_SIZE.default}, at most ${PAGE_SIZE.max})`,
  },
  filter: {
    name: 'filter',
    required: false,
    schema: { type: 'string', maxLength: 100 },
    description: 'Item name contains (any case)',
  },
  characterId: {
    name: 'characterId',
    required: false,
    schema: optionalWholeNumber(1, MAX_WHOLE_NUMBER),
    description: 'Only this character',
  },
  position: {
    name: 'position',
    required: false,
    schema: optionalWholeNumber(0, MAX_WHOLE_NUMBER),
    description:
      "Wait until the read model has applied this log position (a command's answer); 503 when it has not " +
      'within 5 seconds',
  },
  startTime: {
    name: 'startTime',
    required: false,
    schema: {
      anyOf: [wholeNumberSchema(0, MAX_WHOLE_NUMBER), { type: 'string', format: 'date-time' }, EMPTY],
    },
    description: 'Epoch milliseconds or an ISO (RFC 3339) date-time; empty means none',
  },
  minProfit: {
    name: 'minProfit',
    required: false,
    // Text, not a number: "at most two decimals" is exact as a pattern, and multipleOf 0.01 is not in binary.
    schema: {
      type: 'string',
      pattern: `^(-?(${MAX_ISK}(\\.00?)?|[0-9]{1,${String(MAX_ISK).length - 1}}(\\.[0-9]{1,2})?))?$`,
    },
    description: `ISK with at most two decimals, from -${MAX_ISK} to ${MAX_ISK}; empty means none`,
  },
} as const;

/** A path parameter naming one of the account's entries: anything else is answered 404. */
export const ENTRY_ID_PARAM = {
  name: 'id',
  schema: {
    type: 'string',
    pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
  },
} as const;

/** The answer of a read given a `position` its read model has not reached in time. */
export const NOT_CAUGHT_UP = {
  description: 'The read model has not reached `position` within 5 seconds: reload in a moment',
} as const;

/** The owner filter's values (account-area §7 `ownerFilter`): everything, the characters' own, or corporations'. */
export const OWNER_FILTERS = ['all', 'personal', 'corporation'] as const;

/**
 * `ownerFilter` and `division`: a division (1, the master wallet, to 7) keeps that division of the corporations'
 * wallets; the filters combine, so with ownerFilter personal it keeps nothing (the characters' rows have none).
 */
export function ownerParam(
  ownerFilter: string | undefined,
  division: string | undefined,
): LedgerOwnerFilter | undefined {
  const owner = ownerFilter || 'all';
  if (!(OWNER_FILTERS as readonly string[]).includes(owner))
    throw new BadRequestException(`ownerFilter must be one of ${OWNER_FILTERS.join(', ')}.`);
  const walletDivision =
    division === undefined || division === '' ? undefined : wholeNumberParam(division, 'division', 1, 1, 7);
  if (walletDivision !== undefined)
    return { owner: owner === 'personal' ? 'personal' : 'corporation', division: walletDivision };
  if (owner === 'all') return undefined;
  return { owner: owner === 'personal' ? 'personal' : 'corporation' };
}
