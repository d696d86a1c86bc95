import { laterWordStarts, normalizeSearchText } from './search-text';
import { GramKind, encodePostings, gramCode, type TypeSearchIndexData } from './type-search-index';

/** The names of one type: one per language, as `[languageIndex, name]`; the first language is preferred. */
export type TypeNames = readonly (readonly [languageIndex: number, name: string])[];

interface Entry {
  readonly name: string;
  readonly typeIndex: number;
  readonly languageIndex: number;
}

const GRAM_LENGTH_MAX = 3;

/**
 * Builds the index at import time. Its twenty million gram occurrences go through an open-addressing table over
 * typed arrays: a `Map` keyed by these 50-bit numbers is several times slower.
 */
export function buildTypeSearchIndex(namesByType: readonly TypeNames[]): TypeSearchIndexData {
  const entries = sortedEntries(namesByType);
  const gramIds = new GramIdTable();
  const wordStarts = entries.map(({ name }) => laterWordStarts(name));
  const occurrenceGramIds = new Int32Array(
    entries.reduce((sum, { name }, entry) => sum + gramOccurrences(name, wordStarts[entry]!), 0),
  );
  const occurrenceEnds = new Int32Array(entries.length);
  let occurrence = 0;
  const add = (name: string, start: number, kind: GramKind, lengths: number): void => {
    for (let length = 1; length <= lengths && start + length <= name.length; length++) {
      occurrenceGramIds[occurrence++] = gramIds.idOf(gramCode(name, start, length, kind));
    }
  };
  entries.forEach(({ name }, entry) => {
    for (let start = 0; start < name.length; start++) add(name, start, GramKind.anywhere, GRAM_LENGTH_MAX);
    add(name, 0, GramKind.nameStart, GRAM_LENGTH_MAX);
    for (const start of wordStarts[entry]!) add(name, start, GramKind.wordStart, GRAM_LENGTH_MAX);
    occurrenceEnds[entry] = occurrence;
  });

  const gramCount = gramIds.size;
  const postingCounts = new Int32Array(gramCount);
  const lastEntryOfGram = new Int32Array(gramCount).fill(-1);
  forEachDistinctGramOfEntry(
    occurrenceGramIds,
    occurrenceEnds,
    lastEntryOfGram,
    (id) => postingCounts[id]!++,
  );

  const order = Array.from({ length: gramCount }, (_, id) => id).sort(
    (a, b) => gramIds.codeOf(a) - gramIds.codeOf(b),
  );
  const gramCodes = new Float64Array(gramCount);
  const gramStarts = new Int32Array(gramCount + 1);
  const writeCursor = new Int32Array(gramCount);
  let total = 0;
  order.forEach((id, rank) => {
    gramCodes[rank] = gramIds.codeOf(id);
    gramStarts[rank] = total;
    writeCursor[id] = total;
    total += postingCounts[id]!;
  });
  gramStarts[gramCount] = total;

  const postings = new Int32Array(total);
  lastEntryOfGram.fill(-1);
  forEachDistinctGramOfEntry(occurrenceGramIds, occurrenceEnds, lastEntryOfGram, (id, entry) => {
    postings[writeCursor[id]!++] = entry;
  });

  const maxBytesPerGap = Math.ceil(Math.log2(entries.length + 2) / 7);
  const encoded = new Uint8Array(total * maxBytesPerGap);
  const byteStarts = new Int32Array(gramCount + 1);
  let byteEnd = 0;
  for (let rank = 0; rank < gramCount; rank++) {
    byteStarts[rank] = byteEnd;
    byteEnd = encodePostings(postings.subarray(gramStarts[rank]!, gramStarts[rank + 1]!), encoded, byteEnd);
  }
  byteStarts[gramCount] = byteEnd;

  const entryNameStarts = new Int32Array(entries.length + 1);
  entries.forEach((entry, index) => {
    entryNameStarts[index + 1] = entryNameStarts[index]! + entry.name.length;
  });
  return {
    entryNames: entries.map((entry) => entry.name).join(''),
    entryNameStarts,
    entryTypeIndexes: Int32Array.from(entries, (entry) => entry.typeIndex),
    entryLanguageIndexes: Uint8Array.from(entries, (entry) => entry.languageIndex),
    gramCodes,
    gramStarts: byteStarts,
    postings: encoded.slice(0, byteEnd),
  };
}

function gramOccurrences(name: string, wordStarts: readonly number[]): number {
  const startingAt = (start: number): number => Math.max(0, Math.min(GRAM_LENGTH_MAX, name.length - start));
  let count = startingAt(0);
  for (let start = 0; start < name.length; start++) count += startingAt(start);
  for (const start of wordStarts) count += startingAt(start);
  return count;
}

/** Entries come in ascending order, so a gram met again within one entry is the one its last posting names. */
function forEachDistinctGramOfEntry(
  occurrenceGramIds: Int32Array,
  occurrenceEnds: Int32Array,
  lastEntryOfGram: Int32Array,
  visit: (gramId: number, entry: number) => void,
): void {
  let occurrence = 0;
  for (let entry = 0; entry < occurrenceEnds.length; entry++) {
    const end = occurrenceEnds[entry]!;
    for (; occurrence < end; occurrence++) {
      const id = occurrenceGramIds[occurrence]!;
      if (lastEntryOfGram[id] === entry) continue;
      lastEntryOfGram[id] = entry;
      visit(id, entry);
    }
  }
}

function sortedEntries(namesByType: readonly TypeNames[]): Entry[] {
  const entries: Entry[] = [];
  namesByType.forEach((names, typeIndex) => {
    const seen = new Set<string>();
    for (const [languageIndex, rawName] of names) {
      const name = normalizeSearchText(rawName);
      if (name.length === 0 || seen.has(name)) continue;
      seen.add(name);
      entries.push({ name, typeIndex, languageIndex });
    }
  });
  return entries.sort(
    (a, b) =>
      a.name.length - b.name.length ||
      (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
      a.typeIndex - b.typeIndex,
  );
}

/** Dense ids for gram codes. Codes are never 0, so 0 marks an empty slot. */
class GramIdTable {
  private slotCodes = new Float64Array(1 << 20);
  private slotIds = new Int32Array(1 << 20);
  private codesById = new Float64Array(1 << 16);
  size = 0;

  idOf(code: number): number {
    const mask = this.slotCodes.length - 1;
    let slot = hash(code) & mask;
    for (;;) {
      const held = this.slotCodes[slot]!;
      if (held === code) return this.slotIds[slot]!;
      if (held === 0) return this.insert(slot, code);
      slot = (slot + 1) & mask;
    }
  }

  codeOf(id: number): number {
    return this.codesById[id]!;
  }

  private insert(slot: number, code: number): number {
    const id = this.size++;
    this.slotCodes[slot] = code;
    this.slotIds[slot] = id;
    if (id >= this.codesById.length) {
      const codes = new Float64Array(this.codesById.length * 2);
      codes.set(this.codesById);
      this.codesById = codes;
    }
    this.codesById[id] = code;
    if (this.size * 2 > this.slotCodes.length) this.rehash();
    return id;
  }

  private rehash(): void {
    const codes = this.slotCodes;
    const ids = this.slotIds;
    this.slotCodes = new Float64Array(codes.length * 2);
    this.slotIds = new Int32Array(codes.length * 2);
    const mask = this.slotCodes.length - 1;
    codes.forEach((code, oldSlot) => {
      if (code === 0) return;
      let slot = hash(code) & mask;
      while (this.slotCodes[slot] !== 0) slot = (slot + 1) & mask;
      this.slotCodes[slot] = code;
      this.slotIds[slot] = ids[oldSlot]!;
    });
  }
}

function hash(code: number): number {
  const low = code % 16777216;
  const high = (code - low) / 16777216;
  return Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b) ^ (low >>> 7);
}
