import { z } from 'zod';
import { SUBSCRIPTION_TIERS } from '../accounts/account-events';

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

/** An account as the staff console finds it (GET /staff/accounts, GET /staff/accounts/{accountId}). */
export const staffAccountSummarySchema = z.object({
  id: z.string().uuid(),
  /** In the order they were linked; the first is not necessarily the login character. */
  characters: z.array(z.object({ id: z.number().int(), name: z.string() })),
  loginCharacterId: z.number().int(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  /** When the subscription in force ends; null on FREE. */
  subscriptionEnd: z.string().datetime().nullable(),
  /** ISK. */
  balance: z.number(),
  syncEnabled: z.boolean(),
  openedAt: z.string().datetime(),
  /** When the last sync finished; null before the first. */
  lastUpdate: z.string().datetime().nullable(),
});
export type StaffAccountSummaryDto = z.infer<typeof staffAccountSummarySchema>;

/** One event of an account's own stream, as the account's timeline in the staff console shows it. */
export const staffTimelineEventSchema = z.object({
  eventId: z.string(),
  /** Global position in the event log. */
  position: z.number().int(),
  /** Index in the account's stream, from 0. */
  revision: z.number().int(),
  type: z.string(),
  recordedAt: z.string(),
  /** `account:<id>`, `staff:<characterId>`, `system:<component>`, ... */
  actor: z.string(),
  correlationId: z.string(),
  causationId: z.string(),
  schemaVersion: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type StaffTimelineEventDto = z.infer<typeof staffTimelineEventSchema>;

/** A page of an account's timeline, newest first (GET /staff/accounts/{accountId}/timeline). */
export const staffAccountTimelineSchema = z.object({
  events: z.array(staffTimelineEventSchema),
  /** Pass as `before` for the next, older page; null when this page reached the first event. */
  nextBefore: z.number().int().nullable(),
});
export type StaffAccountTimelineDto = z.infer<typeof staffAccountTimelineSchema>;

/** What a credit or a debit did. */
export const staffBalanceChangeOutcomeSchema = z.object({
  accountId: z.string().uuid(),
  /** Global position of the recorded event. */
  position: z.number().int().nullable(),
  /** The account's balance after it, in ISK. */
  balance: z.number(),
});
export type StaffBalanceChangeOutcomeDto = z.infer<typeof staffBalanceChangeOutcomeSchema>;
