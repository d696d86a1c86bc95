import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';

export interface CachedAnswer {
  readonly status: number;
  readonly body: Buffer;
  /** Quoted, strong, a hash of the body: equal bodies have equal ETags across cache periods. */
  readonly etag: string;
  readonly pages?: number;
  gzipped?: Buffer;
}

/** Serialised answers by route, parameters, caller and cache period, so each page is built once. */
export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (entry) {
      this.entries.delete(key);
      this.entries.set(key, entry);
    }
    return entry;
  }

  set(key: string, entry: CachedAnswer): void {
    const existing = this.entries.get(key);
    if (existing) this.remove(key, existing);
    this.entries.set(key, entry);
    this.bytes += sizeOf(entry);
    for (const [oldKey, oldEntry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldKey, oldEntry);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string, entry: CachedAnswer): void {
    this.entries.delete(key);
    this.bytes -= sizeOf(entry);
  }
}

/** The JSON body; a gzipped copy, made on demand, adds a fraction of it. */
function sizeOf(entry: CachedAnswer): number {
  return Math.ceil(entry.body.length * 1.25);
}

export function answerOf(status: number, body: unknown, pages?: number, json?: string): CachedAnswer {
  const bytes = Buffer.from(json ?? (body === undefined ? '' : JSON.stringify(body)));
  return { status, body: bytes, etag: `"${createHash('sha224').update(bytes).digest('hex')}"`, pages };
}

export function gzipped(entry: CachedAnswer): Buffer {
  entry.gzipped ??= gzipSync(entry.body, { level: 1 });
  return entry.gzipped;
}
