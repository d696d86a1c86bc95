export * from './staff-access-events';
export * from './staff-api.dto';
export * from './staff-rules.dto';
