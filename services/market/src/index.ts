export { StaticDataModule, type StaticDataModuleOptions } from './static-data/static-data.module';
export { STATIC_DATA } from './static-data/static-data.token';
export { StaticData, type TypeSearchRequest, type TypeSearchScope } from './static-data/static-data';
export { UNREACHABLE } from './static-data/jumps/jump-graph';
export {
  ensureStaticDataset,
  type EnsureStaticDatasetOptions,
  type StaticDataLogger,
} from './static-data/dataset/ensure-static-dataset';
export {
  loadStaticData,
  readManifest,
  StaticDatasetError,
  type LoadOptions,
  type StaticDatasetProblem,
} from './static-data/dataset/dataset-loader';
export { resolveStaticDataDir } from './static-data/dataset/static-data-dir';
export { LatestSdeBuild, staticDataFreshness, watchLatestSde } from './static-data/dataset/latest-sde-build';
export {
  importStaticData,
  type ImportOptions,
  type ImportProgress,
} from './static-data/import/import-static-data';
export { locateSdeSource, type SdeSource, type SdeSourceOptions } from './static-data/import/sde-source';
export type * from './static-data/dataset/dataset-format';
export { BLUEPRINT_ACTIVITIES, DATASET_FORMAT_VERSION } from './static-data/dataset/dataset-format';
export * from './market-data/market-data.ports';
export { EsiStructureMarkets } from './market-data/structures/structure-markets';
export { DEFAULT_PRICE_REGION_ID } from './market-data/market-hubs';
export { MarketDataModule, type MarketDataModuleOptions } from './market-data/market-data.module';
export { marketStatistics, type MarketStatistics } from './market-data/statistics/market-statistics';
export type * from './market-data/market-api.dto';
export { IndustryModule } from './industry/industry.module';
export { AppraisalModule } from './appraisal/http/appraisal.module';
export { AppraisalCatalog } from './appraisal/pricing/appraisal-catalog';
export {
  needsOrderBook,
  priceAppraisal,
  type AppraisalTypeInfo,
  type PricingSources,
} from './appraisal/pricing/appraisal-pricing';
export { MarketModule, type MarketModuleOptions } from './market.module';
export {
  manufacturingMaterials,
  reactionMaterials,
  type FacilityMaterialBonuses,
  type MaterialLine,
  type MaterialRequirement,
} from './industry/formulas';
export { facilityMaterialBonuses, type IndustryFacility } from './industry/calculation/industry-calculator';
export { StructureSettingsStreams } from './industry/structures/structure-settings.streams';
export type { StructureSettingsState } from './industry/structures/structure-settings.decider';
