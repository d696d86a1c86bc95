import { MatchTier, matchTier, normalizeSearchText } from './search-text';

/**
 * A name index over every type in every language. Each (type, distinct normalized name) is an entry; entries are
 * numbered in (length, name, type) order, so walking any posting list in ascending order meets shorter names
 * first. Every 1-, 2- and 3-character gram of a name is posted three ways: anywhere in the name, at its start,
 * and at the start of a later word. A search walks the name-start list (exact and prefix matches), then the
 * word-start list, then the anywhere list, and stops as soon as it holds enough results: within each walk the
 * first matches are the best ones. A query longer than three characters intersects its first trigram's list with
 * the rarest lists of its other trigrams, and every candidate is confirmed against the whole query. Lists are
 * LEB128 varints of the gaps between entry numbers: a third of the size of 32-bit numbers, which start-up time
 * depends on.
 */
export interface TypeSearchIndexData {
  /** Every normalized entry name, concatenated; entry i is `entryNames.slice(entryNameStarts[i], entryNameStarts[i + 1])`. */
  readonly entryNames: string;
  readonly entryNameStarts: Int32Array;
  readonly entryTypeIndexes: Int32Array;
  readonly entryLanguageIndexes: Uint8Array;
  /** Sorted codes of every gram (see {@link gramCode}). */
  readonly gramCodes: Float64Array;
  /** The postings of gram i are the bytes `postings[gramStarts[i]]` up to `postings[gramStarts[i + 1]]`. */
  readonly gramStarts: Int32Array;
  readonly postings: Uint8Array;
}

export interface TypeSearchHit {
  readonly typeIndex: number;
  /** The entry (name) that matched best; read its name and language from the index. */
  readonly entry: number;
  readonly tier: MatchTier;
}

export interface TypeSearchOptions {
  readonly limit: number;
  /** Restricts the answer, e.g. to types sold on the market. */
  readonly accepts?: (typeIndex: number) => boolean;
}

const GRAM_MAX = 3;
const INTERSECTED_LISTS_MAX = 3;

/** Where in a name a gram was seen. */
export const GramKind = { anywhere: 0, nameStart: 1, wordStart: 2 } as const;
export type GramKind = (typeof GramKind)[keyof typeof GramKind];

/**
 * One number per (kind, gram of up to three UTF-16 units): the units take 48 bits and the kind the two above them.
 * No unit is 0 in a name, so grams of different lengths never share a code.
 */
export function gramCode(
  text: string,
  start: number,
  length: number,
  kind: GramKind = GramKind.anywhere,
): number {
  let code = kind;
  for (let unit = 0; unit < GRAM_MAX; unit++) {
    code = code * 65536 + (unit < length ? text.charCodeAt(start + unit) : 0);
  }
  return code;
}

export class TypeSearchIndex {
  constructor(readonly data: TypeSearchIndexData) {}

  get entryCount(): number {
    return this.data.entryTypeIndexes.length;
  }

  entryName(entry: number): string {
    const { entryNames, entryNameStarts } = this.data;
    return entryNames.slice(entryNameStarts[entry]!, entryNameStarts[entry + 1]!);
  }

  entryLanguageIndex(entry: number): number {
    return this.data.entryLanguageIndexes[entry]!;
  }

  /** Best first: exact, prefix, word prefix, substring; within a tier shorter names first; one hit per type. */
  search(query: string, options: TypeSearchOptions): TypeSearchHit[] {
    const text = normalizeSearchText(query);
    const { limit, accepts } = options;
    if (text.length === 0 || limit <= 0) return [];
    const { entryTypeIndexes } = this.data;
    const best = new Map<number, { tier: MatchTier; entry: number }>();
    let found = 0;

    // Each walk meets its matches best first, so it ends once `limit` types rank at or above the tier it serves.
    const walks: readonly [GramKind, MatchTier][] = [
      [GramKind.nameStart, MatchTier.prefix],
      [GramKind.wordStart, MatchTier.wordPrefix],
      [GramKind.anywhere, MatchTier.substring],
    ];
    for (const [kind, tierServed] of walks) {
      const lists = this.postingListsFor(text, kind);
      if (lists === null) continue;
      this.forEachCandidate(lists, (entry) => {
        const typeIndex = entryTypeIndexes[entry]!;
        if (accepts && !accepts(typeIndex)) return true;
        const tier = matchTier(this.entryName(entry), text);
        if (tier === null || tier > tierServed) return true;
        const known = best.get(typeIndex);
        if (known === undefined) {
          best.set(typeIndex, { tier, entry });
          found++;
        } else if (tier < known.tier) {
          known.tier = tier;
          known.entry = entry;
        }
        return found < limit;
      });
      if (found >= limit) break;
    }

    return [...best.entries()]
      .map(([typeIndex, { tier, entry }]) => ({ typeIndex, entry, tier }))
      .sort((a, b) => a.tier - b.tier || a.entry - b.entry)
      .slice(0, limit);
  }

  /**
   * The lists whose intersection holds every entry where the query may match as `kind` says: the query's own
   * gram, or its first trigram of that kind plus the rarest of its other trigrams anywhere.
   */
  private postingListsFor(text: string, kind: GramKind): PostingList[] | null {
    if (text.length <= GRAM_MAX) {
      const list = this.postingList(gramCode(text, 0, text.length, kind));
      return list === null ? null : [list];
    }
    const lists: PostingList[] = [];
    for (let start = 0; start + GRAM_MAX <= text.length; start++) {
      const list = this.postingList(gramCode(text, start, GRAM_MAX, start === 0 ? kind : GramKind.anywhere));
      if (list === null) return null;
      lists.push(list);
    }
    const [first, ...others] = lists as [PostingList, ...PostingList[]];
    const rarest = (candidates: PostingList[]): PostingList[] =>
      candidates.sort((a, b) => a.end - a.start - (b.end - b.start)).slice(0, INTERSECTED_LISTS_MAX);
    // Anywhere, every trigram is an equal filter; at a name or word start, the first one carries the position.
    return kind === GramKind.anywhere
      ? rarest(lists)
      : [first, ...rarest(others).slice(0, INTERSECTED_LISTS_MAX - 1)];
  }

  private postingList(code: number): PostingList | null {
    const { gramCodes, gramStarts } = this.data;
    let low = 0;
    let high = gramCodes.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const value = gramCodes[middle]!;
      if (value < code) low = middle + 1;
      else if (value > code) high = middle - 1;
      else return { start: gramStarts[middle]!, end: gramStarts[middle + 1]! };
    }
    return null;
  }

  /** Calls `visit` with each entry present in every list, ascending, until it returns false. */
  private forEachCandidate(lists: readonly PostingList[], visit: (entry: number) => boolean): void {
    const byLength = [...lists].sort((a, b) => a.end - a.start - (b.end - b.start));
    const [shortest, ...others] = byLength.map((list) => new PostingCursor(this.data.postings, list)) as [
      PostingCursor,
      ...PostingCursor[],
    ];
    while (shortest.next()) {
      const entry = shortest.value;
      let inAll = true;
      for (let other = 0; other < others.length && inAll; other++) {
        const cursor = others[other]!;
        if (!cursor.advanceTo(entry)) return;
        inAll = cursor.value === entry;
      }
      if (inAll && !visit(entry)) return;
    }
  }
}

interface PostingList {
  readonly start: number;
  readonly end: number;
}

/** Reads one varint-coded posting list forward. */
class PostingCursor {
  value = -1;
  private position: number;
  private readonly end: number;

  constructor(
    private readonly bytes: Uint8Array,
    list: PostingList,
  ) {
    this.position = list.start;
    this.end = list.end;
  }

  next(): boolean {
    if (this.position >= this.end) return false;
    let gap = 0;
    let shift = 0;
    let byte: number;
    do {
      byte = this.bytes[this.position++]!;
      gap += (byte & 0x7f) * 2 ** shift;
      shift += 7;
    } while (byte >= 0x80);
    this.value += gap;
    return true;
  }

  /** Moves to the first entry >= target; false when the list ends first. */
  advanceTo(target: number): boolean {
    while (this.value < target) if (!this.next()) return false;
    return true;
  }
}

/** Appends `entries` (ascending) to `out` as LEB128 varints of their gaps; returns the new end. */
export function encodePostings(entries: ArrayLike<number>, out: Uint8Array, at: number): number {
  let previous = -1;
  let position = at;
  for (let index = 0; index < entries.length; index++) {
    let gap = entries[index]! - previous;
    previous = entries[index]!;
    while (gap >= 0x80) {
      out[position++] = (gap & 0x7f) | 0x80;
      gap = Math.floor(gap / 128);
    }
    out[position++] = gap;
  }
  return position;
}
