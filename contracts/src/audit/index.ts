export * from './audit-events';
export * from './event-log-api.dto';
