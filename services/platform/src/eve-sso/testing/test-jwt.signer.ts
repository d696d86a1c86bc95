import { generateKeyPairSync, sign, type JsonWebKey, type KeyObject } from 'node:crypto';
import type { JsonWebKeySet } from '../access-token.verifier';

/** Signs JWTs with a key pair of its own, for tests that need tokens the SSO would never issue. */
export class TestJwtSigner {
  readonly kid: string;
  private readonly privateKey: KeyObject;
  private readonly publicJwk: JsonWebKey;

  constructor(
    readonly algorithm: 'RS256' | 'ES256' = 'RS256',
    kid = 'JWT-Signature-Key',
  ) {
    this.kid = kid;
    const pair =
      algorithm === 'RS256'
        ? generateKeyPairSync('rsa', { modulusLength: 2048 })
        : generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicJwk = pair.publicKey.export({ format: 'jwk' });
  }

  keySet(): JsonWebKeySet {
    return { keys: [{ ...this.publicJwk, kid: this.kid, alg: this.algorithm, use: 'sig' }] };
  }

  sign(payload: Record<string, unknown>, header: Record<string, unknown> = {}): string {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const signingInput = `${encode({ alg: this.algorithm, kid: this.kid, typ: 'JWT', ...header })}.${encode(payload)}`;
    const signature =
      this.algorithm === 'RS256'
        ? sign('RSA-SHA256', Buffer.from(signingInput), this.privateKey)
        : sign('sha256', Buffer.from(signingInput), { key: this.privateKey, dsaEncoding: 'ieee-p1363' });
    return `${signingInput}.${signature.toString('base64url')}`;
  }
}

/** The claims of an EVE SSO access token as documented, for `now` (seconds) and a client id. */
export function eveAccessTokenClaims(options: {
  readonly clientId: string;
  readonly issuer?: string;
  readonly characterId?: number;
  readonly nowSeconds: number;
  readonly scopes?: string | readonly string[];
}): Record<string, unknown> {
  return {
    scp: options.scopes ?? ['esi-wallet.read_character_wallet.v1', 'esi-markets.read_character_orders.v1'],
    jti: '6e5a6b2c-3d4e-4f50-8a9b-0c1d2e3f4a5b',
    kid: 'JWT-Signature-Key',
    sub: `CHARACTER:EVE:${options.characterId ?? 2112625428}`,
    azp: options.clientId,
    tenant: 'tranquility',
    tier: 'live',
    region: 'world',
    aud: [options.clientId, 'EVE Online'],
    name: 'Test Trader',
    owner: '8PmzCeTKb4VFUDrHLc/AeZXDSWM=',
    exp: options.nowSeconds + 1200,
    iat: options.nowSeconds,
    iss: options.issuer ?? 'https://login.eveonline.com',
  };
}
