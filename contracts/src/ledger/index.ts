export * from './money';
export * from './wallet-events';
export * from './wallet-messages';
export * from './journal.dto';
