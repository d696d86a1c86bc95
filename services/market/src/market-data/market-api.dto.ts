import type { MarketStatistics } from './statistics/market-statistics';

/**
 * The public market API as third-party tools already call it (shared/facts/public-api.md): these names and shapes
 * must not change.
 */

/** ESI's order ranges in the spec's words: REGION, SOLARSYSTEM, STATION, and jumps as `_1` … `_40`. */
export const ORDER_RANGE_WORDS = [
  'STATION',
  'SOLARSYSTEM',
  'REGION',
  '_1',
  '_2',
  '_3',
  '_4',
  '_5',
  '_10',
  '_20',
  '_30',
  '_40',
] as const;
export type OrderRangeWord = (typeof ORDER_RANGE_WORDS)[number];

export interface PublicMarketOrder {
  readonly orderId: number;
  readonly typeId: number;
  readonly regionId: number;
  readonly systemId: number;
  readonly locationId: number;
  readonly isBuyOrder: boolean;
  readonly price: number;
  readonly volumeRemain: number;
  readonly volumeTotal: number;
  readonly minVolume: number;
  /** Days. */
  readonly duration: number;
  /** Epoch milliseconds. */
  readonly issued: number;
  readonly range: OrderRangeWord;
}

export interface MarketOrdersItemType {
  readonly typeID: number;
  readonly groupID: number;
  readonly typeName: string;
  readonly iconID: number | null;
  readonly marketGroupID: number | null;
  readonly description: string;
  readonly published: boolean;
}

export interface MarketOrdersSystem {
  readonly solarSystemID: number;
  readonly solarSystemName: string;
  readonly security: number;
}

/** GET /market/orders/{typeId}. Map keys are ids written as strings, as JSON has them. */
export interface MarketOrders {
  readonly itemType: MarketOrdersItemType;
  readonly systems: Readonly<Record<string, MarketOrdersSystem>>;
  readonly stationNames: Readonly<Record<string, string>>;
  readonly structureNames: Readonly<Record<string, string>>;
  readonly orders: readonly PublicMarketOrder[];
}

/** One row of GET /market/history/{regionId}/{typeId}. */
export interface MarketHistoryDay {
  /** Epoch milliseconds of the day's start, UTC. */
  readonly date: number;
  readonly regionId: number;
  readonly typeId: number;
  readonly average: number;
  readonly highest: number;
  readonly lowest: number;
  readonly orderCount: number;
  readonly volume: number;
}

export type { MarketStatistics };

const integer = (description?: string) => ({ type: 'integer', ...(description ? { description } : {}) });
const number = (description?: string) => ({ type: 'number', ...(description ? { description } : {}) });

const publicMarketOrderSchema = {
  type: 'object',
  required: [
    'orderId',
    'typeId',
    'regionId',
    'systemId',
    'locationId',
    'isBuyOrder',
    'price',
    'volumeRemain',
    'volumeTotal',
    'minVolume',
    'duration',
    'issued',
    'range',
  ],
  properties: {
    orderId: integer(),
    typeId: integer(),
    regionId: integer(),
    systemId: integer(),
    locationId: integer('NPC station, or a player structure (ids from 1e12)'),
    isBuyOrder: { type: 'boolean' },
    price: number('ISK per unit'),
    volumeRemain: integer(),
    volumeTotal: integer(),
    minVolume: integer(),
    duration: integer('Days'),
    issued: integer('Epoch milliseconds'),
    range: { type: 'string', enum: [...ORDER_RANGE_WORDS] },
  },
};

/** OpenAPI schemas of the answers, for the Swagger decorators (and so for the generated web client). */
export const MARKET_ORDERS_SCHEMA = {
  type: 'object',
  required: ['itemType', 'systems', 'stationNames', 'structureNames', 'orders'],
  properties: {
    itemType: {
      type: 'object',
      required: ['typeID', 'groupID', 'typeName', 'iconID', 'marketGroupID', 'description', 'published'],
      properties: {
        typeID: integer(),
        groupID: integer(),
        typeName: { type: 'string' },
        iconID: { type: 'integer', nullable: true },
        marketGroupID: { type: 'integer', nullable: true },
        description: { type: 'string' },
        published: { type: 'boolean' },
      },
    },
    systems: {
      type: 'object',
      description: 'The solar systems of the orders, by system id',
      additionalProperties: {
        type: 'object',
        required: ['solarSystemID', 'solarSystemName', 'security'],
        properties: { solarSystemID: integer(), solarSystemName: { type: 'string' }, security: number() },
      },
    },
    stationNames: {
      type: 'object',
      description: 'Names of the NPC stations of the orders, by station id',
      additionalProperties: { type: 'string' },
    },
    structureNames: {
      type: 'object',
      description: 'Names of the public structures of the orders, by structure id',
      additionalProperties: { type: 'string' },
    },
    orders: { type: 'array', items: publicMarketOrderSchema },
  },
};

export const MARKET_HISTORY_SCHEMA = {
  type: 'array',
  items: {
    type: 'object',
    required: ['date', 'regionId', 'typeId', 'average', 'highest', 'lowest', 'orderCount', 'volume'],
    properties: {
      date: integer('Epoch milliseconds of the day (UTC)'),
      regionId: integer(),
      typeId: integer(),
      average: number(),
      highest: number(),
      lowest: number(),
      orderCount: integer(),
      volume: integer(),
    },
  },
};

export const MARKET_STATS_SCHEMA = {
  type: 'object',
  required: [
    'buyVolume',
    'sellVolume',
    'buyOrders',
    'sellOrders',
    'buyOutliers',
    'sellOutliers',
    'buyThreshold',
    'sellThreshold',
    'maxBuy',
    'minSell',
    'buyAvgFivePercent',
    'sellAvgFivePercent',
  ],
  properties: {
    buyVolume: integer('Units remaining over the buy orders kept'),
    sellVolume: integer('Units remaining over the sell orders kept'),
    buyOrders: integer('Buy orders kept'),
    sellOrders: integer('Sell orders kept'),
    buyOutliers: integer('Buy orders left out as outliers'),
    sellOutliers: integer('Sell orders left out as outliers'),
    buyThreshold: number('Buy orders priced below this (10% of the highest buy) were left out'),
    sellThreshold: number('Sell orders priced at or above this (10 times the lowest sell) were left out'),
    maxBuy: number(),
    minSell: number(),
    buyAvgFivePercent: number(
      'Volume-weighted average price of the best buy orders covering 5% of the volume',
    ),
    sellAvgFivePercent: number('The same over the cheapest sell orders'),
  },
};
