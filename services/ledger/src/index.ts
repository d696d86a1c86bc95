export * from './trade-profits';
export * from './import';
export * from './ledger.module';
export * from './journal/journal-queries';
