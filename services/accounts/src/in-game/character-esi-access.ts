import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { ProductScope, type AccountCharacterDto, type SubscriptionTier } from '@tradewise/contracts';
import {
  CLOCK,
  EsiCallError,
  EsiMissingScopeError,
  LOGGER,
  type AccountSession,
  type Clock,
  type EsiClient,
  type Logger,
} from '@tradewise/platform';
import { AccountQueries } from '../account/account-queries';
import type { StructurePlace } from './character-orders';
import { esiFailure, scopeRequired } from './in-game-errors';
import { CHARACTER_ESI, type CharacterEsi } from './in-game.ports';

/** A structure ESI would not name to a character is asked about again after this (each refusal costs error budget). */
const UNNAMED_STRUCTURE_RETRY_MS = 60 * 60_000;
const TRANSIENT_RETRY_MS = 60_000;
const UNNAMED_STRUCTURES_KEPT = 10_000;

function scopesOf(character: AccountCharacterDto): string[] {
  return character.esiScopes.split(',').filter(Boolean);
}

/**
 * What every call through a character's own token checks and shares: the character is on the session's account
 * (404), it granted the scope (403), ESI failures become the 4xx or 5xx the UI shows, and the structures ESI
 * would not name to it are not asked about again for a while.
 */
@Injectable()
export class CharacterEsiAccess {
  /** `<character>:<structure>` → when to ask ESI for the structure's name again. */
  private readonly unnamedStructures = new Map<string, number>();

  constructor(
    @Inject(CHARACTER_ESI) private readonly characterEsi: CharacterEsi,
    @Inject(AccountQueries) private readonly queries: AccountQueries,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async ownCharacter(session: AccountSession, characterId: number): Promise<AccountCharacterDto> {
    return (await this.ownCharacterWithTier(session, characterId)).character;
  }

  async ownCharacterWithTier(
    session: AccountSession,
    characterId: number,
  ): Promise<{ character: AccountCharacterDto; tier: SubscriptionTier }> {
    const owned = await this.queries.characterWithTier(session.accountId, characterId);
    if (!owned) throw new NotFoundException(`Character ${characterId} is not on your account.`);
    return owned;
  }

  requireScope(character: AccountCharacterDto, scope: string): void {
    if (!scopesOf(character).includes(scope)) throw scopeRequired(character.name, scope);
  }

  async call<T>(character: AccountCharacterDto, call: (esi: EsiClient) => Promise<T>): Promise<T> {
    const esi = this.characterEsi.client();
    try {
      try {
        return await call(esi);
      } catch (error) {
        if (!(error instanceof EsiMissingScopeError)) throw error;
        // The account has the scope, so the character was authorised again with it after the access token in
        // memory was issued: a fresh token carries it.
        this.characterEsi.forgetToken(character.id);
        return await call(esi);
      }
    } catch (error) {
      throw esiFailure(error, character.name, this.clock);
    }
  }

  /** Structures ESI names to the character (it needs docking access); the others stay unnamed. */
  async structurePlaces(
    character: AccountCharacterDto,
    structureIds: readonly number[],
  ): Promise<ReadonlyMap<number, StructurePlace>> {
    const places = new Map<number, StructurePlace>();
    if (structureIds.length === 0 || !scopesOf(character).includes(ProductScope.readStructures))
      return places;
    const nowMs = this.clock.now().getTime();
    const wanted = [...new Set(structureIds)].filter(
      (structureId) => (this.unnamedStructures.get(`${character.id}:${structureId}`) ?? 0) <= nowMs,
    );
    const esi = this.characterEsi.client();
    await Promise.all(
      wanted.map(async (structureId) => {
        try {
          const { data } = await esi.getStructure(character.id, structureId);
          places.set(structureId, { name: data.name, systemId: data.solar_system_id });
        } catch (error) {
          this.logger.debug({ err: error, structureId }, 'ESI did not name a structure to its character');
          const transient = !(error instanceof EsiCallError) || error.transient;
          this.rememberUnnamed(
            character.id,
            structureId,
            transient ? TRANSIENT_RETRY_MS : UNNAMED_STRUCTURE_RETRY_MS,
          );
        }
      }),
    );
    return places;
  }

  private rememberUnnamed(characterId: number, structureId: number, forMs: number): void {
    const nowMs = this.clock.now().getTime();
    if (this.unnamedStructures.size >= UNNAMED_STRUCTURES_KEPT) {
      for (const [key, retryAt] of this.unnamedStructures) {
        if (retryAt <= nowMs) this.unnamedStructures.delete(key);
      }
    }
    if (this.unnamedStructures.size < UNNAMED_STRUCTURES_KEPT) {
      this.unnamedStructures.set(`${characterId}:${structureId}`, nowMs + forMs);
    }
  }
}
