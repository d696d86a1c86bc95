import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import yaml from 'js-yaml';

export interface YamlBatchOptions {
  /** Parse once this much text of whole entries has piled up. */
  readonly batchCharacters?: number;
  /**
   * Skips an entry before parsing it, from its raw text (for a mapping `<key>:...`, for a list `- field: ...`).
   * Cheap filters here keep 25 MB files from being parsed for the few hundred entries needed.
   */
  readonly keepEntry?: (rawEntry: string) => boolean;
  /** Called after each batch with the share of the file read so far, from 0 to 1. */
  readonly onProgress?: (fraction: number) => void;
}

const DEFAULT_BATCH_CHARACTERS = 4 * 1024 * 1024;
/** A line that starts at column 0 and is not a comment starts a new top-level entry. */
const ENTRY_START = /\n(?=[^\s#])/;

/**
 * Reads a large YAML file whose top level is a mapping (`<id>:` at column 0, the FSD files) or a list (`- ` at
 * column 0, the BSD files) in batches of whole top-level entries, so a 140 MB file never sits in memory whole.
 * Each batch is handed over parsed: an object for a mapping, an array for a list.
 */
export async function forEachYamlBatch(
  path: string,
  onBatch: (parsed: unknown) => void,
  options: YamlBatchOptions = {},
): Promise<void> {
  const batchCharacters = options.batchCharacters ?? DEFAULT_BATCH_CHARACTERS;
  const { size } = await stat(path);
  let bytesRead = 0;
  let pending = '';
  const flush = (text: string): void => {
    const kept = options.keepEntry ? keptEntries(text, options.keepEntry) : text;
    if (kept.trim().length === 0) return;
    const parsed = yaml.load(kept, { schema: yaml.CORE_SCHEMA, filename: path });
    if (parsed !== null && parsed !== undefined) onBatch(parsed);
  };

  const stream = createReadStream(path, { encoding: 'utf8', highWaterMark: 1024 * 1024 });
  for await (const chunk of stream as AsyncIterable<string>) {
    bytesRead += Buffer.byteLength(chunk, 'utf8');
    pending += chunk;
    if (pending.length < batchCharacters) continue;
    const boundary = lastEntryBoundary(pending);
    if (boundary <= 0) continue;
    flush(pending.slice(0, boundary));
    pending = pending.slice(boundary);
    options.onProgress?.(Math.min(1, bytesRead / Math.max(1, size)));
  }
  flush(pending);
  options.onProgress?.(1);
}

/** The offset just after the last newline that starts a top-level entry, or -1. */
export function lastEntryBoundary(text: string): number {
  let newline = text.lastIndexOf('\n', text.length - 2);
  while (newline !== -1) {
    const next = text.charCodeAt(newline + 1);
    if (next !== 32 && next !== 9 && next !== 10 && next !== 13 && next !== 35) return newline + 1;
    newline = text.lastIndexOf('\n', newline - 1);
  }
  return -1;
}

export function keptEntries(text: string, keepEntry: (rawEntry: string) => boolean): string {
  return text.split(ENTRY_START).filter(keepEntry).join('\n');
}

/** The key of a top-level mapping entry (`12345:` gives 12345), or NaN. */
export function mappingEntryKey(rawEntry: string): number {
  const colon = rawEntry.indexOf(':');
  return colon === -1 ? Number.NaN : Number(rawEntry.slice(0, colon));
}
