import type { SimulatorUniverse } from '../universe/simulator-universe';
import { UniverseIndex } from '../universe/universe-index';
import { campaignIndexAt, campaignStartMs, generateCampaign, type CampaignEnvironment } from './campaigns';
import { eventId, IdSpace } from './esi-ids';
import { LruCache } from './lru-cache';
import { SeededBooks, type BookOrder } from './market-books';
import { formatIsk, type Cents } from './money';
import { orderFeeTruth, type OrderFeeTruth } from './order-fee-truth';
import { OutsidePlayers } from './outside-players';
import { DAY_MS, PriceModel } from './price-model';
import { Random, seedNumber, unitHash } from './prng';
import { lastSettlementAtOrBefore, ledgerRows } from './wallet-ledger';
import {
  WorldPlan,
  type OwnedBlueprint,
  type SimStructure,
  type SlotPlan,
  type WalletPlan,
} from './world-plan';
import {
  PRODUCT_CORPORATION_ID,
  SECURE_COMMERCE_COMMISSION_ID,
  WORLD_START_MS,
  worldProfile,
  type CharacterProfile,
  type CorporationProfile,
  type ProfileName,
  type WorldProfile,
} from './world-profiles';
import {
  characterWallet,
  corporationWallet,
  jobStatusAt,
  orderStateAt,
  type CampaignRecord,
  type ContractRecord,
  type ContractPurchaseTruth,
  type ContractSaleTruth,
  type JobRecord,
  type JobStatus,
  type JobTruth,
  type JournalRecord,
  type JournalRow,
  type OrderRecord,
  type OrderState,
  type SaleTruth,
  type TransactionRecord,
  type WalletKey,
} from './world-records';

export interface SimulatedWorldOptions {
  /** Everything the world invents follows from it (default `tradewise`). */
  readonly seed?: number | string;
  readonly universe: SimulatorUniverse | UniverseIndex;
  readonly profile?: ProfileName | WorldProfile;
}

/** ESI keeps about 30 days of wallet journal and transactions. */
export const WALLET_HISTORY_DAYS = 30;
/** Closed orders and completed jobs stay listed for 90 days. */
export const ORDER_HISTORY_DAYS = 90;
/** Contracts older than 30 days drop out of the list. */
export const CONTRACT_HISTORY_DAYS = 30;

export type NameCategory =
  | 'character'
  | 'corporation'
  | 'faction'
  | 'inventory_type'
  | 'region'
  | 'constellation'
  | 'solar_system'
  | 'station';

export interface ResolvedName {
  readonly id: number;
  readonly name: string;
  readonly category: NameCategory;
}

export interface OrderView {
  readonly order: OrderRecord;
  readonly state: OrderState;
}

export interface JobView {
  readonly job: JobRecord;
  readonly status: JobStatus;
}

const NPC_CORPORATIONS: Readonly<Record<number, string>> = {
  1000009: 'Caldari Provisions',
  1000035: 'Caldari Navy',
  1000086: 'Emperor Family',
  1000120: 'Federation Navy',
  1000049: 'Brutor Tribe',
  [SECURE_COMMERCE_COMMISSION_ID]: 'Secure Commerce Commission',
};
const FACTIONS: Readonly<Record<number, string>> = {
  500001: 'Caldari State',
  500002: 'Minmatar Republic',
  500003: 'Amarr Empire',
  500004: 'Gallente Federation',
};
/** A deposit into the product corporation, as ground truth. */
export interface DepositTruth {
  readonly journalId: number;
  /** Who paid: the journal row's first party. */
  readonly characterId: number;
  readonly corporationId: number;
  readonly division: number;
  readonly amountCents: number;
  readonly date: string;
}

const DEPOSIT_REASONS = ['Tradewise', 'Tradewise subscription', 'sub', '', 'Tradewise PRO'];
const OUTSIDE_DEPOSIT_AMOUNTS = [100_000_000, 200_000_000, 100_000_000, 50_000_000, 250_000_000];

/**
 * The simulated game world: characters in corporations trading around the hubs, running industry jobs and
 * contracts, wallets with journals and transactions, and the ground truth of what everything cost. It is a pure
 * function of seed, profile, universe and time: ask it about any instant and it generates (and caches) only the
 * campaigns that instant needs.
 */
export class SimulatedWorld {
  readonly seed: number;
  readonly universe: UniverseIndex;
  readonly prices: PriceModel;
  readonly outside: OutsidePlayers;
  readonly profile: WorldProfile;
  readonly plan: WorldPlan;
  readonly productCorporationId: number;
  private readonly environment: CampaignEnvironment;
  private readonly charactersById: ReadonlyMap<number, CharacterProfile>;
  private readonly corporationsById: ReadonlyMap<number, CorporationProfile>;
  private readonly structuresById: ReadonlyMap<number, SimStructure>;
  private readonly campaigns = new LruCache<string, CampaignRecord | null>(60_000);
  private readonly journals = new LruCache<string, JournalRow[]>(64);
  private readonly transactionLists = new LruCache<string, TransactionRecord[]>(64);
  private readonly namesByText = new Map<string, ResolvedName[]>();

  constructor(options: SimulatedWorldOptions) {
    this.seed = seedNumber(options.seed ?? 'tradewise');
    this.universe =
      options.universe instanceof UniverseIndex ? options.universe : new UniverseIndex(options.universe);
    this.prices = new PriceModel(this.seed, this.universe);
    this.profile =
      typeof options.profile === 'object' ? options.profile : worldProfile(options.profile ?? 'demo');
    this.outside = new OutsidePlayers(this.seed, this.profile.outsidePlayers);
    this.charactersById = new Map(this.profile.characters.map((c) => [c.characterId, c]));
    this.corporationsById = new Map(this.profile.corporations.map((c) => [c.corporationId, c]));
    this.plan = new WorldPlan(this.seed, this.profile, this.universe, this.prices, this.outside);
    const books = new SeededBooks(this.seed, this.universe, this.prices, this.plan.structures);
    this.environment = {
      seed: this.seed,
      universe: this.universe,
      prices: this.prices,
      outside: this.outside,
      nameOf: (id) => this.nameOf(id),
      quote: (regionId, typeId, atMs) => books.hubQuote(regionId, typeId, atMs),
    };
    this.structuresById = new Map(this.plan.structures.map((s) => [s.structureId, s]));
    this.productCorporationId = this.plan.productCorporation?.corporationId ?? PRODUCT_CORPORATION_ID;
  }

  get characters(): readonly CharacterProfile[] {
    return this.profile.characters;
  }

  get corporations(): readonly CorporationProfile[] {
    return this.profile.corporations;
  }

  get structures(): readonly SimStructure[] {
    return this.plan.structures;
  }

  character(characterId: number): CharacterProfile | undefined {
    return this.charactersById.get(characterId);
  }

  corporation(corporationId: number): CorporationProfile | undefined {
    return this.corporationsById.get(corporationId);
  }

  structure(structureId: number): SimStructure | undefined {
    return this.structuresById.get(structureId);
  }

  /** Public structures are open to everyone; the private one admits no simulated character. */
  canDock(_characterId: number, structureId: number): boolean {
    return this.structuresById.get(structureId)?.isPublic ?? false;
  }

  campaign(plan: SlotPlan, index: number): CampaignRecord | null {
    return this.campaigns.getOrCreate(`${plan.source}:${index}`, () =>
      generateCampaign(this.environment, plan, index),
    );
  }

  /** Campaigns of the slots whose period overlaps [fromMs, toMs]. */
  campaignsBetween(slots: readonly SlotPlan[], fromMs: number, toMs: number): CampaignRecord[] {
    const found: CampaignRecord[] = [];
    this.eachCampaign(slots, fromMs, toMs, true, (campaign) => found.push(campaign));
    return found;
  }

  /** Visits campaigns without keeping them when `cache` is false: long spans (a year) stay cheap on memory. */
  private eachCampaign(
    slots: readonly SlotPlan[],
    fromMs: number,
    toMs: number,
    cache: boolean,
    visit: (campaign: CampaignRecord) => void,
  ): void {
    for (const slot of slots) {
      const first = Math.max(campaignIndexAt(slot, fromMs), campaignIndexAt(slot, slot.activeSinceMs));
      for (let index = first; campaignStartMs(slot, index) <= toMs; index++) {
        const campaign = cache ? this.campaign(slot, index) : generateCampaign(this.environment, slot, index);
        if (campaign) visit(campaign);
      }
    }
  }

  walletPlan(wallet: WalletKey): WalletPlan | undefined {
    return this.plan.wallets.get(wallet);
  }

  /** The wallet's journal over the last 30 days at `atMs`, newest first, each row with the balance after it. */
  journal(wallet: WalletKey, atMs: number): readonly JournalRow[] {
    return this.journals.getOrCreate(`${wallet}@${atMs}`, () => {
      const plan = this.plan.wallets.get(wallet);
      if (!plan) return [];
      return ledgerRows(this.ledgerContext, plan, atMs - WALLET_HISTORY_DAYS * DAY_MS, atMs).reverse();
    });
  }

  walletBalance(wallet: WalletKey, atMs: number): Cents {
    const plan = this.plan.wallets.get(wallet);
    if (!plan) {
      const [, corporationId, division] = wallet.split(':');
      const corporation = this.corporation(Number(corporationId));
      return corporation ? Math.round((corporation.otherDivisionsIsk[Number(division) - 2] ?? 0) * 100) : 0;
    }
    const fromMs = plan.settlementPartyId === undefined ? plan.activeSinceMs : lastSettlementAtOrBefore(atMs);
    const rows = ledgerRows(this.ledgerContext, plan, fromMs, atMs);
    return rows.length > 0 ? rows[rows.length - 1]!.balance : plan.workingCapital;
  }

  /** Wallet transactions over the last 30 days at `atMs`, newest first. */
  transactions(wallet: WalletKey, atMs: number): readonly TransactionRecord[] {
    return this.transactionLists.getOrCreate(`${wallet}@${atMs}`, () => {
      const plan = this.plan.wallets.get(wallet);
      if (!plan) return [];
      const fromMs = atMs - WALLET_HISTORY_DAYS * DAY_MS;
      const found: TransactionRecord[] = [];
      for (const campaign of this.campaignsBetween(plan.slots, fromMs, atMs)) {
        for (const transaction of campaign.transactions) {
          if (transaction.timeMs >= fromMs && transaction.timeMs <= atMs) found.push(transaction);
        }
      }
      return found.sort((a, b) => b.id - a.id);
    });
  }

  /** Open orders the character placed (personal and for the corporation). */
  characterOrders(characterId: number, atMs: number): OrderView[] {
    return this.openOrders(this.slotsOfCharacter(characterId), atMs);
  }

  /**
   * Every simulated character's open orders, personal and corporation, and the outside traders' undercuts of them,
   * as the public books list them.
   */
  playerBookOrders(atMs: number): BookOrder[] {
    const systemOf = (locationId: number): number =>
      this.structuresById.get(locationId)?.solarSystemId ??
      this.universe.stationsById.get(locationId)!.systemId;
    const undercuts: BookOrder[] = [];
    const longest = Math.max(0, ...this.plan.slots.map((slot) => slot.periodMs));
    for (const campaign of this.campaignsBetween(this.plan.slots, atMs - longest, atMs)) {
      for (const undercut of campaign.undercuts) {
        if (undercut.issuedMs > atMs || undercut.closedMs <= atMs) continue;
        undercuts.push({
          orderId: undercut.orderId,
          typeId: undercut.typeId,
          regionId: undercut.regionId,
          locationId: undercut.locationId,
          systemId: systemOf(undercut.locationId),
          isBuy: undercut.isBuy,
          price: undercut.price,
          volumeTotal: undercut.volume,
          volumeRemain: undercut.volume,
          minVolume: 1,
          range: undercut.range,
          durationDays: 90,
          issuedMs: undercut.issuedMs,
        });
      }
    }
    const own = this.openOrders(this.plan.slots, atMs).map(({ order, state }) => ({
      orderId: order.orderId,
      typeId: order.typeId,
      regionId: order.regionId,
      locationId: order.locationId,
      systemId: systemOf(order.locationId),
      isBuy: order.isBuy,
      price: state.price,
      volumeTotal: order.volumeTotal,
      volumeRemain: state.volumeRemain,
      minVolume: order.minVolume,
      range: order.range,
      durationDays: order.durationDays,
      issuedMs: state.issuedMs,
    }));
    return [...own, ...undercuts];
  }

  /** Orders the character closed in the last 90 days. */
  characterOrderHistory(characterId: number, atMs: number): OrderView[] {
    return this.closedOrders(this.slotsOfCharacter(characterId), atMs);
  }

  corporationOrders(corporationId: number, atMs: number): OrderView[] {
    return this.openOrders(this.slotsOfCorporation(corporationId), atMs);
  }

  corporationOrderHistory(corporationId: number, atMs: number): OrderView[] {
    return this.closedOrders(this.slotsOfCorporation(corporationId), atMs);
  }

  /** The character's personal industry jobs; completed ones of the last 90 days when asked. */
  characterJobs(characterId: number, atMs: number, includeCompleted: boolean): JobView[] {
    const slots = this.slotsOfCharacter(characterId).filter((slot) => slot.corporationId === undefined);
    return this.jobs(slots, atMs, includeCompleted);
  }

  corporationJobs(corporationId: number, atMs: number, includeCompleted: boolean): JobView[] {
    return this.jobs(this.slotsOfCorporation(corporationId), atMs, includeCompleted);
  }

  /** Contracts the character issued, accepted or was assigned, of the last 30 days or still open. */
  contracts(characterId: number, atMs: number): ContractRecord[] {
    const slots = this.slotsOfCharacter(characterId).filter((slot) => slot.corporationId === undefined);
    return this.contractsOf(slots, atMs, (contract) => contract.visibleTo.includes(characterId));
  }

  /** Contracts issued for the corporation, of the last 30 days or still open. */
  corporationContracts(corporationId: number, atMs: number): ContractRecord[] {
    return this.contractsOf(
      this.slotsOfCorporation(corporationId),
      atMs,
      (contract) => contract.forCorporation,
    );
  }

  private contractsOf(
    slots: readonly SlotPlan[],
    atMs: number,
    visible: (contract: ContractRecord) => boolean,
  ): ContractRecord[] {
    const fromMs = atMs - CONTRACT_HISTORY_DAYS * DAY_MS;
    const found: ContractRecord[] = [];
    const contracting = slots.filter(
      (slot) => slot.profile.kind === 'contract-sale' || slot.profile.kind === 'contract-purchase',
    );
    for (const campaign of this.campaignsBetween(contracting, fromMs - 14 * DAY_MS, atMs)) {
      for (const contract of campaign.contracts) {
        if (!visible(contract) || contract.visibleFromMs > atMs) continue;
        const open = contract.acceptedMs > atMs;
        if (open || contract.acceptedMs >= fromMs) found.push(contract);
      }
    }
    return found.sort((a, b) => b.contractId - a.contractId);
  }

  blueprints(ownerId: number): readonly OwnedBlueprint[] {
    return this.plan.blueprintsByOwner.get(ownerId) ?? [];
  }

  characterLocation(characterId: number): { solarSystemId: number; stationId: number } | undefined {
    const character = this.character(characterId);
    if (!character) return undefined;
    const hub = this.universe.hub(character.homeHub);
    return { solarSystemId: hub.systemId, stationId: hub.stationId };
  }

  /** Ground truth for tests: what the simulated characters really earned. */
  readonly groundTruth = {
    /** Every market sale booked to the wallet in [fromMs, toMs], with the real cost of the units sold. */
    sales: (wallet: WalletKey, fromMs: number, toMs: number): SaleTruth[] =>
      this.truthBetween(wallet, fromMs, toMs, (campaign) =>
        campaign.sales.filter((s) => inRange(s.timeMs, fromMs, toMs)),
      ),
    contractSales: (wallet: WalletKey, fromMs: number, toMs: number): ContractSaleTruth[] =>
      this.truthBetween(wallet, fromMs, toMs, (campaign) =>
        campaign.contractSales.filter((s) => inRange(s.acceptedMs, fromMs, toMs)),
      ),
    contractPurchases: (wallet: WalletKey, fromMs: number, toMs: number): ContractPurchaseTruth[] =>
      this.truthBetween(wallet, fromMs, toMs, (campaign) =>
        campaign.contractPurchases.filter((p) => inRange(p.acceptedMs, fromMs, toMs)),
      ),
    jobs: (wallet: WalletKey, fromMs: number, toMs: number): JobTruth[] =>
      this.truthBetween(wallet, fromMs, toMs, (campaign) =>
        campaign.jobTruths.filter((truth) => {
          const job = campaign.jobs.find((j) => j.jobId === truth.jobId);
          return job !== undefined && inRange(job.startMs, fromMs, toMs);
        }),
      ),
    /**
     * Every ISK deposit into the product corporation's wallets in [fromMs, toMs] (the simulated traders' and outside
     * players'), as its journal lists them: what the deposit sync must credit. `wallet` is ignored.
     */
    deposits: (_wallet: WalletKey, fromMs: number, toMs: number): DepositTruth[] => {
      const wallet = corporationWallet(this.productCorporationId, 1);
      const plan = this.plan.wallets.get(wallet);
      if (!plan) return [];
      return this.recordsBetween(plan, fromMs, toMs)
        .filter((r) => r.wallet === wallet && r.refType === 'player_donation' && r.amount > 0)
        .map((r) => ({
          journalId: r.id,
          characterId: r.firstPartyId!,
          corporationId: this.productCorporationId,
          division: 1,
          amountCents: r.amount,
          date: new Date(r.timeMs).toISOString(),
        }))
        .sort((a, b) => a.journalId - b.journalId);
    },
    /**
     * Every market order of the wallet with a step (placement, price change, fill) in [fromMs, toMs], by order id:
     * the broker fees it charged over its whole life, each fill's share and the unfilled units' share under the
     * allocation rule (order-fee-truth.ts). Spans past 90 days are read without filling the campaign cache.
     */
    orderFees: (wallet: WalletKey, fromMs: number, toMs: number): OrderFeeTruth[] => {
      const truths: OrderFeeTruth[] = [];
      const slots = this.plan.wallets.get(wallet)?.slots ?? [];
      const cache = toMs - fromMs <= ORDER_HISTORY_DAYS * DAY_MS;
      this.eachCampaign(slots, fromMs, toMs, cache, (campaign) => {
        for (const order of campaign.orders)
          if (order.steps.some((step) => inRange(step.timeMs, fromMs, toMs)))
            truths.push(orderFeeTruth(order));
      });
      return truths.sort((a, b) => a.orderId - b.orderId);
    },
    /** Wallet transactions booked in [fromMs, toMs] (any length of time, not just ESI's 30 days). */
    transactionCount: (wallet: WalletKey, fromMs: number, toMs: number): number => {
      let count = 0;
      const slots = this.plan.wallets.get(wallet)?.slots ?? [];
      this.eachCampaign(slots, fromMs, toMs, false, (campaign) => {
        for (const transaction of campaign.transactions)
          if (inRange(transaction.timeMs, fromMs, toMs)) count++;
      });
      return count;
    },
  };

  /** The name of anything the world knows, for descriptions (structures included). */
  nameOf(id: number): string {
    return this.resolve(id)?.name ?? this.structuresById.get(id)?.name ?? (id === 0 ? 'nobody' : `#${id}`);
  }

  /** What /universe/names resolves: characters, corporations, factions, types and the map; never structures. */
  resolve(id: number): ResolvedName | undefined {
    const character = this.charactersById.get(id) ?? this.outside.characterById(id);
    if (character) return { id, name: character.name, category: 'character' };
    const corporation = this.corporationsById.get(id) ?? this.outside.corporationById(id);
    if (corporation) return { id, name: corporation.name, category: 'corporation' };
    if (NPC_CORPORATIONS[id]) return { id, name: NPC_CORPORATIONS[id], category: 'corporation' };
    if (FACTIONS[id]) return { id, name: FACTIONS[id], category: 'faction' };
    const type = this.universe.typesById.get(id);
    if (type) return { id, name: type.name, category: 'inventory_type' };
    const region = this.universe.regionsById.get(id);
    if (region) return { id, name: region.name, category: 'region' };
    const constellation = this.universe.constellationsById.get(id);
    if (constellation) return { id, name: constellation.name, category: 'constellation' };
    const system = this.universe.systemsById.get(id);
    if (system) return { id, name: system.name, category: 'solar_system' };
    const station = this.universe.stationsById.get(id);
    if (station) return { id, name: station.name, category: 'station' };
    return undefined;
  }

  /** Exact, case-insensitive name lookup for /universe/ids. */
  resolveName(name: string): readonly ResolvedName[] {
    if (this.namesByText.size === 0) {
      const add = (entry: ResolvedName): void => {
        const key = entry.name.toLowerCase();
        const list = this.namesByText.get(key);
        if (list) list.push(entry);
        else this.namesByText.set(key, [entry]);
      };
      for (const c of this.profile.characters)
        add({ id: c.characterId, name: c.name, category: 'character' });
      for (const c of this.outside.characters())
        add({ id: c.characterId, name: c.name, category: 'character' });
      for (const c of this.profile.corporations)
        add({ id: c.corporationId, name: c.name, category: 'corporation' });
      for (const c of this.outside.corporations())
        add({ id: c.corporationId, name: c.name, category: 'corporation' });
      for (const [id, name] of Object.entries(NPC_CORPORATIONS))
        add({ id: Number(id), name, category: 'corporation' });
      for (const [id, name] of Object.entries(FACTIONS)) add({ id: Number(id), name, category: 'faction' });
      for (const t of this.universe.marketTypes)
        add({ id: t.typeId, name: t.name, category: 'inventory_type' });
      for (const r of this.universe.universe.regions)
        add({ id: r.regionId, name: r.name, category: 'region' });
      for (const c of this.universe.universe.constellations) {
        add({ id: c.constellationId, name: c.name, category: 'constellation' });
      }
      for (const s of this.universe.universe.systems)
        add({ id: s.systemId, name: s.name, category: 'solar_system' });
      for (const s of this.universe.universe.stations)
        add({ id: s.stationId, name: s.name, category: 'station' });
    }
    return this.namesByText.get(name.toLowerCase()) ?? [];
  }

  private readonly ledgerContext = {
    recordsBetween: (plan: WalletPlan, fromMs: number, toMs: number): JournalRecord[] =>
      this.recordsBetween(plan, fromMs, toMs),
    nameOf: (id: number): string => this.nameOf(id),
  };

  private recordsBetween(plan: WalletPlan, fromMs: number, toMs: number): JournalRecord[] {
    const records: JournalRecord[] = [];
    for (const campaign of this.campaignsBetween(plan.slots, fromMs, toMs)) {
      for (const record of campaign.journal) if (inRange(record.timeMs, fromMs, toMs)) records.push(record);
    }
    const character = this.charactersById.get(plan.ownerId);
    if (character) records.push(...this.depositsOf(character, plan, fromMs, toMs, 'donor'));
    if (plan.ownerId === this.productCorporationId && plan.wallet === corporationWallet(plan.ownerId, 1)) {
      for (const donor of this.profile.characters) {
        const donorPlan = this.plan.wallets.get(characterWallet(donor.characterId));
        if (donorPlan) records.push(...this.depositsOf(donor, donorPlan, fromMs, toMs, 'receiver'));
      }
      records.push(...this.outsideDeposits(plan, fromMs, toMs));
    }
    return records;
  }

  /** A character's subscription deposits into the product's corporation, as either side books them. */
  private depositsOf(
    character: CharacterProfile,
    donorPlan: WalletPlan,
    fromMs: number,
    toMs: number,
    side: 'donor' | 'receiver',
  ): JournalRecord[] {
    const deposits = character.deposits;
    if (!deposits || !this.plan.productCorporation) return [];
    const periodMs = deposits.everyDays * DAY_MS;
    const records: JournalRecord[] = [];
    const first = Math.max(0, Math.floor((fromMs - WORLD_START_MS) / periodMs) - 1);
    for (let period = first; WORLD_START_MS + period * periodMs <= toMs; period++) {
      const offsetMs = Math.floor(
        unitHash(this.seed, 301, character.characterId, period) * (periodMs - 2 * 3_600_000),
      );
      const timeMs = Math.floor((WORLD_START_MS + period * periodMs + 3_600_000 + offsetMs) / 1000) * 1000;
      if (timeMs < donorPlan.activeSinceMs || !inRange(timeMs, fromMs, toMs)) continue;
      const rng = Random.of(this.seed, 302, character.characterId, period);
      const amount = Math.round(rng.pick(deposits.amountsIsk) * 100);
      const reason = rng.pick(DEPOSIT_REASONS);
      const description = `${character.name} deposited cash into ${this.nameOf(this.productCorporationId)}'s account`;
      records.push({
        id: IdSpace.journal + eventId(timeMs, donorPlan.source, side === 'donor' ? 2 : 3),
        wallet: side === 'donor' ? donorPlan.wallet : corporationWallet(this.productCorporationId, 1),
        timeMs,
        refType: 'player_donation',
        amount: side === 'donor' ? -amount : amount,
        description,
        firstPartyId: character.characterId,
        secondPartyId: this.productCorporationId,
        ...(reason ? { reason } : {}),
      });
    }
    return records;
  }

  /** Players outside the simulation pay the product's corporation too, some with odd amounts or no reason. */
  private outsideDeposits(plan: WalletPlan, fromMs: number, toMs: number): JournalRecord[] {
    const periodMs = this.profile.outsideDeposits.everyDays * DAY_MS;
    const records: JournalRecord[] = [];
    const first = Math.max(0, Math.floor((fromMs - WORLD_START_MS) / periodMs) - 1);
    for (let period = first; WORLD_START_MS + period * periodMs <= toMs; period++) {
      const rng = Random.of(this.seed, 311, period);
      const timeMs =
        Math.floor((WORLD_START_MS + period * periodMs + rng.between(0.05, 0.95) * periodMs) / 1000) * 1000;
      if (timeMs < plan.activeSinceMs || !inRange(timeMs, fromMs, toMs)) continue;
      const donor = this.outside.character(rng.int(0, this.outside.count - 1));
      const amount = Math.round(rng.pick(OUTSIDE_DEPOSIT_AMOUNTS) * 100);
      const reason = rng.pick(DEPOSIT_REASONS);
      records.push({
        id: IdSpace.journal + eventId(timeMs, this.plan.outsideDepositSource, 0),
        wallet: plan.wallet,
        timeMs,
        refType: 'player_donation',
        amount,
        description: `${donor.name} deposited cash into ${this.nameOf(plan.ownerId)}'s account (${formatIsk(amount)})`,
        firstPartyId: donor.characterId,
        secondPartyId: plan.ownerId,
        ...(reason ? { reason } : {}),
      });
    }
    return records;
  }

  private slotsOfCharacter(characterId: number): SlotPlan[] {
    return this.plan.slots.filter((slot) => slot.character.characterId === characterId);
  }

  private slotsOfCorporation(corporationId: number): SlotPlan[] {
    return this.plan.slots.filter((slot) => slot.corporationId === corporationId);
  }

  private openOrders(slots: readonly SlotPlan[], atMs: number): OrderView[] {
    const views: OrderView[] = [];
    const longest = Math.max(0, ...slots.map((slot) => slot.periodMs));
    for (const campaign of this.campaignsBetween(slots, atMs - longest, atMs)) {
      for (const order of campaign.orders) {
        if (order.closedMs <= atMs) continue;
        const state = orderStateAt(order, atMs);
        if (state) views.push({ order, state });
      }
    }
    return views.sort((a, b) => a.order.orderId - b.order.orderId);
  }

  private closedOrders(slots: readonly SlotPlan[], atMs: number): OrderView[] {
    const fromMs = atMs - ORDER_HISTORY_DAYS * DAY_MS;
    const views: OrderView[] = [];
    for (const campaign of this.campaignsBetween(slots, fromMs, atMs)) {
      for (const order of campaign.orders) {
        if (order.closedMs > atMs || order.closedMs < fromMs) continue;
        views.push({ order, state: orderStateAt(order, order.closedMs)! });
      }
    }
    return views.sort((a, b) => b.order.orderId - a.order.orderId);
  }

  private jobs(slots: readonly SlotPlan[], atMs: number, includeCompleted: boolean): JobView[] {
    const fromMs = atMs - ORDER_HISTORY_DAYS * DAY_MS;
    const views: JobView[] = [];
    const manufacturing = slots.filter((slot) => slot.profile.kind === 'manufacture');
    for (const campaign of this.campaignsBetween(
      manufacturing,
      includeCompleted ? fromMs : atMs - 7 * DAY_MS,
      atMs,
    )) {
      for (const job of campaign.jobs) {
        const status = jobStatusAt(job, atMs);
        if (!status) continue;
        if (status === 'delivered' && (!includeCompleted || job.completedMs < fromMs)) continue;
        views.push({ job, status });
      }
    }
    return views.sort((a, b) => b.job.jobId - a.job.jobId);
  }

  private truthBetween<T>(
    wallet: WalletKey,
    fromMs: number,
    toMs: number,
    pick: (campaign: CampaignRecord) => readonly T[],
  ): T[] {
    const plan = this.plan.wallets.get(wallet);
    if (!plan) return [];
    return this.campaignsBetween(plan.slots, fromMs, toMs).flatMap((campaign) => [...pick(campaign)]);
  }
}

function inRange(timeMs: number, fromMs: number, toMs: number): boolean {
  return timeMs >= fromMs && timeMs <= toMs;
}
