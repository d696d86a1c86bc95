import { createHash } from 'node:crypto';
import {
  streamHeadsDigestStream,
  type StreamHead,
  type StreamHeadsDigestRecordedData,
} from '@tradewise/contracts';
import type { StoredEvent } from '../ports/event-store.port';

export interface TrackedHead {
  readonly revision: number;
  readonly hash: string;
  readonly position: number;
}

/**
 * The last event of every stream (the digest stream left out: a digest cannot cover itself), as a scan of the log
 * in position order sees them.
 */
export class StreamHeads {
  private readonly heads = new Map<string, TrackedHead>();
  private readonly digestStream = streamHeadsDigestStream();

  see(event: StoredEvent): void {
    if (event.streamId === this.digestStream) return;
    this.heads.set(event.streamId, {
      revision: event.revision,
      hash: event.hash ?? '',
      position: event.position,
    });
  }

  get(streamId: string): TrackedHead | undefined {
    return this.heads.get(streamId);
  }

  get size(): number {
    return this.heads.size;
  }

  /** The heads whose last event came after `position`, by stream id. */
  movedAfter(position: number): StreamHead[] {
    const moved: StreamHead[] = [];
    for (const [streamId, head] of this.heads) {
      if (head.position > position) moved.push({ streamId, revision: head.revision, hash: head.hash });
    }
    return moved.sort((a, b) => (a.streamId < b.streamId ? -1 : a.streamId > b.streamId ? 1 : 0));
  }

  /** sha256 over every head, sorted by stream id: one value that changes when any stream's head does. */
  root(): string {
    const hash = createHash('sha256');
    for (const streamId of [...this.heads.keys()].sort()) {
      const head = this.heads.get(streamId)!;
      hash.update(`${streamId}\n${head.revision}\n${head.hash}\n`);
    }
    return hash.digest('hex');
  }
}

/** The text a digest's signature covers: every field but the signature, in a fixed order. */
export function streamHeadsDigestSignedText(
  digest: Omit<StreamHeadsDigestRecordedData, 'signature'>,
): string {
  return JSON.stringify([
    digest.throughPosition,
    digest.previousThroughPosition,
    digest.streamCount,
    digest.headsRoot,
    digest.changedHeads.map((head) => [head.streamId, head.revision, head.hash]),
  ]);
}
