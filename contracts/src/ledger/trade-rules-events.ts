import { z } from 'zod';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';
import { DEFAULT_BROKER_FEE_RATES_PPM } from './trade-ledger-api.dto';

/**
 * The numbers of the trade ledger's rules that change when CCP changes the game (docs/profit-rules.md §5, §6, §15):
 * one stream, `rules-trade`, folded from the spec's values. Projections read it when a generation is built.
 */
export function tradeRulesStream(): string {
  return streamName('rules', 'trade');
}

/** A sales tax rate in force from `from` (a UTC date, `YYYY-MM-DD`, from 00:00) until the next one starts. */
export interface SalesTaxRate {
  readonly from: string;
  readonly ratePpm: number;
}

export interface BrokerFeeRatesPpm {
  readonly buyFeePpm: number;
  /** Sell orders outside NPC stations (Upwell structures). */
  readonly sellFeePpm: number;
  readonly npcSellFeePpm: number;
}

/** What a public item exchange contract is assumed to pay when the journal has no row for it (§15). */
export interface PublicContractFees {
  readonly brokerFeePpm: number;
  readonly salesTaxPpm: number;
}

export interface TradeRules {
  /** Newest first; the oldest rate also applies before its date. */
  readonly salesTaxHistory: readonly SalesTaxRate[];
  /** The built-in default row of the broker fee table (no character, no start date). */
  readonly builtInBrokerFees: BrokerFeeRatesPpm;
  readonly publicContractFees: PublicContractFees;
}

/** The first date any rate can start from: before the oldest scheduled date, the oldest rate applies. */
export const SALES_TAX_HISTORY_START = '0000-01-01';

/**
 * The rules before any change is recorded: the spec's values (public-tools.md §9 "Sales tax history (rate in
 * force)", at Accounting V, the table the ESI simulator charges by; §9 contract fees; the new-override defaults).
 */
export const SPEC_TRADE_RULES: TradeRules = {
  salesTaxHistory: [
    { from: '2025-03-13', ratePpm: 33_750 },
    { from: '2024-07-25', ratePpm: 20_250 },
    { from: '2021-10-13', ratePpm: 36_000 },
    { from: '2021-07-27', ratePpm: 11_250 },
    { from: '2019-08-04', ratePpm: 22_500 },
    { from: SALES_TAX_HISTORY_START, ratePpm: 10_000 },
  ],
  builtInBrokerFees: DEFAULT_BROKER_FEE_RATES_PPM,
  publicContractFees: { brokerFeePpm: 9_500, salesTaxPpm: 5_000 },
};

const ratePpm = z.number().int().min(0).max(1_000_000);
const reason = z.string().trim().min(1).max(500);

export const salesTaxRateScheduled = defineEvent({
  type: 'SalesTaxRateScheduled',
  schemaVersion: 1,
  schema: z.object({
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
    ratePpm,
    reason,
  }),
});

export const builtInBrokerFeesChanged = defineEvent({
  type: 'BuiltInBrokerFeesChanged',
  schemaVersion: 1,
  schema: z.object({ buyFeePpm: ratePpm, sellFeePpm: ratePpm, npcSellFeePpm: ratePpm, reason }),
});

export const publicContractFeesChanged = defineEvent({
  type: 'PublicContractFeesChanged',
  schemaVersion: 1,
  schema: z.object({ brokerFeePpm: ratePpm, salesTaxPpm: ratePpm, reason }),
});

export const tradeRulesEventDefinitions = [
  salesTaxRateScheduled,
  builtInBrokerFeesChanged,
  publicContractFeesChanged,
] as const;

export type SalesTaxRateScheduled = z.infer<typeof salesTaxRateScheduled.schema>;
export type BuiltInBrokerFeesChanged = z.infer<typeof builtInBrokerFeesChanged.schema>;
export type PublicContractFeesChanged = z.infer<typeof publicContractFeesChanged.schema>;

export type TradeRulesEvent =
  | { type: 'SalesTaxRateScheduled'; data: SalesTaxRateScheduled }
  | { type: 'BuiltInBrokerFeesChanged'; data: BuiltInBrokerFeesChanged }
  | { type: 'PublicContractFeesChanged'; data: PublicContractFeesChanged };

export const TRADE_RULES_EVENT_TYPES: readonly TradeRulesEvent['type'][] = tradeRulesEventDefinitions.map(
  (definition) => definition.type,
);

/** A scheduled rate replaces the one scheduled from the same date (a correction); the others stay. */
export function evolveTradeRules(rules: TradeRules, event: TradeRulesEvent): TradeRules {
  switch (event.type) {
    case 'SalesTaxRateScheduled': {
      const { from, ratePpm } = event.data;
      const others = rules.salesTaxHistory.filter((rate) => rate.from !== from);
      const salesTaxHistory = [...others, { from, ratePpm }].sort((a, b) => b.from.localeCompare(a.from));
      return { ...rules, salesTaxHistory };
    }
    case 'BuiltInBrokerFeesChanged': {
      const { buyFeePpm, sellFeePpm, npcSellFeePpm } = event.data;
      return { ...rules, builtInBrokerFees: { buyFeePpm, sellFeePpm, npcSellFeePpm } };
    }
    case 'PublicContractFeesChanged': {
      const { brokerFeePpm, salesTaxPpm } = event.data;
      return { ...rules, publicContractFees: { brokerFeePpm, salesTaxPpm } };
    }
  }
}

/** The rules after these events of the rules stream (events of other types are not rules and change nothing). */
export function foldTradeRules(events: readonly { type: string; data: unknown }[]): TradeRules {
  return events.reduce(
    (rules, event) =>
      (TRADE_RULES_EVENT_TYPES as readonly string[]).includes(event.type)
        ? evolveTradeRules(rules, event as TradeRulesEvent)
        : rules,
    SPEC_TRADE_RULES,
  );
}

/** The sales tax rate in force on a UTC date (`YYYY-MM-DD`). */
export function salesTaxRateOn(history: readonly SalesTaxRate[], date: string): number {
  return (history.find((rate) => rate.from <= date) ?? history[history.length - 1]!).ratePpm;
}
