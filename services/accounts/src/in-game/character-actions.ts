import {
  BadGatewayException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ProductScope,
  characterRouteUpdateSchema,
  iskToCents,
  tierPolicy,
  type CharacterLocation,
  type CharacterSimilarPrivateOrders,
  type CharacterSkills,
  type CharacterWalletBalance,
} from '@tradewise/contracts';
import { CLOCK, parseBody, type AccountSession, type Clock } from '@tradewise/platform';
import { asHttpError, AccountRuleHttpException } from '../account/account-errors';
import { AccountQueries } from '../account/account-queries';
import { walletRefreshTooSoon } from '../account/account.decider';
import { ChangeAccount } from '../account/change-account.handler';
import { CharacterEsiAccess } from './character-esi-access';
import { structureIdsOf } from './character-orders';
import { subscriberOnly, UiRequestTooFastException } from './in-game-errors';
import {
  GAME_NAMES,
  PRIVATE_MARKETS,
  type AccountStructureMarket,
  type GameNames,
  type PrivateMarkets,
} from './in-game.ports';
import { similarPrivateOrders } from './private-prices';
import { UiRequestLimiter } from './ui-request-limiter';

/**
 * What the owner does in the game through a character's own ESI token (account-area §7, public-tools §2): refresh
 * its wallet balance, read its location, read the markets of the structures it trades in, open a market window
 * and set waypoints in its client. UI actions are limited to one a second per account (420).
 */
@Injectable()
export class CharacterActions {
  private readonly uiRequests: UiRequestLimiter;

  constructor(
    @Inject(CharacterEsiAccess) private readonly access: CharacterEsiAccess,
    @Inject(GAME_NAMES) private readonly names: GameNames,
    @Inject(PRIVATE_MARKETS) private readonly privateMarkets: PrivateMarkets,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountQueries) private readonly queries: AccountQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {
    this.uiRequests = new UiRequestLimiter(clock);
  }

  /** Reads the balance from ESI at most every 2 minutes (spec §4) and records it on the account. */
  async updateWallet(session: AccountSession, characterId: number): Promise<CharacterWalletBalance> {
    const scope = ProductScope.characterWallet;
    const character = await this.access.ownCharacter(session, characterId);
    this.access.requireScope(character, scope);
    const tooSoon = walletRefreshTooSoon(character.lastWalletBalanceUpdate, this.clock.now().getTime());
    if (tooSoon) throw new AccountRuleHttpException(tooSoon);
    const { data: balance } = await this.access.call(character, (esi) => esi.getWalletBalance(characterId));
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
    const character = await this.access.ownCharacter(session, characterId);
    this.access.requireScope(character, ProductScope.location);
    const { data } = await this.access.call(character, (esi) => esi.getCharacterLocation(characterId));
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

  /** The character's skill sheet, read anew (ESI caches it 2 minutes), for the industry calculator. */
  async skills(session: AccountSession, characterId: number): Promise<CharacterSkills> {
    const character = await this.access.ownCharacter(session, characterId);
    this.access.requireScope(character, ProductScope.skills);
    const { data } = await this.access.call(character, (esi) => esi.getCharacterSkills(characterId));
    return {
      characterId,
      skills: Object.fromEntries(
        data.skills.map((skill) => [String(skill.skill_id), skill.active_skill_level]),
      ),
      readAt: this.clock.now().toISOString(),
    };
  }

  /** The body is read only after the character is known to be the owner's, so a stranger learns nothing. */
  async updateRoute(session: AccountSession, characterId: number, body: unknown): Promise<void> {
    const character = await this.access.ownCharacter(session, characterId);
    const waypoint = parseBody(characterRouteUpdateSchema, body);
    this.access.requireScope(character, ProductScope.writeWaypoint);
    this.admitUiRequest(session);
    await this.access.call(character, (esi) => esi.setAutopilotWaypoint(characterId, waypoint));
  }

  async openMarketDetails(session: AccountSession, characterId: number, typeId: number): Promise<void> {
    const character = await this.access.ownCharacter(session, characterId);
    if (this.names.typeName(typeId) === null) {
      throw new NotFoundException(`There is no item type ${typeId}.`);
    }
    this.access.requireScope(character, ProductScope.openWindow);
    this.admitUiRequest(session);
    await this.access.call(character, (esi) => esi.openMarketDetailsWindow(characterId, typeId));
  }

  /**
   * Private prices (account-area §2, §4): the markets of the structures where the character has open orders, read
   * with its own token, for subscribers. Refresh Private Prices may read again at `expires`.
   */
  async similarPrivateOrders(
    session: AccountSession,
    characterId: number,
  ): Promise<CharacterSimilarPrivateOrders> {
    const { character, tier } = await this.access.ownCharacterWithTier(session, characterId);
    if (!tierPolicy(tier).privateStructurePrices) throw subscriberOnly();
    this.access.requireScope(character, ProductScope.characterOrders);
    this.access.requireScope(character, ProductScope.structureMarkets);
    const orders = await this.access.call(character, (esi) => esi.getCharacterOrders(characterId));
    const structureIds = structureIdsOf(orders.data);
    const [reads, places] = await Promise.all([
      this.access.call(character, (esi) => this.privateMarkets.read(characterId, esi, structureIds)),
      this.access.structurePlaces(character, structureIds),
    ]);
    return similarPrivateOrders({
      orders: orders.data,
      ordersFreshUntil: orders.freshUntil,
      reads,
      places,
      now: this.clock.now(),
    });
  }

  /**
   * One structure's market read with the token of one of the account's characters that granted
   * esi-markets.structure_markets.v1 (the appraisal priced at a player structure): the session's own character
   * first, then the others, until one may use the market. No such character: 403 naming Update Scopes; ESI refusing
   * them all (no docking access, or no market there): 403; ESI not answering: 502.
   */
  async structureMarket(session: AccountSession, structureId: number): Promise<AccountStructureMarket> {
    const characters = (await this.queries.characters(session.accountId))
      .filter((character) => character.esiScopes.split(',').includes(ProductScope.structureMarkets))
      .sort((a, b) => Number(b.id === session.characterId) - Number(a.id === session.characterId));
    if (characters.length === 0) {
      throw new ForbiddenException({
        message:
          `Additional ESI scopes required: none of your characters has granted ${ProductScope.structureMarkets}. ` +
          'Use Update Scopes on the Account page to let a character read structure markets.',
        code: 'ESI_SCOPE_REQUIRED',
      });
    }
    let unavailable = false;
    for (const character of characters) {
      const reads = await this.access.call(character, (esi) =>
        this.privateMarkets.read(character.id, esi, [structureId]),
      );
      const read = reads.get(structureId);
      if (read?.status === 'READ') {
        const places = await this.access.structurePlaces(character, [structureId]);
        return {
          structureId,
          characterId: character.id,
          orders: read.book.orders,
          place: places.get(structureId) ?? null,
        };
      }
      if (read?.status === 'UNAVAILABLE') unavailable = true;
    }
    if (unavailable) {
      throw new BadGatewayException(
        "The game's API (ESI) did not answer for this structure's market; try again in a moment.",
      );
    }
    throw new ForbiddenException({
      message:
        "None of your characters may use this structure's market: ESI shows it only to characters who may dock there.",
      code: 'STRUCTURE_MARKET_NO_ACCESS',
    });
  }

  private admitUiRequest(session: AccountSession): void {
    if (!this.uiRequests.tryAdmit(session.accountId)) throw new UiRequestTooFastException();
  }
}
