import { Controller, Get, Header, Inject, NotFoundException, Param, Query } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
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
import type { StaticData } from './static-data';
import { STATIC_DATA } from './static-data.token';

const CACHE_FOR_AN_HOUR = 'public, max-age=3600';
/** The languages of the pinned SDE's type names; the server checks `language` against the loaded dataset. */
const NAME_LANGUAGES = ['en', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'ru', 'zh'];
const listOf = (schema: string) => ({ type: 'array', items: { $ref: `#/components/schemas/${schema}` } });
const one = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });

/** Static market data: the market group tree, the regions and item types. */
@ApiTags('Market')
@Controller('market')
export class MarketStaticDataController {
  constructor(@Inject(STATIC_DATA) private readonly staticData: StaticData) {}

  @Get('groups')
  @ApiOperation({ summary: 'The market group tree' })
  @ApiOkResponse({ schema: listOf('MarketGroup') })
  @Header('Cache-Control', CACHE_FOR_AN_HOUR)
  marketGroups(): readonly MarketGroup[] {
    return this.staticData.marketGroupTree();
  }

  @Get('groups/:id/types')
  @ApiOperation({ summary: 'The item types of one market group' })
  @ApiParam({ name: 'id', schema: WHOLE_NUMBER_SCHEMA, description: 'Market group id' })
  @ApiOkResponse({ schema: listOf('ItemType') })
  @ApiBadRequestResponse({ description: 'id is not a whole number' })
  @ApiNotFoundResponse({ description: 'No market group with this id' })
  @Header('Cache-Control', CACHE_FOR_AN_HOUR)
  marketGroupTypes(@Param('id') id: string): ItemType[] {
    const marketGroupId = parseWholeNumber(id, 'marketGroupId');
    const types = this.staticData.marketGroupTypes(marketGroupId);
    if (types === null) throw new NotFoundException(`No market group with id ${marketGroupId}`);
    return types;
  }

  @Get('regions')
  @ApiOperation({ summary: 'The regions with a market' })
  @ApiOkResponse({ schema: listOf('MarketRegion') })
  @Header('Cache-Control', CACHE_FOR_AN_HOUR)
  regions(): readonly MarketRegion[] {
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
  @ApiOkResponse({ schema: one('ItemTypeDetail') })
  @ApiBadRequestResponse({ description: 'id is not a whole number' })
  @ApiNotFoundResponse({ description: 'No item type with this id' })
  @Header('Cache-Control', CACHE_FOR_AN_HOUR)
  itemType(@Param('id') id: string): ItemTypeDetail {
    const typeId = parseWholeNumber(id, 'typeId');
    const type = this.staticData.itemTypeDetail(typeId);
    if (type === null) throw new NotFoundException(`No item type with id ${typeId}`);
    return type;
  }
}
