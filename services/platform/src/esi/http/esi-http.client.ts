import type { Logger } from '../../logging/logger';
import type { Clock } from '../../ports/clock.port';
import {
  EsiCallError,
  EsiForbiddenError,
  EsiInconsistentPagesError,
  EsiMissingScopeError,
  EsiNotFoundError,
  EsiRequestError,
  EsiThrottledError,
  EsiUnavailableError,
} from '../esi.errors';
import { ESI_COMPATIBILITY_DATE, expandPath, type EsiEndpoint } from '../esi-endpoints';
import type { CharacterAccessToken, TokenProvider } from '../tokens/token-provider';
import { ConcurrencyLimiter, mapWithConcurrency } from './concurrency-limiter';
import { ErrorLimitGate } from './error-limit.gate';
import {
  cacheDecision,
  InMemoryEsiResponseCache,
  type CachedEsiResponse,
  type EsiResponseCache,
} from './esi-response.cache';
import { freshnessLifetimeMs, readEsiHeaders, type EsiResponseHeaders } from './esi-response-headers';
import { RateLimitGate } from './rate-limit.gate';
import {
  DEFAULT_RETRY_POLICY,
  isTransientStatus,
  retryDelayMs,
  type RetryPolicy,
} from './retry-backoff.policy';

export interface EsiHttpClientOptions {
  /** `https://esi.evetech.net`, or the simulator's URL. */
  readonly baseUrl: string;
  /** Product and operator contact, as CCP asks of every client. */
  readonly userAgent: string;
  readonly clock: Clock;
  /** Needed for routes called on behalf of a character. */
  readonly tokens?: TokenProvider;
  readonly cache?: EsiResponseCache;
  /** Per attempt, including reading the body. */
  readonly requestTimeoutMs?: number;
  /** Pages of one X-Pages resource fetched at the same time. */
  readonly pageConcurrency?: number;
  /** Requests in flight across the whole client. */
  readonly maxConcurrentRequests?: number;
  readonly retry?: Partial<RetryPolicy>;
  /** Error-limit budget left untouched: all requests pause until the window resets when it is reached. */
  readonly errorLimitReserve?: number;
  /** 420 and 429 pauses a call waits out; a longer one fails the call with {@link EsiThrottledError}. */
  readonly maxThrottleWaitMs?: number;
  /** Times one call waits out a 420 or 429 before giving up. */
  readonly maxThrottleRetries?: number;
  /** Walks of a paged resource restarted because it changed between pages, before giving up. */
  readonly maxPageWalkRestarts?: number;
  readonly sleep?: (ms: number) => Promise<void>;
  readonly random?: () => number;
  readonly logger?: Logger;
}

export interface EsiRequest {
  readonly endpoint: EsiEndpoint;
  readonly pathParameters?: Readonly<Record<string, number | string>>;
  readonly query?: Readonly<Record<string, number | string | boolean | undefined>>;
  /** Call with this character's token (and check the route's scope first). */
  readonly characterId?: number;
}

export type EsiResponseSource =
  /** Fresh in the cache: no request was sent. */
  | 'cache'
  /** ESI answered 304 to the cached ETag. */
  | 'not-modified'
  | 'network';

export interface EsiResponse<T> {
  readonly body: T;
  readonly source: EsiResponseSource;
  /** Until then (our clock) the same request is answered from the cache. */
  readonly freshUntil: Date;
  readonly lastModified?: Date;
  readonly pages?: number;
}

export interface EsiPagedResponse<T> {
  readonly items: T[];
  readonly pages: number;
  /** Every page came from the cache or as a 304. */
  readonly unchanged: boolean;
  readonly freshUntil: Date;
}

/** Counters since the client was made; tests and the benchmark read them. */
export interface EsiHttpMetrics {
  /** Requests sent, every attempt counted. */
  requests: number;
  notModified: number;
  servedFromCache: number;
  retries: number;
  timeouts: number;
  errorLimitPauses: number;
  rateLimitPauses: number;
  pageWalkRestarts: number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** How one call is sent. */
interface Sending {
  readonly method: 'GET' | 'POST';
  /** Revalidates the cached copy (a GET). */
  readonly etag?: string;
  /** Sent as the JSON body. */
  readonly json?: unknown;
  /** A POST that changes nothing, so it may be sent again after a 5xx or a timeout (a GET always may). */
  readonly idempotent?: boolean;
}

interface Attempted {
  readonly response: Response;
  readonly headers: EsiResponseHeaders;
  readonly receivedAtMs: number;
  /** The parsed JSON of a 200, read within the attempt's timeout. */
  readonly body?: unknown;
  /** The text of any other answer (its error), read within the attempt's timeout too. */
  readonly errorBody?: string;
  readonly sizeBytes: number;
}

/**
 * HTTP to ESI with its rules built in: answer from the cache until `Expires`, then revalidate with the ETag (a
 * 304 keeps the cached body); respect the error limit (pause on 420 and before the budget runs out) and the
 * per-group rate limit (429 `Retry-After`); retry 5xx and timeouts with jittered exponential backoff, bounded;
 * fetch the pages of an X-Pages resource concurrently, capped, and restart the walk when the resource changed
 * between pages. Every request carries the User-Agent and the compatibility date this client was written for.
 */
export class EsiHttpClient {
  readonly metrics: EsiHttpMetrics = {
    requests: 0,
    notModified: 0,
    servedFromCache: 0,
    retries: 0,
    timeouts: 0,
    errorLimitPauses: 0,
    rateLimitPauses: 0,
    pageWalkRestarts: 0,
  };
  private readonly baseUrl: string;
  private readonly cache: EsiResponseCache;
  private readonly limiter: ConcurrencyLimiter;
  private readonly errorLimit: ErrorLimitGate;
  private readonly rateLimit = new RateLimitGate();
  private readonly inFlight = new Map<string, Promise<EsiResponse<unknown>>>();
  private readonly retry: RetryPolicy;
  private readonly requestTimeoutMs: number;
  private readonly pageConcurrency: number;
  private readonly maxThrottleWaitMs: number;
  private readonly maxThrottleRetries: number;
  private readonly maxPageWalkRestarts: number;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly random: () => number;

  constructor(private readonly options: EsiHttpClientOptions) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, '');
    this.cache = options.cache ?? new InMemoryEsiResponseCache();
    this.limiter = new ConcurrencyLimiter(options.maxConcurrentRequests ?? 16);
    this.errorLimit = new ErrorLimitGate(options.errorLimitReserve ?? 10);
    this.retry = { ...DEFAULT_RETRY_POLICY, ...options.retry };
    this.requestTimeoutMs = options.requestTimeoutMs ?? 20_000;
    this.pageConcurrency = options.pageConcurrency ?? 4;
    this.maxThrottleWaitMs = options.maxThrottleWaitMs ?? 65_000;
    this.maxThrottleRetries = options.maxThrottleRetries ?? 3;
    this.maxPageWalkRestarts = options.maxPageWalkRestarts ?? 2;
    this.sleep = options.sleep ?? defaultSleep;
    this.random = options.random ?? Math.random;
  }

  /** One resource; identical calls while one is in flight share its request. */
  get<T>(request: EsiRequest): Promise<EsiResponse<T>> {
    const url = this.urlOf(request);
    const key = `${request.characterId ?? 'public'} ${url}`;
    let pending = this.inFlight.get(key);
    if (pending === undefined) {
      pending = this.fetchOrCached(request, url, key).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    return pending as Promise<EsiResponse<T>>;
  }

  /**
   * A UI route (POST, answered 204 No Content) on behalf of `request.characterId`. Never cached or shared with
   * another call, and not retried after a 5xx or a timeout, since ESI may have acted on it (a waypoint would be
   * added twice); a 420 or 429 (refused before acting) is waited out as for reads.
   */
  async post(request: EsiRequest): Promise<void> {
    await this.send(request, this.urlOf(request), { method: 'POST' });
  }

  /**
   * A read ESI takes as a POST with a JSON body (`/universe/names`), answered 200 with JSON. Never cached or shared
   * with another call; retried after a 5xx or a timeout like a GET, since it changes nothing.
   */
  async postJson<T>(request: EsiRequest, body: unknown): Promise<EsiResponse<T>> {
    const url = this.urlOf(request);
    const answer = await this.send(request, url, { method: 'POST', json: body, idempotent: true });
    const { headers, receivedAtMs } = answer;
    return {
      body: answer.body as T,
      source: 'network',
      freshUntil: new Date(receivedAtMs + freshnessLifetimeMs(headers, receivedAtMs)),
    };
  }

  private async fetchOrCached<T>(request: EsiRequest, url: string, key: string): Promise<EsiResponse<T>> {
    const cached = this.cache.get(key);
    const nowMs = this.nowMs();
    const decision = cacheDecision(cached, nowMs);
    if (decision === 'fresh' && cached !== undefined) {
      this.metrics.servedFromCache += 1;
      return this.fromCache<T>(cached, 'cache');
    }
    const { response, headers, receivedAtMs, body, sizeBytes } = await this.send(request, url, {
      method: 'GET',
      etag: decision === 'revalidate' ? cached?.etag : undefined,
    });
    const freshUntilMs = receivedAtMs + freshnessLifetimeMs(headers, receivedAtMs);
    if (response.status === 304 && cached !== undefined) {
      this.metrics.notModified += 1;
      const refreshed: CachedEsiResponse = {
        ...cached,
        etag: headers.etag ?? cached.etag,
        freshUntilMs,
        lastModified: headers.lastModified ?? cached.lastModified,
        pages: headers.pages ?? cached.pages,
      };
      this.cache.set(key, refreshed);
      return this.fromCache<T>(refreshed, 'not-modified');
    }
    const entry: CachedEsiResponse = {
      body,
      etag: headers.etag,
      freshUntilMs,
      lastModified: headers.lastModified,
      pages: headers.pages,
      sizeBytes,
    };
    if (entry.etag !== undefined || freshUntilMs > receivedAtMs) this.cache.set(key, entry);
    else this.cache.delete(key);
    return { ...this.describe(entry), body: body as T, source: 'network' };
  }

  /**
   * Every page of an X-Pages resource, in page order: page 1 first (it tells the count), the others with at most
   * `pageConcurrency` in flight. Pages must share page 1's Last-Modified and X-Pages; when they do not, ESI's copy
   * changed during the walk (entries may have moved between pages), so the walk starts again on fresh copies.
   * Any page failing fails the whole call: a partial set is never returned.
   */
  async getAllPages<T>(request: EsiRequest): Promise<EsiPagedResponse<T>> {
    for (let walk = 0; ; walk++) {
      const pageRequest = (page: number): EsiRequest => ({ ...request, query: { ...request.query, page } });
      const first = await this.get<T[]>(pageRequest(1));
      const pages = first.pages ?? 1;
      const rest = await mapWithConcurrency(
        Array.from({ length: pages - 1 }, (_, index) => index + 2),
        this.pageConcurrency,
        (page) => this.get<T[]>(pageRequest(page)),
      );
      const all = [first, ...rest];
      const consistent = rest.every(
        (page) =>
          (page.pages ?? pages) === pages &&
          (page.lastModified === undefined ||
            first.lastModified === undefined ||
            page.lastModified.getTime() === first.lastModified.getTime()),
      );
      if (consistent) {
        return {
          items: all.flatMap((page) => page.body),
          pages,
          unchanged: all.every((page) => page.source !== 'network'),
          freshUntil: new Date(Math.min(...all.map((page) => page.freshUntil.getTime()))),
        };
      }
      const url = this.urlOf(request);
      if (walk >= this.maxPageWalkRestarts) {
        throw new EsiInconsistentPagesError(
          `${url} kept changing between its pages over ${walk + 1} walks`,
          url,
          undefined,
          true,
        );
      }
      this.metrics.pageWalkRestarts += 1;
      this.options.logger?.debug({ url, walk }, 'ESI resource changed during a page walk; walking again');
      for (let page = 1; page <= pages; page++) {
        this.cache.delete(`${request.characterId ?? 'public'} ${this.urlOf(pageRequest(page))}`);
      }
    }
  }

  private async send(request: EsiRequest, url: string, sending: Sending): Promise<Attempted> {
    const { method, etag } = sending;
    const retriesTransient = method === 'GET' || sending.idempotent === true;
    let transientRetries = 0;
    let throttleRetries = 0;
    let tokenRetried = false;
    for (;;) {
      await this.waitForGates(request, url);
      const token = await this.tokenFor(request, url);
      let attempted: Attempted;
      try {
        attempted = await this.attempt(url, token, sending);
      } catch (error) {
        const retryable = retriesTransient && transientRetries < this.retry.maxRetries;
        if (!(error instanceof EsiUnavailableError) || !retryable) throw error;
        transientRetries = await this.backOff(transientRetries, url, error.message);
        continue;
      }
      const { response, headers, receivedAtMs } = attempted;
      this.errorLimit.observe(response.status, headers, receivedAtMs);
      this.rateLimit.observe(
        request.endpoint.path,
        request.characterId,
        response.status,
        headers,
        receivedAtMs,
        retryDelayMs(throttleRetries + 1, this.retry, this.random),
      );
      const status = response.status;
      if (status === 200 || (status === 304 && etag !== undefined)) return attempted;
      if (status === 204 && method === 'POST') return attempted;
      const detail = errorText(attempted.errorBody ?? '');
      if (status === 401 && token !== undefined && !tokenRetried && request.characterId !== undefined) {
        this.options.tokens?.invalidate(request.characterId, token.accessToken);
        tokenRetried = true;
        continue;
      }
      if (status === 420 || status === 429) {
        if (status === 420) this.metrics.errorLimitPauses += 1;
        else this.metrics.rateLimitPauses += 1;
        if (throttleRetries >= this.maxThrottleRetries) {
          throw new EsiThrottledError(
            `ESI still answers ${status} after ${throttleRetries} pauses (${url})`,
            url,
            status,
            new Date(this.nowMs() + this.gateWaitMs(request)),
          );
        }
        throttleRetries += 1;
        this.options.logger?.warn({ url, status, detail }, 'ESI throttled a request; pausing');
        continue;
      }
      // A 304 to a request without If-None-Match has no body to use: a server fault like a 5xx.
      if (isTransientStatus(status) || status === 304) {
        if (!retriesTransient || transientRetries >= this.retry.maxRetries) {
          throw new EsiUnavailableError(
            `ESI answered ${status} on ${transientRetries + 1} attempts (${url}): ${detail}`,
            url,
            status,
            true,
          );
        }
        transientRetries = await this.backOff(transientRetries, url, `${status} ${detail}`);
        continue;
      }
      const message = `ESI answered ${status} (${url}): ${detail}`;
      if (status === 403) throw new EsiForbiddenError(message, url, status, false);
      if (status === 404) throw new EsiNotFoundError(message, url, status, false);
      throw new EsiRequestError(message, url, status, false);
    }
  }

  private async attempt(
    url: string,
    token: CharacterAccessToken | undefined,
    { method, etag, json }: Sending,
  ): Promise<Attempted> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': this.options.userAgent,
      'X-Compatibility-Date': ESI_COMPATIBILITY_DATE,
    };
    if (token !== undefined) headers.Authorization = `Bearer ${token.accessToken}`;
    if (etag !== undefined) headers['If-None-Match'] = etag;
    if (json !== undefined) headers['Content-Type'] = 'application/json';
    return this.limiter.run(async () => {
      this.metrics.requests += 1;
      // The deadline is a timer of our own, raced against the request and its body. With fetch's signal alone
      // (`AbortSignal.timeout`), a request that timed out and was retried on a loaded machine sometimes never
      // settled: the sync waited for ever and held its slot of the limiter.
      const controller = new AbortController();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => {
          const timedOut = new DOMException(`no answer within ${this.requestTimeoutMs} ms`, 'TimeoutError');
          controller.abort(timedOut);
          reject(timedOut);
        }, this.requestTimeoutMs);
      });
      try {
        return await Promise.race([this.exchange(url, method, headers, json, controller.signal), deadline]);
      } catch (error) {
        throw error instanceof EsiUnavailableError ? error : this.networkError(error, url);
      } finally {
        clearTimeout(timer);
      }
    });
  }

  /** One request and its body: a 200's parsed, any other answer's text kept for its error. */
  private async exchange(
    url: string,
    method: Sending['method'],
    headers: Record<string, string>,
    json: unknown,
    signal: AbortSignal,
  ): Promise<Attempted> {
    const response = await fetch(url, {
      method,
      headers,
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
      signal,
    });
    const receivedAtMs = this.nowMs();
    const esiHeaders = readEsiHeaders(response.headers, receivedAtMs);
    if (response.status !== 200) {
      const errorBody = await response.text().catch(() => '');
      return { response, headers: esiHeaders, receivedAtMs, errorBody, sizeBytes: 0 };
    }
    const text = await response.text();
    return {
      response,
      headers: esiHeaders,
      receivedAtMs,
      body: this.parse(text, url),
      sizeBytes: text.length,
    };
  }

  private parse(text: string, url: string): unknown {
    try {
      return JSON.parse(text);
    } catch (error) {
      throw new EsiUnavailableError(`ESI sent a body that is not JSON (${url})`, url, 200, true, {
        cause: error,
      });
    }
  }

  private networkError(error: unknown, url: string): EsiUnavailableError {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    if (timedOut) this.metrics.timeouts += 1;
    const reason = timedOut ? `no answer within ${this.requestTimeoutMs} ms` : (error as Error).message;
    return new EsiUnavailableError(`ESI could not be reached (${url}): ${reason}`, url, undefined, true, {
      cause: error,
    });
  }

  private async backOff(retriesSoFar: number, url: string, reason: string): Promise<number> {
    const retry = retriesSoFar + 1;
    const delay = retryDelayMs(retry, this.retry, this.random);
    this.metrics.retries += 1;
    this.options.logger?.debug({ url, retry, delay, reason }, 'retrying an ESI request');
    await this.sleep(delay);
    return retry;
  }

  private gateWaitMs(request: EsiRequest): number {
    const nowMs = this.nowMs();
    return Math.max(
      this.errorLimit.waitMs(nowMs),
      this.rateLimit.waitMs(request.endpoint.path, request.characterId, nowMs),
    );
  }

  private async waitForGates(request: EsiRequest, url: string): Promise<void> {
    for (let wait = this.gateWaitMs(request); wait > 0; wait = this.gateWaitMs(request)) {
      if (wait > this.maxThrottleWaitMs) {
        const status = this.errorLimit.waitMs(this.nowMs()) === wait ? 420 : 429;
        throw new EsiThrottledError(
          `ESI asks for a pause of ${Math.ceil(wait / 1000)} s (${url})`,
          url,
          status,
          new Date(this.nowMs() + wait),
        );
      }
      await this.sleep(wait);
    }
  }

  private async tokenFor(request: EsiRequest, url: string): Promise<CharacterAccessToken | undefined> {
    if (request.characterId === undefined) return undefined;
    if (this.options.tokens === undefined) {
      throw new EsiCallError(
        `${url} needs a character's token, and this client has no TokenProvider`,
        url,
        undefined,
        false,
      );
    }
    const scope = request.endpoint.scope;
    const token = await this.options.tokens.accessTokenFor(request.characterId, scope);
    if (scope !== undefined && !token.scopes.includes(scope)) {
      throw new EsiMissingScopeError(request.characterId, scope, url);
    }
    return token;
  }

  private urlOf(request: EsiRequest): string {
    const query = new URLSearchParams();
    for (const [name, value] of Object.entries(request.query ?? {})) {
      if (value !== undefined) query.set(name, String(value));
    }
    const path = expandPath(request.endpoint.path, request.pathParameters ?? {});
    const search = query.toString();
    return `${this.baseUrl}${path}${search ? `?${search}` : ''}`;
  }

  private fromCache<T>(entry: CachedEsiResponse, source: EsiResponseSource): EsiResponse<T> {
    return { ...this.describe(entry), body: entry.body as T, source };
  }

  private describe(entry: CachedEsiResponse): Omit<EsiResponse<unknown>, 'body' | 'source'> {
    return {
      freshUntil: new Date(entry.freshUntilMs),
      ...(entry.lastModified !== undefined ? { lastModified: new Date(entry.lastModified) } : {}),
      ...(entry.pages !== undefined ? { pages: entry.pages } : {}),
    };
  }

  private nowMs(): number {
    return this.options.clock.now().getTime();
  }
}

/** What an error answer says: ESI's `error` field, else the start of its text. */
function errorText(text: string): string {
  try {
    const parsed = JSON.parse(text) as { error?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    // not JSON: the raw text (trimmed) says more than nothing
  }
  return text.slice(0, 200);
}
