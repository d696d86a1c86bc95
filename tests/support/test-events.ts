import { z } from 'zod';
import { EventCatalogue, defineEvent } from '@tradewise/contracts';
import type { EventToAppend } from '@tradewise/platform';
import { randomUUID } from 'node:crypto';

/** Events that exist only for the port suites and fault tests; the product's catalogue never holds them. */
export const counterIncremented = defineEvent({
  type: 'TestCounterIncremented',
  schemaVersion: 1,
  schema: z.object({ amountCents: z.number().int() }),
});

export const noteAdded = defineEvent({
  type: 'TestNoteAdded',
  schemaVersion: 1,
  schema: z.object({ text: z.string() }),
});

/** Version 1 stored `{ name }`; version 2 is `{ fullName, nickname }`. */
export const renamedV1 = defineEvent({
  type: 'TestRenamed',
  schemaVersion: 1,
  schema: z.object({ name: z.string() }),
});
export const renamedV2 = defineEvent({
  type: 'TestRenamed',
  schemaVersion: 2,
  schema: z.object({ fullName: z.string(), nickname: z.string().nullable() }),
  upcasters: [
    { fromVersion: 1, upcast: (data) => ({ fullName: (data as { name: string }).name, nickname: null }) },
  ],
});

/** Names its owners in its data, as the product's events name an account or a character. */
export const ownerNoted = defineEvent({
  type: 'TestOwnerNoted',
  schemaVersion: 1,
  schema: z.object({ accountId: z.string().optional(), characterId: z.number().int().optional() }),
});

export const testCatalogue = new EventCatalogue([counterIncremented, noteAdded, renamedV2, ownerNoted]);
export const testCatalogueV1 = new EventCatalogue([counterIncremented, noteAdded, renamedV1, ownerNoted]);

export function increment(amountCents: number, id: string = randomUUID()): EventToAppend {
  return {
    id,
    type: counterIncremented.type,
    data: { amountCents },
    metadata: { $correlationId: 'corr-1', $causationId: 'cause-1', actor: 'system:test' },
  };
}

export function note(text: string): EventToAppend {
  return {
    id: randomUUID(),
    type: noteAdded.type,
    data: { text },
    metadata: { $correlationId: 'corr-2', $causationId: 'cause-2', actor: 'account:42' },
  };
}

export function ownerNote(
  data: { accountId?: string; characterId?: number },
  metadata: Partial<EventToAppend['metadata']> = {},
): EventToAppend {
  return {
    id: randomUUID(),
    type: ownerNoted.type,
    data,
    metadata: { $correlationId: 'corr-3', $causationId: 'cause-3', actor: 'system:test', ...metadata },
  };
}
