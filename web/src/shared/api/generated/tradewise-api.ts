import { baseApi as api } from '../base-api';
const injectedRtkApi = api.injectEndpoints({
  endpoints: (build) => ({
    healthz: build.query<HealthzApiResponse, HealthzApiArg>({
      query: () => ({ url: `/healthz` }),
    }),
    readyz: build.query<ReadyzApiResponse, ReadyzApiArg>({
      query: () => ({ url: `/readyz` }),
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
    transactions: build.query<TransactionsApiResponse, TransactionsApiArg>({
      query: () => ({ url: `/api/v1/account/transactions` }),
    }),
    subscriptions: build.query<SubscriptionsApiResponse, SubscriptionsApiArg>({
      query: () => ({ url: `/api/v1/account/subscriptions` }),
    }),
    purchase: build.mutation<PurchaseApiResponse, PurchaseApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/subscriptions`,
        method: 'POST',
        body: queryArg.subscriptionPurchase,
        headers: {
          'Idempotency-Key': queryArg['Idempotency-Key'],
        },
      }),
    }),
    startFreeTrial: build.mutation<StartFreeTrialApiResponse, StartFreeTrialApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/subscriptions/freeTrial`,
        method: 'POST',
        headers: {
          'Idempotency-Key': queryArg['Idempotency-Key'],
        },
      }),
    }),
    characterUpdateMarketOrders: build.mutation<
      CharacterUpdateMarketOrdersApiResponse,
      CharacterUpdateMarketOrdersApiArg
    >({
      query: (queryArg) => ({
        url: `/api/v1/account/characters/${queryArg.id}/updateMarketOrders`,
        method: 'POST',
      }),
    }),
    characterUpdateWallet: build.mutation<CharacterUpdateWalletApiResponse, CharacterUpdateWalletApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/characters/${queryArg.id}/updateWallet`,
        method: 'POST',
      }),
    }),
    characterUpdateLocation: build.mutation<
      CharacterUpdateLocationApiResponse,
      CharacterUpdateLocationApiArg
    >({
      query: (queryArg) => ({
        url: `/api/v1/account/characters/${queryArg.id}/updateLocation`,
        method: 'POST',
      }),
    }),
    characterSkills: build.query<CharacterSkillsApiResponse, CharacterSkillsApiArg>({
      query: (queryArg) => ({ url: `/api/v1/account/characters/${queryArg.id}/skills` }),
    }),
    characterUpdateRoute: build.mutation<CharacterUpdateRouteApiResponse, CharacterUpdateRouteApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/characters/${queryArg.id}/updateRoute`,
        method: 'POST',
        body: queryArg.characterRouteUpdate,
      }),
    }),
    characterOpenMarketDetails: build.mutation<
      CharacterOpenMarketDetailsApiResponse,
      CharacterOpenMarketDetailsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/v1/account/characters/${queryArg.id}/ui/openwindow/marketdetails/${queryArg.typeId}`,
        method: 'POST',
      }),
    }),
    characterMarketOrders: build.query<CharacterMarketOrdersApiResponse, CharacterMarketOrdersApiArg>({
      query: (queryArg) => ({ url: `/api/v1/market/characters/${queryArg.id}/orders` }),
    }),
    characterSimilarOrders: build.query<CharacterSimilarOrdersApiResponse, CharacterSimilarOrdersApiArg>({
      query: (queryArg) => ({ url: `/api/v1/market/characters/${queryArg.id}/similar` }),
    }),
    characterSimilarPrivateOrders: build.query<
      CharacterSimilarPrivateOrdersApiResponse,
      CharacterSimilarPrivateOrdersApiArg
    >({
      query: (queryArg) => ({ url: `/api/v1/market/characters/${queryArg.id}/similarPrivate` }),
    }),
    accountDiscordWebhook: build.query<AccountDiscordWebhookApiResponse, AccountDiscordWebhookApiArg>({
      query: () => ({ url: `/api/v1/account/discordWebhook` }),
    }),
    setAccountDiscordWebhook: build.mutation<
      SetAccountDiscordWebhookApiResponse,
      SetAccountDiscordWebhookApiArg
    >({
      query: (queryArg) => ({
        url: `/api/v1/account/discordWebhook`,
        method: 'PUT',
        body: queryArg.discordWebhookUpdate,
      }),
    }),
    removeAccountDiscordWebhook: build.mutation<
      RemoveAccountDiscordWebhookApiResponse,
      RemoveAccountDiscordWebhookApiArg
    >({
      query: () => ({ url: `/api/v1/account/discordWebhook`, method: 'DELETE' }),
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
    walletTransactions: build.query<WalletTransactionsApiResponse, WalletTransactionsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/transactions`,
        params: {
          start: queryArg.start,
          count: queryArg.count,
          filter: queryArg.filter,
          characterId: queryArg.characterId,
          position: queryArg.position,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    editWalletTransactions: build.mutation<EditWalletTransactionsApiResponse, EditWalletTransactionsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/transactions`,
        method: 'PATCH',
        body: queryArg.walletTransactionPatches,
      }),
    }),
    boughtContractItems: build.query<BoughtContractItemsApiResponse, BoughtContractItemsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/boughtContractItems`,
        params: {
          start: queryArg.start,
          count: queryArg.count,
          filter: queryArg.filter,
          characterId: queryArg.characterId,
          position: queryArg.position,
        },
      }),
    }),
    editBoughtContractItems: build.mutation<
      EditBoughtContractItemsApiResponse,
      EditBoughtContractItemsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/boughtContractItems`,
        method: 'PATCH',
        body: queryArg.boughtContractItemPatches,
      }),
    }),
    contract: build.query<ContractApiResponse, ContractApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/contracts/${queryArg.contractId}`,
        params: {
          position: queryArg.position,
        },
      }),
    }),
    unprocessedTransactions: build.query<UnprocessedTransactionsApiResponse, UnprocessedTransactionsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/unprocessed`,
        params: {
          position: queryArg.position,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    processUnprocessed: build.mutation<ProcessUnprocessedApiResponse, ProcessUnprocessedApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/unprocessed/process`,
        method: 'POST',
        body: queryArg.processUnprocessed,
      }),
    }),
    journalStats: build.query<JournalStatsApiResponse, JournalStatsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/stats`,
        params: {
          startTime: queryArg.startTime,
          filter: queryArg.filter,
          characterId: queryArg.characterId,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    itemHistory: build.query<ItemHistoryApiResponse, ItemHistoryApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/itemHistory`,
        params: {
          filter: queryArg.filter,
          characterId: queryArg.characterId,
          source: queryArg.source,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    itemHistoryOfType: build.query<ItemHistoryOfTypeApiResponse, ItemHistoryOfTypeApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/itemHistory/${queryArg.typeId}`,
        params: {
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    exportTransactions: build.query<ExportTransactionsApiResponse, ExportTransactionsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/characters/${queryArg.characterId}/transactions`,
      }),
    }),
    exportJournal: build.query<ExportJournalApiResponse, ExportJournalApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/journal/${queryArg.account}/characters/${queryArg.characterId}/journal`,
      }),
    }),
    ledgerStatus: build.query<LedgerStatusApiResponse, LedgerStatusApiArg>({
      query: (queryArg) => ({ url: `/api/v1/profit/${queryArg.account}/status` }),
    }),
    tradeProfits: build.query<TradeProfitsApiResponse, TradeProfitsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/tradeProfits`,
        params: {
          start: queryArg.start,
          count: queryArg.count,
          filter: queryArg.filter,
          characterId: queryArg.characterId,
          minProfit: queryArg.minProfit,
          position: queryArg.position,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    editTradeProfits: build.mutation<EditTradeProfitsApiResponse, EditTradeProfitsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/tradeProfits`,
        method: 'PATCH',
        body: queryArg.tradeProfitPatches,
      }),
    }),
    deleteTradeProfits: build.mutation<DeleteTradeProfitsApiResponse, DeleteTradeProfitsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/tradeProfits`,
        method: 'DELETE',
        body: queryArg.tradeProfitRowIds,
      }),
    }),
    manufacturingProfits: build.query<ManufacturingProfitsApiResponse, ManufacturingProfitsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/manufacturingProfits`,
        params: {
          start: queryArg.start,
          count: queryArg.count,
          filter: queryArg.filter,
          characterId: queryArg.characterId,
          minProfit: queryArg.minProfit,
          position: queryArg.position,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    editManufacturingProfits: build.mutation<
      EditManufacturingProfitsApiResponse,
      EditManufacturingProfitsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/manufacturingProfits`,
        method: 'PATCH',
        body: queryArg.manufacturingProfitPatches,
      }),
    }),
    deleteManufacturingProfits: build.mutation<
      DeleteManufacturingProfitsApiResponse,
      DeleteManufacturingProfitsApiArg
    >({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/manufacturingProfits`,
        method: 'DELETE',
        body: queryArg.manufacturingProfitRowIds,
      }),
    }),
    contractProfits: build.query<ContractProfitsApiResponse, ContractProfitsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/contractProfits`,
        params: {
          start: queryArg.start,
          count: queryArg.count,
          filter: queryArg.filter,
          characterId: queryArg.characterId,
          minProfit: queryArg.minProfit,
          position: queryArg.position,
        },
      }),
    }),
    editContractProfits: build.mutation<EditContractProfitsApiResponse, EditContractProfitsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/contractProfits`,
        method: 'PATCH',
        body: queryArg.contractProfitPatches,
      }),
    }),
    deleteContractProfits: build.mutation<DeleteContractProfitsApiResponse, DeleteContractProfitsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/contractProfits`,
        method: 'DELETE',
        body: queryArg.contractProfitRowIds,
      }),
    }),
    profitDaily: build.query<ProfitDailyApiResponse, ProfitDailyApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/aggregates/daily`,
        params: {
          startTime: queryArg.startTime,
          filter: queryArg.filter,
          characterId: queryArg.characterId,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    profitHourly: build.query<ProfitHourlyApiResponse, ProfitHourlyApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/aggregates/hourly`,
        params: {
          startTime: queryArg.startTime,
          filter: queryArg.filter,
          characterId: queryArg.characterId,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    profitItems: build.query<ProfitItemsApiResponse, ProfitItemsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/aggregates/items`,
        params: {
          filter: queryArg.filter,
          timeRangeHours: queryArg.timeRangeHours,
          characterId: queryArg.characterId,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    manufacturingItems: build.query<ManufacturingItemsApiResponse, ManufacturingItemsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/aggregates/manufacturing`,
        params: {
          filter: queryArg.filter,
          timeRangeHours: queryArg.timeRangeHours,
          characterId: queryArg.characterId,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    brokerFeeEstimates: build.query<BrokerFeeEstimatesApiResponse, BrokerFeeEstimatesApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/profit/${queryArg.account}/brokerFeeEstimates`,
        params: {
          startTime: queryArg.startTime,
          characterId: queryArg.characterId,
          ownerFilter: queryArg.ownerFilter,
          division: queryArg.division,
        },
      }),
    }),
    warehouseEntries: build.query<WarehouseEntriesApiResponse, WarehouseEntriesApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/itemWarehouse`,
        params: {
          position: queryArg.position,
        },
      }),
    }),
    addWarehouseEntry: build.mutation<AddWarehouseEntryApiResponse, AddWarehouseEntryApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/itemWarehouse`,
        method: 'POST',
        body: queryArg.warehouseEntryInput,
      }),
    }),
    editWarehouseEntry: build.mutation<EditWarehouseEntryApiResponse, EditWarehouseEntryApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/itemWarehouse/${queryArg.id}`,
        method: 'PATCH',
        body: queryArg.warehouseEntryInput,
      }),
    }),
    removeWarehouseEntry: build.mutation<RemoveWarehouseEntryApiResponse, RemoveWarehouseEntryApiArg>({
      query: (queryArg) => ({ url: `/api/v1/account/itemWarehouse/${queryArg.id}`, method: 'DELETE' }),
    }),
    brokerFeeOverrides: build.query<BrokerFeeOverridesApiResponse, BrokerFeeOverridesApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/brokerFeeOverrides`,
        params: {
          position: queryArg.position,
        },
      }),
    }),
    brokerFeeSuggestions: build.query<BrokerFeeSuggestionsApiResponse, BrokerFeeSuggestionsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/brokerFeeSuggestions`,
        params: {
          position: queryArg.position,
        },
      }),
    }),
    addBrokerFeeOverride: build.mutation<AddBrokerFeeOverrideApiResponse, AddBrokerFeeOverrideApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/brokerfees`,
        method: 'POST',
        body: queryArg.brokerFeeOverrideInput,
      }),
    }),
    removeBrokerFeeOverride: build.mutation<
      RemoveBrokerFeeOverrideApiResponse,
      RemoveBrokerFeeOverrideApiArg
    >({
      query: (queryArg) => ({ url: `/api/v1/account/brokerfees/${queryArg.id}`, method: 'DELETE' }),
    }),
    manufacturingResults: build.query<ManufacturingResultsApiResponse, ManufacturingResultsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/industry/${queryArg.account}/manufacturingResults`,
        params: {
          start: queryArg.start,
          count: queryArg.count,
          filter: queryArg.filter,
          characterId: queryArg.characterId,
          ownerFilter: queryArg.ownerFilter,
          position: queryArg.position,
        },
      }),
    }),
    editManufacturingResult: build.mutation<
      EditManufacturingResultApiResponse,
      EditManufacturingResultApiArg
    >({
      query: (queryArg) => ({
        url: `/api/v1/industry/${queryArg.account}/manufacturingResults`,
        method: 'PATCH',
        body: queryArg.manufacturingResultPatch,
      }),
    }),
    staffProjections: build.query<StaffProjectionsApiResponse, StaffProjectionsApiArg>({
      query: () => ({ url: `/api/v1/staff/projections` }),
    }),
    staffFindAccounts: build.query<StaffFindAccountsApiResponse, StaffFindAccountsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/staff/accounts`,
        params: {
          characterName: queryArg.characterName,
        },
      }),
    }),
    staffAccount: build.query<StaffAccountApiResponse, StaffAccountApiArg>({
      query: (queryArg) => ({ url: `/api/v1/staff/accounts/${queryArg.accountId}` }),
    }),
    staffAccountTimeline: build.query<StaffAccountTimelineApiResponse, StaffAccountTimelineApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/staff/accounts/${queryArg.accountId}/timeline`,
        params: {
          before: queryArg.before,
          limit: queryArg.limit,
        },
      }),
    }),
    staffCreditAccount: build.mutation<StaffCreditAccountApiResponse, StaffCreditAccountApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/staff/accounts/${queryArg.accountId}/credits`,
        method: 'POST',
        body: queryArg.staffBalanceChange,
      }),
    }),
    staffDebitAccount: build.mutation<StaffDebitAccountApiResponse, StaffDebitAccountApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/staff/accounts/${queryArg.accountId}/debits`,
        method: 'POST',
        body: queryArg.staffBalanceChange,
      }),
    }),
    staffRules: build.query<StaffRulesApiResponse, StaffRulesApiArg>({
      query: () => ({ url: `/api/v1/staff/rules` }),
    }),
    changeStaffRules: build.mutation<ChangeStaffRulesApiResponse, ChangeStaffRulesApiArg>({
      query: (queryArg) => ({ url: `/api/v1/staff/rules`, method: 'POST', body: queryArg.staffRuleChange }),
    }),
    staffRebuild: build.mutation<StaffRebuildApiResponse, StaffRebuildApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/staff/projections/${queryArg.name}/rebuilds`,
        method: 'POST',
        body: queryArg.staffRebuildRequest,
      }),
    }),
    staffRebuildReports: build.query<StaffRebuildReportsApiResponse, StaffRebuildReportsApiArg>({
      query: (queryArg) => ({ url: `/api/v1/staff/projections/${queryArg.name}/reports` }),
    }),
    staffRebuildReport: build.query<StaffRebuildReportApiResponse, StaffRebuildReportApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/staff/projections/${queryArg.name}/reports/${queryArg.id}`,
        params: {
          format: queryArg.format,
        },
      }),
    }),
    staffSwitchRebuild: build.mutation<StaffSwitchRebuildApiResponse, StaffSwitchRebuildApiArg>({
      query: (queryArg) => ({ url: `/api/v1/staff/projections/${queryArg.name}/switch`, method: 'POST' }),
    }),
    staffDiscardRebuild: build.mutation<StaffDiscardRebuildApiResponse, StaffDiscardRebuildApiArg>({
      query: (queryArg) => ({ url: `/api/v1/staff/projections/${queryArg.name}/discard`, method: 'POST' }),
    }),
    staffEvents: build.query<StaffEventsApiResponse, StaffEventsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/staff/events`,
        params: {
          limit: queryArg.limit,
          after: queryArg.after,
          account: queryArg.account,
          character: queryArg.character,
          stream: queryArg.stream,
          type: queryArg['type'],
          from: queryArg['from'],
          to: queryArg.to,
          correlation: queryArg.correlation,
          order: queryArg.order,
        },
      }),
    }),
    staffEventsExport: build.query<StaffEventsExportApiResponse, StaffEventsExportApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/staff/events/export`,
        params: {
          account: queryArg.account,
          character: queryArg.character,
          stream: queryArg.stream,
          type: queryArg['type'],
          from: queryArg['from'],
          to: queryArg.to,
          correlation: queryArg.correlation,
          order: queryArg.order,
        },
      }),
    }),
    staffEvent: build.query<StaffEventApiResponse, StaffEventApiArg>({
      query: (queryArg) => ({ url: `/api/v1/staff/events/${queryArg.id}` }),
    }),
    staffAuditVerify: build.mutation<StaffAuditVerifyApiResponse, StaffAuditVerifyApiArg>({
      query: () => ({ url: `/api/v1/staff/audit/verify`, method: 'POST' }),
    }),
    marketGroups: build.query<MarketGroupsApiResponse, MarketGroupsApiArg>({
      query: () => ({ url: `/api/v1/market/groups` }),
    }),
    marketGroupTree: build.query<MarketGroupTreeApiResponse, MarketGroupTreeApiArg>({
      query: () => ({ url: `/api/v1/market/groups/tree` }),
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
    marketOrders: build.query<MarketOrdersApiResponse, MarketOrdersApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/market/orders/${queryArg.typeId}`,
        params: {
          locationId: queryArg.locationId,
          systemID: queryArg.systemID,
          systemId: queryArg.systemId,
          regionId: queryArg.regionId,
        },
      }),
    }),
    marketHistory: build.query<MarketHistoryApiResponse, MarketHistoryApiArg>({
      query: (queryArg) => ({ url: `/api/v1/market/history/${queryArg.regionId}/${queryArg.typeId}` }),
    }),
    marketStats: build.query<MarketStatsApiResponse, MarketStatsApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/market/stats/${queryArg.regionId}/${queryArg.typeId}`,
        params: {
          locationId: queryArg.locationId,
          systemID: queryArg.systemID,
          systemId: queryArg.systemId,
        },
      }),
    }),
    marketStatsOfTypes: build.mutation<MarketStatsOfTypesApiResponse, MarketStatsOfTypesApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/market/stats/${queryArg.regionId}`,
        method: 'POST',
        body: queryArg.marketStatsRequest,
        params: {
          locationId: queryArg.locationId,
          systemID: queryArg.systemID,
          systemId: queryArg.systemId,
        },
      }),
    }),
    industryCalculate: build.mutation<IndustryCalculateApiResponse, IndustryCalculateApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/industry/calculate`,
        method: 'POST',
        body: queryArg.industryCalculationRequest,
      }),
    }),
    industryBlueprintSearch: build.query<IndustryBlueprintSearchApiResponse, IndustryBlueprintSearchApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/industry/blueprints/search`,
        params: {
          q: queryArg.q,
        },
      }),
    }),
    industryDecryptors: build.query<IndustryDecryptorsApiResponse, IndustryDecryptorsApiArg>({
      query: () => ({ url: `/api/v1/industry/decryptors` }),
    }),
    accountStructures: build.query<AccountStructuresApiResponse, AccountStructuresApiArg>({
      query: () => ({ url: `/api/v1/account/structures` }),
    }),
    saveAccountStructure: build.mutation<SaveAccountStructureApiResponse, SaveAccountStructureApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/structures`,
        method: 'POST',
        body: queryArg.industryStructureCreate,
      }),
    }),
    changeAccountStructure: build.mutation<ChangeAccountStructureApiResponse, ChangeAccountStructureApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/account/structures/${queryArg.id}`,
        method: 'PATCH',
        body: queryArg.industryStructurePatch,
      }),
    }),
    removeAccountStructure: build.mutation<RemoveAccountStructureApiResponse, RemoveAccountStructureApiArg>({
      query: (queryArg) => ({ url: `/api/v1/account/structures/${queryArg.id}`, method: 'DELETE' }),
    }),
    appraisalCreate: build.mutation<AppraisalCreateApiResponse, AppraisalCreateApiArg>({
      query: (queryArg) => ({ url: `/api/v1/market/appraisals`, method: 'POST', body: queryArg.body }),
    }),
    appraisalHistory: build.query<AppraisalHistoryApiResponse, AppraisalHistoryApiArg>({
      query: () => ({ url: `/api/v1/market/appraisals` }),
    }),
    appraisalParse: build.mutation<AppraisalParseApiResponse, AppraisalParseApiArg>({
      query: (queryArg) => ({ url: `/api/v1/market/appraisals/parse`, method: 'POST', body: queryArg.body }),
    }),
    appraisalHubs: build.mutation<AppraisalHubsApiResponse, AppraisalHubsApiArg>({
      query: (queryArg) => ({ url: `/api/v1/market/appraisals/hubs`, method: 'POST', body: queryArg.body }),
    }),
    appraisalGet: build.query<AppraisalGetApiResponse, AppraisalGetApiArg>({
      query: (queryArg) => ({ url: `/api/v1/market/appraisals/${queryArg.id}` }),
    }),
    publicStructures: build.query<PublicStructuresApiResponse, PublicStructuresApiArg>({
      query: (queryArg) => ({
        url: `/api/v1/market/structures`,
        params: {
          q: queryArg.q,
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
export type TransactionsApiResponse = /** status 200  */ AccountTransaction[];
export type TransactionsApiArg = void;
export type SubscriptionsApiResponse = /** status 200  */ SubscriptionRecord[];
export type SubscriptionsApiArg = void;
export type PurchaseApiResponse = /** status 200 The account with its new tier and balance */ Account;
export type PurchaseApiArg = {
  /** A retried request with the same key charges once */
  'Idempotency-Key'?: string;
  subscriptionPurchase: SubscriptionPurchase;
};
export type StartFreeTrialApiResponse = /** status 200 The account on its trial */ Account;
export type StartFreeTrialApiArg = {
  /** A retried request with the same key charges once */
  'Idempotency-Key'?: string;
};
export type CharacterUpdateMarketOrdersApiResponse = /** status 200  */ CharacterMarketOrders;
export type CharacterUpdateMarketOrdersApiArg = {
  /** Character id */
  id: number;
};
export type CharacterUpdateWalletApiResponse = /** status 200  */ CharacterWalletBalance;
export type CharacterUpdateWalletApiArg = {
  /** Character id */
  id: number;
};
export type CharacterUpdateLocationApiResponse = /** status 200  */ CharacterLocation;
export type CharacterUpdateLocationApiArg = {
  /** Character id */
  id: number;
};
export type CharacterSkillsApiResponse = /** status 200  */ CharacterSkills;
export type CharacterSkillsApiArg = {
  /** Character id */
  id: number;
};
export type CharacterUpdateRouteApiResponse = unknown;
export type CharacterUpdateRouteApiArg = {
  /** Character id */
  id: number;
  characterRouteUpdate: CharacterRouteUpdate;
};
export type CharacterOpenMarketDetailsApiResponse = unknown;
export type CharacterOpenMarketDetailsApiArg = {
  /** Character id */
  id: number;
  /** Item type id */
  typeId: number;
};
export type CharacterMarketOrdersApiResponse = /** status 200  */ CharacterMarketOrders;
export type CharacterMarketOrdersApiArg = {
  /** Character id */
  id: number;
};
export type CharacterSimilarOrdersApiResponse = /** status 200  */ CharacterSimilarOrders;
export type CharacterSimilarOrdersApiArg = {
  /** Character id */
  id: number;
};
export type CharacterSimilarPrivateOrdersApiResponse = /** status 200  */ CharacterSimilarPrivateOrders;
export type CharacterSimilarPrivateOrdersApiArg = {
  /** Character id */
  id: number;
};
export type AccountDiscordWebhookApiResponse = /** status 200  */ DiscordWebhookSetting;
export type AccountDiscordWebhookApiArg = void;
export type SetAccountDiscordWebhookApiResponse = /** status 200  */ DiscordWebhookSetting;
export type SetAccountDiscordWebhookApiArg = {
  discordWebhookUpdate: DiscordWebhookUpdate;
};
export type RemoveAccountDiscordWebhookApiResponse = unknown;
export type RemoveAccountDiscordWebhookApiArg = void;
export type JournalEntriesApiResponse = /** status 200  */ JournalEntriesPage;
export type JournalEntriesApiArg = {
  /** The id of the logged-in account */
  account: string;
  /** Offset of the first row (default 0) */
  start?: number | string;
  /** Rows (default 40, at most 100) */
  count?: number | string;
  /** A journal ref type, e.g. MARKET_TRANSACTION */
  refType?: string;
  /** Only this character */
  characterId?: number | string;
};
export type WalletTransactionsApiResponse = /** status 200  */ WalletTransactionsPage;
export type WalletTransactionsApiArg = {
  account: string;
  /** Offset of the first row (default 0) */
  start?: number | string;
  /** Rows (default 40, at most 100) */
  count?: number | string;
  /** Item name contains (any case) */
  filter?: string;
  /** Only this character */
  characterId?: number | string;
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type EditWalletTransactionsApiResponse = /** status 200  */ LedgerWriteResult;
export type EditWalletTransactionsApiArg = {
  account: string;
  walletTransactionPatches: WalletTransactionPatches;
};
export type BoughtContractItemsApiResponse = /** status 200  */ BoughtContractItemsPage;
export type BoughtContractItemsApiArg = {
  account: string;
  /** Offset of the first row (default 0) */
  start?: number | string;
  /** Rows (default 40, at most 100) */
  count?: number | string;
  /** Item name contains (any case) */
  filter?: string;
  /** Only this character */
  characterId?: number | string;
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
};
export type EditBoughtContractItemsApiResponse = /** status 200  */ LedgerWriteResult;
export type EditBoughtContractItemsApiArg = {
  account: string;
  boughtContractItemPatches: BoughtContractItemPatches;
};
export type ContractApiResponse = /** status 200  */ ContractDetail;
export type ContractApiArg = {
  account: string;
  contractId: number;
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
};
export type UnprocessedTransactionsApiResponse = /** status 200  */ UnprocessedTransaction[];
export type UnprocessedTransactionsApiArg = {
  account: string;
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type ProcessUnprocessedApiResponse = /** status 201  */ LedgerWriteResult;
export type ProcessUnprocessedApiArg = {
  account: string;
  processUnprocessed: ProcessUnprocessed;
};
export type JournalStatsApiResponse = /** status 200  */ JournalStats;
export type JournalStatsApiArg = {
  account: string;
  /** Epoch milliseconds or an ISO (RFC 3339) date-time; empty means none */
  startTime?: number | string;
  /** Item name contains (any case) */
  filter?: string;
  /** Only this character */
  characterId?: number | string;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type ItemHistoryApiResponse = /** status 200  */ ItemHistorySummary[];
export type ItemHistoryApiArg = {
  account: string;
  /** Item name contains (any case) */
  filter?: string;
  /** Only this character */
  characterId?: number | string;
  /** Bought Items (default) or Manufactured Items */
  source?: 'bought' | 'manufactured';
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type ItemHistoryOfTypeApiResponse = /** status 200  */ ItemHistoryDetails;
export type ItemHistoryOfTypeApiArg = {
  account: string;
  typeId: number;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type ExportTransactionsApiResponse = unknown;
export type ExportTransactionsApiArg = {
  account: string;
  characterId: number;
};
export type ExportJournalApiResponse = unknown;
export type ExportJournalApiArg = {
  account: string;
  characterId: number;
};
export type LedgerStatusApiResponse = /** status 200  */ LedgerStatus;
export type LedgerStatusApiArg = {
  account: string;
};
export type TradeProfitsApiResponse = /** status 200  */ TradeProfitsPage;
export type TradeProfitsApiArg = {
  account: string;
  /** Offset of the first row (default 0) */
  start?: number | string;
  /** Rows (default 40, at most 100) */
  count?: number | string;
  /** Item name contains (any case) */
  filter?: string;
  /** Only this character */
  characterId?: number | string;
  /** ISK with at most two decimals, from -10000000000000 to 10000000000000; empty means none */
  minProfit?: string;
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type EditTradeProfitsApiResponse = /** status 200  */ LedgerWriteResult;
export type EditTradeProfitsApiArg = {
  account: string;
  tradeProfitPatches: TradeProfitPatches;
};
export type DeleteTradeProfitsApiResponse = /** status 200  */ LedgerWriteResult;
export type DeleteTradeProfitsApiArg = {
  account: string;
  tradeProfitRowIds: TradeProfitRowIds;
};
export type ManufacturingProfitsApiResponse = /** status 200  */ ManufacturingProfitsPage;
export type ManufacturingProfitsApiArg = {
  account: string;
  /** Offset of the first row (default 0) */
  start?: number | string;
  /** Rows (default 40, at most 100) */
  count?: number | string;
  /** Item name contains (any case) */
  filter?: string;
  /** Only this character */
  characterId?: number | string;
  /** ISK with at most two decimals, from -10000000000000 to 10000000000000; empty means none */
  minProfit?: string;
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type EditManufacturingProfitsApiResponse = /** status 200  */ LedgerWriteResult;
export type EditManufacturingProfitsApiArg = {
  account: string;
  manufacturingProfitPatches: ManufacturingProfitPatches;
};
export type DeleteManufacturingProfitsApiResponse = /** status 200  */ LedgerWriteResult;
export type DeleteManufacturingProfitsApiArg = {
  account: string;
  manufacturingProfitRowIds: ManufacturingProfitRowIds;
};
export type ContractProfitsApiResponse = /** status 200  */ ContractProfitsPage;
export type ContractProfitsApiArg = {
  account: string;
  /** Offset of the first row (default 0) */
  start?: number | string;
  /** Rows (default 40, at most 100) */
  count?: number | string;
  /** Item name contains (any case) */
  filter?: string;
  /** Only this character */
  characterId?: number | string;
  /** ISK with at most two decimals, from -10000000000000 to 10000000000000; empty means none */
  minProfit?: string;
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
};
export type EditContractProfitsApiResponse = /** status 200  */ LedgerWriteResult;
export type EditContractProfitsApiArg = {
  account: string;
  contractProfitPatches: ContractProfitPatches;
};
export type DeleteContractProfitsApiResponse = /** status 200  */ LedgerWriteResult;
export type DeleteContractProfitsApiArg = {
  account: string;
  contractProfitRowIds: ContractProfitRowIds;
};
export type ProfitDailyApiResponse = /** status 200  */ ProfitAggregateRow[];
export type ProfitDailyApiArg = {
  account: string;
  /** Epoch milliseconds or an ISO (RFC 3339) date-time; empty means none */
  startTime?: number | string;
  /** Item name contains (any case) */
  filter?: string;
  /** Only this character */
  characterId?: number | string;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type ProfitHourlyApiResponse = /** status 200  */ ProfitAggregateRow[];
export type ProfitHourlyApiArg = {
  account: string;
  /** Epoch milliseconds or an ISO (RFC 3339) date-time; empty means none */
  startTime?: number | string;
  /** Item name contains (any case) */
  filter?: string;
  /** Only this character */
  characterId?: number | string;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type ProfitItemsApiResponse = /** status 200  */ ItemProfitRow[];
export type ProfitItemsApiArg = {
  account: string;
  /** Item name contains (any case) */
  filter?: string;
  /** 720, 168 or 24; omitted for all time */
  timeRangeHours?: (720 | 168 | 24) | string;
  /** Only this character */
  characterId?: number | string;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type ManufacturingItemsApiResponse = /** status 200  */ ItemProfitRow[];
export type ManufacturingItemsApiArg = {
  account: string;
  /** Item name contains (any case) */
  filter?: string;
  /** 720, 168 or 24; omitted for all time */
  timeRangeHours?: (720 | 168 | 24) | string;
  /** Only this character */
  characterId?: number | string;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type BrokerFeeEstimatesApiResponse = /** status 200  */ BrokerFeeEstimateRow[];
export type BrokerFeeEstimatesApiArg = {
  account: string;
  /** Epoch milliseconds or an ISO (RFC 3339) date-time; empty means none */
  startTime?: number | string;
  /** Only this character */
  characterId?: number | string;
  /** Everything (default), the characters' own wallets, or the corporations' (Corp order) */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Only this division of the corporations' wallets (1 is the master wallet); the characters' own rows have none */
  division?: number;
};
export type WarehouseEntriesApiResponse = /** status 200  */ WarehouseEntry[];
export type WarehouseEntriesApiArg = {
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
};
export type AddWarehouseEntryApiResponse = /** status 201  */ LedgerWriteResult;
export type AddWarehouseEntryApiArg = {
  warehouseEntryInput: WarehouseEntryInput;
};
export type EditWarehouseEntryApiResponse = /** status 200  */ LedgerWriteResult;
export type EditWarehouseEntryApiArg = {
  id: string;
  warehouseEntryInput: WarehouseEntryInput;
};
export type RemoveWarehouseEntryApiResponse = /** status 200  */ LedgerWriteResult;
export type RemoveWarehouseEntryApiArg = {
  id: string;
};
export type BrokerFeeOverridesApiResponse = /** status 200  */ BrokerFeeOverride[];
export type BrokerFeeOverridesApiArg = {
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
};
export type BrokerFeeSuggestionsApiResponse = /** status 200  */ BrokerFeeSuggestion[];
export type BrokerFeeSuggestionsApiArg = {
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
};
export type AddBrokerFeeOverrideApiResponse = /** status 201  */ LedgerWriteResult;
export type AddBrokerFeeOverrideApiArg = {
  brokerFeeOverrideInput: BrokerFeeOverrideInput;
};
export type RemoveBrokerFeeOverrideApiResponse = /** status 200  */ LedgerWriteResult;
export type RemoveBrokerFeeOverrideApiArg = {
  id: string;
};
export type ManufacturingResultsApiResponse = /** status 200  */ ManufacturingResultsPage;
export type ManufacturingResultsApiArg = {
  account: string;
  /** Offset of the first row (default 0) */
  start?: number | string;
  /** Rows (default 40, at most 100) */
  count?: number | string;
  /** Item name contains (any case) */
  filter?: string;
  /** Only this character */
  characterId?: number | string;
  /** Every job (default), personal jobs, or corporation jobs */
  ownerFilter?: 'all' | 'personal' | 'corporation';
  /** Wait until the read model has applied this log position (a command's answer); 503 when it has not within 5 seconds */
  position?: number | string;
};
export type EditManufacturingResultApiResponse = /** status 200  */ LedgerWriteResult;
export type EditManufacturingResultApiArg = {
  account: string;
  manufacturingResultPatch: ManufacturingResultPatch;
};
export type StaffProjectionsApiResponse = /** status 200  */ StaffProjectionStatus[];
export type StaffProjectionsApiArg = void;
export type StaffFindAccountsApiResponse = /** status 200  */ StaffAccountSummary[];
export type StaffFindAccountsApiArg = {
  characterName: string;
};
export type StaffAccountApiResponse = /** status 200  */ StaffAccountSummary;
export type StaffAccountApiArg = {
  accountId: string;
};
export type StaffAccountTimelineApiResponse = /** status 200  */ StaffAccountTimeline;
export type StaffAccountTimelineApiArg = {
  accountId: string;
  /** Events before this stream revision (the previous page’s nextBefore) */
  before?: number;
  limit?: number;
};
export type StaffCreditAccountApiResponse = /** status 200  */ StaffBalanceChangeOutcome;
export type StaffCreditAccountApiArg = {
  accountId: string;
  staffBalanceChange: StaffBalanceChange;
};
export type StaffDebitAccountApiResponse = /** status 200  */ StaffBalanceChangeOutcome;
export type StaffDebitAccountApiArg = {
  accountId: string;
  staffBalanceChange: StaffBalanceChange;
};
export type StaffRulesApiResponse = /** status 200  */ StaffTradeRules;
export type StaffRulesApiArg = void;
export type ChangeStaffRulesApiResponse = /** status 201  */ TradeRulesChangeOutcome;
export type ChangeStaffRulesApiArg = {
  staffRuleChange: StaffRuleChange;
};
export type StaffRebuildApiResponse = /** status 202  */ RebuildStarted;
export type StaffRebuildApiArg = {
  name: string;
  staffRebuildRequest: StaffRebuildRequest;
};
export type StaffRebuildReportsApiResponse = /** status 200  */ RebuildReport[];
export type StaffRebuildReportsApiArg = {
  name: string;
};
export type StaffRebuildReportApiResponse = /** status 200  */ RebuildReportWithRows;
export type StaffRebuildReportApiArg = {
  name: string;
  id: string;
  format?: 'json' | 'csv';
};
export type StaffSwitchRebuildApiResponse = /** status 200  */ RebuildReport;
export type StaffSwitchRebuildApiArg = {
  name: string;
};
export type StaffDiscardRebuildApiResponse = /** status 200  */ RebuildReport;
export type StaffDiscardRebuildApiArg = {
  name: string;
};
export type StaffEventsApiResponse = /** status 200  */ StaffEventPage;
export type StaffEventsApiArg = {
  /** 1 to 500, default 100 */
  limit?: number;
  /** The nextCursor of the previous page */
  after?: number;
  /** Events naming the account, or on its streams */
  account?: string;
  /** Events naming the character, or on its streams */
  character?: number;
  /** One stream, e.g. tradeledger-<account> */
  stream?: string;
  /** Event types, comma-separated */
  type?: string;
  /** Recorded at or after (ISO time) */
  from?: string;
  /** Recorded before (ISO time) */
  to?: string;
  /** A correlation id */
  correlation?: string;
  /** Default newest first */
  order?: 'oldest' | 'newest';
};
export type StaffEventsExportApiResponse = unknown;
export type StaffEventsExportApiArg = {
  /** Events naming the account, or on its streams */
  account?: string;
  /** Events naming the character, or on its streams */
  character?: number;
  /** One stream, e.g. tradeledger-<account> */
  stream?: string;
  /** Event types, comma-separated */
  type?: string;
  /** Recorded at or after (ISO time) */
  from?: string;
  /** Recorded before (ISO time) */
  to?: string;
  /** A correlation id */
  correlation?: string;
  /** Default newest first */
  order?: 'oldest' | 'newest';
};
export type StaffEventApiResponse = /** status 200  */ StaffEventChain;
export type StaffEventApiArg = {
  id: string;
};
export type StaffAuditVerifyApiResponse = /** status 200  */ StaffAuditReport;
export type StaffAuditVerifyApiArg = void;
export type MarketGroupsApiResponse = /** status 200  */ FlatMarketGroup[];
export type MarketGroupsApiArg = void;
export type MarketGroupTreeApiResponse = /** status 200  */ MarketGroup[];
export type MarketGroupTreeApiArg = void;
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
  language?: '' | 'en' | 'de' | 'es' | 'fr' | 'it' | 'ja' | 'ko' | 'ru' | 'zh';
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
  /** Comma-separated solar system ids (at most 1000); empty for none */
  destinations: string;
  /** Solar system id */
  origin: number;
};
export type StructureRigsApiResponse = /** status 200  */ StructureRigNames;
export type StructureRigsApiArg = void;
export type VersionApiResponse = /** status 200  */ StaticDataVersion;
export type VersionApiArg = void;
export type MarketOrdersApiResponse = /** status 200  */ {
  /** The item type; for a type id our static data does not know, typeName '' and published false */
  itemType: {
    typeID: number;
    groupID: number;
    typeName: string;
    iconID: number | null;
    marketGroupID: number | null;
    description: string;
    published: boolean;
    /** m3 per unit */
    volume: number;
  };
  /** The blueprint or reaction formula that makes the type; left out when none does */
  producedBy?: {
    typeID: number;
    typeName: string;
  };
  /** The solar systems of the orders, by system id */
  systems: {
    [key: string]: {
      solarSystemID: number;
      solarSystemName: string;
      /** Security status at single (float) precision, as the incumbent has it */
      security: number;
    };
  };
  /** Names of the NPC stations of the orders, by station id */
  stationNames: {
    [key: string]: string;
  };
  /** Names of the public structures of the orders, by structure id */
  structureNames: {
    [key: string]: string;
  };
  orders: {
    /** Days */
    duration: number;
    isBuyOrder: boolean;
    /** Epoch milliseconds */
    issued: number;
    /** NPC station, or a player structure (ids from 1e12) */
    locationId: number;
    minVolume: number;
    orderId: number;
    /** ISK per unit */
    price: number;
    range:
      'STATION' | 'SOLARSYSTEM' | 'REGION' | '_1' | '_2' | '_3' | '_4' | '_5' | '_10' | '_20' | '_30' | '_40';
    systemId: number;
    regionId: number;
    typeId: number;
    volumeRemain: number;
    volumeTotal: number;
  }[];
};
export type MarketOrdersApiArg = {
  /** Item type id */
  typeId: number;
  /** Only orders at this station or structure */
  locationId?: number | string;
  /** The same as systemId, as some clients of the incumbent spell it (systemId wins when both are given) */
  systemID?: number | string;
  /** Only orders in this solar system */
  systemId?: number | string;
  /** Only orders in this region */
  regionId?: number | string;
};
export type MarketHistoryApiResponse = /** status 200  */ {
  /** Epoch milliseconds of the day (UTC) */
  date: number;
  regionId: number;
  typeId: number;
  average: number;
  highest: number;
  lowest: number;
  orderCount: number;
  volume: number;
}[];
export type MarketHistoryApiArg = {
  /** Region id */
  regionId: number;
  /** Item type id */
  typeId: number;
};
export type MarketStatsApiResponse = /** status 200  */ {
  /** Units remaining over the buy orders kept */
  buyVolume: number;
  /** Units remaining over the sell orders kept */
  sellVolume: number;
  /** Buy orders kept */
  buyOrders: number;
  /** Sell orders kept */
  sellOrders: number;
  /** Buy orders left out as outliers */
  buyOutliers: number;
  /** Sell orders left out as outliers */
  sellOutliers: number;
  /** Buy orders priced below this (10% of the highest buy) were left out */
  buyThreshold: number;
  /** Sell orders priced at or above this (10 times the lowest sell) were left out */
  sellThreshold: number;
  /** Volume-weighted average price of the best buy orders covering 5% of the volume */
  buyAvgFivePercent: number;
  /** The same over the cheapest sell orders */
  sellAvgFivePercent: number;
  maxBuy: number;
  minSell: number;
};
export type MarketStatsApiArg = {
  /** Region id */
  regionId: number;
  /** Item type id */
  typeId: number;
  /** Only orders at this station or structure */
  locationId?: number | string;
  /** The same as systemId, as some clients of the incumbent spell it (systemId wins when both are given) */
  systemID?: number | string;
  /** Only orders in this solar system */
  systemId?: number | string;
};
export type MarketStatsOfTypesApiResponse = /** status 200  */ {
  [key: string]: {
    /** Units remaining over the buy orders kept */
    buyVolume: number;
    /** Units remaining over the sell orders kept */
    sellVolume: number;
    /** Buy orders kept */
    buyOrders: number;
    /** Sell orders kept */
    sellOrders: number;
    /** Buy orders left out as outliers */
    buyOutliers: number;
    /** Sell orders left out as outliers */
    sellOutliers: number;
    /** Buy orders priced below this (10% of the highest buy) were left out */
    buyThreshold: number;
    /** Sell orders priced at or above this (10 times the lowest sell) were left out */
    sellThreshold: number;
    /** Volume-weighted average price of the best buy orders covering 5% of the volume */
    buyAvgFivePercent: number;
    /** The same over the cheapest sell orders */
    sellAvgFivePercent: number;
    maxBuy: number;
    minSell: number;
  };
};
export type MarketStatsOfTypesApiArg = {
  /** Region id */
  regionId: number;
  /** Only orders at this station or structure */
  locationId?: number | string;
  /** The same as systemId, as some clients of the incumbent spell it (systemId wins when both are given) */
  systemID?: number | string;
  /** Only orders in this solar system */
  systemId?: number | string;
  marketStatsRequest: MarketStatsRequest;
};
export type IndustryCalculateApiResponse = /** status 200  */ IndustryCalculation;
export type IndustryCalculateApiArg = {
  industryCalculationRequest: IndustryCalculationRequest;
};
export type IndustryBlueprintSearchApiResponse = /** status 200  */ IndustryBlueprintList;
export type IndustryBlueprintSearchApiArg = {
  /** Part of a blueprint or reaction formula name */
  q: string;
};
export type IndustryDecryptorsApiResponse = /** status 200  */ IndustryDecryptorList;
export type IndustryDecryptorsApiArg = void;
export type AccountStructuresApiResponse = /** status 200  */ IndustryStructureSettings;
export type AccountStructuresApiArg = void;
export type SaveAccountStructureApiResponse = /** status 201  */ IndustryStructure;
export type SaveAccountStructureApiArg = {
  industryStructureCreate: IndustryStructureCreate;
};
export type ChangeAccountStructureApiResponse = /** status 200  */ IndustryStructure;
export type ChangeAccountStructureApiArg = {
  /** The saved structure id */
  id: number;
  industryStructurePatch: IndustryStructurePatch;
};
export type RemoveAccountStructureApiResponse = unknown;
export type RemoveAccountStructureApiArg = {
  /** The saved structure id */
  id: number;
};
export type AppraisalCreateApiResponse = /** status 201  */ {
  appraisal: {
    id: string;
    regionId: number;
    regionName: string;
    stationId: number | null;
    stationName: string | null;
    structureId: number | null;
    structureName: string | null;
    priceMode: 'top' | 'fivePercent' | 'split';
    pricePercent: number;
    created: string;
    expires: string | null;
    itemCount: number;
    totalSell: number;
    totalBuy: number;
    totalVolume: number;
    totalSellNow: number;
    totalSlippage: number;
    unpricedSellRows: number;
    unpricedBuyRows: number;
    items: {
      index: number;
      typeId: number;
      typeName: string;
      quantity: number;
      unitVolume: number;
      totalVolume: number;
      sellPrice: number;
      buyPrice: number;
      totalSell: number;
      totalBuy: number;
      iskVolumeSell: number | null;
      iskVolumeBuy: number | null;
      appraisalMethod:
        'NONE' | 'MARKET_ORDERS' | 'ESI_PRICE' | 'INSUFFICIENT_DATA' | 'BLUEPRINT' | 'SINGLE_ITEM_TYPE';
      sellMethod:
        'NONE' | 'MARKET_ORDERS' | 'ESI_PRICE' | 'INSUFFICIENT_DATA' | 'BLUEPRINT' | 'SINGLE_ITEM_TYPE';
      buyMethod:
        'NONE' | 'MARKET_ORDERS' | 'ESI_PRICE' | 'INSUFFICIENT_DATA' | 'BLUEPRINT' | 'SINGLE_ITEM_TYPE';
      sellNow: {
        proceeds: number;
        filledQuantity: number;
        unfilledQuantity: number;
        averagePrice: number | null;
        worstPrice: number | null;
        ordersFilled: number;
        slippage: number;
        slippagePercent: number | null;
      } | null;
    }[];
  };
  numUnknown: number;
  numGuesses: number;
  unknownItems: {
    name: string;
    quantity: number;
    guess?: {
      typeId: number;
      typeName: string;
    } | null;
  }[];
  paste?: {
    kind: string | null;
    kindLabel: string | null;
    formats: {
      format: string;
      label: string;
      lines: number;
    }[];
    items: {
      typeId: number | null;
      name: string;
      quantity: number;
      formats: string[];
      lineNumbers: number[];
      appraisalIndex?: number | null;
      guess: {
        typeId: number;
        typeName: string;
      } | null;
    }[];
    itemCount: number;
    unknownCount: number;
    guessCount: number;
    unparsed: {
      lineNumber: number;
      text: string;
      reason: 'unrecognised' | 'unknown-item' | 'invalid-quantity' | 'line-too-long';
      message: string;
      name?: string;
      quantity?: number;
    }[];
    lines: {
      lineNumber: number;
      status: 'item' | 'guess' | 'unknown' | 'unreadable' | 'skipped';
    }[];
    lineCounts: {
      item: number;
      guess: number;
      unknown: number;
      unreadable: number;
      skipped: number;
    };
    lineCount: number;
    problem: {
      code: string;
      message: string;
    } | null;
  };
};
export type AppraisalCreateApiArg = {
  body:
    | {
        /** Region whose orders price the items (default 10000002, The Forge) */
        regionId?: number | null;
        /** Price at one trade hub's station (60003760 Jita IV - Moon 4, 60008494 Amarr VIII, 60011866 Dodixie IX, 60004588 Rens VI, 60005686 Hek VIII): its sell orders and the buy orders reaching it; regionId, if given, must be its region */
        stationId?: number | null;
        /** Price at a public player structure with a market (GET /market/structures lists them): its own sell and buy orders, read with a logged-in character's token (needs a session whose account has a character with esi-markets.structure_markets.v1 that may dock there); not with stationId */
        structureId?: number | null;
        /** top (best order, default), fivePercent (volume average of the best 5%), split (middle of best sell and buy) */
        priceMode?: ('top' | 'fivePercent' | 'split' | null) | null;
        /** Quote this percentage of the prices (a buyback at 90%); default 100 */
        pricePercent?: number | null;
        /** How long the link works, in seconds (0 or absent: 24 hours; at most 90 days) */
        expirySeconds?: number | null;
        /** false: a temporary appraisal (id temp), answered but not stored (default true) */
        createLink?: boolean;
        /** The items: each with typeId or typeName (any game language), and quantity */
        items:
          | (
              | {
                  typeId: number | null;
                  typeName?: string | null;
                  quantity: number;
                }
              | {
                  typeId?: number | null;
                  typeName: string | null;
                  quantity: number;
                }
            )[]
          | null;
        /** Instead of items: a paste as players copy it from the game */
        text?: string | null;
      }
    | {
        /** Region whose orders price the items (default 10000002, The Forge) */
        regionId?: number | null;
        /** Price at one trade hub's station (60003760 Jita IV - Moon 4, 60008494 Amarr VIII, 60011866 Dodixie IX, 60004588 Rens VI, 60005686 Hek VIII): its sell orders and the buy orders reaching it; regionId, if given, must be its region */
        stationId?: number | null;
        /** Price at a public player structure with a market (GET /market/structures lists them): its own sell and buy orders, read with a logged-in character's token (needs a session whose account has a character with esi-markets.structure_markets.v1 that may dock there); not with stationId */
        structureId?: number | null;
        /** top (best order, default), fivePercent (volume average of the best 5%), split (middle of best sell and buy) */
        priceMode?: ('top' | 'fivePercent' | 'split' | null) | null;
        /** Quote this percentage of the prices (a buyback at 90%); default 100 */
        pricePercent?: number | null;
        /** How long the link works, in seconds (0 or absent: 24 hours; at most 90 days) */
        expirySeconds?: number | null;
        /** false: a temporary appraisal (id temp), answered but not stored (default true) */
        createLink?: boolean;
        /** The items: each with typeId or typeName (any game language), and quantity */
        items?:
          | (
              | {
                  typeId: number | null;
                  typeName?: string | null;
                  quantity: number;
                }
              | {
                  typeId?: number | null;
                  typeName: string | null;
                  quantity: number;
                }
            )[]
          | null;
        /** Instead of items: a paste as players copy it from the game */
        text: string | null;
      };
};
export type AppraisalHistoryApiResponse = /** status 200  */ {
  id: string;
  regionId: number;
  regionName: string;
  stationId: number | null;
  stationName: string | null;
  structureId: number | null;
  structureName: string | null;
  priceMode: 'top' | 'fivePercent' | 'split';
  pricePercent: number;
  created: string;
  expires: string | null;
  itemCount: number;
  totalSell: number;
  totalBuy: number;
  totalVolume: number;
}[];
export type AppraisalHistoryApiArg = void;
export type AppraisalParseApiResponse = /** status 200  */ {
  kind: string | null;
  kindLabel: string | null;
  formats: {
    format: string;
    label: string;
    lines: number;
  }[];
  items: {
    typeId: number | null;
    name: string;
    quantity: number;
    formats: string[];
    lineNumbers: number[];
    appraisalIndex?: number | null;
    guess: {
      typeId: number;
      typeName: string;
    } | null;
  }[];
  itemCount: number;
  unknownCount: number;
  guessCount: number;
  unparsed: {
    lineNumber: number;
    text: string;
    reason: 'unrecognised' | 'unknown-item' | 'invalid-quantity' | 'line-too-long';
    message: string;
    name?: string;
    quantity?: number;
  }[];
  lines: {
    lineNumber: number;
    status: 'item' | 'guess' | 'unknown' | 'unreadable' | 'skipped';
  }[];
  lineCounts: {
    item: number;
    guess: number;
    unknown: number;
    unreadable: number;
    skipped: number;
  };
  lineCount: number;
  problem: {
    code: string;
    message: string;
  } | null;
};
export type AppraisalParseApiArg = {
  body: {
    text: string;
  };
};
export type AppraisalHubsApiResponse = /** status 200  */ {
  priceMode: 'top' | 'fivePercent' | 'split';
  pricePercent: number;
  numUnknown: number;
  hubs: {
    stationId: number;
    stationName: string;
    regionId: number;
    regionName: string;
    totalSell: number;
    totalBuy: number;
    unpricedSellRows: number;
    unpricedBuyRows: number;
    items: {
      typeId: number;
      sellPrice: number;
      buyPrice: number;
      totalSell: number;
      totalBuy: number;
      sellMethod:
        'NONE' | 'MARKET_ORDERS' | 'ESI_PRICE' | 'INSUFFICIENT_DATA' | 'BLUEPRINT' | 'SINGLE_ITEM_TYPE';
      buyMethod:
        'NONE' | 'MARKET_ORDERS' | 'ESI_PRICE' | 'INSUFFICIENT_DATA' | 'BLUEPRINT' | 'SINGLE_ITEM_TYPE';
    }[];
  }[];
};
export type AppraisalHubsApiArg = {
  body: {
    /** The items: each with typeId or typeName (any game language), and quantity */
    items: (
      | {
          typeId: number | null;
          typeName?: string | null;
          quantity: number;
        }
      | {
          typeId?: number | null;
          typeName: string | null;
          quantity: number;
        }
    )[];
    /** top (best order, default), fivePercent (volume average of the best 5%), split (middle of best sell and buy) */
    priceMode?: ('top' | 'fivePercent' | 'split' | null) | null;
    /** Quote this percentage of the prices (a buyback at 90%); default 100 */
    pricePercent?: number | null;
  };
};
export type AppraisalGetApiResponse = /** status 200  */ {
  id: string;
  regionId: number;
  regionName: string;
  stationId: number | null;
  stationName: string | null;
  structureId: number | null;
  structureName: string | null;
  priceMode: 'top' | 'fivePercent' | 'split';
  pricePercent: number;
  created: string;
  expires: string | null;
  itemCount: number;
  totalSell: number;
  totalBuy: number;
  totalVolume: number;
  totalSellNow: number;
  totalSlippage: number;
  unpricedSellRows: number;
  unpricedBuyRows: number;
  items: {
    index: number;
    typeId: number;
    typeName: string;
    quantity: number;
    unitVolume: number;
    totalVolume: number;
    sellPrice: number;
    buyPrice: number;
    totalSell: number;
    totalBuy: number;
    iskVolumeSell: number | null;
    iskVolumeBuy: number | null;
    appraisalMethod:
      'NONE' | 'MARKET_ORDERS' | 'ESI_PRICE' | 'INSUFFICIENT_DATA' | 'BLUEPRINT' | 'SINGLE_ITEM_TYPE';
    sellMethod:
      'NONE' | 'MARKET_ORDERS' | 'ESI_PRICE' | 'INSUFFICIENT_DATA' | 'BLUEPRINT' | 'SINGLE_ITEM_TYPE';
    buyMethod:
      'NONE' | 'MARKET_ORDERS' | 'ESI_PRICE' | 'INSUFFICIENT_DATA' | 'BLUEPRINT' | 'SINGLE_ITEM_TYPE';
    sellNow: {
      proceeds: number;
      filledQuantity: number;
      unfilledQuantity: number;
      averagePrice: number | null;
      worstPrice: number | null;
      ordersFilled: number;
      slippage: number;
      slippagePercent: number | null;
    } | null;
  }[];
};
export type AppraisalGetApiArg = {
  id: string;
};
export type PublicStructuresApiResponse = /** status 200  */ {
  structures: {
    structureId: number;
    name: string | null;
  }[];
  truncated: boolean;
};
export type PublicStructuresApiArg = {
  /** Part of the name, or the id */
  q?: string;
};
export type AccountCharacter = {
  id: number;
  name: string;
  roles: string[];
  syncStatus: 'SYNCING' | 'NOT_SYNCING_MANUAL' | 'NOT_SYNCING_SUB_INSUFFICIENT' | 'NOT_SYNCING_ESI_ERROR';
  esiScopes: string;
  enableSync: boolean;
  enableCorpIndustrySync: boolean;
  enableCorpTradeSync: boolean;
  canSyncCorpIndustry: boolean;
  canSyncCorpTrade: boolean;
  defaultPriceRegion: number | null;
  defaultPriceFactor: number | null;
  reactionBonus: number | null;
  lastWalletUpdate: string | null;
  lastCorpIndustryUpdate: string | null;
  lastIndustryUpdate: string | null;
  walletBalance?: number;
  lastWalletBalanceUpdate?: string;
  systemId?: number;
  systemName?: string;
  lastTransactionsExport: string | null;
  lastJournalExport: string | null;
};
export type CorporationWallets = {
  corporationId: number;
  corporationName: string;
  divisions: {
    division: number;
    balance: number;
  }[];
  lastUpdate: string;
};
export type Account = {
  id: string;
  characters: AccountCharacter[];
  corporationWallets?: CorporationWallets[];
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
  balance?: number;
  characterName: string;
  loginCharacterId: number;
  staffRole?: ('staff' | 'auditor') | null;
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
  title?: string;
};
export type CharacterSettingsPatch = {
  enableSync?: boolean;
  enableCorpIndustrySync?: boolean;
  enableCorpTradeSync?: boolean;
  defaultPriceRegion?: number | null;
  defaultPriceFactor?: number | null;
  reactionBonus?: number | null;
};
export type AccountTransaction = {
  id: string;
  date: string;
  reason: 'DEPOSIT' | 'WITHDRAWAL' | 'PURCHASE' | 'CREDIT';
  amount: number;
  description: string;
};
export type SubscriptionRecord = {
  id: string;
  tier: 'SUPPORTER' | 'PRO';
  startDate: string;
  endDate: string;
};
export type SubscriptionPurchase = {
  tier: 'SUPPORTER' | 'PRO';
};
export type CharacterMarketOrder = {
  orderId: number;
  typeId: number;
  typeName: string;
  isBuyOrder: boolean;
  price: number;
  volumeRemain: number;
  volumeTotal: number;
  minVolume: number | null;
  escrow: number | null;
  isCorporation: boolean;
  issued: string;
  duration: number;
  range:
    'STATION' | 'SOLARSYSTEM' | 'REGION' | '_1' | '_2' | '_3' | '_4' | '_5' | '_10' | '_20' | '_30' | '_40';
  locationId: number;
  locationName: string | null;
  regionId: number;
  regionName: string;
  systemId: number | null;
  systemName: string | null;
  security: number | null;
  jumps: number | null;
};
export type CharacterMarketOrders = {
  expires: string;
  data: CharacterMarketOrder[];
};
export type CharacterWalletBalance = {
  walletBalance: number;
  lastWalletBalanceUpdate: string;
};
export type CharacterLocation = {
  systemId: number;
  systemName: string;
};
export type CharacterSkills = {
  characterId: number;
  skills: {
    [key: string]: number;
  };
  readAt: string;
};
export type CharacterRouteUpdate = {
  addToBeginning?: boolean;
  clearOtherWaypoints?: boolean;
  destinationId: number;
};
export type MarketBookOrder = {
  orderId: number;
  typeId: number;
  isBuyOrder: boolean;
  price: number;
  volumeRemain: number;
  volumeTotal: number;
  minVolume: number | null;
  range:
    'STATION' | 'SOLARSYSTEM' | 'REGION' | '_1' | '_2' | '_3' | '_4' | '_5' | '_10' | '_20' | '_30' | '_40';
  locationId: number;
  regionId: number;
  issued: string;
  duration: number;
};
export type SimilarOrdersRegion = {
  regionId: number;
  regionName: string;
  expires: string;
};
export type CharacterSimilarOrders = {
  expires: string;
  marketOrders: MarketBookOrder[];
  regionMetadata: SimilarOrdersRegion[];
};
export type PrivateMarketStructure = {
  structureId: number;
  name: string | null;
  regionId: number;
  status: 'READ' | 'NO_ACCESS' | 'UNAVAILABLE';
};
export type CharacterSimilarPrivateOrders = {
  expires: string;
  structures: PrivateMarketStructure[];
  data: MarketBookOrder[];
};
export type DiscordWebhookSetting = {
  configured: boolean;
  hint: string | null;
  updatedAt: string | null;
};
export type DiscordWebhookUpdate = {
  url: string;
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
export type WalletTransactionRow = {
  id: number;
  date: string;
  characterId: number;
  characterName: string | null;
  isPersonal: boolean;
  division?: number | null;
  typeId: number;
  typeName: string;
  unitPrice: number;
  quantity: number;
  isBuy: boolean;
  quantitySold: number;
  quantityConsumed: number;
  quantityRemaining: number;
  brokerFee: number;
  brokerFeeSource: 'order' | 'noOrder' | 'estimated';
  brokerFeeEstimate: string | null;
  orderId: number | null;
  salesTax: number | null;
  tracked: boolean;
};
export type WalletTransactionsPage = {
  total: number;
  rows: WalletTransactionRow[];
};
export type LedgerWriteResult = {
  position: number | null;
};
export type WalletTransactionPatch = {
  id: number;
  quantityConsumed?: number;
  quantitySold?: number;
};
export type WalletTransactionPatches = WalletTransactionPatch[];
export type BoughtContractItemRow = {
  id: number;
  date: string;
  characterId: number;
  characterName: string | null;
  characterContractId: number;
  typeId: number;
  typeName: string;
  computedUnitPrice: number;
  totalCost: number;
  appraisalMethod:
    'NONE' | 'MARKET_ORDERS' | 'ESI_PRICE' | 'INSUFFICIENT_DATA' | 'SINGLE_ITEM_TYPE' | 'BLUEPRINT';
  quantity: number;
  quantitySold: number;
  quantityConsumed: number;
  quantityRemaining: number;
};
export type BoughtContractItemsPage = {
  total: number;
  rows: BoughtContractItemRow[];
};
export type BoughtContractItemPatch = {
  id: number;
  quantityConsumed: number;
};
export type BoughtContractItemPatches = BoughtContractItemPatch[];
export type ContractDetail = {
  contractId: number;
  title: string | null;
  type: 'UNKNOWN' | 'ITEM_EXCHANGE' | 'AUCTION' | 'COURIER' | 'LOAN';
  issuerName: string | null;
  issuerCorporationName: string | null;
  acceptorName: string | null;
  status:
    | 'OUTSTANDING'
    | 'IN_PROGRESS'
    | 'FINISHED_ISSUER'
    | 'FINISHED_CONTRACTOR'
    | 'FINISHED'
    | 'CANCELLED'
    | 'REJECTED'
    | 'FAILED'
    | 'DELETED'
    | 'REVERSED';
  availability: string;
  dateIssued: string;
  dateCompleted: string | null;
  price: number | null;
  items: {
    id: number;
    typeId: number;
    typeName: string;
    quantity: number;
    isIncluded: boolean;
  }[];
};
export type UnprocessedTransaction = {
  id: number;
  date: string;
  characterId: number;
  characterName: string | null;
  isPersonal: boolean;
  typeId: number;
  typeName: string;
  unitPrice: number;
  quantity: number;
  total: number;
  customBuyPrice: number | null;
};
export type ProcessUnprocessed = {
  transactionsToProcess?: {
    id: number;
    customBuyPrice?: number;
  }[];
  transactionsToIgnore?: (
    | number
    | {
        id: number;
      }
  )[];
};
export type JournalStats = {
  sellIsk: number;
  buyIsk: number;
  totalTax: number;
  totalBroker: number;
  unfilledBroker: number;
  numBuys: number;
  numSells: number;
};
export type ItemHistorySummary = {
  typeId: number;
  typeName: string;
  avgPrice: number;
  avgPriceForRemaining: number | null;
  marketSellPrice: number | null;
  minPrice: number;
  maxPrice: number;
  total: number;
  totalSold: number;
  totalConsumed: number;
  totalRemaining: number;
  totalCost: number;
};
export type ItemHistoryPoint = {
  date: number;
  minPrice: number;
  maxPrice: number;
  avgPrice: number;
  quantity: number;
};
export type ItemHistoryDetails = {
  typeId: number;
  typeName: string;
  boughtStats: ItemHistoryPoint[];
  manufacturedStats: ItemHistoryPoint[];
};
export type LedgerStatus = {
  stopped: {
    position: number;
    eventType: string | null;
    reason: string;
    failedAt: string;
  } | null;
};
export type TradeProfitRow = {
  id: string;
  date: string;
  characterId: number;
  characterName: string | null;
  typeId: number;
  typeName: string;
  quantitySold: number;
  sellGross: number;
  sellBrokerFee: number;
  sellTax: number;
  profit: number;
  margin: number | null;
  edited: boolean;
  isIgnored: boolean;
  brokerFeeEstimate: string | null;
  isPersonal?: boolean;
  division?: number | null;
  buyCost: number;
  buyBrokerFee: number;
};
export type TradeProfitsPage = {
  total: number;
  rows: TradeProfitRow[];
};
export type TradeProfitPatch = {
  id: string;
  quantitySold: number;
  buyCost: number;
  buyBrokerFee: number;
  sellGross: number;
  sellBrokerFee: number;
  sellTax: number;
};
export type TradeProfitPatches = TradeProfitPatch[];
export type TradeProfitRowIds = string[];
export type ManufacturingProfitRow = {
  id: string;
  date: string;
  characterId: number;
  characterName: string | null;
  typeId: number;
  typeName: string;
  quantitySold: number;
  sellGross: number;
  sellBrokerFee: number;
  sellTax: number;
  profit: number;
  margin: number | null;
  edited: boolean;
  isIgnored: boolean;
  brokerFeeEstimate: string | null;
  manufacturingCost: number;
  costIncomplete: boolean;
  jobIds: number[];
};
export type ManufacturingProfitsPage = {
  total: number;
  rows: ManufacturingProfitRow[];
};
export type ManufacturingProfitPatch = {
  id: string;
  quantitySold: number;
  manufacturingCost: number;
  sellGross: number;
  sellBrokerFee: number;
  sellTax: number;
};
export type ManufacturingProfitPatches = ManufacturingProfitPatch[];
export type ManufacturingProfitRowIds = string[];
export type ContractProfitRow = {
  id: string;
  date: string;
  characterContract: {
    characterId: number;
    characterName: string | null;
    acceptorName: string | null;
    title: string | null;
    contractId: number;
  };
  materialCosts: {
    typeId: number;
    quantity: number;
    totalCost: number;
    missing: number;
  }[];
  materialTypeNames: {
    [key: string]: string;
  };
  missingMaterials: {
    typeId: number;
    quantity: number;
  }[];
  materialsIncomplete: boolean;
  totalCost: number;
  sellGross: number;
  sellBrokerFee: number;
  sellTax: number;
  sellBrokerFeeSource: 'journal' | 'rule';
  sellTaxSource: 'journal' | 'rule';
  profit: number;
  margin: number | null;
  counted: boolean;
  edited: boolean;
  isIgnored: boolean;
};
export type ContractProfitsPage = {
  total: number;
  rows: ContractProfitRow[];
};
export type ContractProfitPatch = {
  id: string;
  totalCost: number;
  sellGross: number;
  sellBrokerFee: number;
  sellTax: number;
};
export type ContractProfitPatches = ContractProfitPatch[];
export type ContractProfitRowIds = string[];
export type ProfitAggregateRow = {
  timestamp: number;
  tradeProfit: number;
  manufacturingProfit: number;
  contractProfit: number;
};
export type ItemProfitRow = {
  typeId: number;
  typeName: string;
  quantitySold: number;
  profit: number;
};
export type BrokerFeeEstimateRow = {
  date: number;
  total: number;
  totalSell: number;
  totalBuy: number;
};
export type WarehouseEntry = {
  id: string;
  typeId: number;
  typeName: string;
  unitPrice: number;
  quantity: number | null;
};
export type WarehouseEntryInput = {
  typeId?: number;
  typeName?: string;
  unitPrice: number;
  quantity: number | null;
};
export type BrokerFeeOverride = {
  id: string | null;
  startDate: string | null;
  characterId: number | null;
  typeId: number | null;
  typeName: string | null;
  buyFee: number;
  sellFee: number;
  npcSellFee: number;
};
export type BrokerFeeSuggestionBasis = {
  locationId: number;
  locationName: string;
  ratePercent: number;
  agreeing: number;
  samples: number;
};
export type BrokerFeeSuggestion = {
  characterId: number;
  characterName: string;
  buyFee: number;
  sellFee: number;
  npcSellFee: number;
  basis: BrokerFeeSuggestionBasis[];
};
export type BrokerFeeOverrideInput = {
  startDate: string;
  characterId: number;
  typeName?: string | null;
  buyFee: number;
  sellFee: number;
  npcSellFee: number;
};
export type ManufacturingResultRow = {
  jobId: number;
  characterId: number;
  characterName: string | null;
  corporationId: number | null;
  activityId: number;
  status: 'delivered' | 'cancelled';
  blueprintTypeId: number;
  blueprintTypeName: string;
  productTypeId: number | null;
  productTypeName: string | null;
  runs: number;
  completedDate: string;
  quantity: number;
  quantitySold: number;
  quantityConsumed: number;
  quantityRemaining: number;
  cost: number;
  materialsCost: number;
  copiesCost: number;
  unitCost: number | null;
  materialCosts: {
    typeId: number;
    quantity: number;
    totalCost: number;
    missing: number;
  }[];
  materialTypeNames: {
    [key: string]: string;
  };
  missingMaterials: {
    typeId: number;
    quantity: number;
  }[];
  missingRuns: number;
  materialsIncomplete: boolean;
  tracked: boolean;
  beforeWalletHistory: boolean;
};
export type ManufacturingResultsPage = {
  total: number;
  rows: ManufacturingResultRow[];
};
export type ManufacturingResultPatch =
  | {
      jobId: number;
      quantityConsumed: number;
    }
  | {
      jobId: number;
      customUnitPrices: {
        typeId: number;
        unitPrice: number;
      }[];
      customRunPrice: number | null;
    };
export type StaffProjectionStatus = {
  name: string;
  version: number;
  state: 'starting' | 'catching-up' | 'live' | 'failed' | 'stopped';
  servingCollection: string | null;
  position: number;
  headPosition: number;
  lag: number;
  rebuild: {
    collection: string;
    position: number;
    eventsPerSecond: number;
    diff?: boolean;
    reportId?: string | null;
  } | null;
  rules?: {
    revision: number | null;
    currentRevision: number | null;
    changed: boolean;
  } | null;
  error: string | null;
  failedPartitions: {
    partition: string;
    position: number;
    streamId: string | null;
    eventType: string | null;
    reason: string;
    failedAt: string;
  }[];
};
export type StaffAccountSummary = {
  id: string;
  characters: {
    id: number;
    name: string;
  }[];
  loginCharacterId: number;
  subscriptionTier: 'FREE' | 'SUPPORTER' | 'PRO';
  subscriptionEnd: string | null;
  balance: number;
  syncEnabled: boolean;
  openedAt: string;
  lastUpdate: string | null;
};
export type StaffTimelineEvent = {
  eventId: string;
  position: number;
  revision: number;
  type: string;
  recordedAt: string;
  actor: string;
  correlationId: string;
  causationId: string;
  schemaVersion: number;
  data: {
    [key: string]: unknown;
  };
};
export type StaffAccountTimeline = {
  events: StaffTimelineEvent[];
  nextBefore: number | null;
};
export type StaffBalanceChangeOutcome = {
  accountId: string;
  position: number | null;
  balance: number;
};
export type StaffBalanceChange = {
  isk: number;
  reason: string;
};
export type TradeRulesValues = {
  salesTaxHistory: {
    from: string;
    ratePpm: number;
  }[];
  builtInBrokerFees: {
    buyFeePpm: number;
    sellFeePpm: number;
    npcSellFeePpm: number;
  };
  publicContractFees: {
    brokerFeePpm: number;
    salesTaxPpm: number;
  };
};
export type TradeRuleChange = {
  revision: number;
  position: number;
  type: string;
  data: {
    [key: string]: unknown;
  };
  actor: string;
  recordedAt: string;
};
export type StaffTradeRules = {
  stream: string;
  revision: number | null;
  current: TradeRulesValues;
  history: TradeRuleChange[];
};
export type TradeRulesChangeOutcome = {
  position: number | null;
  revision: number | null;
};
export type StaffRuleChange =
  | {
      type: 'ScheduleSalesTaxRate';
      from: string;
      ratePpm: number;
      reason: string;
    }
  | {
      type: 'ChangeBuiltInBrokerFees';
      buyFeePpm: number;
      sellFeePpm: number;
      npcSellFeePpm: number;
      reason: string;
    }
  | {
      type: 'ChangePublicContractFees';
      brokerFeePpm: number;
      salesTaxPpm: number;
      reason: string;
    };
export type RebuildStarted = {
  name: string;
  collection: string;
  diff: boolean;
};
export type StaffRebuildRequest = {
  diff?: boolean;
};
export type RebuildReportPartition = {
  partition: string;
  rowsAdded: number;
  rowsRemoved: number;
  rowsChanged: number;
  profitBeforeCents: number;
  profitAfterCents: number;
};
export type RebuildDecision =
  | {
      state: 'pending';
    }
  | {
      state: 'switched' | 'discarded';
      by: string;
      at: string;
    };
export type RebuildReport = {
  _id: string;
  projection: string;
  version: number;
  servingCollection: string | null;
  builtCollection: string;
  servingRulesRevision: number | null;
  builtRulesRevision: number | null;
  position: number;
  requestedBy: string;
  createdAt: string;
  partitions: RebuildReportPartition[];
  totals: {
    rowsAdded: number;
    rowsRemoved: number;
    rowsChanged: number;
    profitBeforeCents: number;
    profitAfterCents: number;
  };
  decision: RebuildDecision;
};
export type RebuildReportRow = {
  _id: string;
  reportId: string;
  partition: string;
  documentId: string;
  change: 'added' | 'removed' | 'changed';
  profitBeforeCents: number | null;
  profitAfterCents: number | null;
  changedFields: string[];
};
export type RebuildReportWithRows = {
  _id: string;
  projection: string;
  version: number;
  servingCollection: string | null;
  builtCollection: string;
  servingRulesRevision: number | null;
  builtRulesRevision: number | null;
  position: number;
  requestedBy: string;
  createdAt: string;
  partitions: RebuildReportPartition[];
  totals: {
    rowsAdded: number;
    rowsRemoved: number;
    rowsChanged: number;
    profitBeforeCents: number;
    profitAfterCents: number;
  };
  decision: RebuildDecision;
  rows: RebuildReportRow[];
};
export type StaffEvent = {
  position: number;
  streamId: string;
  revision: number;
  id: string;
  type: string;
  data: unknown;
  metadata: {
    $correlationId: string;
    $causationId: string;
    actor: string;
    schemaVersion: number;
    recordedAt: string;
  };
  hash: string | null;
};
export type StaffEventPage = {
  events: StaffEvent[];
  nextCursor: number | null;
};
export type StaffEventChain = {
  event: StaffEvent | null;
  caused: StaffEvent[];
  correlationGroup: StaffEvent[];
  correlationGroupTruncated: boolean;
};
export type StaffAuditReport = {
  ok: boolean;
  eventsChecked: number;
  streamsChecked: number;
  digestsChecked: number;
  lastDigestThrough: number | null;
  problems: {
    kind:
      | 'hash-mismatch'
      | 'missing-hash'
      | 'revision-gap'
      | 'revision-order'
      | 'digest-signature'
      | 'digest-head'
      | 'digest-stream-count'
      | 'digest-root';
    streamId: string;
    revision?: number;
    position?: number;
    eventId?: string;
    detail: string;
  }[];
  problemsNotListed: number;
};
export type FlatMarketGroup = {
  marketGroupID: number;
  parentGroupID: number | null;
  marketGroupName: string;
  description: string;
  iconID: number | null;
  hasTypes: boolean;
  iconFile: string | null;
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
  sdeBuildNumber: number | null;
  sdeBuildDate: string | null;
  importedAt: string;
  datasetFormat: number;
};
export type MarketStatsRequest = {
  typeIds: number[];
};
export type IndustryInput = {
  typeId: number;
  typeName: string;
  quantity: number;
  minQuantity: number;
  baseQuantity: number;
  unitPrice: number;
  marketPrice: number | null;
  priceSource: 'MARKET' | 'CUSTOM' | 'ESI_AVERAGE' | 'NONE';
  adjustedPrice: number | null;
  grossCost: number;
  brokerFee: number;
  netCost: number;
};
export type IndustryOutput = {
  typeId: number;
  typeName: string;
  quantity: number;
  unitPrice: number;
  marketPrice: number | null;
  priceSource: 'MARKET' | 'CUSTOM' | 'ESI_AVERAGE' | 'NONE';
  grossSell: number;
  brokerFee: number;
  salesTax: number;
  netSell: number;
};
export type IndustryAppliedRig = {
  typeId: number;
  typeName: string;
  materialBonus: number;
  timeBonus: number;
  costBonus: number;
};
export type IndustryJobCost = {
  estimatedItemValue: number;
  systemCost: number;
  systemCostBonuses: number;
  facilityTax: number;
  sccSurcharge: number;
  total: number;
};
export type IndustrySkill = {
  typeId: number;
  typeName: string;
  level: number;
  role:
    | 'INDUSTRY'
    | 'ADVANCED_INDUSTRY'
    | 'REACTIONS'
    | 'SPECIALIST'
    | 'SCIENCE'
    | 'ENCRYPTION'
    | 'COPYING'
    | 'MATERIAL_RESEARCH'
    | 'TIME_RESEARCH';
};
export type IndustryDecryptor = {
  typeId: number;
  typeName: string;
  probabilityMultiplier: number;
  materialEfficiencyModifier: number;
  timeEfficiencyModifier: number;
  runModifier: number;
};
export type IndustryInvention = {
  blueprintTypeId: number;
  blueprintTypeName: string;
  baseProbability: number;
  probability: number;
  decryptor: IndustryDecryptor | null;
  runsPerCopy: number;
  materialEfficiency: number;
  timeEfficiency: number;
  materials: IndustryInput[];
  jobCost: {
    estimatedItemValue: number;
    systemCost: number;
    systemCostBonuses: number;
    facilityTax: number;
    sccSurcharge: number;
    total: number;
    jobCostBase: number;
  };
  systemCostIndex: number;
  timeSeconds: number;
  attemptCost: number;
  expectedCostPerRun: number | null;
  expectedCost: number | null;
  included: boolean;
};
export type IndustryTotals = {
  inputsGross: number;
  inputsBrokerFee: number;
  inputsNet: number;
  jobCost: number;
  additionalBlueprintCost: number;
  inventionCost: number;
  totalCost: number;
  grossSell: number;
  sellBrokerFee: number;
  salesTax: number;
  totalSell: number;
  profit: number;
  margin: number | null;
};
export type IndustryScienceJob = {
  activity: 'COPYING' | 'MATERIAL_RESEARCH' | 'TIME_RESEARCH';
  copies: number | null;
  runsPerCopy: number | null;
  from: number | null;
  to: number | null;
  systemCostIndex: number;
  jobCost: {
    estimatedItemValue: number;
    systemCost: number;
    systemCostBonuses: number;
    facilityTax: number;
    sccSurcharge: number;
    total: number;
    jobCostBase: number;
  };
  timeSeconds: number;
};
export type IndustryTreeComponent = {
  typeId: number;
  typeName: string;
  blueprintTypeId: number;
  isReaction: boolean;
  depth: number;
  quantity: number;
  built: boolean;
};
export type IndustryTreeJob = {
  typeId: number;
  typeName: string;
  blueprintTypeId: number;
  blueprintTypeName: string;
  isReaction: boolean;
  depth: number;
  runs: number;
  quantity: number;
  needed: number;
  jobs: number;
  materialEfficiency: number;
  timeEfficiency: number;
  systemName: string | null;
  securityStatus: 'HIGH' | 'LOW' | 'NULL' | 'WORMHOLE';
  structureCostBonus: number;
  refinery: ('ATHANOR' | 'TATARA') | null;
  jobCost: number;
  inventionCost: number;
  timeSeconds: number;
};
export type IndustryBuildTree = {
  components: IndustryTreeComponent[];
  jobs: IndustryTreeJob[];
  materials: IndustryInput[];
  totals: {
    materialsGross: number;
    materialsBrokerFee: number;
    materialsNet: number;
    jobCost: number;
    inventionCost: number;
    additionalBlueprintCost: number;
    totalCost: number;
    totalSell: number;
    profit: number;
    margin: number | null;
    timeSeconds: number;
  };
};
export type IndustryCalculation = {
  requestedTypeId: number;
  blueprintTypeId: number;
  blueprintTypeName: string;
  isReaction: boolean;
  runs: number;
  maxProductionLimit: number;
  inputs: IndustryInput[];
  outputs: IndustryOutput[];
  structureCostBonus: number;
  materialConsumptionModifier: number;
  estimatedItemValue: number;
  systemCostIndex: number;
  system: {
    systemId: number;
    systemName: string;
    security: number;
  } | null;
  securityStatus: 'HIGH' | 'LOW' | 'NULL' | 'WORMHOLE';
  rigs: IndustryAppliedRig[];
  jobCost: IndustryJobCost;
  timeSeconds: number;
  materialEfficiency: number;
  timeEfficiency: number;
  skills: IndustrySkill[];
  invention: IndustryInvention | null;
  totals: IndustryTotals;
  scienceJobs: IndustryScienceJob[];
  tree: IndustryBuildTree;
  unpricedTypeIds: number[];
  buyRegionId: number;
  sellRegionId: number;
};
export type IndustryCopyingRequest = {
  copies: number;
  runsPerCopy: number;
};
export type IndustryMaterialResearchRequest = {
  from: number;
  to: number;
};
export type IndustryTimeResearchRequest = {
  from: number;
  to: number;
};
export type IndustryBuildChoice = {
  systemName?: string | null;
  securityStatus?: ('HIGH' | 'LOW' | 'NULL') | null;
  structureCostBonus?: number;
  refinery?: 'ATHANOR' | 'TATARA';
  timeEfficiency?: number;
  materialEfficiency?: number;
  materialConsumptionModifier?: number | null;
  rig1TypeId?: number | null;
  rig2TypeId?: number | null;
  rig3TypeId?: number | null;
  facilityTax?: number;
  factionWarfareBonus?: number;
  decryptorTypeId?: number | null;
};
export type IndustryCalculationRequest = {
  blueprintTypeId: number;
  runs: number;
  buyRegionId?: number;
  sellRegionId?: number;
  buyFromBuys?: boolean;
  sellToBuys?: boolean;
  systemName?: string | null;
  securityStatus?: ('HIGH' | 'LOW' | 'NULL') | null;
  structureCostBonus?: number;
  refinery?: 'ATHANOR' | 'TATARA';
  timeEfficiency?: number;
  materialEfficiency?: number;
  materialConsumptionModifier?: number | null;
  rig1TypeId?: number | null;
  rig2TypeId?: number | null;
  rig3TypeId?: number | null;
  facilityTax?: number;
  factionWarfareBonus?: number;
  decryptorTypeId?: number | null;
  customInputPrices?: {
    [key: string]: number;
  };
  customOutputPrices?: {
    [key: string]: number;
  };
  buyBrokerFee?: number;
  sellBrokerFee?: number;
  salesTax?: number;
  additionalBlueprintCost?: number;
  skills?: {
    [key: string]: number;
  };
  unlistedSkillLevel?: number;
  includeInvention?: boolean;
  copying?: IndustryCopyingRequest | null;
  materialResearch?: IndustryMaterialResearchRequest | null;
  timeResearch?: IndustryTimeResearchRequest | null;
  build?: {
    [key: string]: IndustryBuildChoice;
  };
};
export type IndustryBlueprint = {
  typeId: number;
  typeName: string;
  isReaction: boolean;
};
export type IndustryBlueprintList = IndustryBlueprint[];
export type IndustryDecryptorList = IndustryDecryptor[];
export type IndustryStructure = {
  id: number;
  name: string;
  securityStatus: 'HIGH' | 'LOW' | 'NULL';
  rig1TypeId: number | null;
  rig2TypeId: number | null;
  rig3TypeId: number | null;
  facilityId: number | null;
};
export type UsedStructure = {
  facilityId: number | null;
  name: string;
};
export type IndustryStructureSettings = {
  structures: IndustryStructure[];
  usedStructures: UsedStructure[];
  structureRigs: {
    [key: string]: string;
  };
};
export type IndustryStructureCreate = {
  facilityId?: number | null;
  name: string;
  securityStatus: 'HIGH' | 'LOW' | 'NULL';
  rig1TypeId?: number | null;
  rig2TypeId?: number | null;
  rig3TypeId?: number | null;
};
export type IndustryStructurePatch = {
  securityStatus?: 'HIGH' | 'LOW' | 'NULL';
  rig1TypeId?: number | null;
  rig2TypeId?: number | null;
  rig3TypeId?: number | null;
};
export const {
  useHealthzQuery,
  useLazyHealthzQuery,
  useReadyzQuery,
  useLazyReadyzQuery,
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
  useTransactionsQuery,
  useLazyTransactionsQuery,
  useSubscriptionsQuery,
  useLazySubscriptionsQuery,
  usePurchaseMutation,
  useStartFreeTrialMutation,
  useCharacterUpdateMarketOrdersMutation,
  useCharacterUpdateWalletMutation,
  useCharacterUpdateLocationMutation,
  useCharacterSkillsQuery,
  useLazyCharacterSkillsQuery,
  useCharacterUpdateRouteMutation,
  useCharacterOpenMarketDetailsMutation,
  useCharacterMarketOrdersQuery,
  useLazyCharacterMarketOrdersQuery,
  useCharacterSimilarOrdersQuery,
  useLazyCharacterSimilarOrdersQuery,
  useCharacterSimilarPrivateOrdersQuery,
  useLazyCharacterSimilarPrivateOrdersQuery,
  useAccountDiscordWebhookQuery,
  useLazyAccountDiscordWebhookQuery,
  useSetAccountDiscordWebhookMutation,
  useRemoveAccountDiscordWebhookMutation,
  useJournalEntriesQuery,
  useLazyJournalEntriesQuery,
  useWalletTransactionsQuery,
  useLazyWalletTransactionsQuery,
  useEditWalletTransactionsMutation,
  useBoughtContractItemsQuery,
  useLazyBoughtContractItemsQuery,
  useEditBoughtContractItemsMutation,
  useContractQuery,
  useLazyContractQuery,
  useUnprocessedTransactionsQuery,
  useLazyUnprocessedTransactionsQuery,
  useProcessUnprocessedMutation,
  useJournalStatsQuery,
  useLazyJournalStatsQuery,
  useItemHistoryQuery,
  useLazyItemHistoryQuery,
  useItemHistoryOfTypeQuery,
  useLazyItemHistoryOfTypeQuery,
  useExportTransactionsQuery,
  useLazyExportTransactionsQuery,
  useExportJournalQuery,
  useLazyExportJournalQuery,
  useLedgerStatusQuery,
  useLazyLedgerStatusQuery,
  useTradeProfitsQuery,
  useLazyTradeProfitsQuery,
  useEditTradeProfitsMutation,
  useDeleteTradeProfitsMutation,
  useManufacturingProfitsQuery,
  useLazyManufacturingProfitsQuery,
  useEditManufacturingProfitsMutation,
  useDeleteManufacturingProfitsMutation,
  useContractProfitsQuery,
  useLazyContractProfitsQuery,
  useEditContractProfitsMutation,
  useDeleteContractProfitsMutation,
  useProfitDailyQuery,
  useLazyProfitDailyQuery,
  useProfitHourlyQuery,
  useLazyProfitHourlyQuery,
  useProfitItemsQuery,
  useLazyProfitItemsQuery,
  useManufacturingItemsQuery,
  useLazyManufacturingItemsQuery,
  useBrokerFeeEstimatesQuery,
  useLazyBrokerFeeEstimatesQuery,
  useWarehouseEntriesQuery,
  useLazyWarehouseEntriesQuery,
  useAddWarehouseEntryMutation,
  useEditWarehouseEntryMutation,
  useRemoveWarehouseEntryMutation,
  useBrokerFeeOverridesQuery,
  useLazyBrokerFeeOverridesQuery,
  useBrokerFeeSuggestionsQuery,
  useLazyBrokerFeeSuggestionsQuery,
  useAddBrokerFeeOverrideMutation,
  useRemoveBrokerFeeOverrideMutation,
  useManufacturingResultsQuery,
  useLazyManufacturingResultsQuery,
  useEditManufacturingResultMutation,
  useStaffProjectionsQuery,
  useLazyStaffProjectionsQuery,
  useStaffFindAccountsQuery,
  useLazyStaffFindAccountsQuery,
  useStaffAccountQuery,
  useLazyStaffAccountQuery,
  useStaffAccountTimelineQuery,
  useLazyStaffAccountTimelineQuery,
  useStaffCreditAccountMutation,
  useStaffDebitAccountMutation,
  useStaffRulesQuery,
  useLazyStaffRulesQuery,
  useChangeStaffRulesMutation,
  useStaffRebuildMutation,
  useStaffRebuildReportsQuery,
  useLazyStaffRebuildReportsQuery,
  useStaffRebuildReportQuery,
  useLazyStaffRebuildReportQuery,
  useStaffSwitchRebuildMutation,
  useStaffDiscardRebuildMutation,
  useStaffEventsQuery,
  useLazyStaffEventsQuery,
  useStaffEventsExportQuery,
  useLazyStaffEventsExportQuery,
  useStaffEventQuery,
  useLazyStaffEventQuery,
  useStaffAuditVerifyMutation,
  useMarketGroupsQuery,
  useLazyMarketGroupsQuery,
  useMarketGroupTreeQuery,
  useLazyMarketGroupTreeQuery,
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
  useMarketOrdersQuery,
  useLazyMarketOrdersQuery,
  useMarketHistoryQuery,
  useLazyMarketHistoryQuery,
  useMarketStatsQuery,
  useLazyMarketStatsQuery,
  useMarketStatsOfTypesMutation,
  useIndustryCalculateMutation,
  useIndustryBlueprintSearchQuery,
  useLazyIndustryBlueprintSearchQuery,
  useIndustryDecryptorsQuery,
  useLazyIndustryDecryptorsQuery,
  useAccountStructuresQuery,
  useLazyAccountStructuresQuery,
  useSaveAccountStructureMutation,
  useChangeAccountStructureMutation,
  useRemoveAccountStructureMutation,
  useAppraisalCreateMutation,
  useAppraisalHistoryQuery,
  useLazyAppraisalHistoryQuery,
  useAppraisalParseMutation,
  useAppraisalHubsMutation,
  useAppraisalGetQuery,
  useLazyAppraisalGetQuery,
  usePublicStructuresQuery,
  useLazyPublicStructuresQuery,
} = injectedRtkApi;
