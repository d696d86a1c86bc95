import {
  SPEC_TRADE_RULES,
  evolveTradeRules,
  salesTaxRateOn,
  type TradeRules,
  type TradeRulesEvent,
} from '@tradewise/contracts';
import type { Decider } from '@tradewise/platform';

/** A staff change of the trade rules; `reason` is stored with it for auditors. */
export type TradeRulesCommand =
  | {
      readonly type: 'ScheduleSalesTaxRate';
      readonly from: string;
      readonly ratePpm: number;
      readonly reason: string;
    }
  | {
      readonly type: 'ChangeBuiltInBrokerFees';
      readonly buyFeePpm: number;
      readonly sellFeePpm: number;
      readonly npcSellFeePpm: number;
      readonly reason: string;
    }
  | {
      readonly type: 'ChangePublicContractFees';
      readonly brokerFeePpm: number;
      readonly salesTaxPpm: number;
      readonly reason: string;
    };

export type TradeRuleCode = 'INVALID_DATE' | 'RATE_OUT_OF_RANGE' | 'REASON_REQUIRED' | 'NO_CHANGE';

/** A rules change refused, with a message staff can act on (answered as 400). */
export class TradeRuleViolation extends Error {
  constructor(
    readonly code: TradeRuleCode,
    message: string,
  ) {
    super(message);
    this.name = 'TradeRuleViolation';
  }
}

export const MAX_RATE_PPM = 1_000_000;
export const MAX_REASON_LENGTH = 500;

function checkRate(field: string, ratePpm: number): void {
  if (!Number.isSafeInteger(ratePpm) || ratePpm < 0 || ratePpm > MAX_RATE_PPM)
    throw new TradeRuleViolation(
      'RATE_OUT_OF_RANGE',
      `${field} must be a whole number of parts per million from 0 to ${MAX_RATE_PPM} (100%); got ${ratePpm}.`,
    );
}

function checkedReason(reason: string): string {
  const trimmed = reason.trim();
  if (trimmed.length === 0 || trimmed.length > MAX_REASON_LENGTH)
    throw new TradeRuleViolation(
      'REASON_REQUIRED',
      `Say why the rule changes (reason: 1 to ${MAX_REASON_LENGTH} characters); auditors read it.`,
    );
  return trimmed;
}

function isCalendarDate(date: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return false;
  const time = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === date;
}

function decideTradeRules(rules: TradeRules, command: TradeRulesCommand): TradeRulesEvent[] {
  const reason = checkedReason(command.reason);
  switch (command.type) {
    case 'ScheduleSalesTaxRate': {
      const { from, ratePpm } = command;
      if (!isCalendarDate(from))
        throw new TradeRuleViolation('INVALID_DATE', `from must be a UTC date as YYYY-MM-DD; got '${from}'.`);
      checkRate('ratePpm', ratePpm);
      if (salesTaxRateOn(rules.salesTaxHistory, from) === ratePpm)
        throw new TradeRuleViolation(
          'NO_CHANGE',
          `A sales tax of ${ratePpm / 10_000}% (${ratePpm} ppm) is already in force on ${from}: nothing would change.`,
        );
      return [{ type: 'SalesTaxRateScheduled', data: { from, ratePpm, reason } }];
    }
    case 'ChangeBuiltInBrokerFees': {
      const { buyFeePpm, sellFeePpm, npcSellFeePpm } = command;
      checkRate('buyFeePpm', buyFeePpm);
      checkRate('sellFeePpm', sellFeePpm);
      checkRate('npcSellFeePpm', npcSellFeePpm);
      const current = rules.builtInBrokerFees;
      if (
        current.buyFeePpm === buyFeePpm &&
        current.sellFeePpm === sellFeePpm &&
        current.npcSellFeePpm === npcSellFeePpm
      )
        throw new TradeRuleViolation(
          'NO_CHANGE',
          'The built-in broker fees are already these: nothing would change.',
        );
      return [{ type: 'BuiltInBrokerFeesChanged', data: { buyFeePpm, sellFeePpm, npcSellFeePpm, reason } }];
    }
    case 'ChangePublicContractFees': {
      const { brokerFeePpm, salesTaxPpm } = command;
      checkRate('brokerFeePpm', brokerFeePpm);
      checkRate('salesTaxPpm', salesTaxPpm);
      const current = rules.publicContractFees;
      if (current.brokerFeePpm === brokerFeePpm && current.salesTaxPpm === salesTaxPpm)
        throw new TradeRuleViolation(
          'NO_CHANGE',
          'The public contract fees are already these: nothing would change.',
        );
      return [{ type: 'PublicContractFeesChanged', data: { brokerFeePpm, salesTaxPpm, reason } }];
    }
  }
}

/** The `rules-trade` stream's write side: its state is the rules in force, from the spec's values. */
export const tradeRulesDecider: Decider<TradeRules, TradeRulesCommand, TradeRulesEvent> = {
  initialState: SPEC_TRADE_RULES,
  evolve: evolveTradeRules,
  decide: decideTradeRules,
};
