export * from './money';
export * from './money-bounds';
export * from './wallet-events';
export * from './wallet-messages';
export * from './journal.dto';
export * from './trade-ledger-events';
export * from './trade-ledger-read-model';
export * from './trade-ledger-api.dto';
