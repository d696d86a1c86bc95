/** Item names for the ledger's pages and inputs (the server answers them from the static data). */
export const LEDGER_TYPE_NAMES = Symbol('LEDGER_TYPE_NAMES');
export interface LedgerTypeNames {
  /** The English name; `Type <id>` for a type the static data does not know. */
  typeName(typeId: number): string;
  /** Whether the static data has the type (an input naming another answers 400). */
  isKnown(typeId: number): boolean;
  /** The type a user typed or picked by name (any case); undefined when no item has that name. */
  typeIdByName(name: string): number | undefined;
}
