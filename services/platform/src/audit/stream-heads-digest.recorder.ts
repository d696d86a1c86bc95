import { randomUUID } from 'node:crypto';
import {
  streamHeadsDigestRecorded,
  streamHeadsDigestStream,
  type StreamHeadsDigestRecordedData,
} from '@tradewise/contracts';
import type { EventStore } from '../ports/event-store.port';
import { signAuditRecord } from './audit-signing-key';
import { StreamHeads, streamHeadsDigestSignedText } from './stream-heads';

const PAGE = 5_000;

export interface RecordedDigest {
  readonly throughPosition: number;
  readonly streamCount: number;
  readonly position: number;
}

/**
 * Records `StreamHeadsDigestRecorded`: the signed heads of every stream through the log's current position. It
 * reads the whole log once, then only what was appended since its last run, keeping every stream's head in memory.
 */
export class StreamHeadsDigestRecorder {
  private readonly heads = new StreamHeads();
  private scannedThrough = 0;
  private previousThrough: number | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly signingKey: Buffer,
  ) {}

  /** Whether a run has read the log, so the next only reads what was appended since (cheap enough for a shutdown). */
  get hasReadTheLog(): boolean {
    return this.previousThrough !== undefined;
  }

  /** Records a digest when events were appended since the last one; answers null when none were. */
  async record(): Promise<RecordedDigest | null> {
    this.previousThrough ??= await this.lastDigestThrough();
    for (;;) {
      const page = await this.store.readStored({ after: this.scannedThrough, maxCount: PAGE });
      for (const event of page) {
        this.heads.see(event);
        this.scannedThrough = event.position;
      }
      if (page.length < PAGE) break;
    }
    const changedHeads = this.heads.movedAfter(this.previousThrough);
    if (changedHeads.length === 0) return null;
    const body: Omit<StreamHeadsDigestRecordedData, 'signature'> = {
      throughPosition: this.scannedThrough,
      previousThroughPosition: this.previousThrough,
      streamCount: this.heads.size,
      headsRoot: this.heads.root(),
      changedHeads,
    };
    const id = randomUUID();
    const appended = await this.store.append(
      streamHeadsDigestStream(),
      [
        {
          id,
          type: streamHeadsDigestRecorded.type,
          data: { ...body, signature: signAuditRecord(this.signingKey, streamHeadsDigestSignedText(body)) },
          metadata: { $correlationId: id, $causationId: id, actor: 'system:audit-digest' },
        },
      ],
      { expectedRevision: 'any' },
    );
    this.previousThrough = this.scannedThrough;
    return {
      throughPosition: body.throughPosition,
      streamCount: body.streamCount,
      position: appended.position,
    };
  }

  private async lastDigestThrough(): Promise<number> {
    const [last] = await this.store.readStream(streamHeadsDigestStream(), {
      direction: 'backwards',
      maxCount: 1,
    });
    return last ? (last.data as StreamHeadsDigestRecordedData).throughPosition : 0;
  }
}
