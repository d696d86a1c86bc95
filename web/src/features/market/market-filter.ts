import { displaySecurity } from '../../shared/format';
import {
  MARKET_HUB_STATION_IDS,
  PLAYER_ORDER_MAX_DURATION_DAYS,
  RANGE_BOUND_MAX,
  STRUCTURE_ID_START,
} from './market-constants';

/** The market browser's filter (public-tools §3); each switch turns its part on, the values stay when off. */
export interface MarketFilter {
  readonly filterPrice: boolean;
  readonly minPrice: number | null;
  readonly maxPrice: number | null;
  readonly filterQuantity: boolean;
  readonly minQuantity: number | null;
  readonly maxQuantity: number | null;
  readonly filterJumps: boolean;
  readonly minJumps: number | null;
  readonly maxJumps: number | null;
  readonly filterNullSec: boolean;
  readonly filterLowSec: boolean;
  readonly filterHighSec: boolean;
  readonly filterStations: boolean;
  readonly filterStructures: boolean;
  readonly filterMarketHubs: boolean;
  readonly filterLocation: boolean;
  readonly locationName: string;
  readonly filterRegion: boolean;
  readonly regionName: string;
  readonly filterOwn: boolean;
  readonly filterNpc: boolean;
}

/** Defaults of §5: prices and quantities 0 to 1,000,000, jumps 0 to 100, every switch off. */
export const DEFAULT_MARKET_FILTER: MarketFilter = {
  filterPrice: false,
  minPrice: 0,
  maxPrice: 1_000_000,
  filterQuantity: false,
  minQuantity: 0,
  maxQuantity: 1_000_000,
  filterJumps: false,
  minJumps: 0,
  maxJumps: 100,
  filterNullSec: false,
  filterLowSec: false,
  filterHighSec: false,
  filterStations: false,
  filterStructures: false,
  filterMarketHubs: false,
  filterLocation: false,
  locationName: '',
  filterRegion: false,
  regionName: '',
  filterOwn: false,
  filterNpc: false,
};

/** What the filter reads of an order (a row of the sellers or buyers table). */
export interface FilterableOrder {
  readonly orderId: number;
  readonly price: number;
  readonly volumeRemain: number;
  /** -1 when unknown (no location, or no stargate path). */
  readonly jumps: number;
  readonly security: number;
  readonly locationId: number;
  readonly locationName: string;
  readonly regionName: string;
  readonly duration: number;
}

export type FilterPart = 'price' | 'quantity' | 'jumps' | 'location' | 'region' | 'own';

export interface FilterProblem {
  readonly part: FilterPart;
  readonly message: string;
}

export type SecurityClass = 'HIGH' | 'LOW' | 'NULL';

/**
 * The class of a system as players read it: from the status as shown (rounded to one decimal, 0 or less as 0),
 * so a system shown as 0.5 counts as high-sec. Null-sec <= 0, low-sec between, high-sec >= 0.5.
 */
export function securityClass(security: number): SecurityClass {
  const shown = displaySecurity(security);
  if (shown <= 0) return 'NULL';
  return shown < 0.5 ? 'LOW' : 'HIGH';
}

export function isStructure(locationId: number): boolean {
  return locationId >= STRUCTURE_ID_START;
}

export function isNpcOrder(durationDays: number): boolean {
  return durationDays > PLAYER_ORDER_MAX_DURATION_DAYS;
}

const numberText = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

interface RangeRule {
  readonly part: 'price' | 'quantity' | 'jumps';
  readonly label: string;
  readonly min: number | null;
  readonly max: number | null;
  readonly upperBound: number;
  readonly wholeNumbers: boolean;
}

function rangeProblems(rule: RangeRule): FilterProblem[] {
  const problems: FilterProblem[] = [];
  const bounds = `0 to ${numberText.format(rule.upperBound)}`;
  for (const [name, value] of [
    ['minimum', rule.min],
    ['maximum', rule.max],
  ] as const) {
    if (value === null) continue;
    if (!Number.isFinite(value) || value < 0 || value > rule.upperBound) {
      problems.push({ part: rule.part, message: `The ${name} ${rule.label} must be from ${bounds}.` });
    } else if (rule.wholeNumbers && !Number.isInteger(value)) {
      problems.push({ part: rule.part, message: `The ${name} ${rule.label} must be a whole number.` });
    }
  }
  if (problems.length === 0 && rule.min !== null && rule.max !== null && rule.min > rule.max) {
    problems.push({
      part: rule.part,
      message: `The minimum ${rule.label} (${numberText.format(rule.min)}) is above the maximum (${numberText.format(rule.max)}).`,
    });
  }
  return problems;
}

type Pattern = { readonly regex: RegExp } | { readonly problem: string };

/** A name filter: the text trimmed, as a case-insensitive regular expression. */
export function namePattern(text: string): Pattern {
  try {
    return { regex: new RegExp(text.trim(), 'i') };
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : '';
    return { problem: reason };
  }
}

/** Everything wrong with the switched-on parts of the filter; while any is left, no order is shown. */
export function filterProblems(
  filter: MarketFilter,
  ownOrderIds: ReadonlySet<number> | null,
): FilterProblem[] {
  const problems: FilterProblem[] = [];
  if (filter.filterPrice) {
    problems.push(
      ...rangeProblems({
        part: 'price',
        label: 'price',
        min: filter.minPrice,
        max: filter.maxPrice,
        upperBound: RANGE_BOUND_MAX,
        wholeNumbers: false,
      }),
    );
  }
  if (filter.filterQuantity) {
    problems.push(
      ...rangeProblems({
        part: 'quantity',
        label: 'quantity',
        min: filter.minQuantity,
        max: filter.maxQuantity,
        upperBound: RANGE_BOUND_MAX,
        wholeNumbers: true,
      }),
    );
  }
  if (filter.filterJumps) {
    problems.push(
      ...rangeProblems({
        part: 'jumps',
        label: 'jumps',
        min: filter.minJumps,
        max: filter.maxJumps,
        upperBound: RANGE_BOUND_MAX,
        wholeNumbers: true,
      }),
    );
  }
  for (const [on, part, label, text] of [
    [filter.filterLocation, 'location', 'location name', filter.locationName],
    [filter.filterRegion, 'region', 'region name', filter.regionName],
  ] as const) {
    if (!on) continue;
    const pattern = namePattern(text);
    if ('problem' in pattern) {
      problems.push({
        part,
        message: `The ${label} is not a valid regular expression${pattern.problem ? ` (${pattern.problem})` : ''}.`,
      });
    }
  }
  if (filter.filterOwn && ownOrderIds === null) {
    problems.push({ part: 'own', message: 'Your orders are not known yet.' });
  }
  return problems;
}

const inRange = (value: number, min: number | null, max: number | null) =>
  (min === null || value >= min) && (max === null || value <= max);

/**
 * The test an order must pass. Within the security group (null, low, high) and the location-kind group
 * (stations, structures, hubs) the switched-on choices are alternatives; the groups and the other parts must all
 * hold. Call only for a filter without problems.
 */
export function orderMatcher(
  filter: MarketFilter,
  ownOrderIds: ReadonlySet<number> | null,
): (order: FilterableOrder) => boolean {
  const securityClasses = new Set<SecurityClass>([
    ...(filter.filterNullSec ? (['NULL'] as const) : []),
    ...(filter.filterLowSec ? (['LOW'] as const) : []),
    ...(filter.filterHighSec ? (['HIGH'] as const) : []),
  ]);
  const locationKinds = [
    ...(filter.filterStations ? [(id: number) => !isStructure(id)] : []),
    ...(filter.filterStructures ? [isStructure] : []),
    ...(filter.filterMarketHubs ? [(id: number) => MARKET_HUB_STATION_IDS.has(id)] : []),
  ];
  const location = filter.filterLocation ? namePattern(filter.locationName) : null;
  const region = filter.filterRegion ? namePattern(filter.regionName) : null;
  const locationRegex = location && 'regex' in location ? location.regex : null;
  const regionRegex = region && 'regex' in region ? region.regex : null;

  return (order) => {
    if (filter.filterPrice && !inRange(order.price, filter.minPrice, filter.maxPrice)) return false;
    if (filter.filterQuantity && !inRange(order.volumeRemain, filter.minQuantity, filter.maxQuantity))
      return false;
    if (filter.filterJumps && (order.jumps < 0 || !inRange(order.jumps, filter.minJumps, filter.maxJumps)))
      return false;
    if (securityClasses.size > 0 && !securityClasses.has(securityClass(order.security))) return false;
    if (locationKinds.length > 0 && !locationKinds.some((matches) => matches(order.locationId))) return false;
    if (locationRegex && !locationRegex.test(order.locationName)) return false;
    if (regionRegex && !regionRegex.test(order.regionName)) return false;
    if (filter.filterOwn && !ownOrderIds?.has(order.orderId)) return false;
    if (filter.filterNpc && isNpcOrder(order.duration)) return false;
    return true;
  };
}

export interface FilteredOrders<Order> {
  readonly orders: readonly Order[];
  readonly problems: readonly FilterProblem[];
}

/** The orders the filter lets through; none at all while the filter has a problem (never everything). */
export function applyMarketFilter<Order extends FilterableOrder>(
  orders: readonly Order[],
  filter: MarketFilter,
  ownOrderIds: ReadonlySet<number> | null,
): FilteredOrders<Order> {
  const problems = filterProblems(filter, ownOrderIds);
  if (problems.length > 0) return { orders: [], problems };
  const matches = orderMatcher(filter, ownOrderIds);
  return { orders: orders.filter(matches), problems };
}

/** How many parts of the filter are switched on (shown on the filter panel's title). */
export function activeFilterCount(filter: MarketFilter): number {
  return [
    filter.filterPrice,
    filter.filterQuantity,
    filter.filterJumps,
    filter.filterNullSec,
    filter.filterLowSec,
    filter.filterHighSec,
    filter.filterStations,
    filter.filterStructures,
    filter.filterMarketHubs,
    filter.filterLocation,
    filter.filterRegion,
    filter.filterOwn,
    filter.filterNpc,
  ].filter(Boolean).length;
}
