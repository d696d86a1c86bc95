import type { EsiAnswer, EsiCall } from './esi-call';
import * as characters from './handlers/character.handlers';
import * as markets from './handlers/market.handlers';
import * as universe from './handlers/universe.handlers';
import * as wallets from './handlers/wallet.handlers';

export interface RateLimitGroup {
  readonly group: string;
  readonly maxTokens: number;
  readonly windowSeconds: number;
}

/** How long ESI caches an answer: seconds, until the daily 11:05 UTC roll-over, or not at all. */
export type CachePolicy = number | 'daily' | 'none';

/** One ESI route: its metadata (from the OpenAPI document's x- extensions) and the handler that answers it. */
export interface EsiOperation {
  readonly operationId: string;
  readonly method: 'GET' | 'POST';
  /** The new-API path template, e.g. `/characters/{character_id}/wallet`. */
  readonly path: string;
  readonly scope?: string;
  /** Any one of these corporation roles will do (Directors have them all). */
  readonly roles?: readonly string[];
  readonly cache: CachePolicy;
  readonly rateLimit?: RateLimitGroup;
  /** The route's `x-compatibility-date`, echoed in X-Compatibility-Date. */
  readonly compatibilityDate: string;
  /** Served only under the legacy path prefixes. */
  readonly legacyOnly?: boolean;
  readonly handle: (call: EsiCall) => EsiAnswer;
}

const group = (name: string, maxTokens: number): RateLimitGroup => ({
  group: name,
  maxTokens,
  windowSeconds: 900,
});
const charWallet = group('char-wallet', 150);
const corpWallet = group('corp-wallet', 300);
const charContract = group('char-contract', 600);
const corpContract = group('corp-contract', 600);
const charIndustry = group('char-industry', 600);
const corpIndustry = group('corp-industry', 600);
const charDetail = group('char-detail', 600);

const SINCE_2020 = '2020-01-01';
const wallet = 'esi-wallet.read_character_wallet.v1';
const corporationWallets = 'esi-wallet.read_corporation_wallets.v1';
const accountant = ['Accountant', 'Junior_Accountant'];

export const ESI_OPERATIONS: readonly EsiOperation[] = [
  {
    operationId: 'GetCharactersCharacterIdWallet',
    method: 'GET',
    path: '/characters/{character_id}/wallet',
    scope: wallet,
    cache: 120,
    rateLimit: charWallet,
    compatibilityDate: SINCE_2020,
    handle: wallets.characterWalletBalance,
  },
  {
    operationId: 'GetCharactersCharacterIdWalletJournal',
    method: 'GET',
    path: '/characters/{character_id}/wallet/journal',
    scope: wallet,
    cache: 3600,
    rateLimit: charWallet,
    compatibilityDate: SINCE_2020,
    handle: wallets.characterJournal,
  },
  {
    operationId: 'GetCharactersCharacterIdWalletTransactions',
    method: 'GET',
    path: '/characters/{character_id}/wallet/transactions',
    scope: wallet,
    cache: 3600,
    rateLimit: charWallet,
    compatibilityDate: SINCE_2020,
    handle: wallets.characterTransactions,
  },
  {
    operationId: 'GetCharactersCharacterIdOrders',
    method: 'GET',
    path: '/characters/{character_id}/orders',
    scope: 'esi-markets.read_character_orders.v1',
    cache: 1200,
    compatibilityDate: SINCE_2020,
    handle: markets.characterOrders,
  },
  {
    operationId: 'GetCharactersCharacterIdOrdersHistory',
    method: 'GET',
    path: '/characters/{character_id}/orders/history',
    scope: 'esi-markets.read_character_orders.v1',
    cache: 3600,
    compatibilityDate: SINCE_2020,
    handle: markets.characterOrderHistory,
  },
  {
    operationId: 'GetCorporationsCorporationIdWallets',
    method: 'GET',
    path: '/corporations/{corporation_id}/wallets',
    scope: corporationWallets,
    roles: accountant,
    cache: 300,
    rateLimit: corpWallet,
    compatibilityDate: SINCE_2020,
    handle: wallets.corporationWallets,
  },
  {
    operationId: 'GetCorporationsCorporationIdWalletsDivisionJournal',
    method: 'GET',
    path: '/corporations/{corporation_id}/wallets/{division}/journal',
    scope: corporationWallets,
    roles: accountant,
    cache: 3600,
    rateLimit: corpWallet,
    compatibilityDate: SINCE_2020,
    handle: wallets.corporationJournal,
  },
  {
    operationId: 'GetCorporationsCorporationIdWalletsDivisionTransactions',
    method: 'GET',
    path: '/corporations/{corporation_id}/wallets/{division}/transactions',
    scope: corporationWallets,
    roles: accountant,
    cache: 3600,
    rateLimit: corpWallet,
    compatibilityDate: SINCE_2020,
    handle: wallets.corporationTransactions,
  },
  {
    operationId: 'GetCharactersCharacterIdContracts',
    method: 'GET',
    path: '/characters/{character_id}/contracts',
    scope: 'esi-contracts.read_character_contracts.v1',
    cache: 300,
    rateLimit: charContract,
    compatibilityDate: SINCE_2020,
    handle: characters.characterContracts,
  },
  {
    operationId: 'GetCharactersCharacterIdContractsContractIdItems',
    method: 'GET',
    path: '/characters/{character_id}/contracts/{contract_id}/items',
    scope: 'esi-contracts.read_character_contracts.v1',
    cache: 3600,
    rateLimit: charContract,
    compatibilityDate: SINCE_2020,
    handle: characters.characterContractItems,
  },
  {
    operationId: 'GetCharactersCharacterIdIndustryJobs',
    method: 'GET',
    path: '/characters/{character_id}/industry/jobs',
    scope: 'esi-industry.read_character_jobs.v1',
    cache: 300,
    rateLimit: charIndustry,
    compatibilityDate: SINCE_2020,
    handle: characters.characterIndustryJobs,
  },
  {
    operationId: 'GetCorporationsCorporationIdIndustryJobs',
    method: 'GET',
    path: '/corporations/{corporation_id}/industry/jobs',
    scope: 'esi-industry.read_corporation_jobs.v1',
    roles: ['Factory_Manager'],
    cache: 300,
    rateLimit: corpIndustry,
    compatibilityDate: SINCE_2020,
    handle: characters.corporationIndustryJobs,
  },
  {
    operationId: 'GetCharactersCharacterIdRoles',
    method: 'GET',
    path: '/characters/{character_id}/roles',
    scope: 'esi-characters.read_corporation_roles.v1',
    cache: 3600,
    rateLimit: charDetail,
    compatibilityDate: SINCE_2020,
    handle: characters.characterRoles,
  },
  {
    operationId: 'GetCharactersCharacterIdLocation',
    method: 'GET',
    path: '/characters/{character_id}/location',
    scope: 'esi-location.read_location.v1',
    cache: 5,
    rateLimit: group('char-location', 1200),
    compatibilityDate: SINCE_2020,
    handle: characters.characterLocation,
  },
  {
    operationId: 'GetCharactersCharacterIdBlueprints',
    method: 'GET',
    path: '/characters/{character_id}/blueprints',
    scope: 'esi-characters.read_blueprints.v1',
    cache: 3600,
    rateLimit: charIndustry,
    compatibilityDate: SINCE_2020,
    handle: characters.characterBlueprints,
  },
  {
    operationId: 'GetMarketsRegionIdOrders',
    method: 'GET',
    path: '/markets/{region_id}/orders',
    cache: 300,
    rateLimit: group('market-order', 12000),
    compatibilityDate: SINCE_2020,
    handle: markets.regionOrders,
  },
  {
    operationId: 'GetMarketsRegionIdHistory',
    method: 'GET',
    path: '/markets/{region_id}/history',
    cache: 'daily',
    compatibilityDate: SINCE_2020,
    handle: markets.marketHistory,
  },
  {
    operationId: 'GetMarketsPrices',
    method: 'GET',
    path: '/markets/prices',
    cache: 3600,
    compatibilityDate: SINCE_2020,
    handle: markets.marketPrices,
  },
  {
    operationId: 'GetIndustrySystems',
    method: 'GET',
    path: '/industry/systems',
    cache: 3600,
    rateLimit: group('industry', 150),
    compatibilityDate: SINCE_2020,
    handle: markets.industrySystems,
  },
  {
    operationId: 'GetMarketsStructuresStructureId',
    method: 'GET',
    path: '/markets/structures/{structure_id}',
    scope: 'esi-markets.structure_markets.v1',
    cache: 300,
    compatibilityDate: SINCE_2020,
    handle: markets.structureOrders,
  },
  {
    operationId: 'PostUniverseNames',
    method: 'POST',
    path: '/universe/names',
    cache: 'none',
    compatibilityDate: SINCE_2020,
    handle: universe.universeNames,
  },
  {
    operationId: 'PostUniverseIds',
    method: 'POST',
    path: '/universe/ids',
    cache: 'none',
    compatibilityDate: SINCE_2020,
    handle: universe.universeIds,
  },
  {
    operationId: 'GetUniverseStructures',
    method: 'GET',
    path: '/universe/structures',
    cache: 3600,
    compatibilityDate: SINCE_2020,
    handle: universe.universeStructures,
  },
  {
    operationId: 'GetUniverseStructuresStructureId',
    method: 'GET',
    path: '/universe/structures/{structure_id}',
    scope: 'esi-universe.read_structures.v1',
    cache: 3600,
    compatibilityDate: SINCE_2020,
    handle: universe.universeStructure,
  },
  {
    operationId: 'PostRoute',
    method: 'POST',
    path: '/route/{origin_system_id}/{destination_system_id}',
    cache: 'none',
    rateLimit: group('routes', 3600),
    compatibilityDate: '2025-09-30',
    handle: universe.route,
  },
  {
    operationId: 'GetRouteOriginDestination',
    method: 'GET',
    path: '/route/{origin_system_id}/{destination_system_id}',
    cache: 86400,
    compatibilityDate: SINCE_2020,
    legacyOnly: true,
    handle: universe.legacyRoute,
  },
  {
    operationId: 'PostUiOpenwindowMarketdetails',
    method: 'POST',
    path: '/ui/openwindow/marketdetails',
    scope: 'esi-ui.open_window.v1',
    cache: 'none',
    rateLimit: group('ui', 900),
    compatibilityDate: SINCE_2020,
    handle: universe.openMarketDetails,
  },
  {
    operationId: 'PostUiAutopilotWaypoint',
    method: 'POST',
    path: '/ui/autopilot/waypoint',
    scope: 'esi-ui.write_waypoint.v1',
    cache: 'none',
    rateLimit: group('ui', 900),
    compatibilityDate: SINCE_2020,
    handle: universe.setWaypoint,
  },
  {
    operationId: 'GetCharactersCharacterIdSearch',
    method: 'GET',
    path: '/characters/{character_id}/search',
    scope: 'esi-search.search_structures.v1',
    cache: 3600,
    compatibilityDate: SINCE_2020,
    handle: universe.characterSearch,
  },
  {
    operationId: 'GetStatus',
    method: 'GET',
    path: '/status',
    cache: 30,
    rateLimit: group('status', 600),
    compatibilityDate: SINCE_2020,
    handle: universe.status,
  },
  {
    operationId: 'GetCharactersDetail',
    method: 'GET',
    path: '/characters/{character_id}',
    cache: 86400,
    compatibilityDate: '2026-06-09',
    handle: characters.characterPublic,
  },
  {
    operationId: 'GetCorporationsCorporationId',
    method: 'GET',
    path: '/corporations/{corporation_id}',
    cache: 3600,
    compatibilityDate: '2026-07-21',
    handle: universe.corporationPublic,
  },
  {
    operationId: 'GetCorporationsCorporationIdOrders',
    method: 'GET',
    path: '/corporations/{corporation_id}/orders',
    scope: 'esi-markets.read_corporation_orders.v1',
    roles: ['Accountant', 'Trader'],
    cache: 1200,
    compatibilityDate: SINCE_2020,
    handle: markets.corporationOrders,
  },
  {
    operationId: 'GetCorporationsCorporationIdOrdersHistory',
    method: 'GET',
    path: '/corporations/{corporation_id}/orders/history',
    scope: 'esi-markets.read_corporation_orders.v1',
    roles: ['Accountant', 'Trader'],
    cache: 3600,
    compatibilityDate: SINCE_2020,
    handle: markets.corporationOrderHistory,
  },
  {
    operationId: 'GetCorporationsCorporationIdContracts',
    method: 'GET',
    path: '/corporations/{corporation_id}/contracts',
    scope: 'esi-contracts.read_corporation_contracts.v1',
    cache: 300,
    rateLimit: corpContract,
    compatibilityDate: SINCE_2020,
    handle: characters.corporationContracts,
  },
  {
    operationId: 'GetCorporationsCorporationIdBlueprints',
    method: 'GET',
    path: '/corporations/{corporation_id}/blueprints',
    scope: 'esi-corporations.read_blueprints.v1',
    roles: ['Director'],
    cache: 3600,
    rateLimit: corpIndustry,
    compatibilityDate: SINCE_2020,
    handle: characters.corporationBlueprints,
  },
  {
    operationId: 'GetCharactersCharacterIdSkills',
    method: 'GET',
    path: '/characters/{character_id}/skills',
    scope: 'esi-skills.read_skills.v1',
    cache: 60,
    rateLimit: charDetail,
    compatibilityDate: SINCE_2020,
    handle: characters.characterSkills,
  },
  {
    operationId: 'GetCharactersCharacterIdStandings',
    method: 'GET',
    path: '/characters/{character_id}/standings',
    scope: 'esi-characters.read_standings.v1',
    cache: 3600,
    rateLimit: group('char-social', 600),
    compatibilityDate: SINCE_2020,
    handle: characters.characterStandings,
  },
  {
    operationId: 'GetMetaCompatibilityDates',
    method: 'GET',
    path: '/meta/compatibility-dates',
    cache: 600,
    rateLimit: group('meta', 150),
    compatibilityDate: SINCE_2020,
    handle: universe.compatibilityDates,
  },
];
