import type { ProfitField, ProfitLine } from './profit-figures';

/** What a profit row says of its broker fees: why they are the configured rate's estimate, or null when exact. */
export interface BrokerFeeEstimated {
  readonly brokerFeeEstimate?: string | null;
}

/** The figures that are broker fees: a trade's buy fee and every sale's sell fee. */
export const BROKER_FEE_FIELDS: readonly ProfitField[] = ['costFee', 'sellBrokerFee'];

/** What the marker's tooltip says before the reasons. */
export const BROKER_FEE_ESTIMATE_LEAD = 'Estimated from the broker fee rate in Settings:';

/**
 * Why a broker fee cell of the line is an estimate, or null when it is not marked: the figure is not a broker fee,
 * the fees are what the orders paid, or the figures are the user's (an edited row, which the API leaves unmarked,
 * or a line being edited).
 */
export function brokerFeeEstimateOf<Row extends BrokerFeeEstimated>(
  line: ProfitLine<Row>,
  field: ProfitField,
): string | null {
  if (!BROKER_FEE_FIELDS.includes(field) || line.edit !== null) return null;
  const reason = line.row.brokerFeeEstimate?.trim();
  return reason ? reason : null;
}

/** The tooltip and accessible name of the marker. */
export function brokerFeeEstimateTitle(reason: string): string {
  return `${BROKER_FEE_ESTIMATE_LEAD} ${reason}`;
}
