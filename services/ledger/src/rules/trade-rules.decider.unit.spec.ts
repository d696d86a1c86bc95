import {
  SPEC_TRADE_RULES,
  salesTaxRateOn,
  type TradeRules,
  type TradeRulesEvent,
} from '@tradewise/contracts';
import { TradeRuleViolation, tradeRulesDecider, type TradeRulesCommand } from './trade-rules.decider';

const { initialState, evolve, decide } = tradeRulesDecider;

function given(...events: TradeRulesEvent[]): TradeRules {
  return events.reduce(evolve, initialState);
}

function when(state: TradeRules, command: TradeRulesCommand): readonly TradeRulesEvent[] {
  return decide(state, command) as readonly TradeRulesEvent[];
}

function refused(state: TradeRules, command: TradeRulesCommand): TradeRuleViolation {
  try {
    decide(state, command);
  } catch (error) {
    if (error instanceof TradeRuleViolation) return error;
    throw error;
  }
  throw new Error('the command was accepted');
}

const schedule = (from: string, ratePpm: number, reason = 'CCP dev blog: tax change'): TradeRulesCommand => ({
  type: 'ScheduleSalesTaxRate',
  from,
  ratePpm,
  reason,
});

describe('trade rules decider', () => {
  it("given no rule events, the rules are the spec's: the sales tax history of public-tools §9", () => {
    expect(initialState).toBe(SPEC_TRADE_RULES);
    expect(salesTaxRateOn(initialState.salesTaxHistory, '2025-03-12')).toBe(20_250);
    expect(salesTaxRateOn(initialState.salesTaxHistory, '2025-03-13')).toBe(33_750);
    expect(salesTaxRateOn(initialState.salesTaxHistory, '2019-08-03')).toBe(10_000);
  });

  it('given the spec history, when staff schedule a rate from a past date, then it is in force from that date on', () => {
    const events = when(initialState, schedule('2025-06-01', 40_000, '  Equinox tax change  '));
    expect(events).toEqual([
      {
        type: 'SalesTaxRateScheduled',
        data: { from: '2025-06-01', ratePpm: 40_000, reason: 'Equinox tax change' },
      },
    ]);
    const rules = given(...events);
    expect(salesTaxRateOn(rules.salesTaxHistory, '2025-05-31')).toBe(33_750);
    expect(salesTaxRateOn(rules.salesTaxHistory, '2025-06-01')).toBe(40_000);
    expect(salesTaxRateOn(rules.salesTaxHistory, '2026-01-01')).toBe(40_000);
  });

  it('given a scheduled rate, when another is scheduled from the same date, then it replaces it (a correction)', () => {
    const state = given(...when(initialState, schedule('2025-06-01', 40_000)));
    const rules = given(
      ...when(initialState, schedule('2025-06-01', 40_000)),
      ...when(state, schedule('2025-06-01', 45_000)),
    );
    expect(rules.salesTaxHistory.filter((rate) => rate.from === '2025-06-01')).toEqual([
      { from: '2025-06-01', ratePpm: 45_000 },
    ]);
    expect(rules.salesTaxHistory).toHaveLength(SPEC_TRADE_RULES.salesTaxHistory.length + 1);
  });

  it('when the rate is already in force on the date (a duplicate or a no-op), then it is refused', () => {
    expect(refused(initialState, schedule('2025-03-13', 33_750)).code).toBe('NO_CHANGE');
    expect(refused(initialState, schedule('2025-04-01', 33_750)).message).toBe(
      'A sales tax of 3.375% (33750 ppm) is already in force on 2025-04-01: nothing would change.',
    );
    const state = given(...when(initialState, schedule('2025-06-01', 40_000)));
    expect(refused(state, schedule('2025-06-01', 40_000)).code).toBe('NO_CHANGE');
  });

  it('when the date is not a calendar date, then it is refused', () => {
    for (const from of ['2025-02-30', '2025-13-01', '1 June 2025', '2025-06-01T00:00:00Z', ''])
      expect(refused(initialState, schedule(from, 40_000))).toMatchObject({
        code: 'INVALID_DATE',
        message: `from must be a UTC date as YYYY-MM-DD; got '${from}'.`,
      });
  });

  it('when the rate is outside 0 to 1,000,000 ppm or not whole, then it is refused', () => {
    for (const ratePpm of [-1, 1_000_001, 33_750.5, Number.NaN])
      expect(refused(initialState, schedule('2025-06-01', ratePpm)).code).toBe('RATE_OUT_OF_RANGE');
    expect(when(initialState, schedule('2025-06-01', 0))).toHaveLength(1);
    expect(when(initialState, schedule('2025-06-01', 1_000_000))).toHaveLength(1);
  });

  it('when no reason is given, then it is refused', () => {
    expect(refused(initialState, schedule('2025-06-01', 40_000, '   ')).code).toBe('REASON_REQUIRED');
    expect(refused(initialState, schedule('2025-06-01', 40_000, 'x'.repeat(501))).code).toBe(
      'REASON_REQUIRED',
    );
  });

  it('given the default fees, when staff change the built-in broker fees or the public contract fees, then the rules follow', () => {
    const brokerFees = when(initialState, {
      type: 'ChangeBuiltInBrokerFees',
      buyFeePpm: 10_000,
      sellFeePpm: 10_000,
      npcSellFeePpm: 30_000,
      reason: 'Broker Relations V is now the default',
    });
    const contractFees = when(initialState, {
      type: 'ChangePublicContractFees',
      brokerFeePpm: 10_000,
      salesTaxPpm: 6_000,
      reason: 'contract fees raised',
    });
    const rules = given(...brokerFees, ...contractFees);
    expect(rules.builtInBrokerFees).toEqual({ buyFeePpm: 10_000, sellFeePpm: 10_000, npcSellFeePpm: 30_000 });
    expect(rules.publicContractFees).toEqual({ brokerFeePpm: 10_000, salesTaxPpm: 6_000 });
    expect(
      refused(rules, {
        type: 'ChangePublicContractFees',
        brokerFeePpm: 10_000,
        salesTaxPpm: 6_000,
        reason: 'again',
      }).code,
    ).toBe('NO_CHANGE');
    expect(
      refused(initialState, {
        type: 'ChangeBuiltInBrokerFees',
        ...SPEC_TRADE_RULES.builtInBrokerFees,
        reason: 'same',
      }).code,
    ).toBe('NO_CHANGE');
  });
});
