export * from './runner/projection';
export * from './runner/projection-registry';
export * from './runner/projection-track';
export * from './runner/projection-host';
export * from './runner/projection-runner';
export * from './runner/projections.module';
export * from './runner/offline-rebuild';
export * from './event-log-summary/event-log-summary.projection';
export { productProjections } from './product-projections';
