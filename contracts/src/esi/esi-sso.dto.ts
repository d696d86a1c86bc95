import { z } from 'zod';

/** GET /.well-known/oauth-authorization-server of the game's SSO (cache a few minutes). */
export const ssoDiscoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string(),
  jwks_uri: z.string(),
  revocation_endpoint: z.string(),
  response_types_supported: z.array(z.string()).optional(),
  code_challenge_methods_supported: z.array(z.string()).optional(),
  token_endpoint_auth_methods_supported: z.array(z.string()).optional(),
});
export type SsoDiscovery = z.infer<typeof ssoDiscoverySchema>;

/** The token endpoint's answer. Always store the returned refresh token: it may have been rotated. */
export const ssoTokenResponseSchema = z.object({
  access_token: z.string(),
  expires_in: z.number().int(),
  token_type: z.literal('Bearer'),
  refresh_token: z.string().optional(),
});
export type SsoTokenResponse = z.infer<typeof ssoTokenResponseSchema>;

/** OAuth error of the token and revocation endpoints (invalid_client, invalid_grant, invalid_token, ...). */
export const ssoErrorSchema = z.object({
  error: z.string(),
  error_description: z.string().optional(),
});
export type SsoError = z.infer<typeof ssoErrorSchema>;

/** Claims of the SSO's RS256 access token (esi.md §2). */
export const ssoAccessTokenClaimsSchema = z.object({
  /** `CHARACTER:EVE:<character id>`. */
  sub: z.string().regex(/^CHARACTER:EVE:\d+$/),
  name: z.string(),
  /** Changes when the character moves to another account. */
  owner: z.string(),
  /** An array with several scopes, a plain string with one, absent with none. */
  scp: z.union([z.array(z.string()), z.string()]).optional(),
  /** Holds the client id and `EVE Online`. */
  aud: z.union([z.array(z.string()), z.string()]),
  azp: z.string(),
  jti: z.string(),
  kid: z.string(),
  /** `https://login.eveonline.com` (before 2023-11: `login.eveonline.com`); accept both. */
  iss: z.string(),
  tenant: z.string(),
  tier: z.string(),
  region: z.string(),
  iat: z.number().int(),
  exp: z.number().int(),
});
export type SsoAccessTokenClaims = z.infer<typeof ssoAccessTokenClaimsSchema>;

/** The character id in a token's `sub`. */
export function characterIdOfSubject(subject: string): number {
  const match = /^CHARACTER:EVE:(\d+)$/.exec(subject);
  if (!match) throw new Error(`Not a character subject: ${subject}`);
  return Number(match[1]);
}

/** `scp` as a list, whatever shape the token used. */
export function scopesOfClaim(scp: string | readonly string[] | undefined): string[] {
  if (scp === undefined) return [];
  return typeof scp === 'string' ? [scp] : [...scp];
}
