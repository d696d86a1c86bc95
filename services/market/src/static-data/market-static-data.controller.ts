import { Controller, Get, Header, Inject, NotFoundException, Param, Query } from '@nestjs/common';
import {
  SEARCH_RESULT_LIMIT,
  type ItemType,
  type ItemTypeDetail,
  type MarketGroup,
  type MarketRegion,
  type TypeSearchResult,
} from '@tradewise/contracts';
import { parseOptionalChoice, parseSearchQuery, parseWholeNumber } from './http/request-params';
import type { StaticData } from './static-data';
import { STATIC_DATA } from './static-data.token';

const CACHE_FOR_AN_HOUR = 'public, max-age=3600';

/** Static market data: the market group tree, the regions and item types. */
@Controller('market')
export class MarketStaticDataController {
  constructor(@Inject(STATIC_DATA) private readonly staticData: StaticData) {}

  @Get('groups')
  @Header('Cache-Control', CACHE_FOR_AN_HOUR)
  marketGroups(): readonly MarketGroup[] {
    return this.staticData.marketGroupTree();
  }

  @Get('groups/:id/types')
  @Header('Cache-Control', CACHE_FOR_AN_HOUR)
  marketGroupTypes(@Param('id') id: string): ItemType[] {
    const marketGroupId = parseWholeNumber(id, 'marketGroupId');
    const types = this.staticData.marketGroupTypes(marketGroupId);
    if (types === null) throw new NotFoundException(`No market group with id ${marketGroupId}`);
    return types;
  }

  @Get('regions')
  @Header('Cache-Control', CACHE_FOR_AN_HOUR)
  regions(): readonly MarketRegion[] {
    return this.staticData.regions();
  }

  /** Published types with a market group, matched in every language the game has; best first, at most 50. */
  @Get('types/search')
  searchTypes(@Query('q') q: unknown, @Query('language') language: unknown): TypeSearchResult[] {
    return this.staticData.searchTypes({
      query: parseSearchQuery(q),
      scope: 'market',
      limit: SEARCH_RESULT_LIMIT,
      language: parseOptionalChoice(language, 'language', this.staticData.languages()),
    });
  }

  @Get('types/:id')
  @Header('Cache-Control', CACHE_FOR_AN_HOUR)
  itemType(@Param('id') id: string): ItemTypeDetail {
    const typeId = parseWholeNumber(id, 'typeId');
    const type = this.staticData.itemTypeDetail(typeId);
    if (type === null) throw new NotFoundException(`No item type with id ${typeId}`);
    return type;
  }
}
