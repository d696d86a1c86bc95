/** Names of the stations and structures the ledger's answers mention (the server joins static data and ESI). */
export const LEDGER_LOCATION_NAMES = Symbol('LEDGER_LOCATION_NAMES');
export interface LedgerLocationNames {
  /**
   * The names of those ids that can be named: NPC stations from the static data, player structures as ESI names
   * them to a linked character (the market context's structure names). Any other id is left out.
   */
  names(locationIds: readonly number[]): Promise<ReadonlyMap<number, string>>;
}

/** Names nothing: every location is shown by its id (a composition without the market context). */
export const NO_LOCATION_NAMES: LedgerLocationNames = { names: () => Promise.resolve(new Map()) };
