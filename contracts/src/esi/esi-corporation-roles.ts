/** Every corporation role ESI names (OpenAPI 2026-08-18). */
export const ESI_CORPORATION_ROLES = [
  'Account_Take_1',
  'Account_Take_2',
  'Account_Take_3',
  'Account_Take_4',
  'Account_Take_5',
  'Account_Take_6',
  'Account_Take_7',
  'Accountant',
  'Auditor',
  'Brand_Manager',
  'Communications_Officer',
  'Config_Equipment',
  'Config_Starbase_Equipment',
  'Container_Take_1',
  'Container_Take_2',
  'Container_Take_3',
  'Container_Take_4',
  'Container_Take_5',
  'Container_Take_6',
  'Container_Take_7',
  'Contract_Manager',
  'Deliveries_Container_Take',
  'Deliveries_Query',
  'Deliveries_Take',
  'Diplomat',
  'Director',
  'Factory_Manager',
  'Fitting_Manager',
  'Hangar_Query_1',
  'Hangar_Query_2',
  'Hangar_Query_3',
  'Hangar_Query_4',
  'Hangar_Query_5',
  'Hangar_Query_6',
  'Hangar_Query_7',
  'Hangar_Take_1',
  'Hangar_Take_2',
  'Hangar_Take_3',
  'Hangar_Take_4',
  'Hangar_Take_5',
  'Hangar_Take_6',
  'Hangar_Take_7',
  'Junior_Accountant',
  'Personnel_Manager',
  'Project_Manager',
  'Rent_Factory_Facility',
  'Rent_Office',
  'Rent_Research_Facility',
  'Security_Officer',
  'Skill_Plan_Manager',
  'Starbase_Defense_Operator',
  'Starbase_Fuel_Technician',
  'Station_Manager',
  'Trader',
] as const;
export type EsiCorporationRole = (typeof ESI_CORPORATION_ROLES)[number];

/** ESI's `x-required-roles` of the corporation wallet routes (balances, journal, transactions). */
export const CORPORATION_WALLET_ROLES: readonly EsiCorporationRole[] = ['Accountant', 'Junior_Accountant'];
/** ESI's `x-required-roles` of GET /corporations/{id}/orders and its history. */
export const CORPORATION_ORDER_ROLES: readonly EsiCorporationRole[] = ['Accountant', 'Trader'];

/**
 * Whether a character may sync its corporation's industry jobs: the spec gives it to FACTORY_MANAGER alone
 * (account-area §2, §4), so a Director without the role does not (ESI would let one read the jobs). The roles route
 * may spell a role in capitals.
 */
export function isFactoryManager(roles: readonly string[]): boolean {
  return roles.some((role) => role.toLowerCase() === 'factory_manager');
}

/** Whether a character may track its corporation's trade: it reads the corporation's wallets. */
export function readsCorporationWallets(roles: readonly string[]): boolean {
  return holdsCorporationRole(roles, CORPORATION_WALLET_ROLES);
}

/**
 * Whether a character with these roles may call a route that requires one of `required`. A Director holds every
 * role in the game, though ESI lists `Director` alone for one; the roles route may spell a role in capitals.
 */
export function holdsCorporationRole(
  roles: readonly string[],
  required: readonly EsiCorporationRole[],
): boolean {
  const held = new Set(roles.map((role) => role.toLowerCase()));
  return held.has('director') || required.some((role) => held.has(role.toLowerCase()));
}
