import { z } from 'zod';

/** A read model as the staff console shows it (GET /staff/projections). */
export const staffProjectionStatusSchema = z.object({
  name: z.string(),
  version: z.number().int(),
  state: z.enum(['starting', 'catching-up', 'live', 'failed', 'stopped']),
  servingCollection: z.string().nullable(),
  /** The serving generation's checkpoint: the global position of the last event it applied. */
  position: z.number().int(),
  headPosition: z.number().int(),
  /** Positions between the serving checkpoint and the head of the log. */
  lag: z.number().int(),
  /** The generation being built beside the serving one, if any. */
  rebuild: z
    .object({
      collection: z.string(),
      position: z.number().int(),
      eventsPerSecond: z.number(),
      /** Compared with the serving read model when caught up, and switched to only by staff. */
      diff: z.boolean().optional(),
      /** The diff report once stored: the rebuild waits for a switch or a discard. */
      reportId: z.string().nullable().optional(),
    })
    .nullable(),
  /**
   * The rules stream's revision the serving read model folds with, and now; `changed`: a rule was recorded since it
   * was built, and a rebuild applies it. Null for a read model without rules.
   */
  rules: z
    .object({
      revision: z.number().int().nullable(),
      currentRevision: z.number().int().nullable(),
      changed: z.boolean(),
    })
    .nullable()
    .optional(),
  error: z.string().nullable(),
  /** Accounts (or documents) of the serving generation stopped at an event; the rest is current. */
  failedPartitions: z.array(
    z.object({
      partition: z.string(),
      position: z.number().int(),
      streamId: z.string().nullable(),
      eventType: z.string().nullable(),
      reason: z.string(),
      failedAt: z.string(),
    }),
  ),
});
export type StaffProjectionStatusDto = z.infer<typeof staffProjectionStatusSchema>;
