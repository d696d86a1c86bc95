import { createReadStream } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { isRecord, type RawRecord } from './raw-values';

/**
 * The files of an SDE in CCP's JSON Lines layout (`types.jsonl`, `mapRegions.jsonl`, ...), in a directory or in
 * the zip CCP publishes. A zip is read in place, one entry at a time, so nothing is unpacked to disk.
 */
export interface JsonlFiles {
  /** Names of the `.jsonl` files present. */
  readonly names: ReadonlySet<string>;
  /** The uncompressed size of a file, for progress. */
  size(name: string): number;
  open(name: string): Promise<Readable>;
  close(): void;
}

export async function jsonlFilesInDirectory(dir: string): Promise<JsonlFiles> {
  const sizes = new Map<string, number>();
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.jsonl'))
      sizes.set(entry.name, (await stat(join(dir, entry.name))).size);
  }
  return {
    names: new Set(sizes.keys()),
    size: (name) => sizes.get(name) ?? 0,
    open: async (name) => createReadStream(join(dir, name)),
    close: () => undefined,
  };
}

/** Entries are found by file name wherever they sit in the archive (CCP's zips hold them at the top). */
export async function jsonlFilesInZip(path: string): Promise<JsonlFiles> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false }, (error, opened) =>
      error ? reject(error) : resolve(opened),
    ),
  );
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      const name = entry.fileName.slice(entry.fileName.lastIndexOf('/') + 1);
      if (name.endsWith('.jsonl')) entries.set(name, entry);
      zip.readEntry();
    });
    zip.once('end', () => resolve());
    zip.once('error', reject);
    zip.readEntry();
  });
  return {
    names: new Set(entries.keys()),
    size: (name) => entries.get(name)?.uncompressedSize ?? 0,
    open: (name) =>
      new Promise<Readable>((resolve, reject) => {
        const entry = entries.get(name);
        if (!entry) return reject(new Error(`${path} holds no ${name}`));
        zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
      }),
    close: () => zip.close(),
  };
}

export interface JsonlReadOptions {
  /**
   * Skips a line before parsing it, by its `_key` (read from the line's start, where CCP writes it), so of a
   * large file only the few entries needed are parsed.
   */
  readonly keepKey?: (key: number) => boolean;
  /** Called now and then with the share of the file read so far, from 0 to 1. */
  readonly onProgress?: (fraction: number) => void;
}

const LEADING_KEY = /^\{\s*"_key"\s*:\s*(-?\d+)\s*[,}]/;
const PROGRESS_EVERY_LINES = 5000;

/** Hands over each line of a file parsed, one at a time; the file never sits in memory whole. */
export async function forEachJsonlRecord(
  files: JsonlFiles,
  name: string,
  onRecord: (record: RawRecord) => void,
  options: JsonlReadOptions = {},
): Promise<void> {
  const stream = await files.open(name);
  const size = Math.max(1, files.size(name));
  let bytesRead = 0;
  stream.on('data', (chunk: Buffer) => (bytesRead += chunk.length));
  let lineNumber = 0;
  for await (const line of createInterface({ input: stream, crlfDelay: Infinity })) {
    lineNumber++;
    if (lineNumber % PROGRESS_EVERY_LINES === 0) options.onProgress?.(Math.min(1, bytesRead / size));
    if (line.trim().length === 0) continue;
    if (options.keepKey) {
      const key = LEADING_KEY.exec(line);
      if (key && !options.keepKey(Number(key[1]))) continue;
    }
    let record: unknown;
    try {
      record = JSON.parse(line);
    } catch (error) {
      throw new Error(`${name} line ${lineNumber} is not JSON: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (!isRecord(record)) throw new Error(`${name} line ${lineNumber} is not an object`);
    if (options.keepKey && typeof record['_key'] === 'number' && !options.keepKey(record['_key'])) continue;
    onRecord(record);
  }
  options.onProgress?.(1);
}

/**
 * A whole (small) file as the classic layout's mapping of id to entry, so the parsers both layouts share read
 * it: `{"_key": 18, ...}` becomes `{ "18": {...} }`, and `{"_key": 5, "_value": x}` (a value that is not an
 * object) becomes `{ "5": x }`.
 */
export async function jsonlMapping(files: JsonlFiles, name: string): Promise<Record<string, unknown>> {
  const mapping: Record<string, unknown> = {};
  await forEachJsonlRecord(files, name, (record) => {
    mapping[String(record['_key'])] = '_value' in record ? record['_value'] : record;
  });
  return mapping;
}
