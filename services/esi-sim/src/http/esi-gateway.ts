import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AccessPrincipal, SsoAuthority } from '../sso/sso-authority';
import type { MarketBooks } from '../world/market-books';
import { DAY_MS } from '../world/price-model';
import type { SimulatedWorld } from '../world/simulated-world';
import { EsiHttpError, type EsiAnswer, type UiAction } from './esi-call';
import { ESI_OPERATIONS, type CachePolicy, type EsiOperation } from './esi-operations';
import type { FaultInjector } from './fault-injector';
import { BodyTooLargeError, clientAddress, httpDate, readJson, sleep } from './http-io';
import { rateLimitCost, rateLimitLabel, type ErrorLimiter, type RateLimiter } from './request-limits';
import { answerOf, gzipped, type CachedAnswer, type ResponseCache } from './response-cache';

export const OLDEST_COMPATIBILITY_DATE = '2020-01-01';
/** The newest date of the OpenAPI document the simulator follows; always accepted, whatever the clock says. */
export const NEWEST_COMPATIBILITY_DATE = '2026-08-18';
const DAILY_ROLLOVER_MS = (11 * 60 + 5) * 60_000;
const EXPOSED_HEADERS =
  'Etag, Retry-After, X-Compatibility-Date, X-Esi-Error-Limit-Remain, X-Esi-Error-Limit-Reset, X-Pages, X-Ratelimit-Group, X-Ratelimit-Limit, X-Ratelimit-Remaining, X-Ratelimit-Used';

export interface GatewayDependencies {
  readonly world: SimulatedWorld;
  readonly books: MarketBooks;
  readonly sso: SsoAuthority;
  readonly faults: FaultInjector;
  readonly errorLimiter: ErrorLimiter;
  readonly rateLimiter: RateLimiter;
  readonly cache: ResponseCache;
  readonly nowMs: () => number;
  readonly compression: boolean;
  readonly rateLimits: boolean;
  readonly recordUiAction: (action: UiAction) => void;
  /** Requests a `hang` fault holds open; the simulator ends them when it closes. */
  readonly hanging: Set<ServerResponse>;
}

interface CompiledRoute {
  readonly operation: EsiOperation;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

interface Exchange {
  readonly request: IncomingMessage;
  readonly response: ServerResponse;
  readonly client: string;
  readonly legacy: boolean;
  readonly operation?: EsiOperation;
  rateUser?: string;
}

/**
 * The ESI request pipeline: route, injected faults, error limit, compatibility date, token and scope and role,
 * rate limit, then the handler's answer from the response cache, with ESI's headers and conditional requests.
 */
export class EsiGateway {
  private readonly routes: readonly CompiledRoute[];

  constructor(private readonly deps: GatewayDependencies) {
    this.routes = ESI_OPERATIONS.map((operation) => {
      const names: string[] = [];
      const source = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => {
        names.push(name);
        return '([^/]+)';
      });
      return { operation, pattern: new RegExp(`^${source}$`), names };
    });
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const { path, legacy } = normalizePath(url.pathname);
    const method = request.method ?? 'GET';
    const exchange: Exchange = { request, response, client: clientAddress(request), legacy };
    const matched = this.match(method, path, legacy);
    if (!matched) return this.fail({ ...exchange }, 404, `Route ${method} ${url.pathname} not found`);
    const { operation, params } = matched;
    const routed: Exchange = { ...exchange, operation };

    const characterParam = params['character_id'] ? Number(params['character_id']) : undefined;
    for (const effect of this.deps.faults.effectsFor({
      operationId: operation.operationId,
      path: url.pathname,
      method,
      characterId: characterParam,
    })) {
      if (effect.kind === 'delay') await sleep(effect.ms);
      else if (effect.kind === 'hang') {
        this.deps.hanging.add(response);
        response.on('close', () => this.deps.hanging.delete(response));
        return;
      } else if (effect.kind === 'reset') {
        request.socket.destroy();
        return;
      } else if (effect.kind === 'gateway-timeout') {
        return this.fail(routed, 504, 'Timeout contacting tranquility', { timeout: 10 });
      } else {
        const body = effect.body ?? { error: `Injected fault: ${effect.status}` };
        return this.send(routed, answerOf(effect.status, body), { cacheable: false });
      }
    }

    const errorWindow = this.deps.errorLimiter.state(routed.client);
    if (errorWindow.blocked) {
      return this.send(
        routed,
        answerOf(420, {
          error: `This software has exceeded the error limit for ESI. If you are a user, please contact the maintainer of this software. If you are a developer/maintainer, please make a greater effort in the future to receive valid responses. This window ends in ${errorWindow.resetSeconds}s.`,
        }),
        { cacheable: false },
      );
    }

    const tenant = request.headers['x-tenant'] ?? url.searchParams.get('datasource') ?? 'tranquility';
    if (tenant !== 'tranquility') return this.fail(routed, 400, `Unknown tenant '${String(tenant)}'`);
    const compatibilityProblem = this.compatibilityProblem(request, url);
    if (compatibilityProblem) return this.fail(routed, 400, compatibilityProblem);

    const token = bearerToken(request) ?? (legacy ? (url.searchParams.get('token') ?? undefined) : undefined);
    let principal: AccessPrincipal | undefined;
    if (token !== undefined) {
      const check = this.deps.sso.verifyAccessToken(token);
      if (check.ok) principal = check.principal;
      else if (operation.scope) {
        const messages = { expired: 'token is expired', revoked: 'token has been revoked' } as const;
        return this.fail(routed, 401, messages[check.reason as keyof typeof messages] ?? 'invalid token');
      }
    }
    if (operation.scope) {
      if (!principal) return this.fail(routed, 401, 'authentication required: send an SSO access token');
      const denied = this.authorizationProblem(operation, params, principal);
      if (denied) return this.fail(routed, 403, denied);
    }
    routed.rateUser = principal
      ? `${principal.clientId}:${principal.characterId}`
      : `${routed.client}${token ? ':token' : ''}`;

    if (operation.rateLimit && this.deps.rateLimits) {
      const retryAfter = this.deps.rateLimiter.retryAfterSeconds(operation.rateLimit, routed.rateUser);
      if (retryAfter > 0) {
        return this.send(routed, answerOf(429, { error: 'Too many requests', status: 429 }), {
          cacheable: false,
          extraHeaders: { 'Retry-After': String(retryAfter) },
        });
      }
    }

    let body: unknown;
    if (method === 'POST') {
      try {
        body = await readJson(request);
      } catch (error) {
        return this.fail(
          routed,
          error instanceof BodyTooLargeError ? 413 : 400,
          'The request body is not valid JSON',
        );
      }
    }

    const nowMs = this.deps.nowMs();
    const window = cacheWindow(operation.cache, nowMs);
    const cacheKey =
      operation.cache === 'none'
        ? undefined
        : [
            operation.operationId,
            path,
            canonicalQuery(url.searchParams),
            principal?.characterId ?? '-',
            window.snapshotMs,
          ].join('|');
    let answer = cacheKey ? this.deps.cache.get(cacheKey) : undefined;
    const hit = answer !== undefined;
    if (!answer) {
      try {
        const result: EsiAnswer = operation.handle({
          params,
          query: url.searchParams,
          body,
          principal,
          snapshotMs: window.snapshotMs,
          nowMs,
          legacy,
          world: this.deps.world,
          books: this.deps.books,
          recordUiAction: this.deps.recordUiAction,
        });
        answer = answerOf(result.status ?? 200, result.body, result.pages, result.json);
        if (cacheKey && answer.status === 200) this.deps.cache.set(cacheKey, answer);
      } catch (error) {
        if (error instanceof EsiHttpError) return this.fail(routed, error.status, error.message, error.extra);
        throw error;
      }
    }
    return this.send(routed, answer, {
      cacheable: true,
      window,
      hit,
      isPrivate: principal !== undefined && !!operation.scope,
    });
  }

  private match(
    method: string,
    path: string,
    legacy: boolean,
  ): { operation: EsiOperation; params: Record<string, string> } | undefined {
    for (const route of this.routes) {
      if (route.operation.method !== method || (route.operation.legacyOnly && !legacy)) continue;
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = {};
      route.names.forEach((name, index) => (params[name] = decodeURIComponent(match[index + 1]!)));
      return { operation: route.operation, params };
    }
    return undefined;
  }

  private compatibilityProblem(request: IncomingMessage, url: URL): string | undefined {
    const header = request.headers['x-compatibility-date'];
    const value = (Array.isArray(header) ? header[0] : header) ?? url.searchParams.get('compatibility_date');
    if (value === undefined || value === null) return undefined;
    const parsed = /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : NaN;
    if (Number.isNaN(parsed)) return `X-Compatibility-Date must be a date (YYYY-MM-DD), not '${value}'`;
    const apiToday = new Date(this.deps.nowMs() - 11 * 3_600_000).toISOString().slice(0, 10);
    const newest = apiToday > NEWEST_COMPATIBILITY_DATE ? apiToday : NEWEST_COMPATIBILITY_DATE;
    if (value < OLDEST_COMPATIBILITY_DATE)
      return `Compatibility date ${value} is before ${OLDEST_COMPATIBILITY_DATE}`;
    if (value > newest) return `Compatibility date ${value} is in the future`;
    return undefined;
  }

  private authorizationProblem(
    operation: EsiOperation,
    params: Readonly<Record<string, string>>,
    principal: AccessPrincipal,
  ): string | undefined {
    if (!principal.scopes.includes(operation.scope!)) return 'token not valid for scope';
    const characterId = params['character_id'];
    if (characterId !== undefined && Number(characterId) !== principal.characterId) {
      return 'token not valid for this character';
    }
    const character = this.deps.world.character(principal.characterId);
    const corporationId = params['corporation_id'];
    if (corporationId !== undefined && Number(corporationId) !== character?.corporationId) {
      return 'Character is not in the corporation';
    }
    if (operation.roles) {
      const roles: readonly string[] = character?.roles ?? [];
      if (!roles.includes('Director') && !operation.roles.some((role) => roles.includes(role))) {
        return `Character does not have required role(s): ${operation.roles.join(', ')}`;
      }
    }
    return undefined;
  }

  private fail(
    exchange: Exchange,
    status: number,
    message: string,
    extra: Readonly<Record<string, unknown>> = {},
  ): void {
    const body = exchange.legacy ? { error: message, ...extra } : { error: message, status, ...extra };
    this.send(exchange, answerOf(status, body), { cacheable: false });
  }

  private send(
    exchange: Exchange,
    answer: CachedAnswer,
    options: {
      readonly cacheable: boolean;
      readonly window?: { snapshotMs: number; expiresMs: number };
      readonly hit?: boolean;
      readonly isPrivate?: boolean;
      readonly extraHeaders?: Readonly<Record<string, string>>;
    },
  ): void {
    const { request, response, operation } = exchange;
    const headers: Record<string, string> = {
      // From the simulation clock, like Expires and Last-Modified: a client may judge freshness as Expires − Date.
      Date: httpDate(this.deps.nowMs()),
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Expose-Headers': EXPOSED_HEADERS,
      'X-Esi-Request-Id': randomUUID(),
      ...(operation ? { 'X-Compatibility-Date': operation.compatibilityDate } : {}),
      ...options.extraHeaders,
    };
    let status = answer.status;
    if (options.cacheable && options.window) {
      headers['Cache-Control'] = options.isPrivate ? 'private' : 'public';
      headers['Content-Language'] = 'en';
      headers['ETag'] = answer.etag;
      headers['Expires'] = httpDate(options.window.expiresMs);
      headers['Last-Modified'] = httpDate(options.window.snapshotMs);
      headers['Vary'] = 'Accept-Language, X-Compatibility-Date, X-Tenant, Accept-Encoding';
      headers['X-Esi-Cache-Status'] = options.hit ? 'HIT' : 'MISS';
      if (answer.pages !== undefined) headers['X-Pages'] = String(answer.pages);
      if (status === 200 && isNotModified(request, answer.etag, options.window.snapshotMs)) status = 304;
    }

    if (operation?.rateLimit && this.deps.rateLimits && exchange.rateUser) {
      const cost = rateLimitCost(status);
      const remaining = this.deps.rateLimiter.spend(operation.rateLimit, exchange.rateUser, cost);
      headers['X-Ratelimit-Group'] = operation.rateLimit.group;
      headers['X-Ratelimit-Limit'] = rateLimitLabel(operation.rateLimit);
      headers['X-Ratelimit-Remaining'] = String(remaining);
      headers['X-Ratelimit-Used'] = String(cost);
    }
    if (status >= 400 && status !== 420 && status !== 429)
      this.deps.errorLimiter.recordError(exchange.client);
    if (!operation?.rateLimit || !this.deps.rateLimits) {
      const window = this.deps.errorLimiter.state(exchange.client);
      headers['X-Esi-Error-Limit-Remain'] = String(window.remain);
      headers['X-Esi-Error-Limit-Reset'] = String(window.resetSeconds);
    }

    if (status === 304 || status === 204) {
      response.writeHead(status, headers);
      response.end();
      return;
    }
    let payload = answer.body;
    headers['Content-Type'] = 'application/json; charset=UTF-8';
    if (
      this.deps.compression &&
      payload.length > 1024 &&
      /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))
    ) {
      payload = gzipped(answer);
      headers['Content-Encoding'] = 'gzip';
    }
    headers['Content-Length'] = String(payload.length);
    response.writeHead(status, headers);
    response.end(payload);
  }
}

/** Legacy paths (`/latest/...`, `/v5/...`, trailing slash) lead to the same routes as the new ones. */
export function normalizePath(pathname: string): { path: string; legacy: boolean } {
  const legacyMatch = /^\/(?:latest|legacy|dev|v\d+)(\/.*)$/.exec(pathname);
  const path = legacyMatch ? legacyMatch[1]! : pathname;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return { path: trimmed, legacy: legacyMatch !== null };
}

/** The cache period a request falls in: its data are generated for `snapshotMs`, valid until `expiresMs`. */
export function cacheWindow(policy: CachePolicy, nowMs: number): { snapshotMs: number; expiresMs: number } {
  if (policy === 'none') return { snapshotMs: nowMs, expiresMs: nowMs };
  if (policy === 'daily') {
    const snapshotMs = Math.floor((nowMs - DAILY_ROLLOVER_MS) / DAY_MS) * DAY_MS + DAILY_ROLLOVER_MS;
    return { snapshotMs, expiresMs: snapshotMs + DAY_MS };
  }
  const periodMs = policy * 1000;
  const snapshotMs = Math.floor(nowMs / periodMs) * periodMs;
  return { snapshotMs, expiresMs: snapshotMs + periodMs };
}

function canonicalQuery(query: URLSearchParams): string {
  const ignored = new Set(['token', 'datasource', 'compatibility_date', 'user_agent']);
  return [...query.entries()]
    .filter(([key]) => !ignored.has(key))
    .sort(([a, x], [b, y]) => (a === b ? x.localeCompare(y) : a.localeCompare(b)))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
}

function bearerToken(request: IncomingMessage): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

function isNotModified(request: IncomingMessage, etag: string, lastModifiedMs: number): boolean {
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    return ifNoneMatch
      .split(',')
      .map((tag) => tag.trim().replace(/^W\//, ''))
      .some((tag) => tag === etag || tag === '*');
  }
  const ifModifiedSince = request.headers['if-modified-since'];
  if (ifModifiedSince !== undefined) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && Math.floor(lastModifiedMs / 1000) * 1000 <= since;
  }
  return false;
}
