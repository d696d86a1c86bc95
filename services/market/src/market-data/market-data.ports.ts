import type {
  EsiIndustrySystem,
  EsiMarketPrice,
  EsiRegionOrder,
  EsiStructureOrder,
} from '@tradewise/contracts';
import type { AccountSession, EsiClient, EsiResult } from '@tradewise/platform';

/**
 * The ESI client for public routes (no character token). A function because the demo's mounted simulator has an
 * address only once the server listens.
 */
export const PUBLIC_ESI = Symbol('PUBLIC_ESI');
export interface PublicEsi {
  client(): EsiClient;
}

/** One type's orders in one region, as ESI last answered, with the time the answer stays fresh. */
export interface TypeOrderBook {
  readonly regionId: number;
  readonly typeId: number;
  readonly orders: readonly EsiRegionOrder[];
  /** When ESI answered (our clock). */
  readonly fetchedAt: Date;
  /** ESI's Expires: asking again before it is answered from the cache. */
  readonly freshUntil: Date;
}

/** Regional order books, cached until ESI's expiry (implemented in market-data). */
export const MARKET_ORDER_BOOKS = Symbol('MARKET_ORDER_BOOKS');
export interface MarketOrderBooks {
  /** Throws UnknownRegionError for a region the static data does not know or that has no market (abyssal, void). */
  typeBook(regionId: number, typeId: number): Promise<TypeOrderBook>;
  /** Many types of one region at once (an appraisal, a bill of materials); fetched concurrently, cached alike. */
  typeBooks(regionId: number, typeIds: readonly number[]): Promise<ReadonlyMap<number, TypeOrderBook>>;
}

/** GET /markets/prices (average and adjusted prices), cached until ESI's expiry. */
export const MARKET_PRICES = Symbol('MARKET_PRICES');
export interface MarketPrices {
  prices(): Promise<{ readonly fetchedAt: Date; readonly byType: ReadonlyMap<number, EsiMarketPrice> }>;
}

/** GET /industry/systems (cost indices per system and activity), cached until ESI's expiry. */
export const INDUSTRY_COST_INDICES = Symbol('INDUSTRY_COST_INDICES');
export interface IndustryCostIndices {
  systems(): Promise<{ readonly fetchedAt: Date; readonly bySystem: ReadonlyMap<number, EsiIndustrySystem> }>;
}

/**
 * A character whose token carries esi-universe.read_structures.v1: ESI names a structure only to a character
 * who may dock there, even a public one.
 */
export interface StructureNameReader {
  readonly characterId: number;
  /** An ESI client whose token provider holds that character's grant. */
  client(): EsiClient;
}

/** Chooses the {@link StructureNameReader} among the characters users linked (the composition root knows them). */
export interface StructureNameReaders {
  /** A character that granted the scope; undefined while none has. */
  current(): Promise<StructureNameReader | undefined>;
  /** ESI or the SSO refused the reader's grant (revoked, scope removed): choose another from now on. */
  refused(characterId: number): void;
}

/** Nobody can name structures: their names stay empty. */
export const NO_STRUCTURE_NAME_READERS: StructureNameReaders = {
  current: () => Promise.resolve(undefined),
  refused: () => undefined,
};

/** Names of player structures: the public ones for the order books the market browser shows, and any by id. */
export const STRUCTURE_NAMES = Symbol('STRUCTURE_NAMES');
export interface StructureNames {
  /** The names of those ids that are public structures ESI lets us name; any other id is left out. */
  publicNames(structureIds: readonly number[]): Promise<ReadonlyMap<number, string>>;
  /**
   * The names of those ids, public or not, that ESI lets the current reader see (structures an account's jobs ran
   * in); any other id is left out. Shares the cache of {@link publicNames}.
   */
  names(structureIds: readonly number[]): Promise<ReadonlyMap<number, string>>;
  /** The ids of the public structures with a market (GET /universe/structures?filter=market); null when ESI failed. */
  publicMarketIds(): Promise<ReadonlySet<number> | null>;
}

/** A character's reads of structure markets: GET /markets/structures/{structure_id} with its own token. */
export interface StructureMarketReader {
  readonly characterId: number;
  /** Every page of the structure's orders (the ESI client keeps them until ESI's expiry, per character). */
  orders(structureId: number): Promise<EsiResult<EsiStructureOrder[]>>;
}

/** All orders of one structure's market, as ESI answered the character. */
export interface StructureOrderBook {
  readonly structureId: number;
  readonly orders: readonly EsiStructureOrder[];
  /** ESI's Expires: reading again before it is answered from the cache. */
  readonly freshUntil: Date;
}

export type StructureMarketRead =
  | { readonly status: 'READ'; readonly book: StructureOrderBook }
  /** ESI refused the character (no docking access), or the structure has no market (any more). */
  | { readonly status: 'NO_ACCESS'; readonly askAgainAt: Date }
  /** ESI did not answer for now; the next read asks again. */
  | { readonly status: 'UNAVAILABLE' };

/**
 * The markets of player structures, each read with the asking character's own token (private prices). Structure
 * sell orders are on no region's book: ESI lists them on the structure's route alone, to characters who may dock.
 */
export const STRUCTURE_MARKETS = Symbol('STRUCTURE_MARKETS');
export interface StructureMarkets {
  /** Each distinct structure's read; a missing scope, a refused grant or ESI's throttling is thrown instead. */
  read(
    reader: StructureMarketReader,
    structureIds: readonly number[],
  ): Promise<ReadonlyMap<number, StructureMarketRead>>;
}

/** A structure's market read with the token of one of a logged-in account's characters. */
export interface AccountStructureMarket {
  readonly structureId: number;
  readonly characterId: number;
  readonly orders: readonly EsiStructureOrder[];
  /** Its name and solar system, when ESI names it to that character. */
  readonly place: { readonly name: string; readonly systemId: number } | null;
}

/**
 * The structure markets a logged-in account may read (the accounts context knows its characters and their grants):
 * the appraisal priced at a player structure. Throws the HTTP error to answer: 403 when no character granted
 * esi-markets.structure_markets.v1 or none may use the market, 502 when ESI did not answer.
 */
export const ACCOUNT_STRUCTURE_MARKETS = Symbol('ACCOUNT_STRUCTURE_MARKETS');
export interface AccountStructureMarkets {
  read(session: AccountSession, structureId: number): Promise<AccountStructureMarket>;
}

export class UnknownRegionError extends Error {
  constructor(readonly regionId: number) {
    super(`Unknown region ${regionId}`);
  }
}
