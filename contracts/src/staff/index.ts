export * from './staff-access-events';
export * from './staff-api.dto';
