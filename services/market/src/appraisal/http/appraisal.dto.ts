import {
  LINE_STATUSES,
  MAX_LINE_QUANTITY,
  UNPARSED_REASONS,
  type LineStatus,
  type PasteFormat,
  type PasteProblemCode,
  type UnparsedReason,
} from '../parse';
import { APPRAISAL_METHODS, type AppraisalMethod } from '../pricing/appraisal-method';
import { PRICE_MODES, type PriceMode } from '../pricing/price-mode';
import type { SchemaObject } from '@nestjs/swagger';
import { FIRST_STRUCTURE_ID } from '../../market-data/books/order-book-view';
import { MAX_EXPIRY_SECONDS, MAX_PRICE_PERCENT, TYPE_NAME_MAX } from './appraisal-request';

// The API's shapes for appraisals. ISK amounts are numbers with two decimals (exact cents inside), volumes m³.

/** Selling the row's quantity into the region's buy orders now (beyond the spec, beside the top-of-book figures). */
export interface SellNowDto {
  /** ISK the filled units fetch, order by order. */
  readonly proceeds: number;
  readonly filledQuantity: number;
  /** Units the buy side cannot take. */
  readonly unfilledQuantity: number;
  /** Proceeds per filled unit; null when nothing fills. */
  readonly averagePrice: number | null;
  /** The lowest buy price the walk reaches; null when nothing fills. */
  readonly worstPrice: number | null;
  readonly ordersFilled: number;
  /** The highest buy price times the filled units, minus the proceeds. */
  readonly slippage: number;
  /** Slippage as a percentage of that top-of-book value; null when nothing fills. */
  readonly slippagePercent: number | null;
}

export interface AppraisalItemDto {
  readonly index: number;
  readonly typeId: number;
  readonly typeName: string;
  readonly quantity: number;
  /** m³ per unit; packaged for ships. */
  readonly unitVolume: number;
  readonly totalVolume: number;
  readonly sellPrice: number;
  readonly buyPrice: number;
  readonly totalSell: number;
  readonly totalBuy: number;
  /** ISK per m³ at the sell price; null for an item without volume. */
  readonly iskVolumeSell: number | null;
  readonly iskVolumeBuy: number | null;
  /** The less sure of the two sides' methods. */
  readonly appraisalMethod: AppraisalMethod;
  /** Where the sell price came from: MARKET_ORDERS, ESI_PRICE, or INSUFFICIENT_DATA (no price; 0 is not a value). */
  readonly sellMethod: AppraisalMethod;
  readonly buyMethod: AppraisalMethod;
  /** Null unless priced from market orders. */
  readonly sellNow: SellNowDto | null;
}

export interface AppraisalDto {
  /** 'temp' for a temporary appraisal (no link), which is not stored. */
  readonly id: string;
  readonly regionId: number;
  readonly regionName: string;
  /** The trade hub's station it was priced at (its orders, and buy orders reaching it); null: the whole region. */
  readonly stationId: number | null;
  readonly stationName: string | null;
  /**
   * The public player structure it was priced at (its own sell and buy orders, read with a logged-in character's
   * token); null otherwise. Its name is null when ESI did not name it.
   */
  readonly structureId: number | null;
  readonly structureName: string | null;
  /** top (best order, the default), fivePercent (average of the best 5%) or split (middle of best sell and buy). */
  readonly priceMode: PriceMode;
  /** The share of the prices quoted, in percent (100 unless a buyback quote asked for less). */
  readonly pricePercent: number;
  /** When it was priced (ISO 8601). */
  readonly created: string;
  /** When the link stops working (ISO 8601); null for a temporary appraisal. */
  readonly expires: string | null;
  readonly itemCount: number;
  readonly totalSell: number;
  readonly totalBuy: number;
  readonly totalVolume: number;
  readonly totalSellNow: number;
  readonly totalSlippage: number;
  /** Rows with no sell (buy) price at all: the total sell (buy) leaves them out rather than valuing them. */
  readonly unpricedSellRows: number;
  readonly unpricedBuyRows: number;
  readonly items: readonly AppraisalItemDto[];
}

/** One item's prices at a trade hub, as the appraisal's own rows price it there. */
export interface HubItemPriceDto {
  readonly typeId: number;
  readonly sellPrice: number;
  readonly buyPrice: number;
  readonly totalSell: number;
  readonly totalBuy: number;
  readonly sellMethod: AppraisalMethod;
  readonly buyMethod: AppraisalMethod;
}

/** The items priced at one trade hub's station: its sell orders and the buy orders reaching it. */
export interface AppraisalHubDto {
  readonly stationId: number;
  readonly stationName: string;
  readonly regionId: number;
  readonly regionName: string;
  readonly totalSell: number;
  readonly totalBuy: number;
  readonly unpricedSellRows: number;
  readonly unpricedBuyRows: number;
  /** In the order of the request's items (merged by type, as an appraisal's rows are). */
  readonly items: readonly HubItemPriceDto[];
}

/** POST /market/appraisals/hubs: the side-by-side columns of the five trade hubs. */
export interface AppraisalHubComparisonDto {
  readonly priceMode: PriceMode;
  readonly pricePercent: number;
  /** Items whose type is not known: priced nowhere. */
  readonly numUnknown: number;
  readonly hubs: readonly AppraisalHubDto[];
}

/** A row of the logged-in account's Appraisal History. */
export type AppraisalSummaryDto = Omit<
  AppraisalDto,
  'items' | 'totalSellNow' | 'totalSlippage' | 'unpricedSellRows' | 'unpricedBuyRows'
>;

export interface PasteFormatUsageDto {
  readonly format: PasteFormat;
  /** The preview's name for it: Contract, EFT, List, Hangar, Killmail, ... */
  readonly label: string;
  readonly lines: number;
}

export interface PastedItemDto {
  /** Null when no type has the name. */
  readonly typeId: number | null;
  readonly name: string;
  readonly quantity: number;
  /** The parsers that read it. */
  readonly formats: readonly PasteFormat[];
  readonly lineNumbers: readonly number[];
  /** The appraisal row it went into (in the create answer); null when it was not found. */
  readonly appraisalIndex?: number | null;
  /**
   * When the name is unknown but holds a known type's whole name: that type, offered as a guess. It is not priced
   * until the player confirms it (sends it by typeId).
   */
  readonly guess: TypeGuessDto | null;
}

export interface TypeGuessDto {
  readonly typeId: number;
  readonly typeName: string;
}

/** What became of one non-blank line of the paste. */
export interface PasteLineStatusDto {
  readonly lineNumber: number;
  readonly status: LineStatus;
}

export interface UnparsedLineDto {
  readonly lineNumber: number;
  readonly text: string;
  readonly reason: UnparsedReason;
  readonly message: string;
  /** For reason `unknown-item`: the name no type has, and its quantity on the line. */
  readonly name?: string;
  readonly quantity?: number;
}

/** How the paste parser read a text: what the live preview shows, and what bots get back with `text`. */
export interface PasteReadingDto {
  /** The parser that read the most item lines; null when none did. */
  readonly kind: PasteFormat | null;
  readonly kindLabel: string | null;
  /** Every parser that took lines, most lines first. */
  readonly formats: readonly PasteFormatUsageDto[];
  /** Items as the page sends them to be appraised (same type, blueprint state and damage merged). */
  readonly items: readonly PastedItemDto[];
  /** Items whose names were found. */
  readonly itemCount: number;
  /** Names no type has: unknown items, and lines refused for an unknown name. */
  readonly unknownCount: number;
  /** Items offered as guesses, not found and not priced until confirmed. */
  readonly guessCount: number;
  /** Lines no format could read, and lines refused for an unknown name (`reason` tells them apart). */
  readonly unparsed: readonly UnparsedLineDto[];
  /** Every non-blank line and what became of it (found, guess, unknown name, unreadable, skipped). */
  readonly lines: readonly PasteLineStatusDto[];
  /** Lines per status. */
  readonly lineCounts: Readonly<Record<LineStatus, number>>;
  readonly lineCount: number;
  /** Why nothing can be appraised (empty, nothing parsed); null when items were found. */
  readonly problem: { readonly code: PasteProblemCode; readonly message: string } | null;
}

export interface UnknownItemDto {
  readonly name: string;
  readonly quantity: number;
  /** A known type the name holds, offered to confirm; such an item is not priced meanwhile. */
  readonly guess?: TypeGuessDto | null;
}

export interface AppraisalCreatedDto {
  readonly appraisal: AppraisalDto;
  /** Items not found (names no type has, type ids the game does not know, guesses not confirmed): none priced. */
  readonly numUnknown: number;
  /** Of those, the ones offered as guesses. */
  readonly numGuesses: number;
  readonly unknownItems: readonly UnknownItemDto[];
  /** Present when a `text` paste was sent: which parser took each item, and the lines none could read. */
  readonly paste?: PasteReadingDto;
}

// OpenAPI descriptions of the shapes above (inline: contracts holds zod schemas of other areas).

const integer = { type: 'integer' } as const;
const number = { type: 'number' } as const;
const text = { type: 'string' } as const;
const nullable = <T extends object>(schema: T) => ({ ...schema, nullable: true });
const object = (properties: Record<string, object>, optional: readonly string[] = []) => ({
  type: 'object',
  properties,
  required: Object.keys(properties).filter((key) => !optional.includes(key)),
});

const sellNowSchema = object({
  proceeds: number,
  filledQuantity: integer,
  unfilledQuantity: integer,
  averagePrice: nullable(number),
  worstPrice: nullable(number),
  ordersFilled: integer,
  slippage: number,
  slippagePercent: nullable(number),
});

const appraisalItemSchema = object({
  index: integer,
  typeId: integer,
  typeName: text,
  quantity: integer,
  unitVolume: number,
  totalVolume: number,
  sellPrice: number,
  buyPrice: number,
  totalSell: number,
  totalBuy: number,
  iskVolumeSell: nullable(number),
  iskVolumeBuy: nullable(number),
  appraisalMethod: { type: 'string', enum: [...APPRAISAL_METHODS] },
  sellMethod: { type: 'string', enum: [...APPRAISAL_METHODS] },
  buyMethod: { type: 'string', enum: [...APPRAISAL_METHODS] },
  sellNow: nullable(sellNowSchema),
});

const summaryProperties = {
  id: text,
  regionId: integer,
  regionName: text,
  stationId: nullable(integer),
  stationName: nullable(text),
  structureId: nullable(integer),
  structureName: nullable(text),
  priceMode: { type: 'string', enum: [...PRICE_MODES] },
  pricePercent: integer,
  created: { type: 'string', format: 'date-time' },
  expires: nullable({ type: 'string', format: 'date-time' }),
  itemCount: integer,
  totalSell: number,
  totalBuy: number,
  totalVolume: number,
};

export const appraisalSummaryJsonSchema = object(summaryProperties);

export const appraisalJsonSchema = object({
  ...summaryProperties,
  totalSellNow: number,
  totalSlippage: number,
  unpricedSellRows: integer,
  unpricedBuyRows: integer,
  items: { type: 'array', items: appraisalItemSchema },
});

const typeGuessSchema = object({ typeId: integer, typeName: text });

export const pasteReadingJsonSchema = object({
  kind: nullable(text),
  kindLabel: nullable(text),
  formats: { type: 'array', items: object({ format: text, label: text, lines: integer }) },
  items: {
    type: 'array',
    items: object(
      {
        typeId: nullable(integer),
        name: text,
        quantity: integer,
        formats: { type: 'array', items: text },
        lineNumbers: { type: 'array', items: integer },
        appraisalIndex: nullable(integer),
        guess: nullable(typeGuessSchema),
      },
      ['appraisalIndex'],
    ),
  },
  itemCount: integer,
  unknownCount: integer,
  guessCount: integer,
  unparsed: {
    type: 'array',
    items: object(
      {
        lineNumber: integer,
        text,
        reason: { type: 'string', enum: [...UNPARSED_REASONS] },
        message: text,
        name: text,
        quantity: integer,
      },
      ['name', 'quantity'],
    ),
  },
  lines: {
    type: 'array',
    items: object({ lineNumber: integer, status: { type: 'string', enum: [...LINE_STATUSES] } }),
  },
  lineCounts: object(Object.fromEntries(LINE_STATUSES.map((status) => [status, integer]))),
  lineCount: integer,
  problem: nullable(object({ code: text, message: text })),
});

export const appraisalCreatedJsonSchema = object(
  {
    appraisal: appraisalJsonSchema,
    numUnknown: integer,
    numGuesses: integer,
    unknownItems: {
      type: 'array',
      items: object({ name: text, quantity: integer, guess: nullable(typeGuessSchema) }, ['guess']),
    },
    paste: pasteReadingJsonSchema,
  },
  ['paste'],
);

/** Text with something besides JavaScript's whitespace (what String.trim removes). */
const NOT_BLANK =
  '[^\\t\\n\\v\\f\\r \\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]';

const priceModeProperty: SchemaObject = {
  type: 'string',
  // OpenAPI 3.0: a nullable enum lists null among its values.
  enum: [...PRICE_MODES, null],
  nullable: true,
  description:
    'top (best order, default), fivePercent (volume average of the best 5%), split (middle of best sell and buy)',
};
const pricePercentProperty: SchemaObject = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_PRICE_PERCENT,
  nullable: true,
  description: 'Quote this percentage of the prices (a buyback at 90%); default 100',
};
const itemsProperty: SchemaObject = {
  type: 'array',
  minItems: 1,
  description: 'The items: each with typeId or typeName (any game language), and quantity',
  items: {
    type: 'object',
    properties: {
      typeId: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER, nullable: true },
      typeName: { type: 'string', maxLength: TYPE_NAME_MAX, pattern: NOT_BLANK, nullable: true },
      quantity: { type: 'integer', minimum: 1, maximum: MAX_LINE_QUANTITY },
    },
    required: ['quantity'],
    oneOf: [
      { required: ['typeId'], properties: { typeId: { type: 'integer' } } },
      { required: ['typeName'], properties: { typeName: { type: 'string' } } },
    ],
  },
};

/** As readAppraisalCreateBody reads it: items or text (one of them, not null), and bounded numbers. */
export const appraisalCreateBodyJsonSchema: SchemaObject = {
  type: 'object',
  properties: {
    regionId: {
      type: 'integer',
      minimum: 1,
      maximum: Number.MAX_SAFE_INTEGER,
      nullable: true,
      description: 'Region whose orders price the items (default 10000002, The Forge)',
    },
    stationId: {
      type: 'integer',
      nullable: true,
      description:
        "Price at one trade hub's station (60003760 Jita IV - Moon 4, 60008494 Amarr VIII, 60011866 Dodixie IX, 60004588 Rens VI, 60005686 Hek VIII): its sell orders and the buy orders reaching it; regionId, if given, must be its region",
    },
    structureId: {
      type: 'integer',
      minimum: FIRST_STRUCTURE_ID,
      maximum: Number.MAX_SAFE_INTEGER,
      nullable: true,
      description:
        "Price at a public player structure with a market (GET /market/structures lists them): its own sell and buy orders, read with a logged-in character's token (needs a session whose account has a character with esi-markets.structure_markets.v1 that may dock there); not with stationId",
    },
    priceMode: priceModeProperty,
    pricePercent: pricePercentProperty,
    expirySeconds: {
      type: 'integer',
      minimum: 0,
      maximum: MAX_EXPIRY_SECONDS,
      nullable: true,
      description: 'How long the link works, in seconds (0 or absent: 24 hours; at most 90 days)',
    },
    createLink: {
      type: 'boolean',
      description: 'false: a temporary appraisal (id temp), answered but not stored (default true)',
    },
    items: { ...itemsProperty, nullable: true },
    text: {
      type: 'string',
      nullable: true,
      description: 'Instead of items: a paste as players copy it from the game',
    },
  },
  oneOf: [
    { required: ['items'], properties: { items: { type: 'array' } } },
    { required: ['text'], properties: { text: { type: 'string' } } },
  ],
};

export const appraisalParseBodyJsonSchema = object({ text });

/** As readHubComparisonBody reads it. */
export const hubComparisonBodyJsonSchema: SchemaObject = {
  type: 'object',
  properties: { items: itemsProperty, priceMode: priceModeProperty, pricePercent: pricePercentProperty },
  required: ['items'],
};

const hubItemPriceSchema = object({
  typeId: integer,
  sellPrice: number,
  buyPrice: number,
  totalSell: number,
  totalBuy: number,
  sellMethod: { type: 'string', enum: [...APPRAISAL_METHODS] },
  buyMethod: { type: 'string', enum: [...APPRAISAL_METHODS] },
});

export const appraisalHubComparisonJsonSchema = object({
  priceMode: { type: 'string', enum: [...PRICE_MODES] },
  pricePercent: integer,
  numUnknown: integer,
  hubs: {
    type: 'array',
    items: object({
      stationId: integer,
      stationName: text,
      regionId: integer,
      regionName: text,
      totalSell: number,
      totalBuy: number,
      unpricedSellRows: integer,
      unpricedBuyRows: integer,
      items: { type: 'array', items: hubItemPriceSchema },
    }),
  },
});
