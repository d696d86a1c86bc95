/** DI tokens internal to the market data module (the ports' tokens are in market-data.ports.ts). */
export const REGIONAL_ORDER_BOOKS = Symbol('REGIONAL_ORDER_BOOKS');
export const MARKET_QUERIES = Symbol('MARKET_QUERIES');
export const MARKET_DATA_CLOCK = Symbol('MARKET_DATA_CLOCK');
export const STRUCTURE_NAME_READERS = Symbol('STRUCTURE_NAME_READERS');
