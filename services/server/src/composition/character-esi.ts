import type { CharacterEsiFactory, GameNames } from '@tradewise/accounts';
import { UNREACHABLE, type StaticData } from '@tradewise/market';
import {
  EsiClient,
  EsiHttpClient,
  RefreshingTokenProvider,
  type Clock,
  type Logger,
} from '@tradewise/platform';
import type { GameAccess } from '../game/game-access';

export interface CharacterEsiOptions {
  readonly clock: Clock;
  readonly logger: Logger;
  readonly userAgent: string;
}

/**
 * The API's ESI for the owner's in-game actions: one client with a token provider over accounts' grant store.
 * Someone waits on each call, so a slow or throttling ESI fails it within seconds rather than the sync's minute.
 * Built on first use: the demo's simulator has an address only once the server listens.
 */
export function characterEsiFactory(game: GameAccess, options: CharacterEsiOptions): CharacterEsiFactory {
  return (grants) => {
    let built: { tokens: RefreshingTokenProvider; client: EsiClient } | undefined;
    const build = () => {
      const tokens = new RefreshingTokenProvider({ sso: game.refreshSso(), grants, clock: options.clock });
      const http = new EsiHttpClient({
        baseUrl: game.esiBaseUrl(),
        userAgent: options.userAgent,
        clock: options.clock,
        tokens,
        logger: options.logger,
        requestTimeoutMs: 10_000,
        retry: { maxRetries: 1 },
        maxThrottleWaitMs: 5_000,
      });
      return { tokens, client: new EsiClient(http) };
    };
    return {
      client: () => (built ??= build()).client,
      forgetToken: (characterId) => built?.tokens.forget(characterId),
    };
  };
}

/** Accounts' names of items and places, answered by the static data (contexts do not import each other). */
export function accountGameNames(staticData: StaticData): GameNames {
  return {
    typeName: (typeId) => staticData.typeName(typeId),
    system: (systemId) => staticData.system(systemId),
    station: (stationId) => {
      const station = staticData.station(stationId);
      return station ? { name: station.name, systemId: station.systemId } : null;
    },
    regionName: (regionId) => staticData.region(regionId)?.name ?? null,
    jumps: (fromSystemId, toSystemIds) => {
      const counts = staticData.jumpCounts(fromSystemId, toSystemIds);
      return toSystemIds.map((_, index) => {
        const count = counts?.[index];
        return count === undefined || count === UNREACHABLE ? null : count;
      });
    },
  };
}
