import { SPEC_TRADE_RULES } from '@tradewise/contracts';
import {
  evolveTradeLedger,
  initialTradeLedgerState,
  settleTradeLedger,
  type TradeLedgerState,
} from './fifo-ledger';
import { type BrokerFeeRates } from './broker-fees';
import { type Cents } from './money';
import {
  type ContractAppraisalMethod,
  type JobBill,
  type LedgerContract,
  type LedgerJob,
  type LedgerTransaction,
  type TradeLedgerConfig,
  type TradeLedgerInput,
} from './trade-ledger.types';

export const TRITANIUM = 34;
export const PYERITE = 35;
export const JITA_STATION = 60_003_760;
export const UPWELL_STRUCTURE = 1_035_466_617_946;
export const MAIN = 90_000_001;
export const ALT = 90_000_002;

export const NO_FEES: BrokerFeeRates = { buyFeePpm: 0, sellFeePpm: 0, npcSellFeePpm: 0 };

/** No broker fees and no sales tax, so a FIFO example is plain arithmetic. */
export const FEELESS: TradeLedgerConfig = {
  salesTaxHistory: [{ from: '0000-01-01', ratePpm: 0 }],
  builtInBrokerFees: [{ typeId: null, ...NO_FEES }],
  publicContractFees: SPEC_TRADE_RULES.publicContractFees,
};

export function day(dayOfMay: number, time = '12:00:00'): string {
  return `2025-05-${String(dayOfMay).padStart(2, '0')}T${time}Z`;
}

interface Fill {
  readonly id: number;
  readonly date: string;
  readonly quantity: number;
  readonly unitPrice: Cents;
}

function recorded(isBuy: boolean, fill: Fill, more: Partial<LedgerTransaction>): TradeLedgerInput {
  return {
    type: 'TransactionRecorded',
    transaction: {
      transactionId: fill.id,
      date: fill.date,
      characterId: MAIN,
      typeId: TRITANIUM,
      quantity: fill.quantity,
      unitPrice: fill.unitPrice,
      isBuy,
      isPersonal: true,
      locationId: JITA_STATION,
      ...more,
    },
  };
}

export function bought(fill: Fill, more: Partial<LedgerTransaction> = {}): TradeLedgerInput {
  return recorded(true, fill, more);
}

export function sold(fill: Fill, more: Partial<LedgerTransaction> = {}): TradeLedgerInput {
  return recorded(false, fill, more);
}

export function given(config: TradeLedgerConfig, ...inputs: TradeLedgerInput[]): TradeLedgerState {
  const state = inputs.reduce(evolveTradeLedger, initialTradeLedgerState(config));
  settleTradeLedger(state);
  return state;
}

export function when(state: TradeLedgerState, ...inputs: TradeLedgerInput[]): TradeLedgerState {
  const after = inputs.reduce(evolveTradeLedger, state);
  settleTradeLedger(after);
  return after;
}

export const RIFTER = 587;
export const RIFTER_BLUEPRINT = 691;
export const CAPITAL_PART = 21_009;

interface JobFill {
  readonly id: number;
  readonly start: string;
  readonly completed: string;
  readonly cost: Cents;
  readonly runs?: number;
  readonly product?: number;
  readonly blueprint?: number;
  readonly activity?: number;
  readonly corporationId?: number | null;
}

function ledgerJob(fill: JobFill): LedgerJob {
  return {
    jobId: fill.id,
    characterId: MAIN,
    corporationId: fill.corporationId ?? null,
    activityId: fill.activity ?? 1,
    blueprintTypeId: fill.blueprint ?? RIFTER_BLUEPRINT,
    productTypeId: fill.product ?? RIFTER,
    runs: fill.runs ?? 1,
    facilityId: JITA_STATION,
    cost: fill.cost,
    startDate: fill.start,
    completedDate: fill.completed,
  };
}

/** A delivered job: `made` units (or blueprint runs), `materials` as [typeId, quantity] for all its runs. */
export function delivered(
  fill: JobFill,
  made: number,
  materials: readonly (readonly [number, number])[],
  more: Partial<JobBill> = {},
): TradeLedgerInput {
  return {
    type: 'IndustryJobDelivered',
    job: ledgerJob(fill),
    bill: {
      materials: materials.map(([typeId, quantity]) => ({ typeId, quantity })),
      productQuantity: made,
      usesBlueprintCopy: false,
      defaultUnitPrices: [],
      ...more,
    },
  };
}

export function cancelled(fill: JobFill): TradeLedgerInput {
  return { type: 'IndustryJobCancelled', job: ledgerJob(fill) };
}

interface ContractFill {
  readonly id: number;
  readonly issued: string;
  readonly accepted: string;
  readonly amount: Cents;
  readonly availability?: LedgerContract['availability'];
}

/** An item exchange the account's main sold: `items` as [itemId, typeId, quantity]. */
export function contractSold(
  fill: ContractFill,
  items: readonly [number, number, number][],
): TradeLedgerInput {
  return contractCompleted('sold', fill, items, []);
}

/** An item exchange the account's main bought, with the sync's appraisal as [typeId, method, unit price]. */
export function contractBought(
  fill: ContractFill,
  items: readonly [number, number, number][],
  appraisal: readonly [number, ContractAppraisalMethod, Cents][] = [],
): TradeLedgerInput {
  return contractCompleted('bought', fill, items, appraisal);
}

function contractCompleted(
  side: LedgerContract['side'],
  fill: ContractFill,
  items: readonly [number, number, number][],
  appraisal: readonly [number, ContractAppraisalMethod, Cents][],
): TradeLedgerInput {
  return {
    type: 'ContractCompleted',
    contract: {
      contractId: fill.id,
      characterId: MAIN,
      side,
      availability: fill.availability ?? 'personal',
      issuedDate: fill.issued,
      acceptedDate: fill.accepted,
      amount: fill.amount,
      items: items.map(([itemId, typeId, quantity]) => ({ itemId, typeId, quantity })),
      appraisal: appraisal.map(([typeId, method, unitPrice]) => ({ typeId, method, unitPrice })),
    },
  };
}
