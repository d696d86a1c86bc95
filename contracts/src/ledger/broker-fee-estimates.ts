/**
 * Why a fill's broker fee is the configured rate's estimate rather than its share of the fees its order was charged
 * (docs/profit-rules.md §6). The lists and the CSV export show the text beside an estimated fee.
 */
export const BROKER_FEE_ESTIMATE_REASONS = {
  noOrderHistory: 'No order history reaches back to this date (ESI lists 90 days of closed orders).',
  ordersNotReadYet: 'The character’s orders have not been read since this fill.',
  orderOpen: 'Its order is still open: its fees are matched once it closes.',
  unseenChange: 'Its order changed price between two reads, and that change’s fee could not be matched.',
  unseenPlacement:
    'Its order was placed and changed between two reads, so the placement fee could not be matched.',
  placementUnbounded:
    'Its order was first read after it may have changed price: its first fee read could be a change, and its placement could not be told.',
  feeNotInJournal: 'A fee of its order is not in the wallet journal (ESI lists about 30 days).',
  fillsMissing: 'Fills of its order are missing from the wallet (ESI lists about 30 days).',
  recordedForAnother:
    'The fee of one of its order’s placements or changes is recorded as another order’s, from before a change of the matching rules.',
  corporationFill:
    'A fill for the corporation in the character’s wallet: the corporation’s orders are matched to its own wallet’s fills.',
} as const;

export type BrokerFeeEstimateReason = keyof typeof BROKER_FEE_ESTIMATE_REASONS;

/** Where a fill's broker fee came from: its order's fees, none (taken from another player's order), or the rate. */
export type BrokerFeeSource = 'order' | 'noOrder' | 'estimated';

/** The texts of a row's estimate reasons, one sentence each, for a tooltip or a CSV cell. */
export function brokerFeeEstimateText(reasons: readonly BrokerFeeEstimateReason[]): string {
  return [...new Set(reasons)].map((reason) => BROKER_FEE_ESTIMATE_REASONS[reason]).join(' ');
}
