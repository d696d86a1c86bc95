/**
 * The largest id or position the API takes in a path or query: every id of the game's but a contract's (ESI int64,
 * taken up to the largest safe integer) fits, and larger text would lose digits as a JavaScript number.
 */
export const MAX_WHOLE_NUMBER = 999_999_999_999_999;
