import { z } from 'zod';

/** A stored event as the staff console shows it: the stored data (not upcast), its metadata and chain hash. */
export const staffEventSchema = z.object({
  position: z.number().int(),
  streamId: z.string(),
  revision: z.number().int(),
  id: z.string(),
  type: z.string(),
  data: z.unknown(),
  metadata: z.object({
    $correlationId: z.string(),
    $causationId: z.string(),
    actor: z.string(),
    schemaVersion: z.number().int(),
    recordedAt: z.string(),
  }),
  hash: z.string().nullable(),
});
export type StaffEventDto = z.infer<typeof staffEventSchema>;

/** One page of the event log (GET /staff/events); pass `nextCursor` as `after` for the next. */
export const staffEventPageSchema = z.object({
  events: z.array(staffEventSchema),
  nextCursor: z.number().int().nullable(),
});
export type StaffEventPageDto = z.infer<typeof staffEventPageSchema>;

/** An event, or a command or message id, with what it caused and its correlation group (GET /staff/events/{id}). */
export const staffEventChainSchema = z.object({
  event: staffEventSchema.nullable(),
  caused: z.array(staffEventSchema),
  correlationGroup: z.array(staffEventSchema),
  correlationGroupTruncated: z.boolean(),
});
export type StaffEventChainDto = z.infer<typeof staffEventChainSchema>;

/** What verifying every hash chain and signed digest found (POST /staff/audit/verify). */
export const staffAuditReportSchema = z.object({
  ok: z.boolean(),
  eventsChecked: z.number().int(),
  streamsChecked: z.number().int(),
  digestsChecked: z.number().int(),
  lastDigestThrough: z.number().int().nullable(),
  problems: z.array(
    z.object({
      kind: z.enum([
        'hash-mismatch',
        'missing-hash',
        'revision-gap',
        'revision-order',
        'digest-signature',
        'digest-head',
        'digest-stream-count',
        'digest-root',
      ]),
      streamId: z.string(),
      revision: z.number().int().optional(),
      position: z.number().int().optional(),
      eventId: z.string().optional(),
      detail: z.string(),
    }),
  ),
  problemsNotListed: z.number().int(),
});
export type StaffAuditReportDto = z.infer<typeof staffAuditReportSchema>;
