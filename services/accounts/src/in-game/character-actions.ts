import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ProductScope,
  characterRouteUpdateSchema,
  iskToCents,
  tierPolicy,
  type AccountCharacterDto,
  type CharacterLocation,
  type CharacterMarketOrders,
  type CharacterSimilarPrivateOrders,
  type CharacterWalletBalance,
  type SubscriptionTier,
} from '@tradewise/contracts';
import {
  CLOCK,
  EsiCallError,
  EsiMissingScopeError,
  LOGGER,
  parseBody,
  type AccountSession,
  type Clock,
  type EsiClient,
  type Logger,
} from '@tradewise/platform';
import { asHttpError, AccountRuleHttpException } from '../account/account-errors';
import { AccountQueries } from '../account/account-queries';
import { walletRefreshTooSoon } from '../account/account.decider';
import { ChangeAccount } from '../account/change-account.handler';
import { characterMarketOrder, structureIdsOf, type StructurePlace } from './character-orders';
import { esiFailure, scopeRequired, subscriberOnly, UiRequestTooFastException } from './in-game-errors';
import {
  CHARACTER_ESI,
  GAME_NAMES,
  PRIVATE_MARKETS,
  type CharacterEsi,
  type GameNames,
  type PrivateMarkets,
} from './in-game.ports';
import { similarPrivateOrders } from './private-prices';
import { UiRequestLimiter } from './ui-request-limiter';

/** A structure ESI would not name to a character is asked about again after this (each refusal costs error budget). */
const UNNAMED_STRUCTURE_RETRY_MS = 60 * 60_000;
const TRANSIENT_RETRY_MS = 60_000;
const UNNAMED_STRUCTURES_KEPT = 10_000;

function scopesOf(character: AccountCharacterDto): string[] {
  return character.esiScopes.split(',').filter(Boolean);
}

/**
 * What the owner does in the game through a character's own ESI token (account-area §7, public-tools §2): refresh
 * its wallet balance, read its location and open orders, open a market window and set waypoints in its client.
 * Each action checks that the character is on the session's account (404) and granted the scope (403) before
 * ESI is asked; UI actions are limited to one a second per account (420).
 */
@Injectable()
export class CharacterActions {
  private readonly uiRequests: UiRequestLimiter;
  /** `<character>:<structure>` → when to ask ESI for the structure's name again. */
  private readonly unnamedStructures = new Map<string, number>();

  constructor(
    @Inject(CHARACTER_ESI) private readonly characterEsi: CharacterEsi,
    @Inject(GAME_NAMES) private readonly names: GameNames,
    @Inject(PRIVATE_MARKETS) private readonly privateMarkets: PrivateMarkets,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountQueries) private readonly queries: AccountQueries,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.uiRequests = new UiRequestLimiter(clock);
  }

  /** Reads the balance from ESI at most every 2 minutes (spec §4) and records it on the account. */
  async updateWallet(session: AccountSession, characterId: number): Promise<CharacterWalletBalance> {
    const scope = ProductScope.characterWallet;
    const character = await this.ownCharacter(session, characterId);
    this.requireScope(character, scope);
    const tooSoon = walletRefreshTooSoon(character.lastWalletBalanceUpdate, this.clock.now().getTime());
    if (tooSoon) throw new AccountRuleHttpException(tooSoon);
    const { data: balance } = await this.callEsi(character, (esi) => esi.getWalletBalance(characterId));
    const readAt = this.clock.now().toISOString();
    const balanceCents = iskToCents(balance);
    const { position } = await asHttpError(
      this.commands.execute(
        new ChangeAccount(
          session.accountId,
          { type: 'RecordWalletBalance', characterId, balanceCents, readAt },
          `account:${session.accountId}`,
        ),
      ),
    );
    // The answer and the next GET /account agree: the read model has the balance before we answer.
    await this.queries.character(session.accountId, characterId, position);
    return { walletBalance: balanceCents / 100, lastWalletBalanceUpdate: readAt };
  }

  async updateLocation(session: AccountSession, characterId: number): Promise<CharacterLocation> {
    const character = await this.ownCharacter(session, characterId);
    this.requireScope(character, ProductScope.location);
    const { data } = await this.callEsi(character, (esi) => esi.getCharacterLocation(characterId));
    const systemId = data.solar_system_id;
    const systemName = this.names.system(systemId)?.systemName ?? `System ${systemId}`;
    const readAt = this.clock.now().toISOString();
    const { position } = await asHttpError(
      this.commands.execute(
        new ChangeAccount(
          session.accountId,
          { type: 'RecordLocation', characterId, systemId, systemName, readAt },
          `account:${session.accountId}`,
        ),
      ),
    );
    // GET /account shows the place the answer names (spec §3 character systemId, systemName).
    if (position !== null) await this.queries.character(session.accountId, characterId, position);
    return { systemId, systemName };
  }

  /** The body is read only after the character is known to be the owner's, so a stranger learns nothing. */
  async updateRoute(session: AccountSession, characterId: number, body: unknown): Promise<void> {
    const character = await this.ownCharacter(session, characterId);
    const waypoint = parseBody(characterRouteUpdateSchema, body);
    this.requireScope(character, ProductScope.writeWaypoint);
    this.admitUiRequest(session);
    await this.callEsi(character, (esi) => esi.setAutopilotWaypoint(characterId, waypoint));
  }

  async openMarketDetails(session: AccountSession, characterId: number, typeId: number): Promise<void> {
    const character = await this.ownCharacter(session, characterId);
    if (this.names.typeName(typeId) === null) {
      throw new NotFoundException(`There is no item type ${typeId}.`);
    }
    this.requireScope(character, ProductScope.openWindow);
    this.admitUiRequest(session);
    await this.callEsi(character, (esi) => esi.openMarketDetailsWindow(characterId, typeId));
  }

  /** The open orders, named; `expires` is ESI's: asking again before it is answered from the cache. */
  async marketOrders(session: AccountSession, characterId: number): Promise<CharacterMarketOrders> {
    const character = await this.ownCharacter(session, characterId);
    this.requireScope(character, ProductScope.characterOrders);
    const orders = await this.callEsi(character, (esi) => esi.getCharacterOrders(characterId));
    const structures = await this.structurePlaces(character, structureIdsOf(orders.data));
    return {
      expires: orders.freshUntil.toISOString(),
      data: orders.data.map((order) => characterMarketOrder(order, this.names, structures)),
    };
  }

  /**
   * Private prices (account-area §2, §4): the markets of the structures where the character has open orders, read
   * with its own token, for subscribers. Refresh Private Prices may read again at `expires`.
   */
  async similarPrivateOrders(
    session: AccountSession,
    characterId: number,
  ): Promise<CharacterSimilarPrivateOrders> {
    const { character, tier } = await this.ownCharacterWithTier(session, characterId);
    if (!tierPolicy(tier).privateStructurePrices) throw subscriberOnly();
    this.requireScope(character, ProductScope.characterOrders);
    this.requireScope(character, ProductScope.structureMarkets);
    const orders = await this.callEsi(character, (esi) => esi.getCharacterOrders(characterId));
    const structureIds = structureIdsOf(orders.data);
    const [reads, places] = await Promise.all([
      this.callEsi(character, (esi) => this.privateMarkets.read(characterId, esi, structureIds)),
      this.structurePlaces(character, structureIds),
    ]);
    return similarPrivateOrders({
      orders: orders.data,
      ordersFreshUntil: orders.freshUntil,
      reads,
      places,
      now: this.clock.now(),
    });
  }

  private async ownCharacter(session: AccountSession, characterId: number): Promise<AccountCharacterDto> {
    return (await this.ownCharacterWithTier(session, characterId)).character;
  }

  private async ownCharacterWithTier(
    session: AccountSession,
    characterId: number,
  ): Promise<{ character: AccountCharacterDto; tier: SubscriptionTier }> {
    const owned = await this.queries.characterWithTier(session.accountId, characterId);
    if (!owned) throw new NotFoundException(`Character ${characterId} is not on your account.`);
    return owned;
  }

  private requireScope(character: AccountCharacterDto, scope: string): void {
    if (!scopesOf(character).includes(scope)) throw scopeRequired(character.name, scope);
  }

  private admitUiRequest(session: AccountSession): void {
    if (!this.uiRequests.tryAdmit(session.accountId)) throw new UiRequestTooFastException();
  }

  private async callEsi<T>(character: AccountCharacterDto, call: (esi: EsiClient) => Promise<T>): Promise<T> {
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
  private async structurePlaces(
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
