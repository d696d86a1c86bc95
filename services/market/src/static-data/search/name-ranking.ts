import { matchTier, normalizeSearchText } from './search-text';

/**
 * Ranks a small list (solar systems, a few thousand names) by scanning it: exact, prefix, word prefix, substring,
 * then shorter names first, then by name. Names are visited shortest first, so each tier fills in rank order and
 * the scan ends once exact and prefix matches alone fill the answer.
 */
export class NameRanking {
  private readonly normalizedNames: readonly string[];
  private readonly order: readonly number[];

  constructor(names: readonly string[]) {
    this.normalizedNames = names.map(normalizeSearchText);
    this.order = names
      .map((_, index) => index)
      .sort((a, b) => {
        const nameA = this.normalizedNames[a]!;
        const nameB = this.normalizedNames[b]!;
        return nameA.length - nameB.length || (nameA < nameB ? -1 : nameA > nameB ? 1 : 0) || a - b;
      });
  }

  /** Indexes into the names given to the constructor, best first. */
  rank(query: string, limit: number): number[] {
    const text = normalizeSearchText(query);
    if (text.length === 0 || limit <= 0) return [];
    const tiers: number[][] = [[], [], [], []];
    for (const index of this.order) {
      const tier = matchTier(this.normalizedNames[index]!, text);
      if (tier === null || tiers[tier]!.length >= limit) continue;
      tiers[tier]!.push(index);
      if (tiers[0]!.length + tiers[1]!.length >= limit) break;
    }
    return tiers.flat().slice(0, limit);
  }
}
