import {
  streamHeadsDigestRecorded,
  streamHeadsDigestStream,
  type StreamHeadsDigestRecordedData,
} from '@tradewise/contracts';
import type { EventStore, StoredEvent } from '../ports/event-store.port';
import { auditSignatureMatches } from './audit-signing-key';
import { GENESIS_HASH, chainHash } from './event-hash-chain';
import { StreamHeads, streamHeadsDigestSignedText } from './stream-heads';

export type AuditProblemKind =
  /** The event's hash is not that of its content chained to the previous event's hash: changed or reordered. */
  | 'hash-mismatch'
  | 'missing-hash'
  /** Revisions are skipped: events in the middle of the stream were deleted. */
  | 'revision-gap'
  /** A revision at or below one already seen: events were reordered or duplicated. */
  | 'revision-order'
  | 'digest-signature'
  /** A stream's head at a digest's position is not the one the digest signed: its tail was deleted or changed. */
  | 'digest-head'
  | 'digest-stream-count'
  | 'digest-root';

export interface AuditProblem {
  readonly kind: AuditProblemKind;
  readonly streamId: string;
  /** The first event that does not match (for a deleted tail: the first revision missing). */
  readonly revision?: number;
  readonly position?: number;
  readonly eventId?: string;
  readonly detail: string;
}

export interface AuditReport {
  readonly ok: boolean;
  readonly eventsChecked: number;
  readonly streamsChecked: number;
  readonly digestsChecked: number;
  /** The position of the last digest checked; a tail deleted after it cannot be detected. */
  readonly lastDigestThrough: number | null;
  readonly problems: readonly AuditProblem[];
  /** Problems found beyond the {@link MAX_PROBLEMS} listed. */
  readonly problemsNotListed: number;
}

export const MAX_PROBLEMS = 1_000;
const PAGE = 5_000;

interface Digest {
  readonly data: StreamHeadsDigestRecordedData;
  readonly position: number;
}

/**
 * Re-checks the whole log in position order: every stream's hash chain (content, order, gaps) and every signed
 * digest of stream heads (a deleted tail). Reads the stored form only; memory grows with the number of streams.
 */
export async function verifyEventLog(store: EventStore, signingKey: Buffer): Promise<AuditReport> {
  const problems: AuditProblem[] = [];
  let problemCount = 0;
  const report = (problem: AuditProblem): void => {
    problemCount += 1;
    if (problems.length < MAX_PROBLEMS) problems.push(problem);
  };
  const digests = await readDigests(store, signingKey, report);
  const chains = new Map<string, { revision: number; hash: string }>();
  const heads = new StreamHeads();
  let nextDigest = 0;
  const checkDigestsThrough = (position: number): void => {
    while (nextDigest < digests.length && digests[nextDigest]!.data.throughPosition < position) {
      checkDigest(digests[nextDigest]!, heads, nextDigest === digests.length - 1, report);
      nextDigest += 1;
    }
  };
  let eventsChecked = 0;
  let after = 0;
  for (;;) {
    const page = await store.readStored({ after, maxCount: PAGE });
    for (const event of page) {
      checkDigestsThrough(event.position);
      checkLink(event, chains.get(event.streamId), report);
      chains.set(event.streamId, { revision: event.revision, hash: event.hash ?? '' });
      heads.see(event);
      eventsChecked += 1;
      after = event.position;
    }
    if (page.length < PAGE) break;
  }
  checkDigestsThrough(Number.MAX_SAFE_INTEGER);
  return {
    ok: problemCount === 0,
    eventsChecked,
    streamsChecked: chains.size,
    digestsChecked: digests.length,
    lastDigestThrough: digests.length > 0 ? digests[digests.length - 1]!.data.throughPosition : null,
    problems,
    problemsNotListed: problemCount - problems.length,
  };
}

function checkLink(
  event: StoredEvent,
  previous: { revision: number; hash: string } | undefined,
  report: (problem: AuditProblem) => void,
): void {
  const at = {
    streamId: event.streamId,
    revision: event.revision,
    position: event.position,
    eventId: event.id,
  };
  const expectedRevision = previous ? previous.revision + 1 : 0;
  if (event.revision > expectedRevision) {
    report({
      kind: 'revision-gap',
      ...at,
      detail: `revisions ${expectedRevision} to ${event.revision - 1} are missing before this event`,
    });
  } else if (event.revision < expectedRevision) {
    report({
      kind: 'revision-order',
      ...at,
      detail: `revision ${event.revision} comes after revision ${expectedRevision - 1} in the log`,
    });
  }
  if (event.hash === null) {
    report({ kind: 'missing-hash', ...at, detail: 'the event has no chain hash' });
    return;
  }
  // After a gap the chain goes on from the last event present, so a deleted event shows as a gap and a mismatch.
  const computed = chainHash(previous?.hash ?? GENESIS_HASH, {
    streamId: event.streamId,
    revision: event.revision,
    id: event.id,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  });
  if (computed !== event.hash) {
    report({
      kind: 'hash-mismatch',
      ...at,
      detail:
        'the stored hash is not that of this event chained to the one before it: changed, moved or replaced',
    });
  }
}

async function readDigests(
  store: EventStore,
  signingKey: Buffer,
  report: (problem: AuditProblem) => void,
): Promise<Digest[]> {
  const streamId = streamHeadsDigestStream();
  const digests: Digest[] = [];
  let after: number | undefined;
  for (;;) {
    const page = await store.readStored({
      selection: { streamId, eventTypes: [streamHeadsDigestRecorded.type] },
      after,
      maxCount: PAGE,
    });
    for (const event of page) {
      after = event.position;
      const parsed = streamHeadsDigestRecorded.schema.safeParse(JSON.parse(event.data));
      if (
        !parsed.success ||
        !auditSignatureMatches(signingKey, streamHeadsDigestSignedText(parsed.data), parsed.data.signature)
      ) {
        report({
          kind: 'digest-signature',
          streamId,
          revision: event.revision,
          position: event.position,
          eventId: event.id,
          detail: 'the digest is not signed with this server’s audit key (forged, changed, or another key)',
        });
        continue;
      }
      digests.push({ data: parsed.data, position: event.position });
    }
    if (page.length < PAGE) break;
  }
  return digests.sort((a, b) => a.data.throughPosition - b.data.throughPosition);
}

function checkDigest(
  digest: Digest,
  heads: StreamHeads,
  isLast: boolean,
  report: (problem: AuditProblem) => void,
): void {
  const through = digest.data.throughPosition;
  let headsMatch = true;
  for (const signed of digest.data.changedHeads) {
    const found = heads.get(signed.streamId);
    if (found?.revision === signed.revision && found.hash === signed.hash) continue;
    headsMatch = false;
    const foundText = found ? `revision ${found.revision}` : 'no event';
    report({
      kind: 'digest-head',
      streamId: signed.streamId,
      revision: found && found.revision < signed.revision ? found.revision + 1 : signed.revision,
      position: found?.position,
      detail:
        `the digest at position ${digest.position} signed revision ${signed.revision} as the stream's last through ` +
        `position ${through}; the log has ${foundText} there` +
        (found && found.revision < signed.revision ? ': its tail was deleted' : ''),
    });
  }
  if (heads.size !== digest.data.streamCount) {
    headsMatch = false;
    report({
      kind: 'digest-stream-count',
      streamId: streamHeadsDigestStream(),
      position: digest.position,
      detail: `the digest signed ${digest.data.streamCount} streams through position ${through}; the log has ${heads.size}`,
    });
  }
  // Sorting every head is the costly part; the last digest commits to everything before it.
  if (isLast && headsMatch && heads.root() !== digest.data.headsRoot) {
    report({
      kind: 'digest-root',
      streamId: streamHeadsDigestStream(),
      position: digest.position,
      detail: `the heads of the streams through position ${through} are not those the digest signed`,
    });
  }
}
