import { Controller, Get, Header, Inject, NotFoundException, Query } from '@nestjs/common';
import {
  JUMP_DESTINATIONS_MAX,
  SEARCH_RESULT_LIMIT,
  type JumpCounts,
  type SolarSystem,
  type StaticDataVersion,
  type StructureRigNames,
} from '@tradewise/contracts';
import { parseIdList, parseSearchQuery, parseWholeNumber } from './http/request-params';
import type { StaticData } from './static-data';
import { STATIC_DATA } from './static-data.token';

const CACHE_FOR_AN_HOUR = 'public, max-age=3600';

/** Static map and industry data: systems, stargate jump counts, structure rigs, and the SDE version. */
@Controller('static')
export class UniverseStaticDataController {
  constructor(@Inject(STATIC_DATA) private readonly staticData: StaticData) {}

  @Get('systems')
  @Header('Cache-Control', CACHE_FOR_AN_HOUR)
  systems(): readonly SolarSystem[] {
    return this.staticData.systems();
  }

  @Get('systems/search')
  searchSystems(@Query('q') q: unknown): SolarSystem[] {
    return this.staticData.searchSystems(parseSearchQuery(q), SEARCH_RESULT_LIMIT);
  }

  /** Stargate jumps from origin to each destination, in the order given; -1 where no stargate path leads. */
  @Get('jumps')
  jumps(@Query('origin') origin: unknown, @Query('destinations') destinations: unknown): JumpCounts {
    const originId = parseWholeNumber(origin, 'origin');
    const destinationIds = parseIdList(destinations, 'destinations', JUMP_DESTINATIONS_MAX);
    const counts = this.staticData.jumpCounts(originId, destinationIds);
    if (counts === null) throw new NotFoundException(`No solar system with id ${originId} (origin)`);
    return counts;
  }

  @Get('structureRigs')
  @Header('Cache-Control', CACHE_FOR_AN_HOUR)
  structureRigs(): StructureRigNames {
    return this.staticData.structureRigNames();
  }

  @Get('version')
  version(): StaticDataVersion {
    return this.staticData.version();
  }
}
