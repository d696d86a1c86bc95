import {
  BadGatewayException,
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  HttpException,
  Inject,
  NotFoundException,
  Param,
  Post,
  Query,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { Response } from 'express';
import { STATS_TYPES_MAX, marketStatsRequestSchema } from '@tradewise/contracts';
import { EsiCallError, EsiNotFoundError, EsiThrottledError, type Clock } from '@tradewise/platform';
import { checkBody } from '../../industry/request-body';
import {
  marketHistoryJson,
  marketOrdersJson,
  statisticsByTypeJson,
  statisticsJson,
} from '../../public-api/incumbent-json';
import {
  OPTIONAL_WHOLE_NUMBER_SCHEMA,
  WHOLE_NUMBER_SCHEMA,
  parseWholeNumber,
  type RawParam,
} from '../../static-data/http/request-params';
import { MARKET_HISTORY_SCHEMA, MARKET_ORDERS_SCHEMA, MARKET_STATS_SCHEMA } from '../market-api.dto';
import { UnknownRegionError } from '../market-data.ports';
import { MARKET_DATA_CLOCK, MARKET_QUERIES } from '../market-data.tokens';
import type { MarketQueries, Timed } from './market-queries';

const STATISTICS_RULES =
  'Buy orders priced below 10% of the highest buy and sell orders priced at or above 10 times the lowest ' +
  'sell are left out. The 5% figures are volume-weighted averages of the best orders covering 5% of the ' +
  'remaining volume. An empty side gives zeros, and so does an item type our static data does not know yet. ' +
  'Cached up to 5 minutes.';
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
const systemIdAliasQuery = {
  ...systemIdQuery,
  name: 'systemID',
  description:
    'The same as systemId, as some clients of the incumbent spell it (systemId wins when both are given)',
} as const;
const locationIdQuery = {
  name: 'locationId',
  schema: OPTIONAL_WHOLE_NUMBER_SCHEMA,
  required: false,
  description: 'Only orders at this station or structure',
} as const;

/**
 * The public market API (shared/facts/public-api.md, docs/public-api.md): order books, daily history and
 * statistics, written as the incumbent writes them (public-api/incumbent-json.ts).
 */
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
      'With the systems, NPC stations and public structures the orders name, and the blueprint that makes the ' +
      'type. `issued` is epoch milliseconds; `range` is REGION, SOLARSYSTEM, STATION or a jump count `_1` … ' +
      '`_40`. An item type our static data does not know yet, or filters that do not fit together, answer as ' +
      'an empty market.',
  })
  @ApiParam(typeIdParam)
  @ApiQuery({
    ...regionIdParam,
    schema: OPTIONAL_WHOLE_NUMBER_SCHEMA,
    required: false,
    description: 'Only orders in this region',
  })
  @ApiQuery(systemIdQuery)
  @ApiQuery(systemIdAliasQuery)
  @ApiQuery(locationIdQuery)
  @ApiOkResponse({ schema: MARKET_ORDERS_SCHEMA, headers: EXPIRES_HEADER })
  @ApiBadRequestResponse({ description: 'An id is not a whole number' })
  @ApiNotFoundResponse({ description: 'No such region, system or station, or a region without a market' })
  @ApiServiceUnavailableResponse({ description: "The game's API is not answering" })
  async marketOrders(
    @Param('typeId') typeId: string,
    @Query('regionId') regionId: RawParam,
    @Query('systemId') systemId: RawParam,
    @Query('systemID') systemID: RawParam,
    @Query('locationId') locationId: RawParam,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const query = {
      typeId: parseWholeNumber(typeId, 'typeId'),
      regionId: optionalWholeNumber(regionId, 'regionId'),
      systemId: systemFilter(systemId, systemID),
      locationId: optionalWholeNumber(locationId, 'locationId'),
    };
    return this.answer(response, () => this.queries.orders(query.typeId, query), marketOrdersJson);
  }

  @Get('history/:regionId/:typeId')
  @ApiOperation({ summary: "Daily price and volume history of one item type in one region (the game's own)" })
  @ApiParam(regionIdParam)
  @ApiParam(typeIdParam)
  @ApiOkResponse({ schema: MARKET_HISTORY_SCHEMA, headers: EXPIRES_HEADER })
  @ApiBadRequestResponse({ description: 'An id is not a whole number' })
  @ApiNotFoundResponse({
    description: 'No such region, a region without a market, or the game keeps no history of the type there',
  })
  @ApiServiceUnavailableResponse({ description: "The game's API is not answering" })
  async marketHistory(
    @Param('regionId') regionId: string,
    @Param('typeId') typeId: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const region = parseWholeNumber(regionId, 'regionId');
    const type = parseWholeNumber(typeId, 'typeId');
    return this.answer(response, () => this.queries.history(region, type), marketHistoryJson);
  }

  @Get('stats/:regionId/:typeId')
  @ApiOperation({
    summary: 'Market statistics of one item type in one region, outliers left out',
    description: STATISTICS_RULES,
  })
  @ApiParam(regionIdParam)
  @ApiParam(typeIdParam)
  @ApiQuery(systemIdQuery)
  @ApiQuery(systemIdAliasQuery)
  @ApiQuery(locationIdQuery)
  @ApiOkResponse({ schema: MARKET_STATS_SCHEMA, headers: EXPIRES_HEADER })
  @ApiBadRequestResponse({ description: 'An id is not a whole number' })
  @ApiNotFoundResponse({ description: 'No such region, system or station, or a region without a market' })
  @ApiServiceUnavailableResponse({ description: "The game's API is not answering" })
  async marketStats(
    @Param('regionId') regionId: string,
    @Param('typeId') typeId: string,
    @Query('systemId') systemId: RawParam,
    @Query('systemID') systemID: RawParam,
    @Query('locationId') locationId: RawParam,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const region = parseWholeNumber(regionId, 'regionId');
    const type = parseWholeNumber(typeId, 'typeId');
    const filter = {
      systemId: systemFilter(systemId, systemID),
      locationId: optionalWholeNumber(locationId, 'locationId'),
    };
    return this.answer(response, () => this.queries.stats(region, type, filter), statisticsJson);
  }

  @Post('stats/:regionId')
  @HttpCode(200)
  @ApiOperation({
    summary: `Market statistics of up to ${STATS_TYPES_MAX.toLocaleString('en')} item types of one region in one request`,
    description:
      'The answer maps each type id asked for (as a JSON string) to its statistics, each as GET ' +
      `/market/stats/{regionId}/{typeId} answers them. ${STATISTICS_RULES} \`Expires\` is the earliest of the types'.`,
  })
  @ApiParam(regionIdParam)
  @ApiQuery(systemIdQuery)
  @ApiQuery(systemIdAliasQuery)
  @ApiQuery(locationIdQuery)
  @ApiBody({ schema: { $ref: '#/components/schemas/MarketStatsRequest' } })
  @ApiOkResponse({
    schema: { type: 'object', additionalProperties: MARKET_STATS_SCHEMA },
    headers: EXPIRES_HEADER,
  })
  @ApiBadRequestResponse({
    description: `An id is not a whole number, or typeIds is missing, empty or longer than ${STATS_TYPES_MAX}`,
  })
  @ApiNotFoundResponse({ description: 'No such region, system or station, or a region without a market' })
  @ApiServiceUnavailableResponse({ description: "The game's API is not answering" })
  async marketStatsOfTypes(
    @Param('regionId') regionId: string,
    @Query('systemId') systemId: RawParam,
    @Query('systemID') systemID: RawParam,
    @Query('locationId') locationId: RawParam,
    @Body() body: unknown,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const region = parseWholeNumber(regionId, 'regionId');
    const filter = {
      systemId: systemFilter(systemId, systemID),
      locationId: optionalWholeNumber(locationId, 'locationId'),
    };
    const checked = checkBody(marketStatsRequestSchema, body, 'statistics request');
    if ('problem' in checked) throw new BadRequestException(checked.problem);
    const typeIds = [...new Set(checked.data.typeIds)];
    return this.answer(
      response,
      () => this.queries.statsOfTypes(region, typeIds, filter),
      statisticsByTypeJson,
    );
  }

  /**
   * Sends the answer's expiry as `Expires` and a matching max-age, and the answer written as the incumbent writes
   * it; turns failures into 4xx/5xx with a sentence.
   */
  private async answer<T>(
    response: Response,
    read: () => Promise<Timed<T>>,
    toJson: (value: T) => string,
  ): Promise<string> {
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
    response.type('json');
    return toJson(timed.value);
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

/** `systemId`, or its alias `systemID` when only that is given; both must be whole numbers when given. */
function systemFilter(systemId: RawParam, systemID: RawParam): number | undefined {
  const alias = optionalWholeNumber(systemID, 'systemID');
  return optionalWholeNumber(systemId, 'systemId') ?? alias;
}

function optionalWholeNumber(value: RawParam, name: string): number | undefined {
  if (value === undefined || (typeof value === 'string' && value.trim() === '')) return undefined;
  return parseWholeNumber(value, name);
}
