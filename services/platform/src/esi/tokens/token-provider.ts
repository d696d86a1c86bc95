/** An access token for one character, with what it may do. */
export interface CharacterAccessToken {
  readonly characterId: number;
  readonly accessToken: string;
  readonly scopes: readonly string[];
  readonly expiresAt: Date;
}

/** Supplies access tokens for authenticated ESI calls (port of the ESI client). */
export interface TokenProvider {
  /**
   * A token valid for at least a short while; refreshes through the SSO when needed. With `requiredScope`, a token
   * kept from an older grant that lacks it is refreshed when the character has been granted again since (Update
   * Scopes adds scopes); a token still of the current grant is returned as it is, without the scope.
   */
  accessTokenFor(characterId: number, requiredScope?: string): Promise<CharacterAccessToken>;
  /** ESI refused this token (401): forget it so the next call refreshes. */
  invalidate(characterId: number, accessToken: string): void;
}

/** The reason a character's sync stops when its grant is gone (spec: account-area.md, sync status values). */
export const ESI_ERROR_SYNC_STATUS = 'NOT_SYNCING_ESI_ERROR' as const;
export type EsiErrorSyncStatus = typeof ESI_ERROR_SYNC_STATUS;

/**
 * Where refresh tokens live (accounts owns them, encrypted at rest with the platform's TokenCipher); the provider
 * only reads the current one and hands back rotated ones.
 */
export interface CharacterGrantStore {
  /** The character's current refresh token, decrypted; undefined when it has none (never linked, removed). */
  loadRefreshToken(characterId: number): Promise<string | undefined>;
  /** The SSO rotated the refresh token: the old one may stop working, so this one must be kept. */
  storeRefreshToken(characterId: number, refreshToken: string): Promise<void>;
  /** The SSO refused the grant for good: stop syncing the character until the user authorises it again. */
  markEsiError(characterId: number, status: EsiErrorSyncStatus, reason: string): Promise<void>;
}

/** The character has no usable grant: it was never linked, was removed, or the SSO refused its refresh token. */
export class CharacterGrantError extends Error {
  constructor(
    readonly characterId: number,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'CharacterGrantError';
  }
}
