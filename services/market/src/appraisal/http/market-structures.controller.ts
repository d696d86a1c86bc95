import { Controller, Get, Inject, Query, ServiceUnavailableException } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import { STRUCTURE_NAMES, type StructureNames } from '../../market-data/market-data.ports';
import { SEARCH_QUERY_SCHEMA, parseSearchQuery, type RawParam } from '../../static-data/http/request-params';
import {
  PUBLIC_STRUCTURES_LIMIT,
  publicStructureListJsonSchema,
  searchPublicStructures,
  type PublicStructureListDto,
} from './public-structures';

/** The public player structures with a market: the appraisal's market choice (ADR 0018). */
@ApiTags('Appraisal')
@Controller('market/structures')
export class MarketStructuresController {
  constructor(@Inject(STRUCTURE_NAMES) private readonly structureNames: StructureNames) {}

  @Get()
  @ApiOperation({
    summary: 'Public player structures with a market, to price an appraisal at (structureId)',
    description:
      'ESI lists them (GET /universe/structures?filter=market) and names them to characters who may dock ' +
      "there: names are those our users' characters could read, null otherwise. With q, the structures whose " +
      `name contains it (any case) or whose id it is. Named ones first, by name; at most ${PUBLIC_STRUCTURES_LIMIT}.`,
  })
  @ApiQuery({
    name: 'q',
    required: false,
    schema: SEARCH_QUERY_SCHEMA,
    description: 'Part of the name, or the id',
  })
  @ApiOkResponse({ schema: publicStructureListJsonSchema })
  @ApiBadRequestResponse({ description: 'q is empty or too long' })
  @ApiServiceUnavailableResponse({ description: "The game's API did not list the public structures" })
  async publicStructures(@Query('q') q: RawParam): Promise<PublicStructureListDto> {
    const query = q === undefined ? undefined : parseSearchQuery(q);
    const ids = await this.structureNames.publicMarketIds();
    if (ids === null) {
      throw new ServiceUnavailableException(
        "The game's API did not list the public structures just now; try again in a minute.",
      );
    }
    const names = await this.structureNames.publicNames([...ids]);
    return searchPublicStructures(ids, names, query, PUBLIC_STRUCTURES_LIMIT);
  }
}
