import type {
  EsiBlueprint,
  EsiCharacter,
  EsiCharacterIndustryJob,
  EsiCharacterLocation,
  EsiCharacterOrder,
  EsiCharacterOrderHistory,
  EsiCharacterRoles,
  EsiContract,
  EsiContractItem,
  EsiCorporationIndustryJob,
  EsiCorporationOrder,
  EsiCorporationOrderHistory,
  EsiCorporationWallet,
  EsiCorporationWalletTransaction,
  EsiIndustrySystem,
  EsiMarketHistoryDay,
  EsiMarketPrice,
  EsiName,
  EsiRegionOrder,
  EsiSkills,
  EsiStructure,
  EsiStructureOrder,
  EsiWalletJournalEntry,
  EsiWalletTransaction,
} from '@tradewise/contracts';
import { ESI_ENDPOINTS, type EsiEndpoint } from './esi-endpoints';
import { walkFromId, type FromIdWalkOptions } from './from-id.walker';
import type { EsiHttpClient, EsiRequest } from './http/esi-http.client';

/** What a typed call returns: the data and whether ESI had anything new since the last call. */
export interface EsiResult<T> {
  readonly data: T;
  /** Every response behind it came from the cache or as a 304: an importer may skip it. */
  readonly unchanged: boolean;
  /** Asking again before this (our clock) is answered from the cache without a request. */
  readonly freshUntil: Date;
}

export type IncrementalWalkOptions = Pick<FromIdWalkOptions, 'newerThanId'>;

export interface AutopilotWaypoint {
  readonly destinationId: number;
  readonly addToBeginning: boolean;
  readonly clearOtherWaypoints: boolean;
}

/**
 * The ESI routes Tradewise reads, and the game-client (UI) routes it calls for a character, typed. Character
 * routes take the character whose token is used; corporation routes take the character acting for the
 * corporation (it needs the route's corporation role). Paged routes return every page or fail: a partial result
 * is never returned as if complete.
 */
export class EsiClient {
  constructor(private readonly http: EsiHttpClient) {}

  /** Public information: the character's name and the corporation it is in now (no token). */
  getCharacter(characterId: number): Promise<EsiResult<EsiCharacter>> {
    return this.one(ESI_ENDPOINTS.characterPublic, { character_id: characterId });
  }

  getWalletBalance(characterId: number): Promise<EsiResult<number>> {
    return this.one(ESI_ENDPOINTS.characterWallet, { character_id: characterId }, characterId);
  }

  /** All pages of the last 30 days of journal. */
  getWalletJournal(characterId: number): Promise<EsiResult<EsiWalletJournalEntry[]>> {
    return this.allPages(ESI_ENDPOINTS.characterWalletJournal, { character_id: characterId }, characterId);
  }

  /** Walks from_id back to the oldest transaction ESI keeps, or to `newerThanId`. Newest first. */
  getWalletTransactions(
    characterId: number,
    options: IncrementalWalkOptions = {},
  ): Promise<EsiResult<EsiWalletTransaction[]>> {
    return this.fromIdWalk(
      ESI_ENDPOINTS.characterWalletTransactions,
      { character_id: characterId },
      characterId,
      options,
    );
  }

  getCharacterOrders(characterId: number): Promise<EsiResult<EsiCharacterOrder[]>> {
    return this.one(ESI_ENDPOINTS.characterOrders, { character_id: characterId }, characterId);
  }

  /** Closed orders of the last 90 days, all pages. */
  getCharacterOrderHistory(characterId: number): Promise<EsiResult<EsiCharacterOrderHistory[]>> {
    return this.allPages(ESI_ENDPOINTS.characterOrderHistory, { character_id: characterId }, characterId);
  }

  getCharacterContracts(characterId: number): Promise<EsiResult<EsiContract[]>> {
    return this.allPages(ESI_ENDPOINTS.characterContracts, { character_id: characterId }, characterId);
  }

  /** May fail with EsiNotFoundError for a contract ESI no longer shows. */
  getCharacterContractItems(characterId: number, contractId: number): Promise<EsiResult<EsiContractItem[]>> {
    return this.one(
      ESI_ENDPOINTS.characterContractItems,
      { character_id: characterId, contract_id: contractId },
      characterId,
    );
  }

  getCharacterIndustryJobs(
    characterId: number,
    options: { includeCompleted?: boolean } = {},
  ): Promise<EsiResult<EsiCharacterIndustryJob[]>> {
    return this.one(ESI_ENDPOINTS.characterIndustryJobs, { character_id: characterId }, characterId, {
      include_completed: options.includeCompleted,
    });
  }

  getCharacterRoles(characterId: number): Promise<EsiResult<EsiCharacterRoles>> {
    return this.one(ESI_ENDPOINTS.characterRoles, { character_id: characterId }, characterId);
  }

  getCharacterLocation(characterId: number): Promise<EsiResult<EsiCharacterLocation>> {
    return this.one(ESI_ENDPOINTS.characterLocation, { character_id: characterId }, characterId);
  }

  getCharacterSkills(characterId: number): Promise<EsiResult<EsiSkills>> {
    return this.one(ESI_ENDPOINTS.characterSkills, { character_id: characterId }, characterId);
  }

  getCharacterBlueprints(characterId: number): Promise<EsiResult<EsiBlueprint[]>> {
    return this.allPages(ESI_ENDPOINTS.characterBlueprints, { character_id: characterId }, characterId);
  }

  getCorporationWallets(
    characterId: number,
    corporationId: number,
  ): Promise<EsiResult<EsiCorporationWallet[]>> {
    return this.one(ESI_ENDPOINTS.corporationWallets, { corporation_id: corporationId }, characterId);
  }

  getCorporationWalletJournal(
    characterId: number,
    corporationId: number,
    division: number,
  ): Promise<EsiResult<EsiWalletJournalEntry[]>> {
    return this.allPages(
      ESI_ENDPOINTS.corporationWalletJournal,
      { corporation_id: corporationId, division: checkedDivision(division) },
      characterId,
    );
  }

  getCorporationWalletTransactions(
    characterId: number,
    corporationId: number,
    division: number,
    options: IncrementalWalkOptions = {},
  ): Promise<EsiResult<EsiCorporationWalletTransaction[]>> {
    return this.fromIdWalk(
      ESI_ENDPOINTS.corporationWalletTransactions,
      { corporation_id: corporationId, division: checkedDivision(division) },
      characterId,
      options,
    );
  }

  getCorporationOrders(
    characterId: number,
    corporationId: number,
  ): Promise<EsiResult<EsiCorporationOrder[]>> {
    return this.allPages(ESI_ENDPOINTS.corporationOrders, { corporation_id: corporationId }, characterId);
  }

  getCorporationOrderHistory(
    characterId: number,
    corporationId: number,
  ): Promise<EsiResult<EsiCorporationOrderHistory[]>> {
    return this.allPages(
      ESI_ENDPOINTS.corporationOrderHistory,
      { corporation_id: corporationId },
      characterId,
    );
  }

  getCorporationContracts(characterId: number, corporationId: number): Promise<EsiResult<EsiContract[]>> {
    return this.allPages(ESI_ENDPOINTS.corporationContracts, { corporation_id: corporationId }, characterId);
  }

  getCorporationContractItems(
    characterId: number,
    corporationId: number,
    contractId: number,
  ): Promise<EsiResult<EsiContractItem[]>> {
    return this.one(
      ESI_ENDPOINTS.corporationContractItems,
      { corporation_id: corporationId, contract_id: contractId },
      characterId,
    );
  }

  getCorporationIndustryJobs(
    characterId: number,
    corporationId: number,
    options: { includeCompleted?: boolean } = {},
  ): Promise<EsiResult<EsiCorporationIndustryJob[]>> {
    return this.allPages(
      ESI_ENDPOINTS.corporationIndustryJobs,
      { corporation_id: corporationId },
      characterId,
      {
        include_completed: options.includeCompleted,
      },
    );
  }

  getMarketPrices(): Promise<EsiResult<EsiMarketPrice[]>> {
    return this.one(ESI_ENDPOINTS.marketPrices, {});
  }

  /** All pages of a region's book; without `typeId` ESI returns both sides whatever `orderType` says. */
  getRegionOrders(
    regionId: number,
    options: { orderType?: 'buy' | 'sell' | 'all'; typeId?: number } = {},
  ): Promise<EsiResult<EsiRegionOrder[]>> {
    return this.allPages(ESI_ENDPOINTS.regionOrders, { region_id: regionId }, undefined, {
      order_type: options.orderType ?? 'all',
      type_id: options.typeId,
    });
  }

  /** All pages of a structure's market; needs a character with docking access. */
  getStructureOrders(characterId: number, structureId: number): Promise<EsiResult<EsiStructureOrder[]>> {
    return this.allPages(ESI_ENDPOINTS.structureOrders, { structure_id: structureId }, characterId);
  }

  getRegionHistory(regionId: number, typeId: number): Promise<EsiResult<EsiMarketHistoryDay[]>> {
    return this.one(ESI_ENDPOINTS.regionHistory, { region_id: regionId }, undefined, { type_id: typeId });
  }

  /** Cost indices per system and activity. */
  getIndustrySystems(): Promise<EsiResult<EsiIndustrySystem[]>> {
    return this.one(ESI_ENDPOINTS.industrySystems, {});
  }

  /** Ids of public structures; `filter: 'market'` keeps those with a market. */
  getPublicStructureIds(filter?: 'market' | 'manufacturing_basic'): Promise<EsiResult<number[]>> {
    return this.one(ESI_ENDPOINTS.publicStructures, {}, undefined, { filter });
  }

  /** A structure's name and place; needs a character with docking access (or a public structure). */
  getStructure(characterId: number, structureId: number): Promise<EsiResult<EsiStructure>> {
    return this.one(ESI_ENDPOINTS.structure, { structure_id: structureId }, characterId);
  }

  /**
   * Names and categories of ids (characters, corporations, alliances, stations, systems, regions, types, factions),
   * at most 1000 ids a call, each once. ESI answers 404 (EsiNotFoundError) when any of them is none of those.
   */
  async resolveNames(ids: readonly number[]): Promise<EsiResult<EsiName[]>> {
    const response = await this.http.postJson<EsiName[]>({ endpoint: ESI_ENDPOINTS.universeNames }, ids);
    return { data: response.body, unchanged: false, freshUntil: response.freshUntil };
  }

  /** Opens the item's market window in the character's game client (ESI answers before the client acts). */
  openMarketDetailsWindow(characterId: number, typeId: number): Promise<void> {
    return this.http.post({
      endpoint: ESI_ENDPOINTS.openMarketDetailsWindow,
      characterId,
      query: { type_id: typeId },
    });
  }

  /**
   * Sets the autopilot's destination (`clearOtherWaypoints`) or adds a waypoint, at the start of the route or its
   * end; the destination is a solar system, station or structure id.
   */
  setAutopilotWaypoint(characterId: number, waypoint: AutopilotWaypoint): Promise<void> {
    return this.http.post({
      endpoint: ESI_ENDPOINTS.autopilotWaypoint,
      characterId,
      query: {
        destination_id: waypoint.destinationId,
        add_to_beginning: waypoint.addToBeginning,
        clear_other_waypoints: waypoint.clearOtherWaypoints,
      },
    });
  }

  private async one<T>(
    endpoint: EsiEndpoint,
    pathParameters: EsiRequest['pathParameters'],
    characterId?: number,
    query?: EsiRequest['query'],
  ): Promise<EsiResult<T>> {
    const response = await this.http.get<T>({ endpoint, pathParameters, characterId, query });
    return { data: response.body, unchanged: response.source !== 'network', freshUntil: response.freshUntil };
  }

  private async allPages<T>(
    endpoint: EsiEndpoint,
    pathParameters: EsiRequest['pathParameters'],
    characterId?: number,
    query?: EsiRequest['query'],
  ): Promise<EsiResult<T[]>> {
    const response = await this.http.getAllPages<T>({ endpoint, pathParameters, characterId, query });
    return { data: response.items, unchanged: response.unchanged, freshUntil: response.freshUntil };
  }

  private async fromIdWalk<T extends { transaction_id: number }>(
    endpoint: EsiEndpoint,
    pathParameters: EsiRequest['pathParameters'],
    characterId: number,
    options: IncrementalWalkOptions,
  ): Promise<EsiResult<T[]>> {
    let freshUntilMs = Number.POSITIVE_INFINITY;
    const walk = await walkFromId<T>(
      async (fromId) => {
        const response = await this.http.get<T[]>({
          endpoint,
          pathParameters,
          characterId,
          query: { from_id: fromId },
        });
        freshUntilMs = Math.min(freshUntilMs, response.freshUntil.getTime());
        return { items: response.body, unchanged: response.source !== 'network' };
      },
      (transaction) => transaction.transaction_id,
      options,
    );
    return { data: walk.items, unchanged: walk.unchanged, freshUntil: new Date(freshUntilMs) };
  }
}

function checkedDivision(division: number): number {
  if (!Number.isInteger(division) || division < 1 || division > 7) {
    throw new RangeError(`A corporation wallet division is 1 to 7 (got ${division})`);
  }
  return division;
}
