import { UniverseCategory, type UniverseType } from '../universe/simulator-universe';
import type { UniverseIndex } from '../universe/universe-index';
import { iskToCents, type Cents } from './money';
import { smoothNoise, unitHash } from './prng';

// Bound once, as in prng.ts: global lookups are slow inside Jest's sandbox.
const { floor, max, min, round, sqrt } = Math;

export const DAY_MS = 86_400_000;
const FALLBACK_PRICE_ISK = 100_000;

const MINERALS_GROUP_ID = 18;
export const PLEX_TYPE_ID = 44992;
/**
 * How much each category of goods is traded, at most (its most popular types): ships, modules, ammunition and
 * drones fill the hubs' books; cosmetics and collectibles change hands rarely. Minerals and PLEX trade most.
 */
const CATEGORY_TRADE_WEIGHTS: Readonly<Record<number, number>> = {
  4: 0.7, // materials
  6: 0.8, // ships
  7: 0.8, // modules
  8: 0.9, // charges
  17: 0.3, // commodities
  18: 0.8, // drones
  20: 0.6, // implants and boosters
  23: 0.3, // deployables
  25: 0.4, // ore
  32: 0.5, // subsystems
  43: 0.6, // planetary commodities
  66: 0.4, // structure modules
  87: 0.5, // fighters
};
const OTHER_GOODS_TRADE_WEIGHT = 0.15;

export interface HistoryDay {
  /** Days since 1970-01-01. */
  readonly day: number;
  readonly average: Cents;
  readonly highest: Cents;
  readonly lowest: Cents;
  readonly volume: number;
  readonly orderCount: number;
}

export const COST_INDEX_ACTIVITIES = [
  'manufacturing',
  'researching_time_efficiency',
  'researching_material_efficiency',
  'copying',
  'invention',
  'reaction',
] as const;
export type CostIndexActivity = (typeof COST_INDEX_ACTIVITIES)[number];

/**
 * Prices of the simulated market. Each type has a reference price (its SDE base price, or one derived from
 * its blueprint or its market group when the SDE has none); the market price drifts around it smoothly over
 * weeks and days, a little differently in each region. Everything is a pure function of seed, type, region and
 * time, so the order books, the history, the prices route and the characters' trades all agree.
 */
export class PriceModel {
  private readonly referencePrices = new Map<number, number>();
  private medians?: Record<'marketGroup' | 'group' | 'category', Map<number, number>>;

  constructor(
    private readonly seed: number,
    private readonly universe: UniverseIndex,
  ) {}

  referencePrice(typeId: number): number {
    const known = this.referencePrices.get(typeId);
    if (known !== undefined) return known;
    const price = this.deriveReferencePrice(typeId, new Set());
    this.referencePrices.set(typeId, price);
    return price;
  }

  /** Whether anyone trades the type in the region: every type at the hubs, a sample elsewhere. */
  regionTrades(regionId: number, typeId: number): boolean {
    if (!this.universe.marketRegionIds.has(regionId) || !this.universe.typesById.has(typeId)) return false;
    return this.universe.isHubRegion(regionId) || unitHash(this.seed, 11, regionId, typeId) < 0.12;
  }

  /**
   * How much the type is traded, from 0 (hardly ever) to 1 (minerals, PLEX): its category's weight times a
   * popularity skewed so most types of a category trade little and a few trade a lot.
   */
  tradeActivity(typeId: number): number {
    const type = this.universe.typesById.get(typeId);
    if (!type) return 0;
    if (type.groupId === MINERALS_GROUP_ID || typeId === PLEX_TYPE_ID) return 1;
    const popularity = unitHash(this.seed, 33, typeId) ** 4;
    return (CATEGORY_TRADE_WEIGHTS[type.categoryId] ?? OTHER_GOODS_TRADE_WEIGHT) * popularity;
  }

  /**
   * Half the gap between the best buy and the best sell order, as a fraction of the market price: a fraction of
   * a percent for what everybody trades, several percent for what few do (where station traders earn).
   */
  halfSpread(regionId: number, typeId: number): number {
    const idle = 1 - this.tradeActivity(typeId);
    return 0.0025 + 0.07 * idle * idle * (0.5 + unitHash(this.seed, 34, regionId, typeId));
  }

  /** ISK per unit at that instant, before any order's spread. */
  marketPrice(regionId: number, typeId: number, timeMs: number): number {
    const days = timeMs / DAY_MS;
    const drift =
      0.08 * smoothNoise(days / 30, this.seed, 21, typeId) +
      0.04 * smoothNoise(days / 7, this.seed, 22, typeId) +
      0.015 * smoothNoise(days, this.seed, 23, typeId, regionId);
    return this.referencePrice(typeId) * this.regionFactor(regionId, typeId) * (1 + drift);
  }

  /** ISK the type turns over in a day in the region. */
  dailyTurnover(regionId: number, typeId: number): number {
    const forge = 10 ** (7 + 2.5 * unitHash(this.seed, 31, typeId));
    if (regionId === this.universe.referenceRegionId) return forge;
    const share = this.universe.isHubRegion(regionId) ? 0.25 : 0.03;
    return forge * share * (0.5 + unitHash(this.seed, 32, regionId, typeId));
  }

  /** One day of market history (days since 1970), or null when nothing traded that day. */
  historyDay(regionId: number, typeId: number, day: number): HistoryDay | null {
    if (!this.regionTrades(regionId, typeId)) return null;
    const price = this.marketPrice(regionId, typeId, day * DAY_MS + DAY_MS / 2);
    const weekday = new Date(day * DAY_MS).getUTCDay();
    const weekdayFactor = weekday === 0 || weekday === 6 ? 1.25 : 1;
    const busy = 1 + 0.4 * smoothNoise(day / 3, this.seed, 41, regionId, typeId);
    const volume = round((this.dailyTurnover(regionId, typeId) / price) * weekdayFactor * busy);
    if (volume < 1) return null;
    const average = iskToCents(price);
    const highest = max(
      average,
      iskToCents(price * (1 + 0.003 + 0.05 * unitHash(this.seed, 42, regionId, typeId, day))),
    );
    const lowest = max(
      1,
      min(average, iskToCents(price * (1 - 0.003 - 0.05 * unitHash(this.seed, 43, regionId, typeId, day)))),
    );
    const orderCount = max(1, min(volume, round(3 + sqrt(volume) * 2)));
    return { day, average, highest, lowest, volume, orderCount };
  }

  /** The prices route's `average_price`: the reference region's mean over the last four weeks. */
  averagePrice(typeId: number, day: number): Cents {
    const region = this.universe.referenceRegionId;
    let sum = 0;
    for (let week = 0; week < 4; week++)
      sum += this.marketPrice(region, typeId, (day - 3 - week * 7) * DAY_MS);
    return iskToCents(sum / 4);
  }

  /** The prices route's `adjusted_price` (feeds the estimated item value of industry jobs): slower than average. */
  adjustedPrice(typeId: number, day: number): Cents {
    const region = this.universe.referenceRegionId;
    let sum = 0;
    for (let week = 0; week < 8; week++)
      sum += this.marketPrice(region, typeId, (day - 7 - week * 7) * DAY_MS);
    return iskToCents((sum / 8) * 0.98);
  }

  /** A system's cost index for an activity on a day: a fraction with four decimals. */
  costIndex(systemId: number, activity: CostIndexActivity, day: number): number {
    const busyness = unitHash(this.seed, 51, systemId);
    const base = 0.0014 + busyness * busyness * 0.09;
    const activityFactor = 0.5 + unitHash(this.seed, 52, systemId, COST_INDEX_ACTIVITIES.indexOf(activity));
    const drift = 1 + 0.15 * smoothNoise(day / 10, this.seed, 53, systemId);
    return max(0.0001, round(base * activityFactor * drift * 10_000) / 10_000);
  }

  /** How far the region's prices sit from the reference region's, for the same type. */
  regionFactor(regionId: number, typeId: number): number {
    if (regionId === this.universe.referenceRegionId) return 1;
    const spread = this.universe.isHubRegion(regionId) ? 0.04 : 0.15;
    return 1 + spread * (unitHash(this.seed, 61, regionId, typeId) * 1.5 - 0.25);
  }

  private deriveReferencePrice(typeId: number, visiting: Set<number>): number {
    const type = this.universe.typesById.get(typeId);
    if (!type) return FALLBACK_PRICE_ISK;
    if (type.basePrice !== null) return type.basePrice;
    if (type.categoryId !== UniverseCategory.blueprint && !visiting.has(typeId)) {
      const blueprint = this.universe.blueprintsByProduct.get(typeId);
      if (blueprint) {
        visiting.add(typeId);
        const produced = blueprint.manufacturing.products.find((p) => p.typeId === typeId)?.quantity ?? 1;
        let cost = 0;
        for (const material of blueprint.manufacturing.materials) {
          const cached = this.referencePrices.get(material.typeId);
          cost += (cached ?? this.deriveReferencePrice(material.typeId, visiting)) * material.quantity;
        }
        visiting.delete(typeId);
        if (cost > 0) return (cost / produced) * 1.15;
      }
    }
    return (
      this.medianOf('marketGroup', type.marketGroupId) ??
      this.medianOf('group', type.groupId) ??
      this.medianOf('category', type.categoryId) ??
      FALLBACK_PRICE_ISK * (0.5 + unitHash(this.seed, 71, typeId))
    );
  }

  private medianOf(kind: 'marketGroup' | 'group' | 'category', id: number): number | null {
    if (!this.medians) {
      const collect = (pick: (type: UniverseType) => number): Map<number, number> => {
        const prices = new Map<number, number[]>();
        for (const type of this.universe.marketTypes) {
          if (type.basePrice === null) continue;
          const list = prices.get(pick(type));
          if (list) list.push(type.basePrice);
          else prices.set(pick(type), [type.basePrice]);
        }
        const medians = new Map<number, number>();
        for (const [key, list] of prices)
          medians.set(key, list.sort((a, b) => a - b)[floor(list.length / 2)]!);
        return medians;
      };
      this.medians = {
        marketGroup: collect((type) => type.marketGroupId),
        group: collect((type) => type.groupId),
        category: collect((type) => type.categoryId),
      };
    }
    return this.medians[kind].get(id) ?? null;
  }
}
