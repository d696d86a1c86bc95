export * from './events';
export * from './static-data';
export * from './esi';
export * from './accounts';
export * from './ledger';
export * from './industry';
export * from './market-orders';
export * from './staff';
