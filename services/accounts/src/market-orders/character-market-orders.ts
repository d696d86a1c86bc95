import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import {
  CHARACTER_MARKET_ORDERS_READ_MODEL,
  ProductScope,
  iskToCents,
  type EsiRegionOrder,
  type StoredMarketOrder,
  type AccountCharacterDto,
  type CharacterMarketOrders,
  type CharacterMarketOrdersDocument,
  type CharacterSimilarOrders,
  type MarketBookOrder,
  type SimilarOrdersRegion,
} from '@tradewise/contracts';
import { CLOCK, READ_MODELS, type AccountSession, type Clock, type ReadModels } from '@tradewise/platform';
import { CharacterEsiAccess } from '../in-game/character-esi-access';
import {
  characterMarketOrder,
  inBookOrder,
  marketBookOrder,
  orderSystemIds,
  storedMarketOrder,
  structureIdsOf,
  typesByRegion,
} from '../in-game/character-orders';
import {
  GAME_NAMES,
  PUBLIC_MARKET_BOOKS,
  type GameNames,
  type PublicMarketBooks,
} from '../in-game/in-game.ports';
import { MarketOrderRecorder } from './market-order-recorder';

/**
 * How far the price status walks a type's book (account-area §4): sells from the lowest up to the character's
 * highest sell, buys from the highest down to its lowest buy. Orders beyond can decide nothing, and a hub's book
 * of a common item holds hundreds of them.
 */
interface BookReach {
  readonly highestSellCents: number | null;
  readonly lowestBuyCents: number | null;
}

function widened(reach: BookReach | undefined, order: StoredMarketOrder): BookReach {
  const { highestSellCents = null, lowestBuyCents = null } = reach ?? {};
  return order.isBuyOrder
    ? {
        highestSellCents,
        lowestBuyCents: Math.min(lowestBuyCents ?? order.priceCents, order.priceCents),
      }
    : {
        highestSellCents: Math.max(highestSellCents ?? order.priceCents, order.priceCents),
        lowestBuyCents,
      };
}

function walkedPast(reach: BookReach | undefined, order: EsiRegionOrder): boolean {
  const priceCents = iskToCents(order.price);
  if (order.is_buy_order) return reach?.lowestBuyCents == null || priceCents < reach.lowestBuyCents;
  return reach?.highestSellCents == null || priceCents > reach.highestSellCents;
}

/** Refresh Orders before ESI's expiry of the last read: ESI would answer from its cache (account-area §4). */
export class MarketOrdersRefreshTooSoonException extends HttpException {
  constructor(readonly retryAfterSeconds: number) {
    super(
      {
        message: `The orders were read less than ESI's cache time ago; refresh again in ${retryAfterSeconds} s.`,
        code: 'MARKET_ORDERS_REFRESH_TOO_SOON',
      },
      HttpStatus.TOO_MANY_REQUESTS,
    );
  }
}

/**
 * A character's open market orders (account-area §2 Market Orders, §7): read from ESI with its own token on Refresh
 * Orders (and by the sync), recorded as events, served from the read model with names and jumps; and the public
 * books of the types it trades, from the market context's shared cache.
 */
@Injectable()
export class CharacterMarketOrdersService {
  constructor(
    @Inject(CharacterEsiAccess) private readonly access: CharacterEsiAccess,
    @Inject(GAME_NAMES) private readonly names: GameNames,
    @Inject(PUBLIC_MARKET_BOOKS) private readonly books: PublicMarketBooks,
    @Inject(MarketOrderRecorder) private readonly recorder: MarketOrderRecorder,
    @Inject(READ_MODELS) private readonly readModels: ReadModels,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Refresh Orders: a new read of ESI, refused while the last one is within ESI's cache time. */
  async refresh(session: AccountSession, characterId: number): Promise<CharacterMarketOrders> {
    const character = await this.orderReader(session, characterId);
    const stored = await this.document(characterId);
    const waitMs = stored ? Date.parse(stored.expires) - this.clock.now().getTime() : 0;
    if (waitMs > 0) throw new MarketOrdersRefreshTooSoonException(Math.ceil(waitMs / 1000));
    const read = await this.read(character, session.accountId);
    return this.answer(character, read);
  }

  /** The orders of the last read; the first call for a character reads them. */
  async orders(session: AccountSession, characterId: number): Promise<CharacterMarketOrders> {
    const character = await this.orderReader(session, characterId);
    const stored = (await this.document(characterId)) ?? (await this.read(character, session.accountId));
    return this.answer(character, stored);
  }

  /**
   * The public books of each type the character has an open order of, in that order's region, as far as the price
   * status walks them (sells at or below the character's highest sell of the type, buys at or above its lowest
   * buy); `expires` is the earliest region's, when Refresh Prices may read anew.
   */
  async similar(session: AccountSession, characterId: number): Promise<CharacterSimilarOrders> {
    const character = await this.orderReader(session, characterId);
    const stored = (await this.document(characterId)) ?? (await this.read(character, session.accountId));
    const reach = new Map<string, BookReach>();
    for (const order of stored.orders) {
      const key = `${order.regionId}:${order.typeId}`;
      reach.set(key, widened(reach.get(key), order));
    }
    const regions = await Promise.all(
      [...typesByRegion(stored.orders)].map(async ([regionId, typeIds]) => {
        const books = await this.access.call(character, () => this.books.typeBooks(regionId, typeIds));
        return { regionId, books: [...books.values()] };
      }),
    );
    const marketOrders: MarketBookOrder[] = [];
    const regionMetadata: SimilarOrdersRegion[] = [];
    for (const { regionId, books } of regions.sort((a, b) => a.regionId - b.regionId)) {
      for (const book of books) {
        for (const order of book.orders) {
          if (walkedPast(reach.get(`${regionId}:${order.type_id}`), order)) continue;
          marketOrders.push(marketBookOrder(order, regionId));
        }
      }
      const expiresMs = Math.min(...books.map((book) => book.freshUntil.getTime()));
      regionMetadata.push({
        regionId,
        regionName: this.names.regionName(regionId) ?? `Region ${regionId}`,
        expires: new Date(expiresMs).toISOString(),
      });
    }
    marketOrders.sort(inBookOrder);
    const expires =
      regionMetadata.length > 0
        ? new Date(Math.min(...regionMetadata.map((region) => Date.parse(region.expires)))).toISOString()
        : stored.expires;
    return { expires, marketOrders, regionMetadata };
  }

  /** Reads the orders from ESI and records what changed; the read model has them before this returns. */
  async read(character: AccountCharacterDto, accountId: string): Promise<CharacterMarketOrdersDocument> {
    const answer = await this.access.call(character, (esi) => esi.getCharacterOrders(character.id));
    const places = await this.access.structurePlaces(character, structureIdsOf(answer.data));
    const document = await this.recorder.record(
      {
        accountId,
        characterName: character.name,
        actor: `account:${accountId}`,
        orderHistory: async () =>
          (await this.access.call(character, (esi) => esi.getCharacterOrderHistory(character.id))).data,
      },
      {
        type: 'RecordMarketOrders',
        characterId: character.id,
        readAt: this.clock.now().toISOString(),
        expires: answer.freshUntil.toISOString(),
        orders: answer.data.map((order) => storedMarketOrder(order, places)),
      },
    );
    if (!document) throw new Error(`The orders of character ${character.id} were recorded but not projected`);
    return document;
  }

  private async orderReader(session: AccountSession, characterId: number): Promise<AccountCharacterDto> {
    const character = await this.access.ownCharacter(session, characterId);
    this.access.requireScope(character, ProductScope.characterOrders);
    return character;
  }

  private answer(
    character: AccountCharacterDto,
    stored: CharacterMarketOrdersDocument,
  ): CharacterMarketOrders {
    const systems = orderSystemIds(stored.orders, this.names);
    const from = character.systemId ?? null;
    const counts = from === null ? [] : this.names.jumps(from, systems);
    const jumpsTo = new Map(systems.map((systemId, index) => [systemId, counts[index] ?? null]));
    return {
      expires: stored.expires,
      data: stored.orders.map((order) => characterMarketOrder(order, this.names, jumpsTo)),
    };
  }

  private async document(characterId: number): Promise<CharacterMarketOrdersDocument | null> {
    const documents = await this.readModels.serving<CharacterMarketOrdersDocument>(
      CHARACTER_MARKET_ORDERS_READ_MODEL,
    );
    return documents ? documents.findOne({ _id: String(characterId) }) : null;
  }
}
