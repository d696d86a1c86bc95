export {
  changedLines,
  editOfFigures,
  editedLine,
  figureValue,
  figuresOfEdit,
  figuresOfLine,
  lineId,
  lineOf,
  marginCalculatorLink,
  marginText,
  profitOf,
  sameFigures,
  unitPriceOf,
  withFigure,
  type FigureColumn,
  type FiguresOfRow,
  type ProfitEdit,
  type ProfitField,
  type ProfitFigures,
  type ProfitLine,
  type Proportion,
} from './profit-figures';
export {
  NO_PROFIT_LIST_FILTERS,
  hasProfitListFilter,
  minProfitParam,
  profitListArgs,
  type ProfitListArgs,
  type ProfitListFilters,
} from './profit-list-query';
export {
  BROKER_FEE_ESTIMATE_LEAD,
  BROKER_FEE_FIELDS,
  brokerFeeEstimateOf,
  brokerFeeEstimateTitle,
  type BrokerFeeEstimated,
} from './broker-fee-estimate';
export {
  profitListColumns,
  type ProfitColumnsOptions,
  type ProfitEditHandler,
  type ProfitListRow,
} from './profit-columns';
export {
  ProfitListFrame,
  useProfitList,
  type ProfitListFrameProps,
  type ProfitListState,
} from './ProfitListFrame';
