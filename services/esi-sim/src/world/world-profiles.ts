/**
 * Who lives in the simulated world and what they do. A profile is data: characters with their corporation,
 * roles, skills and standings, and the activity slots that generate their trading, industry and contracts.
 */

export type CorporationRole =
  'Accountant' | 'Junior_Accountant' | 'Director' | 'Factory_Manager' | 'Trader' | 'Contract_Manager';

/** What one slot does, period after period. Slots of one character never trade the same type. */
export type SlotKind =
  /** Buy with a buy order and sell with a sell order at the home hub (or a structure near it). */
  | 'station-trade'
  /** Buy from sell orders at the home hub, sell with a sell order at another hub. */
  | 'haul-trade'
  /** Buy the materials, run a manufacturing job on an owned blueprint, sell the product. */
  | 'manufacture'
  /** Buy items, sell them as one item-exchange contract. */
  | 'contract-sale'
  /** Accept another player's item-exchange contract, sell its items on the market. */
  | 'contract-purchase';

export interface SlotProfile {
  readonly kind: SlotKind;
  /** Each period holds at most one campaign, which ends before the next begins. */
  readonly periodHours: number;
  /** Share of periods with a campaign. */
  readonly activity: number;
  /** ISK spent on one campaign's purchase. */
  readonly budgetIsk: readonly [number, number];
  /** Fills of the buy side and of each sell order. */
  readonly buyFills: readonly [number, number];
  readonly sellFills: readonly [number, number];
  /** Paid from and booked to the corporation's master wallet instead of the character's. */
  readonly forCorporation?: boolean;
  /** For haul-trade: the hub to sell at (index into TRADE_HUBS); default: the next hub. */
  readonly destinationHub?: number;
}

export interface SkillLevels {
  readonly accounting: number;
  readonly brokerRelations: number;
  readonly advancedBrokerRelations: number;
  readonly industry: number;
  readonly advancedIndustry: number;
  readonly trade: number;
  readonly retail: number;
  readonly wholesale: number;
  readonly tycoon: number;
  /** Copying time. */
  readonly science: number;
  /** TE research time. */
  readonly research: number;
  /** ME research time. */
  readonly metallurgy: number;
}

export interface CharacterProfile {
  readonly characterId: number;
  readonly name: string;
  readonly corporationId: number;
  readonly birthday: string;
  readonly gender: 'male' | 'female';
  readonly raceId: number;
  readonly bloodlineId: number;
  readonly securityStatus: number;
  readonly roles: readonly CorporationRole[];
  readonly skills: SkillLevels;
  /** Standings toward the home station's faction and owner corporation: they set the broker rate. */
  readonly standings: {
    readonly factionId: number;
    readonly faction: number;
    readonly corporationId: number;
    readonly corporation: number;
  };
  /** Index into TRADE_HUBS. */
  readonly homeHub: number;
  /** The wallet returns to this balance every Monday 00:00 UTC (see wallet-ledger.ts). */
  readonly workingCapitalIsk: number;
  readonly slots: readonly SlotProfile[];
  /** ISK sent to the product's corporation for subscriptions, about every `everyDays`. */
  readonly deposits?: { readonly everyDays: number; readonly amountsIsk: readonly number[] };
}

export interface CorporationProfile {
  readonly corporationId: number;
  readonly name: string;
  readonly ticker: string;
  readonly ceoId: number;
  readonly homeHub: number;
  readonly founded: string;
  readonly taxRate: number;
  /** Master wallet working capital; the product's corporation keeps what it receives instead. */
  readonly workingCapitalIsk: number;
  /** Balances of divisions 2..7, which stay still. */
  readonly otherDivisionsIsk: readonly number[];
  readonly isProduct?: boolean;
}

export interface WorldProfile {
  readonly name: ProfileName;
  readonly corporations: readonly CorporationProfile[];
  readonly characters: readonly CharacterProfile[];
  /** Players outside the simulation who buy, sell, accept contracts and receive settlements. */
  readonly outsidePlayers: number;
  /** Outside donors who send ISK to the product's corporation, about one every `everyDays`. */
  readonly outsideDeposits: { readonly everyDays: number };
}

export type ProfileName = 'demo' | 'heavy-trader' | 'heavy-industrialist';
export const PROFILE_NAMES: readonly ProfileName[] = ['demo', 'heavy-trader', 'heavy-industrialist'];

/** Every simulated character has been active since then; nothing before it exists. */
export const WORLD_START_MS = Date.UTC(2020, 0, 6);

export const PRODUCT_CORPORATION_ID = 98770001;
/** The SCC takes sales tax and (in this simulation) broker fees. */
export const SECURE_COMMERCE_COMMISSION_ID = 1000132;

const fullSkills: SkillLevels = {
  accounting: 5,
  brokerRelations: 5,
  advancedBrokerRelations: 4,
  industry: 5,
  advancedIndustry: 5,
  trade: 5,
  retail: 5,
  wholesale: 5,
  tycoon: 4,
  science: 5,
  research: 5,
  metallurgy: 5,
};

const stationTrade = (periodHours: number, budgetIsk: readonly [number, number]): SlotProfile => ({
  kind: 'station-trade',
  periodHours,
  activity: 0.9,
  budgetIsk,
  buyFills: [2, 5],
  sellFills: [2, 6],
});

const caldari = { factionId: 500001, corporationId: 1000035 };
const amarr = { factionId: 500003, corporationId: 1000086 };
const gallente = { factionId: 500004, corporationId: 1000120 };

const demoCorporations: readonly CorporationProfile[] = [
  {
    corporationId: PRODUCT_CORPORATION_ID,
    name: 'Tradewise Ledger Services',
    ticker: 'TWLS',
    ceoId: 2119000001,
    homeHub: 0,
    founded: '2019-05-01T12:00:00Z',
    taxRate: 0,
    workingCapitalIsk: 1_000_000_000,
    otherDivisionsIsk: [0, 0, 0, 0, 0, 0],
    isProduct: true,
  },
  {
    corporationId: 98770002,
    name: 'Forge Freight & Fabrication',
    ticker: 'FFAB',
    ceoId: 2119000013,
    homeHub: 0,
    founded: '2018-03-14T18:30:00Z',
    taxRate: 0.1,
    workingCapitalIsk: 40_000_000_000,
    otherDivisionsIsk: [2_500_000_000, 750_000_000, 0, 120_000_000, 0, 5_000_000],
  },
  {
    corporationId: 98770003,
    name: 'Amarr Arbitrage Collective',
    ticker: 'AARB',
    ceoId: 2119000021,
    homeHub: 1,
    founded: '2017-11-02T09:15:00Z',
    taxRate: 0.05,
    workingCapitalIsk: 8_000_000_000,
    otherDivisionsIsk: [400_000_000, 0, 0, 0, 0, 0],
  },
];

const demoCharacters: readonly CharacterProfile[] = [
  {
    characterId: 2119000001,
    name: 'Tradewise Banker',
    corporationId: PRODUCT_CORPORATION_ID,
    birthday: '2019-04-30T10:00:00Z',
    gender: 'female',
    raceId: 1,
    bloodlineId: 2,
    securityStatus: 2.1,
    roles: ['Director', 'Accountant'],
    skills: fullSkills,
    standings: { ...caldari, faction: 1.5, corporation: 2 },
    homeHub: 0,
    workingCapitalIsk: 50_000_000,
    slots: [],
  },
  {
    characterId: 2119000011,
    name: 'Aria Venn',
    corporationId: 98770002,
    birthday: '2016-08-21T14:02:00Z',
    gender: 'female',
    raceId: 1,
    bloodlineId: 1,
    securityStatus: 1.2,
    roles: ['Trader'],
    skills: fullSkills,
    standings: { ...caldari, faction: 4.2, corporation: 6.1 },
    homeHub: 0,
    workingCapitalIsk: 6_000_000_000,
    slots: [
      stationTrade(24, [20_000_000, 250_000_000]),
      stationTrade(24, [20_000_000, 250_000_000]),
      stationTrade(24, [5_000_000, 80_000_000]),
      stationTrade(36, [50_000_000, 400_000_000]),
      stationTrade(36, [5_000_000, 60_000_000]),
      { ...stationTrade(48, [30_000_000, 300_000_000]), kind: 'haul-trade', destinationHub: 1 },
    ],
    deposits: { everyDays: 30, amountsIsk: [100_000_000] },
  },
  {
    characterId: 2119000012,
    name: 'Dax Korrin',
    corporationId: 98770002,
    birthday: '2015-02-11T07:45:00Z',
    gender: 'male',
    raceId: 2,
    bloodlineId: 4,
    securityStatus: 0.4,
    roles: ['Factory_Manager'],
    skills: { ...fullSkills, advancedIndustry: 4, science: 4, research: 3, metallurgy: 4 },
    standings: { ...caldari, faction: 2.0, corporation: 3.5 },
    homeHub: 0,
    workingCapitalIsk: 4_000_000_000,
    // One manufacturing slot per wallet: materials bought for one job are never mixed with another's.
    slots: [
      { ...stationTrade(48, [10_000_000, 300_000_000]), kind: 'manufacture', sellFills: [2, 5] },
      { ...stationTrade(72, [50_000_000, 600_000_000]), kind: 'manufacture', forCorporation: true },
      stationTrade(24, [10_000_000, 100_000_000]),
      { ...stationTrade(96, [10_000_000, 80_000_000]), kind: 'contract-sale' },
    ],
    deposits: { everyDays: 30, amountsIsk: [200_000_000] },
  },
  {
    characterId: 2119000013,
    name: 'Mira Soltan',
    corporationId: 98770002,
    birthday: '2012-06-01T20:00:00Z',
    gender: 'female',
    raceId: 8,
    bloodlineId: 7,
    securityStatus: 3.3,
    roles: ['Director', 'Accountant', 'Factory_Manager', 'Trader'],
    skills: fullSkills,
    standings: { ...caldari, faction: 6.5, corporation: 7.2 },
    homeHub: 0,
    workingCapitalIsk: 2_000_000_000,
    slots: [
      { ...stationTrade(24, [50_000_000, 500_000_000]), forCorporation: true },
      { ...stationTrade(24, [50_000_000, 500_000_000]), forCorporation: true },
      { ...stationTrade(96, [20_000_000, 200_000_000]), kind: 'contract-sale', forCorporation: true },
      stationTrade(48, [20_000_000, 150_000_000]),
    ],
    deposits: { everyDays: 30, amountsIsk: [200_000_000, 100_000_000] },
  },
  {
    characterId: 2119000021,
    name: 'Kael Oduya',
    corporationId: 98770003,
    birthday: '2017-10-30T11:11:00Z',
    gender: 'male',
    raceId: 4,
    bloodlineId: 5,
    securityStatus: -0.8,
    roles: ['Director'],
    skills: fullSkills,
    standings: { ...amarr, faction: 3.1, corporation: 4.4 },
    homeHub: 1,
    workingCapitalIsk: 3_000_000_000,
    slots: [
      { ...stationTrade(48, [30_000_000, 300_000_000]), kind: 'haul-trade', destinationHub: 2 },
      {
        ...stationTrade(48, [30_000_000, 300_000_000]),
        kind: 'haul-trade',
        destinationHub: 3,
        forCorporation: true,
      },
      { ...stationTrade(72, [30_000_000, 300_000_000]), kind: 'haul-trade', destinationHub: 4 },
      { ...stationTrade(72, [20_000_000, 200_000_000]), kind: 'contract-purchase' },
    ],
  },
  {
    characterId: 2119000022,
    name: 'Lena Vasko',
    corporationId: 98770003,
    birthday: '2019-01-19T16:40:00Z',
    gender: 'female',
    raceId: 8,
    bloodlineId: 7,
    securityStatus: 0,
    roles: ['Accountant'],
    skills: fullSkills,
    standings: { ...gallente, faction: 1.2, corporation: 0.8 },
    homeHub: 2,
    workingCapitalIsk: 1_500_000_000,
    slots: [
      { ...stationTrade(72, [10_000_000, 150_000_000]), kind: 'contract-sale' },
      { ...stationTrade(96, [10_000_000, 150_000_000]), kind: 'contract-sale' },
      { ...stationTrade(96, [10_000_000, 100_000_000]), kind: 'contract-purchase' },
      stationTrade(48, [5_000_000, 50_000_000]),
    ],
    deposits: { everyDays: 45, amountsIsk: [100_000_000] },
  },
  {
    characterId: 2119000031,
    name: 'Pip Newcomb',
    corporationId: 1000009,
    birthday: '2026-01-05T19:20:00Z',
    gender: 'male',
    raceId: 1,
    bloodlineId: 2,
    securityStatus: 0,
    roles: [],
    skills: { ...fullSkills, brokerRelations: 2, advancedBrokerRelations: 0, tycoon: 0, wholesale: 1 },
    standings: { ...caldari, faction: 0.3, corporation: 0.5 },
    homeHub: 0,
    workingCapitalIsk: 150_000_000,
    slots: [
      { ...stationTrade(72, [1_000_000, 15_000_000]), activity: 0.5, buyFills: [1, 3], sellFills: [1, 3] },
    ],
  },
];

export const HEAVY_TRADER_ID = 2119000041;

const heavyTraderCorporation: CorporationProfile = {
  corporationId: 98770004,
  name: 'Volume Unlimited',
  ticker: 'VOLU',
  ceoId: HEAVY_TRADER_ID,
  homeHub: 0,
  founded: '2014-09-09T09:09:00Z',
  taxRate: 0,
  workingCapitalIsk: 1_000_000_000,
  otherDivisionsIsk: [0, 0, 0, 0, 0, 0],
};

const heavyTrader: CharacterProfile = {
  characterId: HEAVY_TRADER_ID,
  name: 'Hektor Volume',
  corporationId: heavyTraderCorporation.corporationId,
  birthday: '2011-03-03T03:03:00Z',
  gender: 'male',
  raceId: 1,
  bloodlineId: 1,
  securityStatus: 0.1,
  roles: ['Director', 'Accountant', 'Trader'],
  skills: fullSkills,
  standings: { ...caldari, faction: 8.1, corporation: 9.0 },
  homeHub: 0,
  workingCapitalIsk: 60_000_000_000,
  // 24 slots × 2 campaigns a day × about 7.7 fills ≈ 340 transactions a day, over 120,000 a year.
  slots: Array.from({ length: 24 }, (_, index) => ({
    ...stationTrade(12, index % 3 === 0 ? [100_000_000, 900_000_000] : [10_000_000, 200_000_000]),
    activity: 0.97,
    buyFills: [3, 5] as const,
    sellFills: [3, 6] as const,
  })),
  deposits: { everyDays: 30, amountsIsk: [200_000_000] },
};

export const HEAVY_INDUSTRIALIST_ID = 2119000051;

/**
 * The benchmarks' industrialist: 8 manufacturing slots on one wallet (about 5,600 jobs a year) beside 12 trading
 * slots, over 100,000 transactions a year. Unlike Dax Korrin's one slot per wallet, its slots may buy the same
 * materials, so the ground truth's per-job lots are not a FIFO's: it measures speed, not truth.
 */
const heavyIndustrialist: CharacterProfile = {
  ...heavyTrader,
  characterId: HEAVY_INDUSTRIALIST_ID,
  name: 'Ingrid Forge',
  birthday: '2012-12-12T12:12:00Z',
  gender: 'female',
  slots: [
    ...Array.from({ length: 8 }, () => ({
      ...stationTrade(12, [50_000_000, 400_000_000]),
      kind: 'manufacture' as const,
      activity: 0.97,
      sellFills: [3, 6] as const,
    })),
    ...Array.from({ length: 12 }, () => ({
      ...stationTrade(12, [10_000_000, 200_000_000]),
      activity: 0.97,
      buyFills: [3, 5] as const,
      sellFills: [3, 6] as const,
    })),
  ],
};

export function worldProfile(name: ProfileName): WorldProfile {
  const base = {
    outsidePlayers: 997,
    outsideDeposits: { everyDays: 3 },
  };
  if (name === 'heavy-industrialist') {
    return {
      ...base,
      name,
      corporations: [...demoCorporations, heavyTraderCorporation],
      characters: [...demoCharacters, heavyIndustrialist],
    };
  }
  if (name === 'heavy-trader') {
    return {
      ...base,
      name,
      corporations: [...demoCorporations, heavyTraderCorporation],
      characters: [...demoCharacters, heavyTrader],
    };
  }
  return { ...base, name, corporations: demoCorporations, characters: demoCharacters };
}
