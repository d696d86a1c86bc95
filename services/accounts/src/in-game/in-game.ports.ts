import type { EsiRegionOrder, EsiStructureOrder, SolarSystem } from '@tradewise/contracts';
import type { CharacterGrantStore, EsiClient } from '@tradewise/platform';

/** DI token of {@link CharacterEsi}. */
export const CHARACTER_ESI = Symbol('CHARACTER_ESI');

/**
 * ESI on behalf of the account's characters, with the refresh tokens accounts keeps. Built by the composition
 * root, which knows where ESI and the SSO are.
 */
export interface CharacterEsi {
  /** One client for every character, so its cache, error budget and token refreshes are shared. */
  client(): EsiClient;
  /** Drops the character's access token in memory, so the next call refreshes it (e.g. after new scopes). */
  forgetToken(characterId: number): void;
}

/** Builds the {@link CharacterEsi} from accounts' grant store (the same store the sync's token provider reads). */
export type CharacterEsiFactory = (grants: CharacterGrantStore) => CharacterEsi;

/** DI token of {@link GameNames}. */
export const GAME_NAMES = Symbol('GAME_NAMES');

/** Names from the game's static data, for what ESI answers with ids alone (the market context owns the data). */
export interface GameNames {
  typeName(typeId: number): string | null;
  system(systemId: number): SolarSystem | null;
  /** An NPC station; null for a player structure or an unknown id. */
  station(stationId: number): { readonly name: string; readonly systemId: number } | null;
  regionName(regionId: number): string | null;
  /**
   * Jumps along the shortest route from one solar system to each of the others, in order: null where a system is
   * unknown or no route joins them (one search for all, so a page of orders costs one).
   */
  jumps(fromSystemId: number, toSystemIds: readonly number[]): (number | null)[];
}

/** DI token of {@link PrivateMarkets}. */
export const PRIVATE_MARKETS = Symbol('PRIVATE_MARKETS');

/** One structure's market as ESI answered the character (see the market context's structure markets). */
export type PrivateMarketRead =
  | {
      readonly status: 'READ';
      readonly book: { readonly orders: readonly EsiStructureOrder[]; readonly freshUntil: Date };
    }
  | { readonly status: 'NO_ACCESS' }
  | { readonly status: 'UNAVAILABLE' };

/** The markets of player structures, read with a character's own token (the market context reads them). */
export interface PrivateMarkets {
  /** Through `esi` on behalf of `characterId`; a missing scope, refused grant or ESI throttling is thrown. */
  read(
    characterId: number,
    esi: EsiClient,
    structureIds: readonly number[],
  ): Promise<ReadonlyMap<number, PrivateMarketRead>>;
}

/** A structure's market as one of the account's characters read it (the appraisal priced at a structure). */
export interface AccountStructureMarket {
  readonly structureId: number;
  /** The character whose token read it. */
  readonly characterId: number;
  readonly orders: readonly EsiStructureOrder[];
  /** Null when ESI would not name it to the character (no esi-universe.read_structures.v1, or ESI failed). */
  readonly place: { readonly name: string; readonly systemId: number } | null;
}

/** DI token of {@link PublicMarketBooks}. */
export const PUBLIC_MARKET_BOOKS = Symbol('PUBLIC_MARKET_BOOKS');

/** One type's public orders in one region, as ESI last answered, and until when that answer holds. */
export interface PublicTypeBook {
  readonly orders: readonly EsiRegionOrder[];
  readonly freshUntil: Date;
}

/** The regions' public order books, from the market context's shared cache (read once per region and type). */
export interface PublicMarketBooks {
  typeBooks(regionId: number, typeIds: readonly number[]): Promise<ReadonlyMap<number, PublicTypeBook>>;
}
