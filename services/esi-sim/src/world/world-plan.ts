import { UniverseCategory, type UniverseBlueprint } from '../universe/simulator-universe';
import type { Hub, UniverseIndex } from '../universe/universe-index';
import { MAX_SOURCES } from './esi-ids';
import { npcBrokerRate, relistShare } from './market-fees';
import { PPM, type RatePpm } from './money';
import type { OutsidePlayers } from './outside-players';
import { PLEX_TYPE_ID, type PriceModel } from './price-model';
import { Random, unitHash } from './prng';
import { SALES_TAX_HISTORY } from './sales-tax';
import {
  WORLD_START_MS,
  type CharacterProfile,
  type CorporationProfile,
  type SlotProfile,
  type WorldProfile,
} from './world-profiles';
import { characterWallet, corporationWallet, type WalletKey } from './world-records';

/** A player-owned structure of the simulated world. */
export interface SimStructure {
  readonly structureId: number;
  readonly name: string;
  readonly typeId: number;
  readonly ownerId: number;
  readonly solarSystemId: number;
  readonly regionId: number;
  /** Listed by GET /universe/structures and open to every simulated character. */
  readonly isPublic: boolean;
  readonly hasMarket: boolean;
  readonly hasManufacturing: boolean;
  /** Owner's broker fee plus the SCC's share. */
  readonly brokerRate: RatePpm;
  readonly position: { readonly x: number; readonly y: number; readonly z: number };
}

/** One activity slot of one character, with everything its campaigns need fixed in advance. */
export interface SlotPlan {
  readonly source: number;
  readonly slotIndex: number;
  readonly character: CharacterProfile;
  readonly profile: SlotProfile;
  readonly wallet: WalletKey;
  /** Set when the slot trades for the character's corporation. */
  readonly corporationId?: number;
  readonly periodMs: number;
  readonly phaseMs: number;
  readonly activeSinceMs: number;
  readonly homeHub: Hub;
  readonly destinationHub: Hub;
  readonly marketStructure?: SimStructure;
  readonly typePool: readonly number[];
  readonly blueprints: readonly OwnedBlueprint[];
  readonly brokerRate: RatePpm;
  readonly relistShare: RatePpm;
}

export interface OwnedBlueprint {
  readonly itemId: number;
  readonly blueprint: UniverseBlueprint;
  readonly locationId: number;
  readonly ownerId: number;
  /** Set for corporation-owned blueprints. */
  readonly corporationId?: number;
}

/** A wallet's weekly settlement and its event source for settlements and deposits. */
export interface WalletPlan {
  readonly wallet: WalletKey;
  readonly ownerId: number;
  readonly source: number;
  readonly workingCapital: number;
  readonly activeSinceMs: number;
  /** The outside player the weekly settlement goes to and comes from; none for the product's corporation. */
  readonly settlementPartyId?: number;
  readonly slots: readonly SlotPlan[];
}

export const MANUFACTURING_TIME_FACTOR = 0.8 * 0.8 * 0.85;

/** Categories traders trade: materials, ships, modules, charges, drones, implants and boosters, fighters. */
const TRADED_CATEGORIES: ReadonlySet<number> = new Set([4, 6, 7, 8, 18, 20, 87]);
/** The expected margin a trading slot looks for in a type: enough to pay the fees, not a windfall. */
const WORTHWHILE_MARGIN = [0.005, 0.07] as const;

/** Lays out the world of a profile over a universe: sources, wallets, type pools, blueprints, structures. */
export class WorldPlan {
  readonly slots: readonly SlotPlan[];
  readonly wallets: ReadonlyMap<WalletKey, WalletPlan>;
  readonly structures: readonly SimStructure[];
  readonly blueprintsByOwner: ReadonlyMap<number, readonly OwnedBlueprint[]>;
  readonly productCorporation: CorporationProfile | undefined;
  /** Source of the outside donations to the product's corporation. */
  readonly outsideDepositSource: number;

  constructor(
    readonly seed: number,
    readonly profile: WorldProfile,
    private readonly universe: UniverseIndex,
    private readonly prices: PriceModel,
    outside: OutsidePlayers,
  ) {
    this.structures = this.placeStructures();
    let nextSource = 0;
    const takeSource = (): number => {
      if (nextSource >= MAX_SOURCES) throw new Error('The profile has more activity sources than ids allow');
      return nextSource++;
    };
    const rng = Random.of(seed, 901);
    const reservedTypes = new Set<number>();
    const blueprintsByOwner = new Map<number, OwnedBlueprint[]>();
    const manufacturingBlueprints = this.chooseBlueprints(rng, reservedTypes);

    const slots: SlotPlan[] = [];
    const pendingPools: { index: number; profile: SlotProfile }[] = [];
    for (const character of profile.characters) {
      character.slots.forEach((slotProfile, slotIndex) => {
        const homeHub = universe.hub(character.homeHub);
        const corporationId = slotProfile.forCorporation ? character.corporationId : undefined;
        const ownerId = corporationId ?? character.characterId;
        let blueprints: OwnedBlueprint[] = [];
        if (slotProfile.kind === 'manufacture') {
          blueprints = manufacturingBlueprints.splice(0, 3).map((blueprint, index) => ({
            itemId: 1_040_000_000_000 + slots.length * 8 + index,
            blueprint,
            locationId: homeHub.stationId,
            ownerId,
            corporationId,
          }));
          blueprintsByOwner.set(ownerId, [...(blueprintsByOwner.get(ownerId) ?? []), ...blueprints]);
        }
        const source = takeSource();
        const periodMs = slotProfile.periodHours * 3_600_000;
        slots.push({
          source,
          slotIndex,
          character,
          profile: slotProfile,
          wallet: corporationId
            ? corporationWallet(corporationId, 1)
            : characterWallet(character.characterId),
          corporationId,
          periodMs,
          phaseMs: Math.floor(unitHash(seed, 902, source) * periodMs),
          activeSinceMs: Math.max(WORLD_START_MS, Date.parse(character.birthday)),
          homeHub,
          destinationHub: universe.hub(slotProfile.destinationHub ?? character.homeHub + 1),
          marketStructure: this.structures.find(
            (structure) =>
              structure.isPublic && structure.hasMarket && structure.regionId === homeHub.regionId,
          ),
          typePool: [],
          blueprints,
          brokerRate: npcBrokerRate(
            character.skills.brokerRelations,
            character.standings.faction,
            character.standings.corporation,
          ),
          relistShare: relistShare(character.skills.advancedBrokerRelations),
        });
        if (slotProfile.kind !== 'manufacture')
          pendingPools.push({ index: slots.length - 1, profile: slotProfile });
      });
    }
    this.assignTypePools(rng, slots, pendingPools, reservedTypes);
    this.slots = slots;
    this.blueprintsByOwner = blueprintsByOwner;

    const wallets = new Map<WalletKey, WalletPlan>();
    let settlementIndex = 0;
    const settlementParty = (): number =>
      outside.character(outside.count - 1 - settlementIndex++).characterId;
    for (const character of profile.characters) {
      const wallet = characterWallet(character.characterId);
      wallets.set(wallet, {
        wallet,
        ownerId: character.characterId,
        source: takeSource(),
        workingCapital: Math.round(character.workingCapitalIsk * 100),
        activeSinceMs: Math.max(WORLD_START_MS, Date.parse(character.birthday)),
        settlementPartyId: settlementParty(),
        slots: slots.filter((slot) => slot.wallet === wallet),
      });
    }
    for (const corporation of profile.corporations) {
      const wallet = corporationWallet(corporation.corporationId, 1);
      wallets.set(wallet, {
        wallet,
        ownerId: corporation.corporationId,
        source: takeSource(),
        workingCapital: Math.round(corporation.workingCapitalIsk * 100),
        activeSinceMs: Math.max(WORLD_START_MS, Date.parse(corporation.founded)),
        settlementPartyId: corporation.isProduct ? undefined : settlementParty(),
        slots: slots.filter((slot) => slot.wallet === wallet),
      });
    }
    this.wallets = wallets;
    this.productCorporation = profile.corporations.find((corporation) => corporation.isProduct);
    this.outsideDepositSource = takeSource();
  }

  private placeStructures(): SimStructure[] {
    const structures: SimStructure[] = [];
    this.universe.hubs.forEach((hub, index) => {
      const near =
        [...this.universe.graph.neighboursOf(hub.systemId)].sort((a, b) => a - b)[0] ?? hub.systemId;
      const system = this.universe.systemsById.get(near)!;
      const keepstar = index === 0;
      structures.push({
        structureId: 1_035_000_000_000 + index * 1_000_003 + 17,
        name: `${system.name} - ${keepstar ? 'Tranquil Trading Tower' : 'Free Market Exchange'}`,
        typeId: keepstar ? 35834 : 35833,
        ownerId: 98_800_000 + index,
        solarSystemId: system.systemId,
        regionId: system.regionId,
        isPublic: true,
        hasMarket: true,
        hasManufacturing: index % 2 === 1,
        brokerRate: 10_000 + index * 1_000,
        position: { x: 1.2e12 + index * 1e9, y: -3.4e10, z: 5.6e11 },
      });
    });
    const hub = this.universe.hubs[0]!;
    const system = this.universe.systemsById.get(hub.systemId)!;
    structures.push({
      structureId: 1_039_000_000_001,
      name: `${system.name} - Members Only Market`,
      typeId: 35832,
      ownerId: 98_800_011,
      solarSystemId: system.systemId,
      regionId: system.regionId,
      isPublic: false,
      hasMarket: true,
      hasManufacturing: false,
      brokerRate: 30_000,
      position: { x: -7.7e11, y: 2.2e10, z: 9.1e11 },
    });
    return structures;
  }

  /**
   * Blueprints for manufacturing slots: products that sell, materials that are all priced, a run short enough
   * for a campaign. Their materials and products are kept out of every trading pool, so each unit sold has one
   * unambiguous cost.
   */
  private chooseBlueprints(rng: Random, reservedTypes: Set<number>): UniverseBlueprint[] {
    const manufactureSlots = this.profile.characters
      .flatMap((c) => c.slots)
      .filter((s) => s.kind === 'manufacture');
    if (manufactureSlots.length === 0) return [];
    const shortestPeriodMs = Math.min(...manufactureSlots.map((slot) => slot.periodHours * 3_600_000));
    const candidates = this.universe.universe.blueprints.filter((blueprint) => {
      const product = this.universe.typesById.get(blueprint.manufacturing.products[0]!.typeId);
      if (!product || product.categoryId === UniverseCategory.blueprint) return false;
      const runMs = blueprint.manufacturing.time * MANUFACTURING_TIME_FACTOR * 1000;
      return (
        runMs > 0 && runMs <= shortestPeriodMs * 0.3 && this.prices.referencePrice(product.typeId) >= 1_000
      );
    });
    const chosen = rng.shuffle(candidates).slice(0, manufactureSlots.length * 3);
    for (const blueprint of chosen) {
      for (const material of blueprint.manufacturing.materials) reservedTypes.add(material.typeId);
      for (const product of blueprint.manufacturing.products) reservedTypes.add(product.typeId);
      reservedTypes.add(blueprint.blueprintTypeId);
    }
    return chosen;
  }

  /**
   * Gives each trading slot its own types, priced so one campaign buys at least one unit, from what traders trade
   * (ships, modules, ammunition and charges, drones, implants, minerals and other materials, PLEX; no cosmetics,
   * collectibles, blueprints or skills). A slot that trades on the market prefers types whose spread (or, for
   * hauling, the price gap between the hubs) pays its fees with a few percent to spare, as a trader would choose.
   */
  private assignTypePools(
    rng: Random,
    slots: SlotPlan[],
    pending: readonly { index: number; profile: SlotProfile }[],
    reserved: ReadonlySet<number>,
  ): void {
    const candidates = rng.shuffle(
      this.universe.marketTypes
        .filter(
          (type) =>
            !reserved.has(type.typeId) &&
            (TRADED_CATEGORIES.has(type.categoryId) || type.typeId === PLEX_TYPE_ID) &&
            this.universe.hubs.every((hub) => this.prices.regionTrades(hub.regionId, type.typeId)),
        )
        .map((type) => type.typeId),
    );
    const taken = new Set<number>();
    const poolSize = Math.max(1, Math.min(8, Math.floor(candidates.length / Math.max(1, pending.length))));
    for (const { index, profile } of pending) {
      const slot = slots[index]!;
      const affordable = candidates.filter((typeId) => {
        const price = this.prices.referencePrice(typeId);
        return (
          !taken.has(typeId) && price <= profile.budgetIsk[1] && price * 10_000_000 >= profile.budgetIsk[0]
        );
      });
      const margin = (typeId: number): number => this.expectedMargin(slot, typeId);
      const worthIt = affordable.filter((typeId) => {
        const expected = margin(typeId);
        return expected >= WORTHWHILE_MARGIN[0] && expected <= WORTHWHILE_MARGIN[1];
      });
      // Where too few types pay, the slot takes the best of the rest.
      const rest = affordable
        .filter((typeId) => !worthIt.includes(typeId))
        .sort((a, b) => margin(b) - margin(a));
      const pool = [...worthIt, ...rest].slice(0, poolSize);
      for (const typeId of pool) taken.add(typeId);
      slots[index] = { ...slot, typePool: pool };
    }
  }

  /**
   * What a trade of the type would earn on its cost, before the market moves, if the slot's orders beat the best
   * ones of the hubs' books: buying at the best buy price and selling at the best sell price for station trading,
   * buying from the home hub's sell orders and selling at the destination's best sell price for hauling. Broker
   * fees and the sales tax in force now (changes of price add a little more, which the margin leaves room for).
   * Contracts are priced on their cost, so any type serves them.
   */
  private expectedMargin(slot: SlotPlan, typeId: number): number {
    const kind = slot.profile.kind;
    if (kind !== 'station-trade' && kind !== 'haul-trade') return WORTHWHILE_MARGIN[0];
    const home = slot.homeHub.regionId;
    const broker = slot.brokerRate / PPM;
    const tax = SALES_TAX_HISTORY[0]!.ratePpm / PPM;
    const homeSpread = this.prices.halfSpread(home, typeId);
    if (kind === 'station-trade') {
      const buy = 1 - homeSpread;
      const sell = 1 + homeSpread;
      return (sell * (1 - broker - tax) - buy * (1 + broker)) / buy;
    }
    const destination = slot.destinationHub.regionId;
    const buy = this.prices.regionFactor(home, typeId) * (1 + homeSpread);
    const sell =
      this.prices.regionFactor(destination, typeId) * (1 + this.prices.halfSpread(destination, typeId));
    return (sell * (1 - broker - tax) - buy) / buy;
  }
}
