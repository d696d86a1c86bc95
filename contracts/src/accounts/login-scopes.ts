/**
 * The ESI scopes the product asks for at login and when a character is added. A character granted fewer is
 * asked to be added again (the missing-scopes banner). Read-location and write-waypoint are asked for later,
 * only by the features that need them (Update Scopes on the Account page).
 */
export const ESI_LOGIN_SCOPES = [
  'esi-wallet.read_character_wallet.v1',
  'esi-markets.read_character_orders.v1',
  'esi-markets.structure_markets.v1',
  'esi-contracts.read_character_contracts.v1',
  'esi-industry.read_character_jobs.v1',
  'esi-characters.read_corporation_roles.v1',
  'esi-characters.read_blueprints.v1',
  'esi-universe.read_structures.v1',
  'esi-ui.open_window.v1',
] as const;

/**
 * Asked for in addition by Update Scopes: corporation industry and trade sync, the location and route tools, and
 * the industry calculator's character skills.
 */
export const ESI_OPTIONAL_SCOPES = [
  'esi-industry.read_corporation_jobs.v1',
  'esi-wallet.read_corporation_wallets.v1',
  'esi-markets.read_corporation_orders.v1',
  'esi-location.read_location.v1',
  'esi-ui.write_waypoint.v1',
  'esi-skills.read_skills.v1',
] as const;
