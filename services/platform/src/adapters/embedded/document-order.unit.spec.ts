import { Query } from 'mingo';
import type { Document } from 'mongodb';
import { sortDocuments, type SortSpec } from './document-order';

/** A small deterministic generator, so a failure names the same documents every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

function journalLike(count: number, seed: number): Document[] {
  const next = random(seed);
  return Array.from({ length: count }, (_, index) => {
    const document: Document = { _id: `e${index}`, entryId: index };
    // Few distinct dates, so ties are common; some rows lack a date or have null.
    const roll = next();
    if (roll < 0.05) document.date = null;
    else if (roll > 0.1) document.date = `2026-11-${String(1 + Math.floor(next() * 9)).padStart(2, '0')}`;
    document.amount = Math.floor(next() * 7) - 3;
    document.nested = { rank: Math.floor(next() * 5) };
    return document;
  });
}

const byMingo = (documents: Document[], sort: SortSpec): Document[] =>
  new Query({})
    .find(documents)
    .sort({ ...sort })
    .all() as Document[];
const ids = (documents: Document[]): unknown[] => documents.map((document) => document._id);

describe('sortDocuments', () => {
  const documents = journalLike(2_000, 7);
  const specs: SortSpec[] = [
    { date: -1, entryId: -1 },
    { date: 1, entryId: 1 },
    { amount: 1, date: -1, entryId: 1 },
    { 'nested.rank': -1, entryId: 1 },
  ];

  it.each(specs)('orders as mingo does (%o)', (sort) => {
    expect(ids(sortDocuments(documents, sort))).toEqual(ids(byMingo(documents, sort)));
    expect(ids(sortDocuments([...documents].reverse(), sort))).toEqual(
      ids(byMingo([...documents].reverse(), sort)),
    );
  });

  it('puts missing and null values first when ascending and last when descending', () => {
    const rows = [{ _id: 1, date: 'b' }, { _id: 2 }, { _id: 3, date: null }, { _id: 4, date: 'a' }];
    expect(ids(sortDocuments(rows, { date: 1 }))).toEqual([2, 3, 4, 1]);
    expect(ids(sortDocuments(rows, { date: -1 }))).toEqual([1, 4, 2, 3]);
  });

  it('keeps ties in the order given', () => {
    const rows = Array.from({ length: 1_000 }, (_, index) => ({ _id: index, group: index % 3 }));
    const sorted = sortDocuments(rows, { group: -1 }).slice(0, 50);
    expect(ids(sorted)).toEqual(Array.from({ length: 50 }, (_, index) => 2 + index * 3));
  });

  it('leaves what MongoDB orders across types to mingo: numbers before strings, arrays, booleans', () => {
    const mixed: Document[] = [
      { _id: 1, value: 'text' },
      { _id: 2, value: 5 },
      { _id: 3, value: true },
      { _id: 4, value: [3, 9] },
      { _id: 5 },
      { _id: 6, value: 2 },
    ];
    expect(ids(sortDocuments(mixed, { value: 1 }))).toEqual(ids(byMingo(mixed, { value: 1 })));
    expect(ids(sortDocuments(mixed, { value: -1 }))).toEqual(ids(byMingo(mixed, { value: -1 })));
  });
});
