import { z } from 'zod';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';

/** The stream the signed digests of every stream's head are recorded on: `auditdigest-heads`. */
export function streamHeadsDigestStream(): string {
  return streamName('auditdigest', 'heads');
}

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);

/** One stream's last event as a digest saw it. */
export const streamHeadSchema = z.object({
  streamId: z.string().min(1),
  revision: z.number().int().nonnegative(),
  hash: sha256Hex,
});
export type StreamHead = z.infer<typeof streamHeadSchema>;

/**
 * A signed statement of the head (last revision and chain hash) of every stream up to a log position. Only the
 * heads that moved since the previous digest are listed; `headsRoot` and `streamCount` commit to all of them, so
 * a deleted tail of any stream up to `throughPosition` is detected. `signature` is an HMAC-SHA256 of the rest.
 */
export const streamHeadsDigestRecorded = defineEvent({
  type: 'StreamHeadsDigestRecorded',
  schemaVersion: 1,
  schema: z.object({
    throughPosition: z.number().int().nonnegative(),
    previousThroughPosition: z.number().int().nonnegative(),
    streamCount: z.number().int().nonnegative(),
    headsRoot: sha256Hex,
    changedHeads: z.array(streamHeadSchema),
    signature: sha256Hex,
  }),
});
export type StreamHeadsDigestRecordedData = z.infer<typeof streamHeadsDigestRecorded.schema>;

export const auditEventDefinitions = [streamHeadsDigestRecorded] as const;
