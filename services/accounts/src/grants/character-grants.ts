import { Inject, Injectable } from '@nestjs/common';
import { CLOCK, READ_STORE, type Clock, type ReadStore, type TokenCipher } from '@tradewise/platform';

export const CHARACTER_GRANTS_COLLECTION = 'character_grants';
/** DI token of the {@link TokenCipher} refresh tokens are encrypted with. */
export const GRANT_CIPHER = Symbol('GRANT_CIPHER');

interface GrantDocument {
  /** The character id. */
  readonly _id: string;
  readonly accountId: string;
  /** AES-256-GCM, authenticated with the character id (a value copied to another row does not decrypt). */
  readonly refreshToken: string;
  readonly scopes: readonly string[];
  readonly updatedAt: string;
}

const context = (characterId: number): string => `character:${characterId}`;

/**
 * The refresh tokens of linked characters, encrypted at rest. Kept beside the event log, not in it: a token
 * rotates on every refresh and must be erasable, while events are forever. The sync worker reads it as its
 * `CharacterGrantStore`.
 */
@Injectable()
export class CharacterGrants {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(GRANT_CIPHER) private readonly cipher: TokenCipher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  private get grants() {
    return this.readStore.collection<GrantDocument>(CHARACTER_GRANTS_COLLECTION);
  }

  async save(
    characterId: number,
    accountId: string,
    refreshToken: string,
    scopes: readonly string[],
  ): Promise<void> {
    await this.grants.replaceOne(
      { _id: String(characterId) },
      {
        _id: String(characterId),
        accountId,
        refreshToken: this.cipher.encrypt(refreshToken, context(characterId)),
        scopes: [...scopes],
        updatedAt: this.clock.now().toISOString(),
      },
      { upsert: true },
    );
  }

  async loadRefreshToken(characterId: number): Promise<string | undefined> {
    const grant = await this.grants.findOne({ _id: String(characterId) });
    return grant ? this.cipher.decrypt(grant.refreshToken, context(characterId)) : undefined;
  }

  async storeRefreshToken(characterId: number, refreshToken: string): Promise<void> {
    await this.grants.updateOne(
      { _id: String(characterId) },
      {
        $set: {
          refreshToken: this.cipher.encrypt(refreshToken, context(characterId)),
          updatedAt: this.clock.now().toISOString(),
        },
      },
    );
  }

  async accountOf(characterId: number): Promise<string | undefined> {
    return (await this.grants.findOne({ _id: String(characterId) }))?.accountId;
  }

  /** Forgets the grant; returns the refresh token so it can be revoked at the SSO. */
  async remove(characterId: number): Promise<string | undefined> {
    const refreshToken = await this.loadRefreshToken(characterId).catch(() => undefined);
    await this.grants.deleteOne({ _id: String(characterId) });
    return refreshToken;
  }
}
