export * from './event-catalogue';
export * from './event-metadata';
export * from './streams';
export { eventCatalogue } from './catalogue';
