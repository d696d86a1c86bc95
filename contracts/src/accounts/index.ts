export * from './account-events';
export * from './account-api.dto';
export * from './account-read-model';
export * from './login-scopes';
export * from './sync-status';
export * from './sync-schedule';
export * from './character-actions.dto';
