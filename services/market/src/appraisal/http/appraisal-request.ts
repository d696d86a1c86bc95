import { BadRequestException, PayloadTooLargeException } from '@nestjs/common';
import { MAX_LINE_QUANTITY } from '../parse';
import { FIRST_STRUCTURE_ID } from '../../market-data/books/order-book-view';
import { DEFAULT_PRICE_REGION_ID } from '../../market-data/market-hubs';
import { PRICE_MODES, type PriceMode } from '../pricing/price-mode';

/** Public-tools §9: the default region of the appraisal (The Forge). */
/** Public-tools §9: the default link expiry. */
export const DEFAULT_EXPIRY_SECONDS = 24 * 3600;
/** Links live at most this long, so the store holds nothing forever. */
export const MAX_EXPIRY_SECONDS = 90 * 24 * 3600;
/** The same limit as a paste's lines. */
export const MAX_APPRAISAL_ITEMS = 10_000;
/** Longer than any type name in any language. */
export const TYPE_NAME_MAX = 200;

export type RequestedItem =
  | { readonly typeId: number; readonly quantity: number }
  | { readonly typeName: string; readonly quantity: number };

/** A buyback quotes a share of the price; more than 10 times it is a typo. */
export const MAX_PRICE_PERCENT = 1_000;

export interface AppraisalCreateInput {
  /** Given (or the default) region; with `stationId`, that station's region when none was given. */
  readonly regionId: number;
  readonly regionGiven: boolean;
  /** One of the five trade hubs' stations: only the orders a trader there can deal with. */
  readonly stationId: number | null;
  /** A public player structure with a market: its own orders, read with a logged-in character's token. */
  readonly structureId: number | null;
  readonly priceMode: PriceMode;
  /** Percent of the prices quoted (100: the prices themselves). */
  readonly pricePercent: number;
  readonly expirySeconds: number;
  readonly createLink: boolean;
  readonly source:
    | { readonly kind: 'items'; readonly items: readonly RequestedItem[] }
    | { readonly kind: 'text'; readonly text: string };
}

type Body = Record<string, unknown>;

function objectBody(body: unknown): Body {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestException('The request body must be a JSON object.');
  }
  return body as Body;
}

function wholeNumber(value: unknown, name: string, min: number, max: number, fallback?: number): number {
  if (value === undefined || value === null) {
    if (fallback !== undefined) return fallback;
    throw new BadRequestException(`${name} is required.`);
  }
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new BadRequestException(
      `${name} must be a whole number from ${min.toLocaleString('en')} to ${max.toLocaleString('en')}.`,
    );
  }
  return value;
}

function pasteText(value: unknown): string {
  if (typeof value !== 'string') throw new BadRequestException('text must be the pasted text, as a string.');
  return value;
}

function requestedItem(value: unknown, index: number): RequestedItem {
  const name = `items[${index}]`;
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BadRequestException(`${name} must be an object with typeId or typeName, and quantity.`);
  }
  const { typeId, typeName, quantity: rawQuantity } = value as Body;
  const quantity = wholeNumber(rawQuantity, `${name}.quantity`, 1, MAX_LINE_QUANTITY);
  const hasId = typeId !== undefined && typeId !== null;
  const hasName = typeName !== undefined && typeName !== null;
  if (hasId === hasName) throw new BadRequestException(`${name} must have either typeId or typeName.`);
  if (hasId) return { typeId: wholeNumber(typeId, `${name}.typeId`, 1, Number.MAX_SAFE_INTEGER), quantity };
  if (typeof typeName !== 'string' || typeName.trim().length === 0 || typeName.length > TYPE_NAME_MAX) {
    throw new BadRequestException(
      `${name}.typeName must be an item name of 1 to ${TYPE_NAME_MAX} characters.`,
    );
  }
  return { typeName, quantity };
}

function requestedItems(items: unknown): RequestedItem[] {
  if (!Array.isArray(items)) throw new BadRequestException('items must be a list.');
  if (items.length === 0) throw new BadRequestException('items must list at least one item.');
  if (items.length > MAX_APPRAISAL_ITEMS) {
    throw new PayloadTooLargeException(
      `items lists ${items.length.toLocaleString('en')} entries: at most ${MAX_APPRAISAL_ITEMS.toLocaleString('en')}.`,
    );
  }
  return items.map(requestedItem);
}

function pricing(body: Body): { priceMode: PriceMode; pricePercent: number } {
  if (
    body.priceMode !== undefined &&
    body.priceMode !== null &&
    !PRICE_MODES.includes(body.priceMode as PriceMode)
  ) {
    throw new BadRequestException(`priceMode must be one of ${PRICE_MODES.join(', ')}.`);
  }
  return {
    priceMode: (body.priceMode as PriceMode | undefined | null) ?? 'top',
    pricePercent: wholeNumber(body.pricePercent, 'pricePercent', 1, MAX_PRICE_PERCENT, 100),
  };
}

/** The items of an appraisal priced at every trade hub's station, for the side-by-side columns. */
export interface HubComparisonInput {
  readonly priceMode: PriceMode;
  readonly pricePercent: number;
  readonly items: readonly RequestedItem[];
}

/** POST /market/appraisals/hubs: the items as a create takes them, and the price mode and percentage. */
export function readHubComparisonBody(raw: unknown): HubComparisonInput {
  const body = objectBody(raw);
  return { ...pricing(body), items: requestedItems(body.items) };
}

/** POST /market/appraisals: a 400 with a sentence for anything the page or a script could get wrong. */
export function readAppraisalCreateBody(raw: unknown): AppraisalCreateInput {
  const body = objectBody(raw);
  const regionId = wholeNumber(
    body.regionId,
    'regionId',
    1,
    Number.MAX_SAFE_INTEGER,
    DEFAULT_PRICE_REGION_ID,
  );
  const expiry = wholeNumber(body.expirySeconds, 'expirySeconds', 0, MAX_EXPIRY_SECONDS, 0);
  if (body.createLink !== undefined && typeof body.createLink !== 'boolean') {
    throw new BadRequestException('createLink must be true or false.');
  }
  const hasItems = body.items !== undefined && body.items !== null;
  const hasText = body.text !== undefined && body.text !== null;
  if (hasItems && hasText) throw new BadRequestException('Send either items or text, not both.');
  if (!hasItems && !hasText) {
    throw new BadRequestException('Send the items to appraise (items) or a paste (text).');
  }
  let source: AppraisalCreateInput['source'];
  if (hasText) {
    source = { kind: 'text', text: pasteText(body.text) };
  } else {
    source = { kind: 'items', items: requestedItems(body.items) };
  }
  const stationId =
    body.stationId === undefined || body.stationId === null
      ? null
      : wholeNumber(body.stationId, 'stationId', 1, Number.MAX_SAFE_INTEGER);
  const structureId =
    body.structureId === undefined || body.structureId === null
      ? null
      : wholeNumber(body.structureId, 'structureId', FIRST_STRUCTURE_ID, Number.MAX_SAFE_INTEGER);
  if (stationId !== null && structureId !== null) {
    throw new BadRequestException(
      'Send either stationId or structureId, not both: an appraisal has one market.',
    );
  }
  const { priceMode, pricePercent } = pricing(body);
  return {
    regionId,
    regionGiven: body.regionId !== undefined && body.regionId !== null,
    stationId,
    structureId,
    priceMode,
    pricePercent,
    expirySeconds: expiry === 0 ? DEFAULT_EXPIRY_SECONDS : expiry,
    createLink: body.createLink !== false,
    source,
  };
}

/** POST /market/appraisals/parse. */
export function readAppraisalParseBody(raw: unknown): string {
  return pasteText(objectBody(raw).text);
}
