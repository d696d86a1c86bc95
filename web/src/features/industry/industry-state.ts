import type { IndustryBuildChoice, IndustryCalculationRequest, IndustryStructure } from '../../shared/api';

/** public-tools §5 and §9: defaults and bounds of the calculator (percentages as typed). */
export const INDUSTRY_LIMITS = {
  runs: { min: 1, max: 1_000_000 },
  timeEfficiency: { min: 0, max: 20 },
  materialEfficiency: { min: 0, max: 10 },
  facilityTax: { min: 0, max: 10 },
  factionWarfareBonus: { min: 0, max: 100 },
  percent: { min: 0, max: 100 },
  materialModifier: { min: 0, max: 2 },
  isk: { min: 0, max: 1e13 },
  jobs: { min: 1, max: 100_000 },
} as const;
export const SCC_SURCHARGE_PERCENT = 4;
/** Recalculation runs at most once a second (spec §4, §9). */
export const RECALCULATION_THROTTLE_MS = 1000;
export const THE_FORGE = 10000002;

/** The facility choice: the three pre-defined ones, or a saved structure's id. */
export type FacilityChoice = 'CUSTOM_STRUCTURE' | 'CUSTOM_MODIFIER' | 'NPC_STATION' | number;
export type CostBonus = 0 | -3 | -4 | -5;
export type RigSlots = readonly [number | null, number | null, number | null];
export type SecurityStatus = 'HIGH' | 'LOW' | 'NULL';
export type Refinery = NonNullable<IndustryCalculationRequest['refinery']>;

/** The refineries a reaction runs in; the Tatara's role bonus takes 25% off the reaction time (esi.md §5.4). */
export const REFINERY_CHOICES: readonly { value: Refinery; label: string }[] = [
  { value: 'ATHANOR', label: 'Athanor' },
  { value: 'TATARA', label: 'Tatara (-25% reaction time)' },
];

/** A change to the inputs, applied to the newest state (changes can come faster than renders). */
export type StateChange = (state: IndustryCalculatorState) => IndustryCalculatorState;

/** Everything the calculator's inputs hold; the URL encodes it (spec §4). */
export interface IndustryCalculatorState {
  readonly blueprintTypeId: number | null;
  /** Known from the autocomplete choice or the last answer: TE and ME hide, NPC Station goes. */
  readonly isReaction: boolean;
  readonly runs: number;
  /** Null: the blueprint's own (an invented copy's, with its decryptor; else 20 and 10), as the answer says. */
  readonly timeEfficiency: number | null;
  readonly materialEfficiency: number | null;
  readonly additionalBlueprintCost: number;
  readonly facility: FacilityChoice;
  readonly systemName: string;
  readonly facilityTax: number;
  readonly factionWarfareBonus: number;
  readonly costBonus: CostBonus;
  /** For a reaction: the refinery it runs in. */
  readonly refinery: Refinery;
  readonly rigs: RigSlots;
  readonly materialModifier: number;
  /** A saved structure's security status; null otherwise (the system's then counts). */
  readonly securityStatus: SecurityStatus | null;
  readonly buyRegionId: number;
  readonly buyFromBuys: boolean;
  readonly sellRegionId: number;
  readonly sellToBuys: boolean;
  readonly buyBroker: number;
  readonly sellBroker: number;
  readonly salesTax: number;
  readonly customInputPrices: Readonly<Record<string, number>>;
  readonly customOutputPrices: Readonly<Record<string, number>>;
  /** Export: how many jobs the shopping list buys for. */
  readonly jobs: number;
  /** Skill levels by skill type id; a skill left out is at `unlistedSkillLevel`. */
  readonly skills: Readonly<Record<string, number>>;
  /** V ("all V"), or 0 once `skills` is a character's sheet (it lists only the skills trained). */
  readonly unlistedSkillLevel: number;
  /** For an invented blueprint: the decryptor of its invention. */
  readonly decryptorTypeId: number | null;
  /** For an invented blueprint: whether its expected invention cost counts in the total. */
  readonly includeInvention: boolean;
  /** Copies to make of the blueprint; null for none. */
  readonly copying: { readonly copies: number; readonly runsPerCopy: number } | null;
  /** ME research (ME %) and TE research (TE %, even); null for none. */
  readonly materialResearch: ResearchLevels | null;
  readonly timeResearch: ResearchLevels | null;
  /** The build tree: components built (by item type id), each with its job's own facility fields. */
  readonly build: Readonly<Record<string, IndustryBuildChoice>>;
}

export interface ResearchLevels {
  readonly from: number;
  readonly to: number;
}

export const DEFAULT_STATE: IndustryCalculatorState = {
  blueprintTypeId: null,
  isReaction: false,
  runs: 1,
  timeEfficiency: null,
  materialEfficiency: null,
  additionalBlueprintCost: 0,
  facility: 'CUSTOM_STRUCTURE',
  systemName: '',
  facilityTax: 10,
  factionWarfareBonus: 0,
  costBonus: 0,
  refinery: 'ATHANOR',
  rigs: [null, null, null],
  materialModifier: 1,
  securityStatus: null,
  buyRegionId: THE_FORGE,
  buyFromBuys: false,
  sellRegionId: THE_FORGE,
  sellToBuys: false,
  buyBroker: 1,
  sellBroker: 1,
  salesTax: 3.6,
  customInputPrices: {},
  customOutputPrices: {},
  jobs: 1,
  skills: {},
  unlistedSkillLevel: 5,
  decryptorTypeId: null,
  includeInvention: true,
  copying: null,
  materialResearch: null,
  timeResearch: null,
  build: {},
};

export const COST_BONUS_CHOICES: readonly { value: CostBonus; label: string }[] = [
  { value: -3, label: '-3% Raitaru' },
  { value: -4, label: '-4% Azbel' },
  { value: -5, label: '-5% Sotiyo' },
];

/** Cost Bonus choices (spec §5): 0% always; the engineering complexes only for manufacturing away from NPC stations. */
export function costBonusChoices(state: Pick<IndustryCalculatorState, 'isReaction' | 'facility'>) {
  const none = { value: 0 as CostBonus, label: state.isReaction ? '0% Athanor/Tatara' : '0% Station/other' };
  return state.isReaction || state.facility === 'NPC_STATION' ? [none] : [none, ...COST_BONUS_CHOICES];
}

/** Prices with one type's custom price set, or removed (null). */
export function withCustomPrice(
  prices: Readonly<Record<string, number>>,
  typeId: number,
  price: number | null,
): Readonly<Record<string, number>> {
  const next = { ...prices };
  if (price === null) delete next[String(typeId)];
  else next[String(typeId)] = price;
  return next;
}

/** The system of a saved structure: its name before ' - ' (spec §4). */
export function systemOfStructureName(name: string): string {
  const separator = name.indexOf(' - ');
  return separator > 0 ? name.slice(0, separator).trim() : '';
}

/** A blueprint picked: reactions leave NPC stations for a Custom Structure and take no engineering bonus. */
export function withBlueprint(
  state: IndustryCalculatorState,
  blueprintTypeId: number | null,
  isReaction: boolean,
): IndustryCalculatorState {
  const next = {
    ...state,
    blueprintTypeId,
    isReaction,
    customInputPrices: {},
    customOutputPrices: {},
    timeEfficiency: null,
    materialEfficiency: null,
    decryptorTypeId: null,
    includeInvention: true,
    copying: null,
    materialResearch: null,
    timeResearch: null,
    build: {},
  };
  return isReaction ? asReaction(next) : next;
}

/** What a reaction changes in the facility (spec §4, §5). */
export function asReaction(state: IndustryCalculatorState): IndustryCalculatorState {
  return {
    ...state,
    isReaction: true,
    facility: state.facility === 'NPC_STATION' ? 'CUSTOM_STRUCTURE' : state.facility,
    costBonus: 0,
  };
}

/** A facility chosen: a saved structure copies its rigs, system and security status. */
export function withFacility(
  state: IndustryCalculatorState,
  facility: FacilityChoice,
  structures: readonly IndustryStructure[],
): IndustryCalculatorState {
  if (typeof facility === 'number') {
    const structure = structures.find((candidate) => candidate.id === facility);
    if (!structure) return state;
    return {
      ...state,
      facility,
      systemName: systemOfStructureName(structure.name),
      rigs: [structure.rig1TypeId, structure.rig2TypeId, structure.rig3TypeId],
      securityStatus: structure.securityStatus,
    };
  }
  return {
    ...state,
    facility,
    securityStatus: null,
    costBonus: facility === 'NPC_STATION' ? 0 : state.costBonus,
  };
}

/**
 * The saved structure a state names, if this user has it; a shared link naming another user's structure reads
 * as a Custom Structure with the same rigs and system.
 */
export function effectiveFacility(
  state: IndustryCalculatorState,
  structures: readonly IndustryStructure[],
): FacilityChoice {
  if (typeof state.facility !== 'number') return state.facility;
  return structures.some((structure) => structure.id === state.facility)
    ? state.facility
    : 'CUSTOM_STRUCTURE';
}

/** POST /industry/calculate's body for the state, or null until a blueprint is chosen. */
export function calculationRequest(
  state: IndustryCalculatorState,
  structures: readonly IndustryStructure[],
): IndustryCalculationRequest | null {
  if (state.blueprintTypeId === null) return null;
  const facility = effectiveFacility(state, structures);
  const withRigs = facility === 'CUSTOM_STRUCTURE' || typeof facility === 'number';
  const [rig1TypeId, rig2TypeId, rig3TypeId] = withRigs ? state.rigs : [null, null, null];
  return {
    blueprintTypeId: state.blueprintTypeId,
    runs: state.runs,
    ...(state.isReaction
      ? { refinery: state.refinery }
      : {
          ...(state.timeEfficiency === null ? {} : { timeEfficiency: state.timeEfficiency }),
          ...(state.materialEfficiency === null ? {} : { materialEfficiency: state.materialEfficiency }),
          decryptorTypeId: state.decryptorTypeId,
          includeInvention: state.includeInvention,
          copying: state.copying,
          materialResearch: state.materialResearch,
          timeResearch: state.timeResearch,
        }),
    buyRegionId: state.buyRegionId,
    sellRegionId: state.sellRegionId,
    buyFromBuys: state.buyFromBuys,
    sellToBuys: state.sellToBuys,
    systemName: state.systemName.trim() || null,
    securityStatus: typeof facility === 'number' ? state.securityStatus : null,
    structureCostBonus: state.isReaction || facility === 'NPC_STATION' ? 0 : state.costBonus,
    materialConsumptionModifier: facility === 'CUSTOM_MODIFIER' ? state.materialModifier : null,
    rig1TypeId,
    rig2TypeId,
    rig3TypeId,
    facilityTax: state.facilityTax,
    factionWarfareBonus: state.factionWarfareBonus,
    buyBrokerFee: state.buyBroker,
    sellBrokerFee: state.sellBroker,
    salesTax: state.salesTax,
    additionalBlueprintCost: state.additionalBlueprintCost,
    customInputPrices: { ...state.customInputPrices },
    customOutputPrices: { ...state.customOutputPrices },
    skills: { ...state.skills },
    ...(state.unlistedSkillLevel === DEFAULT_STATE.unlistedSkillLevel
      ? {}
      : { unlistedSkillLevel: state.unlistedSkillLevel }),
    build: { ...state.build },
  };
}

/** The tree with one component built (with its own system, blank for the one above) or bought. */
export function withBuild(
  build: Readonly<Record<string, IndustryBuildChoice>>,
  typeId: number,
  choice: IndustryBuildChoice | null,
): Readonly<Record<string, IndustryBuildChoice>> {
  const next = { ...build };
  if (choice === null) delete next[String(typeId)];
  else next[String(typeId)] = choice;
  return next;
}

// The link (spec §2, §4): a numeric link is a blueprint type id; any other is the state, as base64url JSON of
// the fields that differ from the defaults, under short keys.

const KEYS = {
  blueprintTypeId: 'b',
  isReaction: 'x',
  runs: 'r',
  timeEfficiency: 'te',
  materialEfficiency: 'me',
  additionalBlueprintCost: 'ac',
  facility: 'f',
  systemName: 'sy',
  facilityTax: 'ft',
  factionWarfareBonus: 'fw',
  costBonus: 'cb',
  refinery: 'rf',
  rigs: 'rg',
  materialModifier: 'mm',
  securityStatus: 'ss',
  buyRegionId: 'br',
  buyFromBuys: 'bb',
  sellRegionId: 'sr',
  sellToBuys: 'sb',
  buyBroker: 'bf',
  sellBroker: 'sf',
  salesTax: 'st',
  customInputPrices: 'ci',
  customOutputPrices: 'co',
  jobs: 'j',
  skills: 'sk',
  unlistedSkillLevel: 'us',
  decryptorTypeId: 'dc',
  includeInvention: 'ii',
  copying: 'cp',
  materialResearch: 'mr',
  timeResearch: 'tr',
  build: 'bt',
} as const satisfies Record<keyof IndustryCalculatorState, string>;

export function encodeLink(state: IndustryCalculatorState): string {
  const compact: Record<string, unknown> = {};
  for (const field of Object.keys(KEYS) as (keyof IndustryCalculatorState)[]) {
    const value = state[field];
    if (JSON.stringify(value) !== JSON.stringify(DEFAULT_STATE[field])) compact[KEYS[field]] = value;
  }
  const keys = Object.keys(compact);
  if (keys.length === 0) return '';
  if (keys.length === 1 && keys[0] === 'b') return String(state.blueprintTypeId);
  const bytes = new TextEncoder().encode(JSON.stringify(compact));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The state a link holds; fields that are missing or out of bounds take their defaults. Null for no link. */
export function decodeLink(link: string | undefined): IndustryCalculatorState | null {
  const text = link?.trim() ?? '';
  if (text === '') return DEFAULT_STATE;
  if (/^\d{1,10}$/.test(text)) return { ...DEFAULT_STATE, blueprintTypeId: Number(text) };
  let compact: unknown;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    compact = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
  } catch {
    return null;
  }
  if (compact === null || typeof compact !== 'object' || Array.isArray(compact)) return null;
  const raw = compact as Record<string, unknown>;
  const read = <K extends keyof IndustryCalculatorState>(
    field: K,
    accept: (value: unknown) => value is IndustryCalculatorState[K],
  ): IndustryCalculatorState[K] => {
    const value = raw[KEYS[field]];
    return value !== undefined && accept(value) ? value : DEFAULT_STATE[field];
  };
  const inRange = (bounds: { min: number; max: number }, whole = false) =>
    ((value: unknown) =>
      typeof value === 'number' &&
      Number.isFinite(value) &&
      value >= bounds.min &&
      value <= bounds.max &&
      (!whole || Number.isInteger(value))) as (value: unknown) => value is number;
  const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
  const typeId = inRange({ min: 1, max: 9_999_999_999 }, true);
  const state: IndustryCalculatorState = {
    blueprintTypeId: read('blueprintTypeId', typeId as (value: unknown) => value is number | null),
    isReaction: read('isReaction', isBoolean),
    runs: read('runs', inRange(INDUSTRY_LIMITS.runs, true)),
    timeEfficiency: read('timeEfficiency', inRange(INDUSTRY_LIMITS.timeEfficiency, true)),
    materialEfficiency: read('materialEfficiency', inRange(INDUSTRY_LIMITS.materialEfficiency, true)),
    skills: read('skills', isSkillMap),
    unlistedSkillLevel: read('unlistedSkillLevel', inRange({ min: 0, max: 5 }, true)),
    decryptorTypeId: read('decryptorTypeId', typeId),
    includeInvention: read('includeInvention', isBoolean),
    copying: read(
      'copying',
      (value): value is IndustryCalculatorState['copying'] =>
        isRecord(value) &&
        inRange({ min: 1, max: 1000 }, true)(value.copies) &&
        inRange(INDUSTRY_LIMITS.runs, true)(value.runsPerCopy),
    ),
    materialResearch: read('materialResearch', isLevels(1, 10)),
    timeResearch: read('timeResearch', isLevels(2, 20)),
    build: read('build', isBuildTree),
    additionalBlueprintCost: read('additionalBlueprintCost', inRange(INDUSTRY_LIMITS.isk)),
    facility: read(
      'facility',
      (value): value is FacilityChoice =>
        value === 'CUSTOM_STRUCTURE' ||
        value === 'CUSTOM_MODIFIER' ||
        value === 'NPC_STATION' ||
        typeId(value),
    ),
    systemName: read(
      'systemName',
      (value): value is string => typeof value === 'string' && value.length <= 100,
    ),
    facilityTax: read('facilityTax', inRange(INDUSTRY_LIMITS.facilityTax)),
    factionWarfareBonus: read('factionWarfareBonus', inRange(INDUSTRY_LIMITS.factionWarfareBonus)),
    costBonus: read('costBonus', (value): value is CostBonus => [0, -3, -4, -5].includes(value as number)),
    refinery: read('refinery', (value): value is Refinery => value === 'ATHANOR' || value === 'TATARA'),
    rigs: read(
      'rigs',
      (value): value is RigSlots =>
        Array.isArray(value) && value.length === 3 && value.every((rig) => rig === null || typeId(rig)),
    ),
    materialModifier: read('materialModifier', inRange(INDUSTRY_LIMITS.materialModifier)),
    securityStatus: read(
      'securityStatus',
      (value): value is SecurityStatus | null => value === 'HIGH' || value === 'LOW' || value === 'NULL',
    ),
    buyRegionId: read('buyRegionId', typeId),
    buyFromBuys: read('buyFromBuys', isBoolean),
    sellRegionId: read('sellRegionId', typeId),
    sellToBuys: read('sellToBuys', isBoolean),
    buyBroker: read('buyBroker', inRange(INDUSTRY_LIMITS.percent)),
    sellBroker: read('sellBroker', inRange(INDUSTRY_LIMITS.percent)),
    salesTax: read('salesTax', inRange(INDUSTRY_LIMITS.percent)),
    customInputPrices: read('customInputPrices', isPriceMap),
    customOutputPrices: read('customOutputPrices', isPriceMap),
    jobs: read('jobs', inRange(INDUSTRY_LIMITS.jobs, true)),
  };
  return state.isReaction ? asReaction(state) : state;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Research from one level to a higher one, in steps of `step` up to `step × 10`. */
function isLevels(step: number, max: number) {
  return (value: unknown): value is ResearchLevels =>
    isRecord(value) &&
    typeof value.from === 'number' &&
    typeof value.to === 'number' &&
    Number.isInteger(value.from / step) &&
    Number.isInteger(value.to / step) &&
    value.from >= 0 &&
    value.to <= max &&
    value.from < value.to;
}

const BUILD_CHOICE_FIELDS = new Set(['systemName', 'structureCostBonus', 'refinery', 'materialEfficiency']);

/** Built components as the page sets them: a system, a cost bonus, a refinery or an ME of their own at most. */
function isBuildTree(value: unknown): value is Record<string, IndustryBuildChoice> {
  return (
    isRecord(value) &&
    Object.entries(value).every(
      ([key, choice]) =>
        /^\d{1,10}$/.test(key) &&
        isRecord(choice) &&
        Object.entries(choice).every(
          ([field, setting]) =>
            BUILD_CHOICE_FIELDS.has(field) && (typeof setting === 'string' || typeof setting === 'number'),
        ),
    )
  );
}

function isSkillMap(value: unknown): value is Record<string, number> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([key, level]) => /^\d{1,10}$/.test(key) && Number.isInteger(level) && level >= 0 && level <= 5,
  );
}

function isPriceMap(value: unknown): value is Record<string, number> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  return Object.entries(value).every(
    ([key, price]) =>
      /^\d{1,10}$/.test(key) &&
      typeof price === 'number' &&
      Number.isFinite(price) &&
      price >= INDUSTRY_LIMITS.isk.min &&
      price <= INDUSTRY_LIMITS.isk.max,
  );
}

/** The calculator's address for a state. */
export function calculatorPath(state: IndustryCalculatorState): string {
  const link = encodeLink(state);
  return link === '' ? '/industryCalculator' : `/industryCalculator/${link}`;
}
