/** What the client reads from ESI response headers (esi.md §0.2-0.6). Unparseable values read as absent. */
export interface EsiResponseHeaders {
  readonly etag?: string;
  /** Server time the response was generated (`Date`): freshness is measured against it, not against our clock. */
  readonly date?: number;
  readonly expires?: number;
  readonly lastModified?: number;
  /** `Cache-Control: max-age`, seconds; CCP is rolling it out beside `Expires`. */
  readonly maxAgeSeconds?: number;
  readonly ageSeconds?: number;
  readonly noStore: boolean;
  readonly pages?: number;
  readonly errorLimitRemain?: number;
  readonly errorLimitResetSeconds?: number;
  readonly rateLimitGroup?: string;
  readonly rateLimitRemaining?: number;
  /** `Retry-After` as milliseconds from the response's `Date` (or from now when the header is a delay). */
  readonly retryAfterMs?: number;
}

export interface HeaderSource {
  get(name: string): string | null;
}

function nonNegativeInteger(text: string | null): number | undefined {
  if (text === null || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number(text);
}

/** HTTP dates carry a time of day; the bare numbers some servers send for "already expired" are not dates. */
function httpDate(text: string | null): number | undefined {
  if (text === null || !/\d{1,2}:\d{2}:\d{2}/.test(text)) return undefined;
  const time = Date.parse(text);
  return Number.isNaN(time) ? undefined : time;
}

function cacheControlDirectives(text: string | null): Map<string, string | true> {
  const directives = new Map<string, string | true>();
  for (const part of (text ?? '').split(',')) {
    const [name, value] = part.split('=', 2).map((piece) => piece.trim());
    if (name) directives.set(name.toLowerCase(), value === undefined ? true : value.replace(/^"|"$/g, ''));
  }
  return directives;
}

function retryAfterMs(text: string | null, serverNowMs: number): number | undefined {
  const seconds = nonNegativeInteger(text);
  if (seconds !== undefined) return seconds * 1000;
  const at = httpDate(text);
  return at === undefined ? undefined : Math.max(0, at - serverNowMs);
}

/** `receivedAtMs` (our clock) stands in for the server's `Date` where a header is a date and `Date` is absent. */
export function readEsiHeaders(headers: HeaderSource, receivedAtMs: number): EsiResponseHeaders {
  const cacheControl = cacheControlDirectives(headers.get('cache-control'));
  const maxAge = cacheControl.get('max-age');
  const date = httpDate(headers.get('date'));
  const pages = nonNegativeInteger(headers.get('x-pages'));
  return {
    etag: headers.get('etag') ?? undefined,
    date,
    expires: httpDate(headers.get('expires')),
    lastModified: httpDate(headers.get('last-modified')),
    maxAgeSeconds: typeof maxAge === 'string' ? nonNegativeInteger(maxAge) : undefined,
    ageSeconds: nonNegativeInteger(headers.get('age')),
    noStore: cacheControl.has('no-store'),
    pages: pages !== undefined && pages >= 1 ? pages : undefined,
    errorLimitRemain: nonNegativeInteger(headers.get('x-esi-error-limit-remain')),
    errorLimitResetSeconds: nonNegativeInteger(headers.get('x-esi-error-limit-reset')),
    rateLimitGroup: headers.get('x-ratelimit-group') ?? undefined,
    rateLimitRemaining: nonNegativeInteger(headers.get('x-ratelimit-remaining')),
    retryAfterMs: retryAfterMs(headers.get('retry-after'), date ?? receivedAtMs),
  };
}

/**
 * How long a response stays fresh, in ms from when it was received: `max-age` minus `Age` when present (it
 * overrides `Expires`, RFC 9111), else `Expires` minus the server's `Date`, so a skewed local clock neither
 * polls early nor serves stale data for long. Without either, zero: the next use revalidates with the ETag.
 */
export function freshnessLifetimeMs(headers: EsiResponseHeaders, receivedAtMs: number): number {
  if (headers.noStore) return 0;
  if (headers.maxAgeSeconds !== undefined) {
    return Math.max(0, (headers.maxAgeSeconds - (headers.ageSeconds ?? 0)) * 1000);
  }
  if (headers.expires !== undefined) return Math.max(0, headers.expires - (headers.date ?? receivedAtMs));
  return 0;
}
