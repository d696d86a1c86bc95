import { Query } from 'mingo';
import type { Document } from 'mongodb';

export type SortSpec = Readonly<Record<string, 1 | -1>>;

type SortValue = string | number | null;

/** A sort field whose values this module does not order itself (arrays, objects, booleans, mixed types). */
const UNSUPPORTED = Symbol('unsupported');

function sortValue(document: Document, path: readonly string[]): SortValue | typeof UNSUPPORTED {
  let current: unknown = document;
  for (const part of path) {
    if (current === null || current === undefined) return null;
    if (typeof current !== 'object' || Array.isArray(current)) return UNSUPPORTED;
    current = (current as Record<string, unknown>)[part];
  }
  if (current === undefined || current === null) return null;
  return typeof current === 'string' || typeof current === 'number' ? current : UNSUPPORTED;
}

/**
 * One column of sort values per field, or undefined when a field holds what MongoDB orders across types (a field
 * with both numbers and strings, arrays, objects, booleans): those sorts go through mingo.
 */
function sortColumns(documents: readonly Document[], fields: readonly string[]): SortValue[][] | undefined {
  const columns: SortValue[][] = [];
  for (const field of fields) {
    const path = field.split('.');
    const column: SortValue[] = new Array<SortValue>(documents.length);
    let kind: 'string' | 'number' | undefined;
    for (let index = 0; index < documents.length; index++) {
      const value = sortValue(documents[index]!, path);
      if (value === UNSUPPORTED) return undefined;
      if (value !== null) {
        const valueKind = typeof value as 'string' | 'number';
        if (kind === undefined) kind = valueKind;
        else if (kind !== valueKind) return undefined;
      }
      column[index] = value;
    }
    columns.push(column);
  }
  return columns;
}

/**
 * The documents in a sort's order, as MongoDB orders them (missing and null first when ascending, strings by
 * code unit, ties in the order given). Sorting an array of positions over columns of the sort values lets the
 * engine's merge sort find runs: documents mostly arrive in date order, and the Journal page sorts a year's
 * 380,000 rows by date.
 */
export function sortDocuments(documents: readonly Document[], sort: SortSpec): Document[] {
  const fields = Object.keys(sort);
  const directions = fields.map((field) => sort[field]!);
  const columns = sortColumns(documents, fields);
  if (!columns)
    return new Query({})
      .find([...documents])
      .sort({ ...sort })
      .all() as Document[];
  const compare = (a: number, b: number): number => {
    for (let field = 0; field < columns.length; field++) {
      const x = columns[field]![a]!;
      const y = columns[field]![b]!;
      if (x === y) continue;
      const ascending = x === null ? -1 : y === null ? 1 : x < y ? -1 : 1;
      return ascending * directions[field]!;
    }
    return a - b;
  };
  const order = Array.from({ length: documents.length }, (_, index) => index);
  order.sort(compare);
  return order.map((index) => documents[index]!);
}
