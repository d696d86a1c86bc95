export * from './event-store.port';
export * from './read-store.port';
export * from './checkpoint-store.port';
export * from './message-bus.port';
export * from './clock.port';
export * from './read-models.port';
