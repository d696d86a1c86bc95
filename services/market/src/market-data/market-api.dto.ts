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

/** The fields in the order the incumbent writes them (the JSON writer keeps it). */
export interface PublicMarketOrder {
  /** Days. */
  readonly duration: number;
  readonly isBuyOrder: boolean;
  /** Epoch milliseconds. */
  readonly issued: number;
  readonly locationId: number;
  readonly minVolume: number;
  readonly orderId: number;
  readonly price: number;
  readonly range: OrderRangeWord;
  readonly systemId: number;
  readonly regionId: number;
  readonly typeId: number;
  readonly volumeRemain: number;
  readonly volumeTotal: number;
}

export interface MarketOrdersItemType {
  readonly typeID: number;
  readonly groupID: number;
  readonly typeName: string;
  readonly iconID: number | null;
  readonly marketGroupID: number | null;
  readonly description: string;
  readonly published: boolean;
  /** m3 per unit. */
  readonly volume: number;
}

/** The blueprint or reaction formula that makes the type. */
export interface MarketOrdersProducer {
  readonly typeID: number;
  readonly typeName: string;
}

export interface MarketOrdersSystem {
  readonly solarSystemID: number;
  readonly solarSystemName: string;
  readonly security: number;
}

/** GET /market/orders/{typeId}. Map keys are ids written as strings, as JSON has them. */
export interface MarketOrders {
  readonly itemType: MarketOrdersItemType;
  /** Left out when no blueprint or reaction formula makes the type. */
  readonly producedBy?: MarketOrdersProducer;
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
/** Written with a decimal point even when whole (`2.0`), as the incumbent writes its doubles. */
const double = (description?: string) => ({
  type: 'number',
  format: 'double',
  ...(description ? { description } : {}),
});

const ORDER_FIELDS = [
  'duration',
  'isBuyOrder',
  'issued',
  'locationId',
  'minVolume',
  'orderId',
  'price',
  'range',
  'systemId',
  'regionId',
  'typeId',
  'volumeRemain',
  'volumeTotal',
] as const satisfies readonly (keyof PublicMarketOrder)[];

const publicMarketOrderSchema = {
  type: 'object',
  required: [...ORDER_FIELDS],
  properties: {
    duration: integer('Days'),
    isBuyOrder: { type: 'boolean' },
    issued: integer('Epoch milliseconds'),
    locationId: integer('NPC station, or a player structure (ids from 1e12)'),
    minVolume: integer(),
    orderId: integer(),
    price: double('ISK per unit'),
    range: { type: 'string', enum: [...ORDER_RANGE_WORDS] },
    systemId: integer(),
    regionId: integer(),
    typeId: integer(),
    volumeRemain: integer(),
    volumeTotal: integer(),
  },
};

/** OpenAPI schemas of the answers, for the Swagger decorators (and so for the generated web client). */
export const MARKET_ORDERS_SCHEMA = {
  type: 'object',
  required: ['itemType', 'systems', 'stationNames', 'structureNames', 'orders'],
  properties: {
    itemType: {
      type: 'object',
      description:
        "The item type; for a type id our static data does not know, typeName '' and published false",
      required: [
        'typeID',
        'groupID',
        'typeName',
        'iconID',
        'marketGroupID',
        'description',
        'published',
        'volume',
      ],
      properties: {
        typeID: integer(),
        groupID: integer(),
        typeName: { type: 'string' },
        iconID: { type: 'integer', nullable: true },
        marketGroupID: { type: 'integer', nullable: true },
        description: { type: 'string' },
        published: { type: 'boolean' },
        volume: double('m3 per unit'),
      },
    },
    producedBy: {
      type: 'object',
      description: 'The blueprint or reaction formula that makes the type; left out when none does',
      required: ['typeID', 'typeName'],
      properties: { typeID: integer(), typeName: { type: 'string' } },
    },
    systems: {
      type: 'object',
      description: 'The solar systems of the orders, by system id',
      additionalProperties: {
        type: 'object',
        required: ['solarSystemID', 'solarSystemName', 'security'],
        properties: {
          solarSystemID: integer(),
          solarSystemName: { type: 'string' },
          security: double('Security status at single (float) precision, as the incumbent has it'),
        },
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
      average: double(),
      highest: double(),
      lowest: double(),
      orderCount: integer(),
      volume: integer(),
    },
  },
};

const STATISTICS_FIELDS = [
  'buyVolume',
  'sellVolume',
  'buyOrders',
  'sellOrders',
  'buyOutliers',
  'sellOutliers',
  'buyThreshold',
  'sellThreshold',
  'buyAvgFivePercent',
  'sellAvgFivePercent',
  'maxBuy',
  'minSell',
] as const satisfies readonly (keyof MarketStatistics)[];

export const MARKET_STATS_SCHEMA = {
  type: 'object',
  required: [...STATISTICS_FIELDS],
  properties: {
    buyVolume: integer('Units remaining over the buy orders kept'),
    sellVolume: integer('Units remaining over the sell orders kept'),
    buyOrders: integer('Buy orders kept'),
    sellOrders: integer('Sell orders kept'),
    buyOutliers: integer('Buy orders left out as outliers'),
    sellOutliers: integer('Sell orders left out as outliers'),
    buyThreshold: double('Buy orders priced below this (10% of the highest buy) were left out'),
    sellThreshold: double('Sell orders priced at or above this (10 times the lowest sell) were left out'),
    buyAvgFivePercent: double(
      'Volume-weighted average price of the best buy orders covering 5% of the volume',
    ),
    sellAvgFivePercent: double('The same over the cheapest sell orders'),
    maxBuy: double(),
    minSell: double(),
  },
};
