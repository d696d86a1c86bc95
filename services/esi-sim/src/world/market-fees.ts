import { applyRate, applyRates, PPM, type Cents, type RatePpm } from './money';

/** The broker charges at least 100 ISK for placing or changing an order (esi.md §6.1, §6.4). */
export const MINIMUM_BROKER_FEE: Cents = 100_00;

/** Private item-exchange contracts: a flat 10,000 ISK broker fee, no tax (spec account-area.md §9). */
export const PRIVATE_CONTRACT_BROKER_FEE: Cents = 10_000_00;
/** Public contracts: 0.95% broker fee and 0.5% sales tax (spec account-area.md §9). */
export const PUBLIC_CONTRACT_BROKER_RATE: RatePpm = 9_500;
export const PUBLIC_CONTRACT_SALES_TAX_RATE: RatePpm = 5_000;

export interface BrokerSkills {
  readonly brokerRelations: number;
  readonly advancedBrokerRelations: number;
}

/**
 * The NPC-station broker rate (esi.md §6.1): 3% − 0.3%·Broker Relations − 0.03%·faction standing −
 * 0.02%·corporation standing, never below 1%.
 */
export function npcBrokerRate(
  brokerRelations: number,
  factionStanding: number,
  corpStanding: number,
): RatePpm {
  const rate = 30_000 - 3_000 * brokerRelations - 300 * factionStanding - 200 * corpStanding;
  return Math.max(10_000, Math.round(rate));
}

/** The share of the broker rate charged again on every change of an order: 50% − 5% per Advanced Broker Relations level. */
export function relistShare(advancedBrokerRelations: number): RatePpm {
  return 500_000 - 50_000 * advancedBrokerRelations;
}

export function placementBrokerFee(orderValue: Cents, brokerRate: RatePpm): Cents {
  return Math.max(MINIMUM_BROKER_FEE, applyRate(orderValue, brokerRate));
}

/**
 * Changing an order's price (esi.md §6.4): the broker rate on any increase of the order's value, plus the relist
 * share of the broker rate on the new value; totals are price × volume remaining; at least 100 ISK.
 */
export function relistBrokerFee(
  oldTotal: Cents,
  newTotal: Cents,
  brokerRate: RatePpm,
  relistShareRate: RatePpm,
): Cents {
  const increaseFee = newTotal > oldTotal ? applyRate(newTotal - oldTotal, brokerRate) : 0;
  return Math.max(MINIMUM_BROKER_FEE, increaseFee + applyRates(newTotal, brokerRate, relistShareRate));
}

export function ratePercent(rate: RatePpm): number {
  return (rate / PPM) * 100;
}
