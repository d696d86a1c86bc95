import { z } from 'zod';

/**
 * Whether the account's trade ledger is current. `stopped` names the event it could not apply: its figures stay as
 * they were before that event (every other account goes on) until the entry is corrected and the ledger rebuilt.
 */
export const ledgerStatusSchema = z.object({
  stopped: z
    .object({
      position: z.number().int(),
      eventType: z.string().nullable(),
      reason: z.string(),
      failedAt: z.string(),
    })
    .nullable(),
});
export type LedgerStatus = z.infer<typeof ledgerStatusSchema>;
