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
 * A staff member or an auditor asked something of the staff console (the access log): every read, and every
 * action (a rebuild, a switch, a credit). What an action changed is recorded by its own events or report, with the
 * same `staff:<characterId>` actor; the request's body is not kept here.
 */
export const staffConsoleRequest = defineEvent({
  type: 'StaffConsoleRequest',
  schemaVersion: 1,
  schema: z.object({
    characterId: z.number().int().positive(),
    characterName: z.string(),
    role: z.enum(STAFF_ROLES),
    method: z.enum(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']),
    /** The route, with its query: what was looked at or acted on. */
    path: z.string(),
    /** The HTTP status answered. */
    status: z.number().int(),
    at: z.string().datetime(),
  }),
});

export const staffAccessEventDefinitions = [staffConsoleRequest] as const;

export type StaffConsoleRequest = z.infer<typeof staffConsoleRequest.schema>;
