import { evolveTradeLedger, initialTradeLedgerState, type TradeLedgerState } from './fifo-ledger';
import { type BrokerFeeRates } from './broker-fees';
import { type Cents } from './money';
import { type LedgerTransaction, type TradeLedgerConfig, type TradeLedgerInput } from './trade-ledger.types';

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
  return inputs.reduce(evolveTradeLedger, initialTradeLedgerState(config));
}

export function when(state: TradeLedgerState, ...inputs: TradeLedgerInput[]): TradeLedgerState {
  return inputs.reduce(evolveTradeLedger, state);
}
