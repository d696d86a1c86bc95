import { z } from 'zod';

/** A change of the trade rules from the staff console (POST /staff/rules); the actor is the logged-in staff. */
export const staffRuleChangeSchema = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('ScheduleSalesTaxRate'),
      from: z.string(),
      ratePpm: z.number(),
      reason: z.string(),
    })
    .strict(),
  z
    .object({
      type: z.literal('ChangeBuiltInBrokerFees'),
      buyFeePpm: z.number(),
      sellFeePpm: z.number(),
      npcSellFeePpm: z.number(),
      reason: z.string(),
    })
    .strict(),
  z
    .object({
      type: z.literal('ChangePublicContractFees'),
      brokerFeePpm: z.number(),
      salesTaxPpm: z.number(),
      reason: z.string(),
    })
    .strict(),
]);
export type StaffRuleChange = z.infer<typeof staffRuleChangeSchema>;

const ppm = z.number().int();

/** The trade rules in force (GET /staff/rules): the spec's values with every recorded change applied. */
export const tradeRulesValuesSchema = z.object({
  /** Newest first; each rate applies from 00:00 UTC of `from` until the next; the oldest also before its date. */
  salesTaxHistory: z.array(z.object({ from: z.string(), ratePpm: ppm })),
  builtInBrokerFees: z.object({ buyFeePpm: ppm, sellFeePpm: ppm, npcSellFeePpm: ppm }),
  publicContractFees: z.object({ brokerFeePpm: ppm, salesTaxPpm: ppm }),
});

/** One recorded change: what (type and data, with its reason), who (actor) and when. */
export const tradeRuleChangeSchema = z.object({
  revision: z.number().int(),
  position: z.number().int(),
  type: z.string(),
  data: z.record(z.string(), z.unknown()),
  actor: z.string(),
  recordedAt: z.string(),
});

export const staffTradeRulesSchema = z.object({
  stream: z.string(),
  /** Null while no change is recorded: the spec's values are in force. */
  revision: z.number().int().nullable(),
  current: tradeRulesValuesSchema,
  /** Oldest first. */
  history: z.array(tradeRuleChangeSchema),
});
export type StaffTradeRules = z.infer<typeof staffTradeRulesSchema>;

export const tradeRulesChangeOutcomeSchema = z.object({
  position: z.number().int().nullable(),
  /** The rules stream's revision after the change: generations built from now on fold with it. */
  revision: z.number().int().nullable(),
});
export type TradeRulesChangeOutcome = z.infer<typeof tradeRulesChangeOutcomeSchema>;

/** POST /staff/projections/{name}/rebuilds. */
export const staffRebuildRequestSchema = z
  .object({
    /** Compare with the serving read model when caught up, and wait for a switch or a discard. */
    diff: z.boolean().optional(),
  })
  .strict();

export const rebuildStartedSchema = z.object({ name: z.string(), collection: z.string(), diff: z.boolean() });
export type RebuildStarted = z.infer<typeof rebuildStartedSchema>;

/** What a rebuild changes in one partition (an account): its rows, and its total profit before and after. */
export const rebuildReportPartitionSchema = z.object({
  partition: z.string(),
  rowsAdded: z.number().int(),
  rowsRemoved: z.number().int(),
  rowsChanged: z.number().int(),
  profitBeforeCents: z.number().int(),
  profitAfterCents: z.number().int(),
});
export type RebuildReportPartition = z.infer<typeof rebuildReportPartitionSchema>;

export const rebuildDecisionSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('pending') }),
  z.object({ state: z.enum(['switched', 'discarded']), by: z.string(), at: z.string() }),
]);
export type RebuildDecision = z.infer<typeof rebuildDecisionSchema>;

/** A rebuild compared with the generation serving when it caught up, kept after the decision for audit. */
export const rebuildReportSchema = z.object({
  _id: z.string(),
  projection: z.string(),
  version: z.number().int(),
  servingCollection: z.string().nullable(),
  builtCollection: z.string(),
  /** Revisions of the rules stream each generation folds with (null: none recorded, the spec's values). */
  servingRulesRevision: z.number().int().nullable(),
  builtRulesRevision: z.number().int().nullable(),
  /** Log position the build had reached when compared. */
  position: z.number().int(),
  /** `staff:<id>`, or `operator` for the admin token. */
  requestedBy: z.string(),
  createdAt: z.string(),
  /** Partitions with at least one row in either generation, by partition id. */
  partitions: z.array(rebuildReportPartitionSchema),
  totals: rebuildReportPartitionSchema.omit({ partition: true }),
  decision: rebuildDecisionSchema,
});
export type RebuildReport = z.infer<typeof rebuildReportSchema>;

/** One row that differs between the generations. */
export const rebuildReportRowSchema = z.object({
  _id: z.string(),
  reportId: z.string(),
  partition: z.string(),
  documentId: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  profitBeforeCents: z.number().int().nullable(),
  profitAfterCents: z.number().int().nullable(),
  /** Top-level fields whose values differ (every field of an added or removed row). */
  changedFields: z.array(z.string()),
});
export type RebuildReportRow = z.infer<typeof rebuildReportRowSchema>;

export const rebuildReportWithRowsSchema = rebuildReportSchema.extend({
  rows: z.array(rebuildReportRowSchema),
});
export type RebuildReportWithRows = z.infer<typeof rebuildReportWithRowsSchema>;
