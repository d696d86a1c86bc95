export * from './import';
export * from './ledger.module';
export * from './journal/journal-queries';
export * from './trade/type-names.port';
export * from './trade/export-marks.port';
export * from './trade/market-sell-prices.port';
export * from './trade/location-names.port';
