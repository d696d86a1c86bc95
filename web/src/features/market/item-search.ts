/** The item search (public-tools §5 Search and autocomplete). */

/** What to search for: the input trimmed, or null when empty (no request, no suggestions). */
export function searchText(input: string): string | null {
  const trimmed = input.trim();
  return trimmed === '' ? null : trimmed;
}

export interface TypeSearchResultLike {
  readonly typeID: number;
  readonly typeName: string;
  readonly matchedName: string;
}

export interface SearchOption {
  readonly value: string;
  readonly typeId: number;
  readonly label: string;
}

/**
 * One suggestion per item type, in the server's order (best match first). An item found by another language's
 * name says which: 'Tritanium (Tritan)'.
 */
export function searchOptions(results: readonly TypeSearchResultLike[]): SearchOption[] {
  const seen = new Set<number>();
  const options: SearchOption[] = [];
  for (const result of results) {
    if (seen.has(result.typeID)) continue;
    seen.add(result.typeID);
    const label =
      result.matchedName && result.matchedName !== result.typeName
        ? `${result.typeName} (${result.matchedName})`
        : result.typeName;
    options.push({ value: String(result.typeID), typeId: result.typeID, label });
  }
  return options;
}
