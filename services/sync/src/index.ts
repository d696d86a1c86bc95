export * from './wallet/character-wallet.sync';
export * from './scheduling/account-sync.scheduler';
export * from './scheduling/sync-worker-identity';
export * from './deposits/corporation-deposit.sync';
export * from './deposits/deposit-sync.scheduler';
export * from './roles/character-roles.sync';
export * from './orders/character-orders.sync';
export * from './industry/character-industry.sync';
