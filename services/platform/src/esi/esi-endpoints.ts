import { ProductScope } from '@tradewise/contracts';

/** The compatibility date of the OpenAPI document this client follows (shared/facts/esi-openapi.yaml). */
export const ESI_COMPATIBILITY_DATE = '2026-08-18';

/** A route the product calls: its path template and the scope its token needs (esi.md §1 and §2.1). */
export interface EsiEndpoint {
  readonly path: string;
  readonly scope?: string;
}

export const ESI_ENDPOINTS = {
  characterPublic: { path: '/characters/{character_id}' },
  characterWallet: { path: '/characters/{character_id}/wallet', scope: ProductScope.characterWallet },
  characterWalletJournal: {
    path: '/characters/{character_id}/wallet/journal',
    scope: ProductScope.characterWallet,
  },
  characterWalletTransactions: {
    path: '/characters/{character_id}/wallet/transactions',
    scope: ProductScope.characterWallet,
  },
  characterOrders: { path: '/characters/{character_id}/orders', scope: ProductScope.characterOrders },
  characterOrderHistory: {
    path: '/characters/{character_id}/orders/history',
    scope: ProductScope.characterOrders,
  },
  characterContracts: {
    path: '/characters/{character_id}/contracts',
    scope: ProductScope.characterContracts,
  },
  characterContractItems: {
    path: '/characters/{character_id}/contracts/{contract_id}/items',
    scope: ProductScope.characterContracts,
  },
  characterIndustryJobs: {
    path: '/characters/{character_id}/industry/jobs',
    scope: ProductScope.characterJobs,
  },
  characterRoles: { path: '/characters/{character_id}/roles', scope: ProductScope.corporationRoles },
  characterLocation: { path: '/characters/{character_id}/location', scope: ProductScope.location },
  characterSkills: { path: '/characters/{character_id}/skills', scope: ProductScope.skills },
  characterBlueprints: {
    path: '/characters/{character_id}/blueprints',
    scope: ProductScope.characterBlueprints,
  },
  corporationWallets: {
    path: '/corporations/{corporation_id}/wallets',
    scope: ProductScope.corporationWallets,
  },
  corporationWalletJournal: {
    path: '/corporations/{corporation_id}/wallets/{division}/journal',
    scope: ProductScope.corporationWallets,
  },
  corporationWalletTransactions: {
    path: '/corporations/{corporation_id}/wallets/{division}/transactions',
    scope: ProductScope.corporationWallets,
  },
  corporationOrders: { path: '/corporations/{corporation_id}/orders', scope: ProductScope.corporationOrders },
  corporationOrderHistory: {
    path: '/corporations/{corporation_id}/orders/history',
    scope: ProductScope.corporationOrders,
  },
  corporationContracts: {
    path: '/corporations/{corporation_id}/contracts',
    scope: ProductScope.corporationContracts,
  },
  corporationContractItems: {
    path: '/corporations/{corporation_id}/contracts/{contract_id}/items',
    scope: ProductScope.corporationContracts,
  },
  corporationIndustryJobs: {
    path: '/corporations/{corporation_id}/industry/jobs',
    scope: ProductScope.corporationJobs,
  },
  marketPrices: { path: '/markets/prices' },
  regionOrders: { path: '/markets/{region_id}/orders' },
  regionHistory: { path: '/markets/{region_id}/history' },
  structureOrders: { path: '/markets/structures/{structure_id}', scope: ProductScope.structureMarkets },
  industrySystems: { path: '/industry/systems' },
  publicStructures: { path: '/universe/structures' },
  structure: { path: '/universe/structures/{structure_id}', scope: ProductScope.readStructures },
  universeNames: { path: '/universe/names' },
  openMarketDetailsWindow: { path: '/ui/openwindow/marketdetails', scope: ProductScope.openWindow },
  autopilotWaypoint: { path: '/ui/autopilot/waypoint', scope: ProductScope.writeWaypoint },
} as const satisfies Record<string, EsiEndpoint>;

export function expandPath(template: string, parameters: Readonly<Record<string, number | string>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = parameters[name];
    if (value === undefined) throw new Error(`Path parameter ${name} of ${template} is missing`);
    return encodeURIComponent(String(value));
  });
}
