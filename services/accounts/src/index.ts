export * from './account/account.decider';
