export * from './events';
export * from './static-data';
