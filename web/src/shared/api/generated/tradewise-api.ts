import { baseApi as api } from '../base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    healthz: build.query<HealthzApiResponse, HealthzApiArg>({
      query: () => ({ url: `/healthz` }),
    }),
    readyz: build.query<ReadyzApiResponse, ReadyzApiArg>({
      query: () => ({ url: `/readyz` }),
    }),
    marketGroups: build.query<MarketGroupsApiResponse, MarketGroupsApiArg>({
      query: () => ({ url: `/api/v1/market/groups` }),
    }),
    marketGroupTypes: build.query<MarketGroupTypesApiResponse, MarketGroupTypesApiArg>({
      query: (queryArg) => ({ url: `/api/v1/market/groups/${queryArg.id}/types` }),
    }),
    regions: build.query<RegionsApiResponse, RegionsApiArg>({
      query: () => ({ url: `/api/v1/market/regions` }),
    }),
    searchTypes: build.query<SearchTypesApiResponse, SearchTypesApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/market/types/search`,
        params: {
          language: queryArg.language,
          q: queryArg.q,
        },
      }),
    }),
    itemType: build.query<ItemTypeApiResponse, ItemTypeApiArg>({
      query: (queryArg) => ({ url: `/api/v1/market/types/${queryArg.id}` }),
    }),
    systems: build.query<SystemsApiResponse, SystemsApiArg>({
      query: () => ({ url: `/api/v1/static/systems` }),
    }),
    searchSystems: build.query<SearchSystemsApiResponse, SearchSystemsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/static/systems/search`,
        params: {
          q: queryArg.q,
        },
      }),
    }),
    jumps: build.query<JumpsApiResponse, JumpsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/static/jumps`,
        params: {
          destinations: queryArg.destinations,
          origin: queryArg.origin,
        },
      }),
    }),
    structureRigs: build.query<StructureRigsApiResponse, StructureRigsApiArg>({
      query: () => ({ url: `/api/v1/static/structureRigs` }),
    }),
    version: build.query<VersionApiResponse, VersionApiArg>({
      query: () => ({ url: `/api/v1/static/version` }),
    }),
    startLogin: build.query<StartLoginApiResponse, StartLoginApiArg>({
      query: () => ({ url: `/api/v1/login/redirect` }),
    }),
    completeLogin: build.query<CompleteLoginApiResponse, CompleteLoginApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/login/callback`,
        params: {
          code: queryArg.code,
          state: queryArg.state,
          error: queryArg.error,
        },
      }),
    }),
    getAccount: build.query<GetAccountApiResponse, GetAccountApiArg>({
      query: () => ({ url: `/api/v1/account` }),
    }),
    changeAccountSettings: build.mutation<ChangeAccountSettingsApiResponse, ChangeAccountSettingsApiArg>({
      query: (queryArg) => ({ url: `/api/v1/account`, method: 'PATCH', body: queryArg.accountSettingsPatch }),
    }),
    logout: build.mutation<LogoutApiResponse, LogoutApiArg>({
      query: () => ({ url: `/api/v1/account/logout`, method: 'POST' }),
    }),
    listCharacters: build.query<ListCharactersApiResponse, ListCharactersApiArg>({
      query: () => ({ url: `/api/v1/account/characters` }),
    }),
    changeCharacterSettings: build.mutation<
      ChangeCharacterSettingsApiResponse,
      ChangeCharacterSettingsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/v1/account/characters/${queryArg.id}`,
        method: 'PATCH',
        body: queryArg.characterSettingsPatch,
      }),
    }),
    removeCharacter: build.mutation<RemoveCharacterApiResponse, RemoveCharacterApiArg>({
      query: (queryArg) => ({ url: `/api/v1/account/characters/${queryArg.id}`, method: 'DELETE' }),
    }),
    addCharacter: build.query<AddCharacterApiResponse, AddCharacterApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/addCharacter`,
        params: {
          scopes: queryArg.scopes,
        },
      }),
    }),
    journalEntries: build.query<JournalEntriesApiResponse, JournalEntriesApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/entries`,
        params: {
          start: queryArg.start,
          count: queryArg.count,
          refType: queryArg.refType,
          characterId: queryArg.characterId,
        },
      }),
    }),
  }),
  overrideExisting: false,
});
export { injectedRtkApi as tradewiseApi };
export type HealthzApiResponse = /** status 200  */ {
  status?: 'ok';
};
export type HealthzApiArg = void;
export type ReadyzApiResponse = unknown;
export type ReadyzApiArg = void;
export type MarketGroupsApiResponse = /** status 200  */ MarketGroup[];
export type MarketGroupsApiArg = void;
export type MarketGroupTypesApiResponse = /** status 200  */ ItemType[];
export type MarketGroupTypesApiArg = {
  /** Market group id */
  id: number;
};
export type RegionsApiResponse = /** status 200  */ MarketRegion[];
export type RegionsApiArg = void;
export type SearchTypesApiResponse = /** status 200  */ TypeSearchResult[];
export type SearchTypesApiArg = {
  /** Match only this language */
  language?: string;
  /** Part of an item name */
  q: string;
};
export type ItemTypeApiResponse = /** status 200  */ ItemTypeDetail;
export type ItemTypeApiArg = {
  /** Item type id */
  id: number;
};
export type SystemsApiResponse = /** status 200  */ SolarSystem[];
export type SystemsApiArg = void;
export type SearchSystemsApiResponse = /** status 200  */ SolarSystem[];
export type SearchSystemsApiArg = {
  /** Part of a system name */
  q: string;
};
export type JumpsApiResponse = /** status 200  */ JumpCounts;
export type JumpsApiArg = {
  /** Comma-separated solar system ids (at most 1000) */
  destinations: string;
  /** Solar system id */
  origin: number;
};
export type StructureRigsApiResponse = /** status 200  */ StructureRigNames;
export type StructureRigsApiArg = void;
export type VersionApiResponse = /** status 200  */ StaticDataVersion;
export type VersionApiArg = void;
export type StartLoginApiResponse = unknown;
export type StartLoginApiArg = void;
export type CompleteLoginApiResponse = unknown;
export type CompleteLoginApiArg = {
  code?: string;
  state?: string;
  /** Set by the SSO when the player cancelled */
  error?: string;
};
export type GetAccountApiResponse = /** status 200  */ Account;
export type GetAccountApiArg = void;
export type ChangeAccountSettingsApiResponse = /** status 200  */ Account;
export type ChangeAccountSettingsApiArg = {
  accountSettingsPatch: AccountSettingsPatch;
};
export type LogoutApiResponse = unknown;
export type LogoutApiArg = void;
export type ListCharactersApiResponse = /** status 200  */ AccountCharacter[];
export type ListCharactersApiArg = void;
export type ChangeCharacterSettingsApiResponse = /** status 200  */ AccountCharacter;
export type ChangeCharacterSettingsApiArg = {
  /** Character id */
  id: number;
  characterSettingsPatch: CharacterSettingsPatch;
};
export type RemoveCharacterApiResponse = unknown;
export type RemoveCharacterApiArg = {
  /** Character id */
  id: number;
};
export type AddCharacterApiResponse = unknown;
export type AddCharacterApiArg = {
  /** Update Scopes: also ask for corporation industry jobs, location and waypoints */
  scopes?: 'extended';
};
export type JournalEntriesApiResponse = /** status 200  */ JournalEntriesPage;
export type JournalEntriesApiArg = {
  /** The id of the logged-in account */
  account: string;
  /** Offset of the first row (default 0) */
  start?: string;
  /** Rows (10... default 40, at most 100) */
  count?: string;
  /** A journal ref type, e.g. MARKET_TRANSACTION */
  refType?: string;
  characterId?: string;
};
export type MarketGroup = {
  marketGroupID: number;
  parentGroupID: number | null;
  marketGroupName: string;
  children: MarketGroup[];
  hasTypes: boolean;
  iconFile: string | null;
  description: string;
};
export type ItemType = {
  typeID: number;
  typeName: string;
  marketGroupID: number | null;
  description: string;
  volume: number;
};
export type MarketRegion = {
  id: number;
  name: string;
};
export type TypeSearchResult = {
  typeID: number;
  typeName: string;
  marketGroupID: number | null;
  volume: number;
  matchedName: string;
  matchedLanguage: string;
};
export type ItemTypeDetail = {
  typeID: number;
  typeName: string;
  marketGroupID: number | null;
  description: string;
  volume: number;
  packagedVolume: number | null;
  groupID: number;
  groupName: string;
  categoryID: number;
  categoryName: string;
  portionSize: number;
  basePrice: number | null;
  published: boolean;
  metaGroupID: number | null;
  metaGroupName: string | null;
  iconID: number | null;
  names: {
    [key: string]: string;
  };
};
export type SolarSystem = {
  systemId: number;
  systemName: string;
  security: number;
  constellationId: number;
  regionId: number;
  regionName: string;
};
export type JumpCounts = number[];
export type StructureRigNames = {
  [key: string]: string;
};
export type StaticDataVersion = {
  sdeVersion: string;
  sdeBuildDate: string | null;
  importedAt: string;
  datasetFormat: number;
};
export type AccountCharacter = {
  id: number;
  name: string;
  roles: string[];
  syncStatus: 'SYNCING' | 'NOT_SYNCING_MANUAL' | 'NOT_SYNCING_SUB_INSUFFICIENT' | 'NOT_SYNCING_ESI_ERROR';
  esiScopes: string;
  enableSync: boolean;
  enableCorpIndustrySync: boolean;
  defaultPriceRegion: number | null;
  defaultPriceFactor: number | null;
  reactionBonus: number | null;
  lastWalletUpdate: string | null;
  lastCorpIndustryUpdate: string | null;
  lastIndustryUpdate: string | null;
};
export type Account = {
  id: string;
  characters: AccountCharacter[];
  syncEnabled: boolean;
  autoRebill: boolean;
  subscriptionTier: 'FREE' | 'SUPPORTER' | 'PRO';
  lastSubscription: {
    tier: 'FREE' | 'SUPPORTER' | 'PRO';
    startDate: string;
    endDate: string;
  } | null;
  lastUpdate: string | null;
  lastSyncTimeout: string | null;
  characterName: string;
  loginCharacterId: number;
};
export type AccountSettingsPatch = {
  syncEnabled?: boolean;
  autoRebill?: boolean;
};
export type ApiError = {
  statusCode: number;
  error: string;
  message: string;
  code?: string;
  limit?: number;
};
export type CharacterSettingsPatch = {
  enableSync?: boolean;
  enableCorpIndustrySync?: boolean;
  defaultPriceRegion?: number | null;
  defaultPriceFactor?: number | null;
  reactionBonus?: number | null;
};
export type JournalEntry = {
  id: string;
  date: string;
  characterId: number;
  firstPartyName: string | null;
  secondPartyName: string | null;
  amount: number | null;
  description: string;
  refType: string;
};
export type JournalEntriesPage = {
  total: number;
  entries: JournalEntry[];
};
export const {
  useHealthzQuery,
  useLazyHealthzQuery,
  useReadyzQuery,
  useLazyReadyzQuery,
  useMarketGroupsQuery,
  useLazyMarketGroupsQuery,
  useMarketGroupTypesQuery,
  useLazyMarketGroupTypesQuery,
  useRegionsQuery,
  useLazyRegionsQuery,
  useSearchTypesQuery,
  useLazySearchTypesQuery,
  useItemTypeQuery,
  useLazyItemTypeQuery,
  useSystemsQuery,
  useLazySystemsQuery,
  useSearchSystemsQuery,
  useLazySearchSystemsQuery,
  useJumpsQuery,
  useLazyJumpsQuery,
  useStructureRigsQuery,
  useLazyStructureRigsQuery,
  useVersionQuery,
  useLazyVersionQuery,
  useStartLoginQuery,
  useLazyStartLoginQuery,
  useCompleteLoginQuery,
  useLazyCompleteLoginQuery,
  useGetAccountQuery,
  useLazyGetAccountQuery,
  useChangeAccountSettingsMutation,
  useLogoutMutation,
  useListCharactersQuery,
  useLazyListCharactersQuery,
  useChangeCharacterSettingsMutation,
  useRemoveCharacterMutation,
  useAddCharacterQuery,
  useLazyAddCharacterQuery,
  useJournalEntriesQuery,
  useLazyJournalEntriesQuery,
} = injectedRtkApi;
