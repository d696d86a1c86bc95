import { Controller, Get, Inject, NotFoundException, Optional, Param, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { CLOCK, SystemClock, type Clock } from '@tradewise/platform';
import type { Response } from 'express';
import {
  SEARCH_RESULT_LIMIT,
  type ItemType,
  type ItemTypeDetail,
  type MarketGroup,
  type MarketRegion,
  type TypeSearchResult,
} from '@tradewise/contracts';
import {
  SEARCH_QUERY_SCHEMA,
  WHOLE_NUMBER_SCHEMA,
  parseOptionalChoice,
  parseSearchQuery,
  parseWholeNumber,
} from './http/request-params';
import { cacheForAnHour } from './http/static-cache-headers';
import { flatMarketGroupsJson } from '../public-api/incumbent-json';
import type { StaticData } from './static-data';
import { STATIC_DATA } from './static-data.token';

const EXPIRES_HEADER = {
  Expires: { description: 'An hour from now: static data changes only with the SDE' },
};
/** The languages of the pinned SDE's type names; the server checks `language` against the loaded dataset. */
const NAME_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'ru', 'zh'];
const listOf = (schema: string) => ({ type: 'array', items: { $ref: `#/components/schemas/${schema}` } });
const one = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });

/** Static market data: the market groups (a flat list and a tree), the regions and item types. */
@ApiTags('Market')
@Controller('market')
export class MarketStaticDataController {
  private flatGroupsJson: string | undefined;

  constructor(
    @Inject(STATIC_DATA) private readonly staticData: StaticData,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = new SystemClock(),
  ) {}

  @Get('groups')
  @ApiOperation({
    summary: 'Every market group, as a flat list: each names its parent (null at the roots)',
    description: 'As the incumbent answers it; GET /market/groups/tree nests the same groups.',
  })
  @ApiOkResponse({ schema: listOf('FlatMarketGroup'), headers: EXPIRES_HEADER })
  marketGroups(@Res({ passthrough: true }) response: Response): string {
    cacheForAnHour(response, this.clock);
    response.type('json');
    this.flatGroupsJson ??= flatMarketGroupsJson(this.staticData.marketGroups());
    return this.flatGroupsJson;
  }

  @Get('groups/tree')
  @ApiOperation({ summary: 'The market group tree: the root groups, each with its children' })
  @ApiOkResponse({ schema: listOf('MarketGroup'), headers: EXPIRES_HEADER })
  marketGroupTree(@Res({ passthrough: true }) response: Response): readonly MarketGroup[] {
    cacheForAnHour(response, this.clock);
    return this.staticData.marketGroupTree();
  }

  @Get('groups/:id/types')
  @ApiOperation({ summary: 'The item types of one market group' })
  @ApiParam({ name: 'id', schema: WHOLE_NUMBER_SCHEMA, description: 'Market group id' })
  @ApiOkResponse({ schema: listOf('ItemType'), headers: EXPIRES_HEADER })
  @ApiBadRequestResponse({ description: 'id is not a whole number' })
  @ApiNotFoundResponse({ description: 'No market group with this id' })
  marketGroupTypes(@Param('id') id: string, @Res({ passthrough: true }) response: Response): ItemType[] {
    const marketGroupId = parseWholeNumber(id, 'marketGroupId');
    const types = this.staticData.marketGroupTypes(marketGroupId);
    if (types === null) throw new NotFoundException(`No market group with id ${marketGroupId}`);
    cacheForAnHour(response, this.clock);
    return types;
  }

  @Get('regions')
  @ApiOperation({ summary: 'The regions with a market' })
  @ApiOkResponse({ schema: listOf('MarketRegion'), headers: EXPIRES_HEADER })
  regions(@Res({ passthrough: true }) response: Response): readonly MarketRegion[] {
    cacheForAnHour(response, this.clock);
    return this.staticData.regions();
  }

  /** Published types with a market group, matched in every language the game has; best first, at most 50. */
  @Get('types/search')
  @ApiOperation({
    summary: 'Search item types by name in any language of the game, best match first (at most 50)',
  })
  @ApiQuery({ name: 'q', required: true, schema: SEARCH_QUERY_SCHEMA, description: 'Part of an item name' })
  @ApiQuery({
    name: 'language',
    required: false,
    schema: { type: 'string', enum: ['', ...NAME_LANGUAGES] },
    description: 'Match only this language',
  })
  @ApiOkResponse({ schema: listOf('TypeSearchResult') })
  @ApiBadRequestResponse({
    description: 'q is missing, blank or too long, or language is not one of the game',
  })
  searchTypes(@Query('q') q: unknown, @Query('language') language: unknown): TypeSearchResult[] {
    return this.staticData.searchTypes({
      query: parseSearchQuery(q),
      scope: 'market',
      limit: SEARCH_RESULT_LIMIT,
      language: parseOptionalChoice(language, 'language', this.staticData.languages()),
    });
  }

  @Get('types/:id')
  @ApiOperation({ summary: 'Everything the static data knows about one item type' })
  @ApiParam({ name: 'id', schema: WHOLE_NUMBER_SCHEMA, description: 'Item type id' })
  @ApiOkResponse({ schema: one('ItemTypeDetail'), headers: EXPIRES_HEADER })
  @ApiBadRequestResponse({ description: 'id is not a whole number' })
  @ApiNotFoundResponse({ description: 'No item type with this id' })
  itemType(@Param('id') id: string, @Res({ passthrough: true }) response: Response): ItemTypeDetail {
    const typeId = parseWholeNumber(id, 'typeId');
    const type = this.staticData.itemTypeDetail(typeId);
    if (type === null) throw new NotFoundException(`No item type with id ${typeId}`);
    cacheForAnHour(response, this.clock);
    return type;
  }
}
