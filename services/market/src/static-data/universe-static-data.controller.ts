import { Controller, Get, Inject, NotFoundException, Optional, Query, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiTags,
} from '@nestjs/swagger';
import { CLOCK, SystemClock, type Clock } from '@tradewise/platform';
import type { Response } from 'express';
import {
  JUMP_DESTINATIONS_MAX,
  SEARCH_RESULT_LIMIT,
  type JumpCounts,
  type SolarSystem,
  type StaticDataVersion,
  type StructureRigNames,
} from '@tradewise/contracts';
import {
  DESTINATIONS_SCHEMA,
  SEARCH_QUERY_SCHEMA,
  WHOLE_NUMBER_SCHEMA,
  parseIdList,
  parseSearchQuery,
  parseWholeNumber,
} from './http/request-params';
import { cacheForAnHour } from './http/static-cache-headers';
import type { StaticData } from './static-data';
import { STATIC_DATA } from './static-data.token';

const EXPIRES_HEADER = {
  Expires: { description: 'An hour from now: static data changes only with the SDE' },
};
const schema = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const solarSystems = { type: 'array', items: schema('SolarSystem') };

/** Static map and industry data: systems, stargate jump counts, structure rigs, and the SDE version. */
@ApiTags('Static data')
@Controller('static')
export class UniverseStaticDataController {
  constructor(
    @Inject(STATIC_DATA) private readonly staticData: StaticData,
    @Optional() @Inject(CLOCK) private readonly clock: Clock = new SystemClock(),
  ) {}

  @Get('systems')
  @ApiOperation({ summary: 'Every solar system' })
  @ApiOkResponse({ schema: solarSystems, headers: EXPIRES_HEADER })
  systems(@Res({ passthrough: true }) response: Response): readonly SolarSystem[] {
    cacheForAnHour(response, this.clock);
    return this.staticData.systems();
  }

  @Get('systems/search')
  @ApiOperation({ summary: 'Search solar systems by name (at most 50)' })
  @ApiQuery({ name: 'q', required: true, schema: SEARCH_QUERY_SCHEMA, description: 'Part of a system name' })
  @ApiOkResponse({ schema: solarSystems })
  @ApiBadRequestResponse({ description: 'q is missing, blank or too long' })
  searchSystems(@Query('q') q: unknown): SolarSystem[] {
    return this.staticData.searchSystems(parseSearchQuery(q), SEARCH_RESULT_LIMIT);
  }

  /** Stargate jumps from origin to each destination, in the order given; -1 where no stargate path leads. */
  @Get('jumps')
  @ApiOperation({
    summary: 'Stargate jumps from one system to each destination, in the order given; -1 if none',
  })
  @ApiQuery({ name: 'origin', required: true, schema: WHOLE_NUMBER_SCHEMA, description: 'Solar system id' })
  @ApiQuery({
    name: 'destinations',
    required: true,
    schema: DESTINATIONS_SCHEMA,
    description: 'Comma-separated solar system ids (at most 1000); empty for none',
  })
  @ApiOkResponse({ schema: schema('JumpCounts') })
  @ApiBadRequestResponse({ description: 'origin or destinations is missing or not whole numbers' })
  @ApiNotFoundResponse({ description: 'No solar system with the origin id' })
  jumps(@Query('origin') origin: unknown, @Query('destinations') destinations: unknown): JumpCounts {
    const originId = parseWholeNumber(origin, 'origin');
    const destinationIds = parseIdList(destinations, 'destinations', JUMP_DESTINATIONS_MAX);
    const counts = this.staticData.jumpCounts(originId, destinationIds);
    if (counts === null) throw new NotFoundException(`No solar system with id ${originId} (origin)`);
    return counts;
  }

  @Get('structureRigs')
  @ApiOperation({ summary: 'The name of every industry structure rig, keyed by type id' })
  @ApiOkResponse({ schema: schema('StructureRigNames'), headers: EXPIRES_HEADER })
  structureRigs(@Res({ passthrough: true }) response: Response): StructureRigNames {
    cacheForAnHour(response, this.clock);
    return this.staticData.structureRigNames();
  }

  @Get('version')
  @ApiOperation({ summary: 'The game data release the server answers from' })
  @ApiOkResponse({ schema: schema('StaticDataVersion') })
  version(): StaticDataVersion {
    return this.staticData.version();
  }
}
