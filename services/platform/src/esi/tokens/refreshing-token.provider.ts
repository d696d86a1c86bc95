import { InvalidGrantError, SsoUnavailableError, type EveSsoClient, type SsoTokens } from '../../eve-sso';
import type { Clock } from '../../ports/clock.port';
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from '../http/retry-backoff.policy';
import {
  CharacterGrantError,
  ESI_ERROR_SYNC_STATUS,
  type CharacterAccessToken,
  type CharacterGrantStore,
  type TokenProvider,
} from './token-provider';

export interface RefreshingTokenProviderOptions {
  readonly sso: Pick<EveSsoClient, 'refresh'>;
  readonly grants: CharacterGrantStore;
  readonly clock: Clock;
  /** A token this close to its expiry is refreshed before use, so it cannot expire during a sync's requests. */
  readonly refreshMarginMs?: number;
  /** For an unreachable SSO; an `invalid_grant` is never retried. */
  readonly retry?: RetryPolicy;
  readonly sleep?: (ms: number) => Promise<void>;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Another process (the API beside the sync worker) may have just rotated the refresh token this one used: the SSO
 * refuses the old one before the other has stored the new one. So a refused token that is still the stored one is
 * looked up once more after this long before the character is marked.
 */
export const ROTATION_SETTLE_MS = 2_000;

/**
 * Keeps each character's access token in memory and refreshes it through the SSO when it nears expiry. One
 * refresh per character at a time: the concurrent page requests of a sync share it, which matters because each
 * refresh may rotate the refresh token and a second refresh with the old one could be refused.
 */
export class RefreshingTokenProvider implements TokenProvider {
  private readonly tokens = new Map<number, CharacterAccessToken>();
  /** The refresh token each kept access token's grant was stored with. */
  private readonly grantOf = new Map<number, string>();
  private readonly refreshing = new Map<number, Promise<CharacterAccessToken>>();
  /** Rotated refresh tokens the store failed to keep; used (and stored again) on the next refresh. */
  private readonly unsaved = new Map<number, string>();
  private readonly refreshMarginMs: number;
  private readonly retry: RetryPolicy;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(private readonly options: RefreshingTokenProviderOptions) {
    this.refreshMarginMs = options.refreshMarginMs ?? 60_000;
    this.retry = options.retry ?? { ...DEFAULT_RETRY_POLICY, maxRetries: 2 };
    this.sleep = options.sleep ?? defaultSleep;
  }

  async accessTokenFor(characterId: number, requiredScope?: string): Promise<CharacterAccessToken> {
    const current = this.tokens.get(characterId);
    const nowMs = this.options.clock.now().getTime();
    if (current !== undefined && current.expiresAt.getTime() - this.refreshMarginMs > nowMs) {
      if (requiredScope === undefined || current.scopes.includes(requiredScope)) return current;
      const stored = await this.options.grants.loadRefreshToken(characterId);
      if (stored === undefined || stored === this.grantOf.get(characterId)) return current;
      this.invalidate(characterId, current.accessToken);
    }
    let refresh = this.refreshing.get(characterId);
    if (refresh === undefined) {
      refresh = this.refresh(characterId).finally(() => this.refreshing.delete(characterId));
      this.refreshing.set(characterId, refresh);
    }
    return refresh;
  }

  invalidate(characterId: number, accessToken: string): void {
    if (this.tokens.get(characterId)?.accessToken === accessToken) this.tokens.delete(characterId);
  }

  /** Forget a character (its grant was removed): the next call loads the store again. */
  forget(characterId: number): void {
    this.tokens.delete(characterId);
    this.grantOf.delete(characterId);
    this.unsaved.delete(characterId);
  }

  private async refresh(characterId: number): Promise<CharacterAccessToken> {
    const unsaved = this.unsaved.get(characterId);
    const used = unsaved ?? (await this.options.grants.loadRefreshToken(characterId));
    if (used === undefined) {
      throw new CharacterGrantError(characterId, `Character ${characterId} has no refresh token`);
    }
    const tokens = await this.refreshOrMarkRevoked(characterId, used);
    if (tokens.character.characterId !== characterId) {
      await this.revoked(
        characterId,
        `the refresh token belongs to character ${tokens.character.characterId}`,
      );
    }
    const latest = tokens.refreshToken ?? used;
    if (latest !== used || unsaved !== undefined) {
      this.unsaved.set(characterId, latest);
      await this.options.grants.storeRefreshToken(characterId, latest);
      this.unsaved.delete(characterId);
    }
    const token: CharacterAccessToken = {
      characterId,
      accessToken: tokens.accessToken,
      scopes: tokens.character.scopes,
      expiresAt: tokens.accessTokenExpiresAt,
    };
    this.tokens.set(characterId, token);
    this.grantOf.set(characterId, latest);
    return token;
  }

  private async refreshOrMarkRevoked(
    characterId: number,
    refreshToken: string,
    waitedForRotation = false,
  ): Promise<SsoTokens> {
    try {
      return await this.refreshWithRetries(refreshToken);
    } catch (error) {
      if (!(error instanceof InvalidGrantError)) throw error;
      // A newer stored token (the user authorised the character again, or another process rotated it) is not
      // revoked: refresh with that one.
      let stored = await this.options.grants.loadRefreshToken(characterId);
      if (stored === refreshToken && !waitedForRotation) {
        await this.sleep(ROTATION_SETTLE_MS);
        stored = await this.options.grants.loadRefreshToken(characterId);
      }
      if (stored !== undefined && stored !== refreshToken) {
        this.unsaved.delete(characterId);
        return this.refreshOrMarkRevoked(characterId, stored, true);
      }
      return this.revoked(characterId, error.message, error);
    }
  }

  private async revoked(characterId: number, reason: string, cause?: unknown): Promise<never> {
    this.forget(characterId);
    await this.options.grants.markEsiError(characterId, ESI_ERROR_SYNC_STATUS, reason);
    throw new CharacterGrantError(
      characterId,
      `Character ${characterId} must be authorised again: ${reason}`,
      {
        cause,
      },
    );
  }

  private async refreshWithRetries(refreshToken: string): Promise<SsoTokens> {
    for (let retry = 0; ; retry++) {
      try {
        return await this.options.sso.refresh(refreshToken);
      } catch (error) {
        if (!(error instanceof SsoUnavailableError) || retry >= this.retry.maxRetries) throw error;
        await this.sleep(retryDelayMs(retry + 1, this.retry));
      }
    }
  }
}
