/** Business constants of the market browser (public-tools §5, §9). */

/** Location ids from here up are player structures; below are NPC stations. */
export const STRUCTURE_ID_START = 1e12;

/** The five trade hubs' stations (Jita, Amarr, Dodixie, Rens, Hek): the 'market hubs only' filter. */
export const MARKET_HUB_STATION_IDS: ReadonlySet<number> = new Set([
  60008494, 60011866, 60005686, 60003760, 60004588,
]);

/** Player orders last at most 90 days; NPC-seeded orders longer. */
export const PLAYER_ORDER_MAX_DURATION_DAYS = 90;

/** The Forge: the default region of the history chart. */
export const DEFAULT_HISTORY_REGION_ID = 10000002;

/** Price and quantity bounds are numbers from 0 to 1,000,000,000. */
export const RANGE_BOUND_MAX = 1_000_000_000;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** GET /static/jumps takes at most this many destinations per call. */
export const JUMP_DESTINATIONS_PER_CALL = 1000;

/** The bars of the history chart are never wider than this. */
export const HISTORY_BAR_MAX_WIDTH_PX = 80;
