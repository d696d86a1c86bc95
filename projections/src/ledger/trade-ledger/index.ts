export * from './broker-fees';
export * from './money';
export * from './sales-tax';
export * from './trade-ledger.types';
export * from './trade-ledger.queries';
export {
  DEFAULT_TRADE_LEDGER_CONFIG,
  tradeLedgerConfigOf,
  evolveTradeLedger,
  foldTradeLedger,
  initialTradeLedgerState,
  settleTradeLedger,
  takeLedgerChanges,
  type LedgerChanges,
  type TradeLedgerState,
} from './fifo-ledger';
export {
  brokerFeeRowView,
  fillBrokerFee,
  learnedBrokerRate,
  learnedBrokerRates,
  MATCH_FINAL_AFTER_MS,
  orderMatch,
  orderMatchState,
  orderView,
  unmatchedBrokerFeeRows,
  type BrokerFeeRowView,
  type FillBrokerFee,
  type LearnedBrokerRate,
  type OrderView,
  type LedgerBrokerFeeRow,
  type LedgerOrderRead,
  type MatchedFee,
  type OrderMatch,
} from './order-fees';
