import type { SolarSystem } from '@tradewise/contracts';
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
}
