/** Current market prices for Item Analysis's 'Market Sell Price' (the market context owns the order books). */
export const LEDGER_MARKET_PRICES = Symbol('LEDGER_MARKET_PRICES');
export interface LedgerMarketPrices {
  /**
   * The lowest sell order of each type in the default price region, in ISK; a type without sell orders, or whose
   * book could not be had in time, is left out (the page shows '--').
   */
  sellPrices(typeIds: readonly number[]): Promise<ReadonlyMap<number, number>>;
}
