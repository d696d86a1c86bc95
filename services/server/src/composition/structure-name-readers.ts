import type { AccountQueries, CharacterEsi } from '@tradewise/accounts';
import { ProductScope } from '@tradewise/contracts';
import type { StructureNameReader, StructureNameReaders } from '@tradewise/market';
import type { Clock } from '@tradewise/platform';

/** A chosen reader is asked again after this, so a character unlinked since stops being used. */
const CHOICE_KEPT_MS = 10 * 60_000;
/** While nobody has granted the scope, the accounts are asked at most this often. */
const NOBODY_KEPT_MS = 5_000;
/** A character whose grant failed is passed over this long (the user may authorise it again). */
const REFUSED_FOR_MS = 60 * 60_000;
/** Accounts looked at per choice; any one character with the scope will do. */
const ACCOUNTS_ASKED = 50;

/**
 * Names of public structures are asked with the token of any character a user linked with
 * esi-universe.read_structures.v1 (the login asks for it): accounts know the characters, the in-game ESI client
 * holds their grants.
 */
export class LinkedCharacterStructureNameReaders implements StructureNameReaders {
  private choice: { reader: StructureNameReader | undefined; until: number } | undefined;
  private readonly refusedUntil = new Map<number, number>();

  constructor(
    private readonly accounts: Pick<AccountQueries, 'charactersWithScope'>,
    private readonly characterEsi: Pick<CharacterEsi, 'client'>,
    private readonly clock: Clock,
  ) {}

  async current(): Promise<StructureNameReader | undefined> {
    const now = this.clock.now().getTime();
    if (this.choice && this.choice.until > now) return this.choice.reader;
    const candidates = await this.accounts.charactersWithScope(ProductScope.readStructures, ACCOUNTS_ASKED);
    const characterId = candidates.find((id) => (this.refusedUntil.get(id) ?? 0) <= now);
    const reader =
      characterId === undefined ? undefined : { characterId, client: () => this.characterEsi.client() };
    this.choice = { reader, until: now + (reader ? CHOICE_KEPT_MS : NOBODY_KEPT_MS) };
    return reader;
  }

  refused(characterId: number): void {
    this.refusedUntil.set(characterId, this.clock.now().getTime() + REFUSED_FOR_MS);
    if (this.choice?.reader?.characterId === characterId) this.choice = undefined;
  }
}
