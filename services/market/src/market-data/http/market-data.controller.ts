import {
  BadGatewayException,
  Controller,
  Get,
  HttpException,
  Inject,
  NotFoundException,
  Param,
  Query,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { EsiCallError, EsiNotFoundError, EsiThrottledError, type Clock } from '@tradewise/platform';
import {
  OPTIONAL_WHOLE_NUMBER_SCHEMA,
  WHOLE_NUMBER_SCHEMA,
  parseWholeNumber,
  type RawParam,
} from '../../static-data/http/request-params';
import {
  MARKET_HISTORY_SCHEMA,
  MARKET_ORDERS_SCHEMA,
  MARKET_STATS_SCHEMA,
  type MarketHistoryDay,
  type MarketOrders,
  type MarketStatistics,
} from '../market-api.dto';
import { UnknownRegionError } from '../market-data.ports';
import { MARKET_DATA_CLOCK, MARKET_QUERIES } from '../market-data.tokens';
import type { MarketQueries, Timed } from './market-queries';

const EXPIRES_HEADER = {
  Expires: { description: 'When the answer may change: asking again before then gets the same answer' },
};
const typeIdParam = { name: 'typeId', schema: WHOLE_NUMBER_SCHEMA, description: 'Item type id' } as const;
const regionIdParam = { name: 'regionId', schema: WHOLE_NUMBER_SCHEMA, description: 'Region id' } as const;
const systemIdQuery = {
  name: 'systemId',
  schema: OPTIONAL_WHOLE_NUMBER_SCHEMA,
  required: false,
  description: 'Only orders in this solar system',
} as const;
const locationIdQuery = {
  name: 'locationId',
  schema: OPTIONAL_WHOLE_NUMBER_SCHEMA,
  required: false,
  description: 'Only orders at this station or structure',
} as const;

/** The public market API (shared/facts/public-api.md): order books, daily history and statistics. */
@ApiTags('Market')
@Controller('market')
export class MarketDataController {
  constructor(
    @Inject(MARKET_QUERIES) private readonly queries: MarketQueries,
    @Inject(MARKET_DATA_CLOCK) private readonly clock: Clock,
  ) {}

  @Get('orders/:typeId')
  @ApiOperation({
    summary: "One item type's public orders, game-wide unless a region, system or location is given",
    description:
      'With the systems, NPC stations and public structures the orders name. `issued` is epoch milliseconds; ' +
      '`range` is REGION, SOLARSYSTEM, STATION or a jump count `_1` … `_40`.',
  })
  @ApiParam(typeIdParam)
  @ApiQuery({
    ...regionIdParam,
    schema: OPTIONAL_WHOLE_NUMBER_SCHEMA,
    required: false,
    description: 'Only orders in this region',
  })
  @ApiQuery(systemIdQuery)
  @ApiQuery(locationIdQuery)
  @ApiOkResponse({ schema: MARKET_ORDERS_SCHEMA, headers: EXPIRES_HEADER })
  @ApiBadRequestResponse({ description: 'An id is not a whole number, or the filters contradict each other' })
  @ApiNotFoundResponse({ description: 'No such item type, region, system or station' })
  @ApiServiceUnavailableResponse({ description: "The game's API is not answering" })
  async marketOrders(
    @Param('typeId') typeId: string,
    @Query('regionId') regionId: RawParam,
    @Query('systemId') systemId: RawParam,
    @Query('locationId') locationId: RawParam,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MarketOrders> {
    const query = {
      typeId: parseWholeNumber(typeId, 'typeId'),
      regionId: optionalWholeNumber(regionId, 'regionId'),
      systemId: optionalWholeNumber(systemId, 'systemId'),
      locationId: optionalWholeNumber(locationId, 'locationId'),
    };
    return this.answer(response, () => this.queries.orders(query.typeId, query));
  }

  @Get('history/:regionId/:typeId')
  @ApiOperation({ summary: "Daily price and volume history of one item type in one region (the game's own)" })
  @ApiParam(regionIdParam)
  @ApiParam(typeIdParam)
  @ApiOkResponse({ schema: MARKET_HISTORY_SCHEMA, headers: EXPIRES_HEADER })
  @ApiBadRequestResponse({ description: 'An id is not a whole number' })
  @ApiNotFoundResponse({ description: 'No such item type or market region' })
  @ApiServiceUnavailableResponse({ description: "The game's API is not answering" })
  async marketHistory(
    @Param('regionId') regionId: string,
    @Param('typeId') typeId: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MarketHistoryDay[]> {
    const region = parseWholeNumber(regionId, 'regionId');
    const type = parseWholeNumber(typeId, 'typeId');
    return this.answer(response, () => this.queries.history(region, type));
  }

  @Get('stats/:regionId/:typeId')
  @ApiOperation({
    summary: 'Market statistics of one item type in one region, outliers left out',
    description:
      'Buy orders priced below 10% of the highest buy and sell orders priced at or above 10 times the lowest ' +
      'sell are left out. The 5% figures are volume-weighted averages of the best orders covering 5% of the ' +
      'remaining volume. An empty side gives zeros. Cached up to 5 minutes.',
  })
  @ApiParam(regionIdParam)
  @ApiParam(typeIdParam)
  @ApiQuery(systemIdQuery)
  @ApiQuery(locationIdQuery)
  @ApiOkResponse({ schema: MARKET_STATS_SCHEMA, headers: EXPIRES_HEADER })
  @ApiBadRequestResponse({ description: 'An id is not a whole number, or the filters contradict each other' })
  @ApiNotFoundResponse({ description: 'No such item type, market region, system or station' })
  @ApiServiceUnavailableResponse({ description: "The game's API is not answering" })
  async marketStats(
    @Param('regionId') regionId: string,
    @Param('typeId') typeId: string,
    @Query('systemId') systemId: RawParam,
    @Query('locationId') locationId: RawParam,
    @Res({ passthrough: true }) response: Response,
  ): Promise<MarketStatistics> {
    const region = parseWholeNumber(regionId, 'regionId');
    const type = parseWholeNumber(typeId, 'typeId');
    const filter = {
      systemId: optionalWholeNumber(systemId, 'systemId'),
      locationId: optionalWholeNumber(locationId, 'locationId'),
    };
    return this.answer(response, () => this.queries.stats(region, type, filter));
  }

  /** Sends the answer's expiry as `Expires` and a matching max-age; turns failures into 4xx/5xx with a sentence. */
  private async answer<T>(response: Response, read: () => Promise<Timed<T>>): Promise<T> {
    let timed: Timed<T>;
    try {
      timed = await read();
    } catch (error) {
      throw this.failure(error);
    }
    const secondsLeft = Math.max(
      0,
      Math.floor((timed.freshUntil.getTime() - this.clock.now().getTime()) / 1000),
    );
    response.setHeader('Expires', timed.freshUntil.toUTCString());
    response.setHeader('Cache-Control', `public, max-age=${secondsLeft}`);
    return timed.value;
  }

  private failure(error: unknown): unknown {
    if (error instanceof HttpException) return error;
    if (error instanceof UnknownRegionError)
      return new NotFoundException(`No market region with id ${error.regionId}`);
    if (error instanceof EsiNotFoundError) {
      return new NotFoundException('The game has no market data for this item type in this region');
    }
    if (error instanceof EsiCallError && error.transient) {
      const unavailable = new ServiceUnavailableException(
        "The game's market data is not available right now; try again in a minute",
      );
      const retryAtMs = error instanceof EsiThrottledError ? error.retryAt.getTime() : undefined;
      const retryAfterSeconds =
        retryAtMs === undefined
          ? 60
          : Math.max(1, Math.ceil((retryAtMs - this.clock.now().getTime()) / 1000));
      return Object.assign(unavailable, { retryAfterSeconds });
    }
    if (error instanceof EsiCallError) {
      return new BadGatewayException("The game's API refused the market request; please report it");
    }
    return error;
  }
}

function optionalWholeNumber(value: RawParam, name: string): number | undefined {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  return parseWholeNumber(value, name);
}
