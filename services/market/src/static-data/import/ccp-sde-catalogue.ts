import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { isRecord } from './raw-values';

/** Where CCP publishes its SDE builds: `latest.jsonl` and `eve-online-static-data-<build>-jsonl.zip`. */
export const CCP_SDE_CATALOGUE = 'https://developers.eveonline.com/static-data/tranquility';

/** One SDE build as `latest.jsonl` and the archive's `_sde.jsonl` describe it. */
export interface SdeBuild {
  readonly buildNumber: number;
  /** As CCP writes it, e.g. `2026-07-21T11:06:27Z`. */
  readonly releaseDate: string;
}

/** Reads the `{"_key":"sde","buildNumber":...,"releaseDate":...}` line of `latest.jsonl` or `_sde.jsonl`. */
export function parseSdeBuild(text: string, where: string): SdeBuild {
  for (const line of text.split('\n')) {
    if (line.trim().length === 0) continue;
    const record: unknown = JSON.parse(line);
    if (!isRecord(record) || record['_key'] !== 'sde') continue;
    const { buildNumber, releaseDate } = record;
    if (typeof buildNumber !== 'number' || !Number.isInteger(buildNumber))
      throw new Error(`${where}: buildNumber is not a whole number`);
    return { buildNumber, releaseDate: typeof releaseDate === 'string' ? releaseDate : '' };
  }
  throw new Error(`${where} has no "sde" record`);
}

/**
 * What an SDE address names: a zip archive itself, or a catalogue like {@link CCP_SDE_CATALOGUE} (given with or
 * without its `latest.jsonl`), whose newest build is the one meant.
 */
export function sdeAddress(url: string): { readonly archive: string } | { readonly catalogue: string } {
  const trimmed = url.replace(/\/+$/, '');
  if (/\.zip(\?.*)?$/.test(trimmed)) return { archive: trimmed };
  return { catalogue: trimmed.replace(/\/latest\.jsonl$/, '') };
}

export function sdeArchiveUrl(catalogue: string, buildNumber: number): string {
  return `${catalogue}/eve-online-static-data-${buildNumber}-jsonl.zip`;
}

export type Fetch = typeof fetch;

/** A server without internet must not wait long at start for an answer that will not come. */
const LATEST_BUILD_TIMEOUT_MS = 20_000;

export async function fetchLatestSdeBuild(catalogue: string, fetchImpl: Fetch = fetch): Promise<SdeBuild> {
  const url = `${catalogue}/latest.jsonl`;
  const response = await fetchImpl(url, { signal: AbortSignal.timeout(LATEST_BUILD_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return parseSdeBuild(await response.text(), url);
}

/** Streams an archive to a file: CCP's zip is some 100 MB. */
export async function downloadSdeArchive(
  url: string,
  toFile: string,
  fetchImpl: Fetch = fetch,
): Promise<void> {
  const response = await fetchImpl(url);
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), createWriteStream(toFile));
}
