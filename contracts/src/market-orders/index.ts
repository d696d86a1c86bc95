export * from './valid-price';
export * from './price-status';
export * from './undercut-price';
