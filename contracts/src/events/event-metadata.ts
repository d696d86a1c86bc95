/**
 * Metadata stored with every event. Auditors read it: who caused the change (`actor`), which request or message
 * it belongs to (`$correlationId`), and which event or command directly caused it (`$causationId`).
 */
export interface EventMetadata {
  readonly $correlationId: string;
  readonly $causationId: string;
  /** `account:<id>`, `character:<id>`, `staff:<id>`, `auditor:<id>` or `system:<component>`. */
  readonly actor: string;
  readonly schemaVersion: number;
  /** UTC ISO-8601 time the event was appended. */
  readonly recordedAt: string;
}

/** What a writer supplies; the store fills in `schemaVersion` (from the catalogue) and `recordedAt` (from the clock). */
export type EventMetadataInput = Pick<EventMetadata, '$correlationId' | '$causationId' | 'actor'>;

const actorPattern = /^(account|character|staff|auditor|system):[A-Za-z0-9._-]+$/;

export function isValidActor(actor: string): boolean {
  return actorPattern.test(actor);
}
