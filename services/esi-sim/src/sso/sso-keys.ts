import { generateKeyPairSync, type JsonWebKey, type KeyObject } from 'node:crypto';

/** The key id the game's SSO signs with (esi.md §2). */
export const SSO_KEY_ID = 'JWT-Signature-Key';

export interface SsoKeys {
  readonly privateKey: KeyObject;
  readonly publicKey: KeyObject;
  /** The JWKS document: the RS256 key, and an ES256 key under the same kid, as the SSO announced it would add. */
  readonly jwks: { readonly keys: readonly JsonWebKey[]; readonly SkipUnresolvedJsonWebTokens: boolean };
}

let shared: SsoKeys | undefined;

/** Generating an RSA key takes a moment, so simulators in one process share one pair. */
export function ssoKeys(): SsoKeys {
  if (!shared) {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    shared = {
      privateKey: rsa.privateKey,
      publicKey: rsa.publicKey,
      jwks: {
        keys: [
          { ...rsa.publicKey.export({ format: 'jwk' }), alg: 'RS256', kid: SSO_KEY_ID, use: 'sig' },
          { ...ec.publicKey.export({ format: 'jwk' }), alg: 'ES256', kid: SSO_KEY_ID, use: 'sig' },
        ],
        SkipUnresolvedJsonWebTokens: true,
      },
    };
  }
  return shared;
}
