/**
 * How the server valued one appraisal row (public-tools §3). The client colours rows by it: NONE and
 * INSUFFICIENT_DATA in the error colour, BLUEPRINT in the research colour. SINGLE_ITEM_TYPE belongs to contract
 * appraisals (account area) and is never produced by the appraisal tool.
 */
export const APPRAISAL_METHODS = [
  'NONE',
  'MARKET_ORDERS',
  'ESI_PRICE',
  'INSUFFICIENT_DATA',
  'BLUEPRINT',
  'SINGLE_ITEM_TYPE',
] as const;
export type AppraisalMethod = (typeof APPRAISAL_METHODS)[number];
