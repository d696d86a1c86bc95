export {
  createEsiSimulator,
  startEsiSimulator,
  type EsiSimulator,
  type EsiSimulatorOptions,
  type RunningEsiSimulator,
} from './esi-simulator';
export type { UiAction } from './http/esi-call';
export { ESI_OPERATIONS, type EsiOperation } from './http/esi-operations';
export type { FaultEffect, FaultInjector, FaultMatch, FaultRule } from './http/fault-injector';
export { DEMO_SSO_CLIENT, DEFAULT_ISSUER, type SsoClient, type TokenResponse } from './sso/sso-authority';
export { SSO_GRANTS_FILE } from './sso/sso-grant-file';
export type {
  SimulatorUniverse,
  UniverseBlueprint,
  UniverseConstellation,
  UniverseRegion,
  UniverseStation,
  UniverseSystem,
  UniverseType,
} from './universe/simulator-universe';
export { loadUniverseFromStaticDataset, UniverseLoadError } from './universe/static-dataset-universe.loader';
export { testUniverse } from './universe/test-universe';
export { SimulatedWorld, type DepositTruth } from './world/simulated-world';
export type { OrderFeeEvent, OrderFeeTruth, OrderFillFee } from './world/order-fee-truth';
export { SimulationClock } from './world/simulation-clock';
export { salesTaxRateAt, SALES_TAX_HISTORY } from './world/sales-tax';
export {
  HEAVY_INDUSTRIALIST_ID,
  HEAVY_TRADER_ID,
  PRODUCT_CORPORATION_ID,
  PROFILE_NAMES,
  worldProfile,
  type CharacterProfile,
  type CorporationProfile,
  type ProfileName,
  type WorldProfile,
} from './world/world-profiles';
export {
  characterWallet,
  corporationWallet,
  type ContractPurchaseTruth,
  type ContractSaleTruth,
  type JobTruth,
  type SaleTruth,
  type TransactionRecord,
  type WalletKey,
} from './world/world-records';
export {
  ALL_ROUTE_SCOPES,
  esiFetch,
  startTestSimulator,
  TEST_NOW,
  type EsiRequest,
} from './testing/test-simulator';
export { esiWalletHistory } from './testing/wallet-history';
export { esiIndustryHistory } from './testing/industry-history';
export { esiContractHistory } from './testing/contract-history';
export { esiOrderReads, type EsiOrderRead } from './testing/order-reads';
