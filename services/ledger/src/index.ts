export * from './trade-profits';
