/** Search queries longer than this are refused (400). */
export const SEARCH_QUERY_MAX_LENGTH = 100;

/** Search answers hold at most this many types or systems. */
export const SEARCH_RESULT_LIMIT = 50;

/** One jump-count request may name at most this many destinations. */
export const JUMP_DESTINATIONS_MAX = 1000;

/** The jump count of a destination no stargate path reaches (or that is not a known system). */
export const UNREACHABLE_JUMPS = -1;

/** One bulk statistics request (POST /market/stats/{regionId}) may name at most this many types. */
export const STATS_TYPES_MAX = 1000;
