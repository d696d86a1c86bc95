/** The server's appraisal methods (public-tools §3; account-area §3 for contract items). */
export type AppraisalMethod =
  'NONE' | 'MARKET_ORDERS' | 'ESI_PRICE' | 'INSUFFICIENT_DATA' | 'BLUEPRINT' | 'SINGLE_ITEM_TYPE';

const LABELS: Readonly<Record<AppraisalMethod, string>> = {
  NONE: 'Not appraised',
  MARKET_ORDERS: 'Market orders',
  ESI_PRICE: 'ESI Average',
  INSUFFICIENT_DATA: 'Not appraised, no orders.',
  BLUEPRINT: 'Blueprint',
  SINGLE_ITEM_TYPE: 'Single item contract',
};

export function appraisalMethodLabel(method: AppraisalMethod): string {
  return LABELS[method] ?? method;
}

/** How a row is coloured: the error colour for rows without a price, the research colour for blueprints. */
export type RowTone = 'error' | 'research' | null;

export function rowTone(method: AppraisalMethod): RowTone {
  if (method === 'NONE' || method === 'INSUFFICIENT_DATA') return 'error';
  if (method === 'BLUEPRINT') return 'research';
  return null;
}

/**
 * The method column when the two sides of a row were priced differently (issue 25): 'Sell: Market orders · Buy:
 * ESI Average'; the row's one method otherwise.
 */
export function sidesMethodLabel(
  method: AppraisalMethod,
  sell: AppraisalMethod,
  buy: AppraisalMethod,
): string {
  if (sell === buy) return appraisalMethodLabel(method);
  return `Sell: ${appraisalMethodLabel(sell)} · Buy: ${appraisalMethodLabel(buy)}`;
}

/** A side without any price shows the method's words, never a price of 0. */
export function sideHasPrice(method: AppraisalMethod): boolean {
  return method === 'MARKET_ORDERS' || method === 'ESI_PRICE' || method === 'SINGLE_ITEM_TYPE';
}
