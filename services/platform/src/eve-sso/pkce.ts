import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url without padding: the verifier and state format EVE's SSO documentation uses. */
export function randomUrlSafeToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** The S256 code challenge of RFC 7636: base64url(SHA-256(verifier)) without padding. */
export function codeChallengeFor(codeVerifier: string): string {
  return createHash('sha256').update(codeVerifier, 'ascii').digest('base64url');
}
