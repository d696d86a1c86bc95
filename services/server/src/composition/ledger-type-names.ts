import type { LedgerTypeNames } from '@tradewise/ledger';
import type { StaticData } from '@tradewise/market';

const EXACT_MATCH_CANDIDATES = 20;

/** The ledger's item names, answered by the static data (contexts do not import each other; the server joins them). */
export function ledgerTypeNames(staticData: StaticData): LedgerTypeNames {
  return {
    typeName: (typeId) => staticData.typeName(typeId) ?? `Type ${typeId}`,
    isKnown: (typeId) => staticData.hasType(typeId),
    typeIdByName: (name) => {
      const wanted = name.trim().toLowerCase();
      if (!wanted) return undefined;
      const hits = staticData.searchTypes({ query: name, scope: 'all', limit: EXACT_MATCH_CANDIDATES });
      const hit = hits.find(
        (candidate) =>
          candidate.typeName.toLowerCase() === wanted || candidate.matchedName.toLowerCase() === wanted,
      );
      return hit?.typeID;
    },
  };
}
