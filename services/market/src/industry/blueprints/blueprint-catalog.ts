import type { IndustryBlueprint } from '@tradewise/contracts';
import { NameRanking } from '../../static-data/search/name-ranking';
import type { StaticData } from '../../static-data/static-data';

/** The calculator offers only names ending in Blueprint or Reaction Formula (spec §2, §5). */
const CALCULATOR_NAME = /( Blueprint| Reaction Formula)$/;
const EVERY_MATCH = 1_000_000;

/**
 * The published blueprints and reaction formulas the calculator can price (a manufacturing or reaction activity
 * with a product), searchable by name. Built once from the static data.
 */
export class BlueprintCatalog {
  private readonly blueprints: readonly IndustryBlueprint[];
  private readonly ranking: NameRanking;

  constructor(staticData: StaticData) {
    const seen = new Set<number>();
    const blueprints: IndustryBlueprint[] = [];
    for (const query of ['blueprint', 'reaction formula']) {
      for (const hit of staticData.searchTypes({ query, limit: EVERY_MATCH, scope: 'all' })) {
        if (seen.has(hit.typeID) || !CALCULATOR_NAME.test(hit.typeName)) continue;
        seen.add(hit.typeID);
        const activities = staticData.blueprint(hit.typeID)?.activities;
        const isReaction = (activities?.reaction?.products.length ?? 0) > 0;
        const manufactures = (activities?.manufacturing?.products.length ?? 0) > 0;
        if (!isReaction && !manufactures) continue;
        if (!staticData.itemTypeDetail(hit.typeID)?.published) continue;
        blueprints.push({ typeId: hit.typeID, typeName: hit.typeName, isReaction });
      }
    }
    this.blueprints = blueprints;
    this.ranking = new NameRanking(blueprints.map((blueprint) => blueprint.typeName));
  }

  get size(): number {
    return this.blueprints.length;
  }

  search(query: string, limit: number): IndustryBlueprint[] {
    return this.ranking.rank(query, limit).map((index) => this.blueprints[index]!);
  }
}
