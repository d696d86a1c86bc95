import { z } from 'zod';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';

export const STAFF_ROLES = ['staff', 'auditor'] as const;
export type StaffRoleName = (typeof STAFF_ROLES)[number];

/** The staff console's access log of one staff member or auditor: `staffaccess-<characterId>`. */
export function staffAccessStream(characterId: number): string {
  return streamName('staffaccess', characterId);
}

/**
 * A staff member or an auditor read something in the staff console (the access log). What staff change is recorded
 * by the change's own events, with the same `staff:<characterId>` actor.
 */
export const staffConsoleRead = defineEvent({
  type: 'StaffConsoleRead',
  schemaVersion: 1,
  schema: z.object({
    characterId: z.number().int().positive(),
    characterName: z.string(),
    role: z.enum(STAFF_ROLES),
    /** The route read, with its query: what was looked at. */
    path: z.string(),
    /** The HTTP status answered. */
    status: z.number().int(),
    at: z.string().datetime(),
  }),
});

export const staffAccessEventDefinitions = [staffConsoleRead] as const;

export type StaffConsoleRead = z.infer<typeof staffConsoleRead.schema>;
