export * from './audit-events';
