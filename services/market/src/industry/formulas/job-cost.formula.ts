import { ExactDecimal, safeInteger } from './exact-decimal.math';
import {
  productOf,
  requireInteger,
  requireNonNegative,
  rigFactor,
  type AppliedRigBonus,
} from './industry-modifiers.formula';
import type { MaterialLine } from './material-quantity.formula';

// Money: prices, rates and indices enter as the decimals ESI and the user sent and are multiplied exactly
// (ExactDecimal); each part of the job cost is then rounded half up to whole ISK, as the game's industry window
// shows it, and returned as a safe integer (whole ISK, so exact in cents too). See docs/industry-formulas.md.

/** The SCC surcharge on every industry job (esi.md §5.2, spec §9, 2025–2026 data): 4% of the estimated item value. */
export const SCC_SURCHARGE_RATE = 0.04;
/** Alpha clones pay 0.25% of the estimated item value on top. */
export const ALPHA_CLONE_TAX_RATE = 0.0025;
/** NPC stations charge 0.25% facility tax; player structures set their own, at most 10%. */
export const NPC_STATION_FACILITY_TAX_RATE = 0.0025;
export const MAX_FACILITY_TAX_RATE = 0.1;

/** ESI adjusted prices (`GET /markets/prices`) by type id. */
export type AdjustedPrices = ReadonlyMap<number, number> | Readonly<Record<number, number>>;

export interface EstimatedItemValue {
  /** Whole ISK: `Σ base quantity × adjusted price × runs`, rounded half up. */
  readonly value: number;
  /** Inputs without an adjusted price; they count as 0, so the caller can say the value is short. */
  readonly unpricedTypeIds: readonly number[];
}

/**
 * The estimated item value (EIV) of a job: base quantities (ME 0, no bonuses) at adjusted prices, for all runs,
 * in whole ISK (esi.md §5.2). Each price enters exactly as the decimal ESI sent.
 */
export function estimatedItemValue(
  materials: readonly MaterialLine[],
  runs: number,
  adjustedPrices: AdjustedPrices,
): EstimatedItemValue {
  requireInteger('runs', runs, 1);
  const unpricedTypeIds: number[] = [];
  let perRun = ExactDecimal.ZERO;
  for (const material of materials) {
    requireInteger('quantity', material.quantity, 0);
    const price = priceOf(adjustedPrices, material.typeId);
    if (price === undefined) {
      unpricedTypeIds.push(material.typeId);
      continue;
    }
    requireNonNegative(`adjusted price of ${material.typeId}`, price);
    perRun = perRun.plus(ExactDecimal.of(material.quantity).times(price));
  }
  return { value: wholeIsk(perRun.times(runs)), unpricedTypeIds };
}

export interface JobCostInput {
  /** Whole ISK, from {@link estimatedItemValue}. */
  readonly estimatedItemValue: number;
  /** The system's cost index for the activity (`/industry/systems`), a fraction: 0.0746 = 7.46%. */
  readonly systemCostIndex: number;
  /** Structure role cost bonus as a multiplier: Raitaru 0.97, Azbel 0.96, Sotiyo 0.95; 1 (default) elsewhere. */
  readonly structureCostMultiplier?: number;
  /** Cost bonuses of the fitted rigs that apply to the job, with their security multipliers. */
  readonly rigs?: readonly AppliedRigBonus[];
  /** Faction warfare system bonus as a signed fraction: -0.5 = half off the system cost; 0 (default) outside. */
  readonly factionWarfareBonus?: number;
  /** The facility's tax rate, a fraction: 0.02 = 2% (NPC stations 0.0025). */
  readonly facilityTaxRate: number;
  /** 0.04 by default; configurable because CCP changes it. */
  readonly sccSurchargeRate?: number;
  /** 0 by default; {@link ALPHA_CLONE_TAX_RATE} for an alpha clone. */
  readonly alphaCloneTaxRate?: number;
}

/** The job installation cost as the game's industry window itemises it, every part in whole ISK. */
export interface JobCost {
  readonly estimatedItemValue: number;
  /** EIV × system cost index. */
  readonly systemCost: number;
  /** What structure, rig and faction warfare bonuses take off the system cost: zero or negative. */
  readonly systemCostBonuses: number;
  readonly facilityTax: number;
  readonly sccSurcharge: number;
  readonly alphaCloneTax: number;
  /** The sum of the parts above it. */
  readonly total: number;
}

/**
 * esi.md §5.2: the bonuses reduce only the system cost (multiplied together, not added), never the taxes; each
 * part is rounded to whole ISK half up, and the total is their sum, as the reference calculator (checked against
 * the game's window) does.
 */
export function jobInstallationCost(input: JobCostInput): JobCost {
  requireInteger('estimatedItemValue', input.estimatedItemValue, 0);
  requireNonNegative('systemCostIndex', input.systemCostIndex);
  requireNonNegative('facilityTaxRate', input.facilityTaxRate);
  if (input.facilityTaxRate > MAX_FACILITY_TAX_RATE) {
    throw new RangeError(
      `facilityTaxRate must be at most ${MAX_FACILITY_TAX_RATE}, not ${input.facilityTaxRate}`,
    );
  }
  const factionWarfareBonus = input.factionWarfareBonus ?? 0;
  if (!Number.isFinite(factionWarfareBonus) || factionWarfareBonus > 0 || factionWarfareBonus < -1) {
    throw new RangeError(`factionWarfareBonus must be from -1 to 0, not ${factionWarfareBonus}`);
  }
  if (input.structureCostMultiplier !== undefined) {
    requireNonNegative('structureCostMultiplier', input.structureCostMultiplier);
  }

  const eiv = ExactDecimal.of(input.estimatedItemValue);
  const systemCost = wholeIsk(eiv.times(input.systemCostIndex));
  const bonusFactor = productOf(
    input.structureCostMultiplier,
    rigFactor(input.rigs),
    ExactDecimal.ONE.plus(factionWarfareBonus),
  );
  const systemCostBonuses = wholeIsk(ExactDecimal.of(systemCost).times(bonusFactor.minus(1)));
  const facilityTax = wholeIsk(eiv.times(input.facilityTaxRate));
  const sccSurcharge = wholeIsk(eiv.times(input.sccSurchargeRate ?? SCC_SURCHARGE_RATE));
  const alphaCloneTax = wholeIsk(eiv.times(input.alphaCloneTaxRate ?? 0));
  return {
    estimatedItemValue: input.estimatedItemValue,
    systemCost,
    systemCostBonuses,
    facilityTax,
    sccSurcharge,
    alphaCloneTax,
    total: systemCost + systemCostBonuses + facilityTax + sccSurcharge + alphaCloneTax,
  };
}

function priceOf(prices: AdjustedPrices, typeId: number): number | undefined {
  return isMap(prices) ? prices.get(typeId) : prices[typeId];
}

function isMap(prices: AdjustedPrices): prices is ReadonlyMap<number, number> {
  return typeof (prices as Partial<ReadonlyMap<number, number>>).get === 'function';
}

function wholeIsk(amount: ExactDecimal): number {
  return safeInteger(amount.roundHalfUp(0).coefficient);
}
