import type { Clock, Logger, ReadStore, TokenCipher } from '@tradewise/platform';

export const SERVICE_CHARACTER_GRANT_COLLECTION = 'service_character_grant';

/** The one service character of the product's corporation the deposit sync reads its wallet journal with. */
export interface ServiceCharacter {
  readonly characterId: number;
  readonly characterName: string;
  readonly corporationId: number;
  readonly scopes: readonly string[];
  readonly linkedAt: string;
  /** Why the SSO last refused its grant; null while it works. */
  readonly esiError: string | null;
}

interface ServiceGrantDocument extends ServiceCharacter {
  /** Always `product`: one service character at a time. */
  readonly _id: string;
  /** AES-256-GCM, authenticated with `service-character:<id>`. */
  readonly refreshToken: string;
}

const ID = 'product';
const context = (characterId: number): string => `service-character:${characterId}`;

/**
 * The operator's service character and its refresh token, encrypted at rest like the players' grants (beside the
 * log: a token rotates and must be erasable). It is the deposit sync's `CharacterGrantStore`; linking another
 * character replaces it.
 */
export class ServiceCharacterGrant {
  constructor(
    private readonly readStore: ReadStore,
    private readonly cipher: TokenCipher,
    private readonly clock: Clock,
    private readonly logger?: Logger,
  ) {}

  private get grants() {
    return this.readStore.collection<ServiceGrantDocument>(SERVICE_CHARACTER_GRANT_COLLECTION);
  }

  async save(
    character: Omit<ServiceCharacter, 'linkedAt' | 'esiError'>,
    refreshToken: string,
  ): Promise<ServiceCharacter> {
    const document: ServiceGrantDocument = {
      _id: ID,
      characterId: character.characterId,
      characterName: character.characterName,
      corporationId: character.corporationId,
      scopes: [...character.scopes],
      linkedAt: this.clock.now().toISOString(),
      esiError: null,
      refreshToken: this.cipher.encrypt(refreshToken, context(character.characterId)),
    };
    await this.grants.replaceOne({ _id: ID }, document, { upsert: true });
    const { _id: _ignored, refreshToken: _secret, ...linked } = document;
    return linked;
  }

  async current(): Promise<ServiceCharacter | null> {
    const document = await this.grants.findOne({ _id: ID });
    if (!document) return null;
    const { _id: _ignored, refreshToken: _secret, ...linked } = document;
    return linked;
  }

  async loadRefreshToken(characterId: number): Promise<string | undefined> {
    const grant = await this.grants.findOne({ _id: ID, characterId });
    return grant ? this.cipher.decrypt(grant.refreshToken, context(characterId)) : undefined;
  }

  async storeRefreshToken(characterId: number, refreshToken: string): Promise<void> {
    await this.grants.updateOne(
      { _id: ID, characterId },
      { $set: { refreshToken: this.cipher.encrypt(refreshToken, context(characterId)) } },
    );
  }

  /** The SSO refused the grant: deposits wait (nothing is lost) until the operator links the character again. */
  async markEsiError(characterId: number, _status: string, reason: string): Promise<void> {
    await this.grants.updateOne({ _id: ID, characterId }, { $set: { esiError: reason } });
    this.logger?.error(
      { characterId, reason },
      'The service character grant was refused: link it again (npm run admin -- service-character-login)',
    );
  }
}
