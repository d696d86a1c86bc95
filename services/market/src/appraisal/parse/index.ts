export { parsePaste } from './paste.parser';
export {
  checkPasteLimits,
  MAX_PASTE_BYTES,
  MAX_PASTE_LINES,
  type PasteLimitProblem,
  type PasteLimits,
} from './paste-limits';
export { parseAmount, parseQuantity, MAX_LINE_QUANTITY } from './quantity.parser';
export { mergePasteItems } from './paste-items.merger';
export * from './paste.types';
export {
  accountLines,
  LINE_STATUSES,
  type LineAccount,
  type LineAccountEntry,
  type LineStatus,
} from './line-account';
