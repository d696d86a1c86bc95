import { Inject, Injectable } from '@nestjs/common';
import type { IndustryBlueprint } from '@tradewise/contracts';
import type { StaticData } from '../../static-data/static-data';
import { STATIC_DATA } from '../../static-data/static-data.token';
import { BlueprintCatalog } from './blueprint-catalog';

/** The blueprint autocomplete; the catalogue is built on the first search (a tenth of a second). */
@Injectable()
export class BlueprintSearch {
  private catalog: BlueprintCatalog | undefined;

  constructor(@Inject(STATIC_DATA) private readonly staticData: StaticData) {}

  search(query: string, limit: number): IndustryBlueprint[] {
    this.catalog ??= new BlueprintCatalog(this.staticData);
    return this.catalog.search(query, limit);
  }
}
