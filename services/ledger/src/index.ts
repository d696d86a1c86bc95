export * from './import';
export * from './ledger.module';
export * from './journal/journal-queries';
