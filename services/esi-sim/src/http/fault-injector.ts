import { Random } from '../world/prng';

/** What an injected fault does to a matching request. */
export type FaultEffect =
  /** Answer with this status (and body) instead. */
  | { readonly kind: 'status'; readonly status: number; readonly body?: unknown }
  /** ESI's own gateway timeout: 504 `{"error":"Timeout contacting tranquility","timeout":10}`. */
  | { readonly kind: 'gateway-timeout' }
  /** Answer normally, but only after `ms` milliseconds. */
  | { readonly kind: 'delay'; readonly ms: number }
  /** Never answer (the client's timeout fires); the connection closes when the simulator does. */
  | { readonly kind: 'hang' }
  /** Drop the connection without an answer. */
  | { readonly kind: 'reset' };

/** Which requests a fault applies to; every field given must match. */
export interface FaultMatch {
  /** ESI operation id (e.g. `GetCharactersCharacterIdWalletJournal`) or SSO endpoint (`SsoToken`, ...). */
  readonly operationId?: string;
  /** A substring of the request path. */
  readonly path?: string;
  readonly method?: string;
  /** The `character_id` in the path. */
  readonly characterId?: number;
}

export interface FaultRule extends FaultMatch {
  readonly effect: FaultEffect;
  /** Apply to this many matching requests, then retire (default: until cleared). */
  readonly times?: number;
  /** Apply to this share of matching requests, decided by the seeded generator (default 1). */
  readonly probability?: number;
}

export interface ActiveFault extends FaultRule {
  readonly id: string;
  readonly remaining: number | null;
}

/** What the SSO lets tests break. */
export interface SsoFaults {
  revokeCharacter(characterId: number, options: { accessTokens?: boolean }): void;
  retireUsedRefreshTokensAtOnce(strict: boolean): void;
}

export interface FaultTarget {
  readonly operationId: string;
  readonly path: string;
  readonly method: string;
  readonly characterId?: number;
}

/**
 * Faults switchable at run time: tests inject 5xx answers, timeouts, slow answers and dropped connections into
 * chosen routes, and revoke a character's tokens, to prove the product's client copes.
 */
export class FaultInjector {
  private readonly rules: { id: string; rule: FaultRule; remaining: number | null }[] = [];
  private readonly random: Random;
  private nextId = 1;

  constructor(
    seed: number,
    private readonly sso: SsoFaults,
  ) {
    this.random = Random.of(seed, 777);
  }

  inject(rule: FaultRule): string {
    validate(rule);
    const id = `fault-${this.nextId++}`;
    this.rules.push({ id, rule, remaining: rule.times ?? null });
    return id;
  }

  /** The next `count` matching requests fail with `status` (default 500). */
  failNext(count: number, status = 500, match: FaultMatch = {}): string {
    return this.inject({ ...match, times: count, effect: { kind: 'status', status } });
  }

  /** Matching requests are answered `ms` later until cleared. */
  slowDown(ms: number, match: FaultMatch = {}): string {
    return this.inject({ ...match, effect: { kind: 'delay', ms } });
  }

  /** The next `count` matching requests are never answered. */
  hangNext(count: number, match: FaultMatch = {}): string {
    return this.inject({ ...match, times: count, effect: { kind: 'hang' } });
  }

  /** The player revoked the application: refresh fails, and with `accessTokens` current tokens fail too. */
  revokeTokens(characterId: number, options: { accessTokens?: boolean } = { accessTokens: true }): void {
    this.sso.revokeCharacter(characterId, options);
  }

  /**
   * The SSO refuses a used refresh token at once, not only after the token issued in its place is used: the
   * strictest reading of rotation, under which two processes refreshing together see one of them refused.
   */
  retireUsedRefreshTokensAtOnce(strict = true): void {
    this.sso.retireUsedRefreshTokensAtOnce(strict);
  }

  /** One fault, or without an id every fault (the SSO's strict rotation too). */
  clear(id?: string): void {
    if (id === undefined) {
      this.rules.length = 0;
      this.sso.retireUsedRefreshTokensAtOnce(false);
    } else {
      const index = this.rules.findIndex((entry) => entry.id === id);
      if (index >= 0) this.rules.splice(index, 1);
    }
  }

  list(): ActiveFault[] {
    return this.rules.map(({ id, rule, remaining }) => ({ ...rule, id, remaining }));
  }

  /** The effects that apply to a request, in the order they were injected (delays first). */
  effectsFor(target: FaultTarget): FaultEffect[] {
    const effects: FaultEffect[] = [];
    for (const entry of [...this.rules]) {
      const { rule } = entry;
      if (rule.operationId !== undefined && rule.operationId !== target.operationId) continue;
      if (rule.path !== undefined && !target.path.includes(rule.path)) continue;
      if (rule.method !== undefined && rule.method.toUpperCase() !== target.method) continue;
      if (rule.characterId !== undefined && rule.characterId !== target.characterId) continue;
      if (rule.probability !== undefined && this.random.next() >= rule.probability) continue;
      effects.push(rule.effect);
      if (entry.remaining !== null && --entry.remaining <= 0) this.clear(entry.id);
    }
    return effects.sort((a, b) => Number(b.kind === 'delay') - Number(a.kind === 'delay'));
  }
}

function validate(rule: FaultRule): void {
  const effect = rule.effect as FaultEffect | undefined;
  const kinds = ['status', 'gateway-timeout', 'delay', 'hang', 'reset'];
  if (!effect || !kinds.includes(effect.kind))
    throw new Error(`A fault needs an effect of kind ${kinds.join(', ')}`);
  if (effect.kind === 'status' && !(effect.status >= 100 && effect.status <= 599)) {
    throw new Error(`Not an HTTP status: ${effect.status}`);
  }
  if (effect.kind === 'delay' && !(effect.ms >= 0)) throw new Error(`Not a delay: ${effect.ms}`);
  if (rule.times !== undefined && !(rule.times >= 1))
    throw new Error(`times must be at least 1, not ${rule.times}`);
  if (rule.probability !== undefined && !(rule.probability >= 0 && rule.probability <= 1)) {
    throw new Error(`probability must be between 0 and 1, not ${rule.probability}`);
  }
}
