/** The item autocomplete of list forms and filters (account-area §5: input trimmed, empty clears the choice). */

export interface ItemChoice {
  readonly typeId: number;
  readonly typeName: string;
}

interface TypeSearchResultLike {
  readonly typeID: number;
  readonly typeName: string;
}

/** What to search for: the input trimmed, or null when empty (no request, and the choice is cleared). */
export function itemSearchText(input: string): string | null {
  const trimmed = input.trim();
  return trimmed === '' ? null : trimmed;
}

/** One suggestion per item type, in the server's order (best match first). */
export function itemSuggestions(results: readonly TypeSearchResultLike[]): ItemChoice[] {
  const seen = new Set<number>();
  const choices: ItemChoice[] = [];
  for (const result of results) {
    if (seen.has(result.typeID)) continue;
    seen.add(result.typeID);
    choices.push({ typeId: result.typeID, typeName: result.typeName });
  }
  return choices;
}

/** The suggestion whose name the user typed in full (any case), so typing a whole name also chooses it. */
export function exactChoice(input: string, suggestions: readonly ItemChoice[]): ItemChoice | null {
  const wanted = itemSearchText(input)?.toLowerCase();
  if (!wanted) return null;
  return suggestions.find((choice) => choice.typeName.toLowerCase() === wanted) ?? null;
}
