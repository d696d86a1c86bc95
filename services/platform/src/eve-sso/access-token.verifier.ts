import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { Clock } from '../ports/clock.port';
import { InvalidAccessTokenError } from './eve-sso.errors';

/** What the product may trust about a character once its SSO access token has been verified. */
export interface AccessTokenClaims {
  readonly characterId: number;
  readonly characterName: string;
  /** Changes when the character moves to another EVE account: a new owner must not inherit the old one's data. */
  readonly ownerHash: string;
  /** Normalised: the SSO sends one scope as a string, several as an array, none by leaving the claim out. */
  readonly scopes: readonly string[];
  readonly expiresAt: Date;
  readonly issuedAt?: Date;
  readonly tokenId?: string;
}

export interface JsonWebKeySet {
  readonly keys: readonly (JsonWebKey & { kid?: string; alg?: string; use?: string })[];
}

export interface AccessTokenVerifierOptions {
  readonly clientId: string;
  /** Accepted `iss` values; see {@link issuersFor}. */
  readonly issuers: readonly string[];
  readonly clock: Clock;
  readonly loadKeySet: () => Promise<JsonWebKeySet>;
  /** Tolerated difference between our clock and the SSO's when checking `exp` and `nbf`. */
  readonly clockSkewMs?: number;
  /** How long a fetched key set is used before it is fetched again. */
  readonly keySetTtlMs?: number;
  /** An unknown `kid` fetches the key set again (the SSO rotated keys), but not more often than this. */
  readonly unknownKeyRefetchMs?: number;
}

const EVE_AUDIENCE = 'EVE Online';
const SUBJECT = /^CHARACTER:EVE:(\d{1,18})$/;
const SUPPORTED_ALGORITHMS = ['RS256', 'ES256'] as const;
type Algorithm = (typeof SUPPORTED_ALGORITHMS)[number];

/**
 * The issuers EVE's SSO has used for a base URL: the URL itself (`https://login.eveonline.com`, since 2023-11)
 * and its bare host (`login.eveonline.com`, before), which validators are told to keep accepting.
 */
export function issuersFor(ssoBaseUrl: string): string[] {
  const base = ssoBaseUrl.replace(/\/+$/, '');
  return [base, `${base}/`, new URL(base).host];
}

interface JwtParts {
  readonly header: Record<string, unknown>;
  readonly payload: Record<string, unknown>;
  readonly signingInput: Buffer;
  readonly signature: Buffer;
}

function decodeSegment(segment: string, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      return value as Record<string, unknown>;
    }
  } catch {
    // reported below
  }
  throw new InvalidAccessTokenError(`malformed ${what}`);
}

function splitJwt(jwt: string): JwtParts {
  const segments = jwt.split('.');
  if (segments.length !== 3 || segments.some((segment) => !/^[A-Za-z0-9_-]*$/.test(segment))) {
    throw new InvalidAccessTokenError('not a signed JWT (expected three base64url segments)');
  }
  return {
    header: decodeSegment(segments[0], 'header'),
    payload: decodeSegment(segments[1], 'payload'),
    signingInput: Buffer.from(`${segments[0]}.${segments[1]}`, 'ascii'),
    signature: Buffer.from(segments[2], 'base64url'),
  };
}

function keyTypeFits(key: JsonWebKey, algorithm: Algorithm): boolean {
  return algorithm === 'RS256' ? key.kty === 'RSA' : key.kty === 'EC' && key.crv === 'P-256';
}

function normaliseScopes(scp: unknown): string[] {
  if (scp === undefined) return [];
  if (typeof scp === 'string') return scp.split(' ').filter(Boolean);
  if (Array.isArray(scp) && scp.every((scope) => typeof scope === 'string')) return [...scp];
  throw new InvalidAccessTokenError('scp is neither a string nor an array of strings');
}

function secondsClaim(payload: Record<string, unknown>, name: string): number {
  const value = payload[name];
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidAccessTokenError(`${name} is missing or not a number`);
  }
  return value;
}

function optionalSecondsClaim(payload: Record<string, unknown>, name: string): number | undefined {
  return payload[name] === undefined ? undefined : secondsClaim(payload, name);
}

function stringClaim(payload: Record<string, unknown>, name: string): string {
  const value = payload[name];
  if (typeof value !== 'string' || value.length === 0) {
    throw new InvalidAccessTokenError(`${name} is missing`);
  }
  return value;
}

/**
 * Verifies EVE SSO access tokens (JWT): the signature against the SSO's published keys (RS256, and ES256 which CCP
 * announced), the issuer, the audience (our client id and "EVE Online"), expiry with a small clock skew, and the
 * claims the product relies on. Built on node:crypto: the common JOSE library is ESM-only in its current major,
 * which this CommonJS code base cannot load in Jest, and the checks needed here are few.
 */
export class AccessTokenVerifier {
  private readonly clockSkewMs: number;
  private readonly keySetTtlMs: number;
  private readonly unknownKeyRefetchMs: number;
  private keys: { readonly set: JsonWebKeySet; readonly fetchedAtMs: number } | undefined;
  private inFlight: Promise<JsonWebKeySet> | undefined;
  private readonly keyObjects = new Map<JsonWebKey, KeyObject>();

  constructor(private readonly options: AccessTokenVerifierOptions) {
    this.clockSkewMs = options.clockSkewMs ?? 30_000;
    this.keySetTtlMs = options.keySetTtlMs ?? 10 * 60_000;
    this.unknownKeyRefetchMs = options.unknownKeyRefetchMs ?? 30_000;
  }

  async verify(jwt: string): Promise<AccessTokenClaims> {
    const { header, payload, signingInput, signature } = splitJwt(jwt);
    const algorithm = header.alg;
    if (!SUPPORTED_ALGORITHMS.includes(algorithm as Algorithm)) {
      throw new InvalidAccessTokenError(`unsupported alg '${String(algorithm)}'`);
    }
    const kid = typeof header.kid === 'string' ? header.kid : undefined;
    const key = await this.findKey(kid, algorithm as Algorithm);
    const signatureValid =
      algorithm === 'RS256'
        ? verify('RSA-SHA256', signingInput, key, signature)
        : verify('sha256', signingInput, { key, dsaEncoding: 'ieee-p1363' }, signature);
    if (!signatureValid) throw new InvalidAccessTokenError('bad signature');
    return this.checkClaims(payload);
  }

  private checkClaims(payload: Record<string, unknown>): AccessTokenClaims {
    const issuer = payload.iss;
    if (typeof issuer !== 'string' || !this.options.issuers.includes(issuer)) {
      throw new InvalidAccessTokenError(`wrong issuer '${String(issuer)}'`);
    }
    const audience = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
    if (!audience.includes(this.options.clientId) || !audience.includes(EVE_AUDIENCE)) {
      throw new InvalidAccessTokenError(`wrong audience ${JSON.stringify(payload.aud)}`);
    }
    const nowMs = this.options.clock.now().getTime();
    const expiresAtSeconds = secondsClaim(payload, 'exp');
    if (nowMs - this.clockSkewMs >= expiresAtSeconds * 1000) throw new InvalidAccessTokenError('expired');
    const notBeforeSeconds = optionalSecondsClaim(payload, 'nbf');
    if (notBeforeSeconds !== undefined && nowMs + this.clockSkewMs < notBeforeSeconds * 1000) {
      throw new InvalidAccessTokenError('not valid yet (nbf)');
    }
    const subject = SUBJECT.exec(typeof payload.sub === 'string' ? payload.sub : '');
    const characterId = subject ? Number(subject[1]) : NaN;
    if (!Number.isSafeInteger(characterId)) {
      throw new InvalidAccessTokenError(`subject '${String(payload.sub)}' is not CHARACTER:EVE:<id>`);
    }
    const issuedAtSeconds = optionalSecondsClaim(payload, 'iat');
    return {
      characterId,
      characterName: stringClaim(payload, 'name'),
      ownerHash: stringClaim(payload, 'owner'),
      scopes: normaliseScopes(payload.scp),
      expiresAt: new Date(expiresAtSeconds * 1000),
      ...(issuedAtSeconds !== undefined ? { issuedAt: new Date(issuedAtSeconds * 1000) } : {}),
      ...(typeof payload.jti === 'string' ? { tokenId: payload.jti } : {}),
    };
  }

  private async findKey(kid: string | undefined, algorithm: Algorithm): Promise<KeyObject> {
    const nowMs = this.options.clock.now().getTime();
    const cached = this.keys;
    const cachedIsFresh = cached !== undefined && nowMs - cached.fetchedAtMs < this.keySetTtlMs;
    let jwk = this.pick(cachedIsFresh ? cached.set : await this.fetchKeySet(), kid, algorithm);
    if (jwk === undefined && cachedIsFresh && nowMs - cached.fetchedAtMs >= this.unknownKeyRefetchMs) {
      jwk = this.pick(await this.fetchKeySet(), kid, algorithm);
    }
    if (jwk === undefined) {
      throw new InvalidAccessTokenError(
        `no ${algorithm} key${kid ? ` with kid '${kid}'` : ''} in the SSO's key set`,
      );
    }
    let keyObject = this.keyObjects.get(jwk);
    if (keyObject === undefined) {
      keyObject = createPublicKey({ key: jwk, format: 'jwk' });
      this.keyObjects.set(jwk, keyObject);
    }
    return keyObject;
  }

  private pick(set: JsonWebKeySet, kid: string | undefined, algorithm: Algorithm): JsonWebKey | undefined {
    return set.keys.find(
      (key) =>
        (kid === undefined || key.kid === kid) &&
        (key.alg === undefined || key.alg === algorithm) &&
        (key.use === undefined || key.use === 'sig') &&
        keyTypeFits(key, algorithm),
    );
  }

  private fetchKeySet(): Promise<JsonWebKeySet> {
    // Concurrent verifications after expiry share one fetch.
    this.inFlight ??= this.options
      .loadKeySet()
      .then((set) => {
        if (!Array.isArray(set?.keys)) throw new Error('The SSO key set has no keys array');
        this.keys = { set, fetchedAtMs: this.options.clock.now().getTime() };
        this.keyObjects.clear();
        return set;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }
}
