export { parsePaste } from './paste.parser';
export { parseAmount, parseQuantity, MAX_LINE_QUANTITY } from './quantity.parser';
export { mergePasteItems } from './paste-items.merger';
export * from './paste.types';
