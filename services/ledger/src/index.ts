export * from './trade-profits';
export * from './import';
