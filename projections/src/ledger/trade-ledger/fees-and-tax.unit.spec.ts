import { DEFAULT_BUILT_IN_BROKER_FEES, type BrokerFeeOverride } from './broker-fees';
import { DEFAULT_TRADE_LEDGER_CONFIG } from './fifo-ledger';
import { brokerFeeOverrideRows, tradeProfitRows, transactionQuantities } from './trade-ledger.queries';
import { type TradeLedgerConfig, type TradeLedgerInput } from './trade-ledger.types';
import {
  ALT,
  bought,
  day,
  given,
  JITA_STATION,
  MAIN,
  NO_FEES,
  PYERITE,
  sold,
  TRITANIUM,
  UPWELL_STRUCTURE,
  when,
} from './trade-ledger.test-kit';

const UNTAXED_DEFAULT_FEES: TradeLedgerConfig = {
  salesTaxHistory: [{ from: '0000-01-01', ratePpm: 0 }],
  builtInBrokerFees: DEFAULT_BUILT_IN_BROKER_FEES,
  publicContractFees: DEFAULT_TRADE_LEDGER_CONFIG.publicContractFees,
};
const UNTAXED_FEELESS: TradeLedgerConfig = {
  salesTaxHistory: [{ from: '0000-01-01', ratePpm: 0 }],
  builtInBrokerFees: [{ typeId: null, ...NO_FEES }],
  publicContractFees: DEFAULT_TRADE_LEDGER_CONFIG.publicContractFees,
};

const override = (fields: Partial<BrokerFeeOverride> & Pick<BrokerFeeOverride, 'overrideId' | 'startDate'>) =>
  ({
    type: 'BrokerFeeOverrideSaved',
    override: { characterId: MAIN, typeId: null, ...NO_FEES, ...fields },
  }) satisfies TradeLedgerInput;

const taxed = (
  transactionId: number,
  taxPaid: number,
  journalEntryId = transactionId * 10,
): TradeLedgerInput => ({
  type: 'SalesTaxRecorded',
  journalEntryId,
  transactionId,
  taxPaid,
});

describe('broker fees and sales tax', () => {
  describe('with the built-in rows (0.5% buy, 0.5% sell, 3.5% NPC-station sell) and the dated tax rate', () => {
    const withStockAtJita = () =>
      given(DEFAULT_TRADE_LEDGER_CONFIG, bought({ id: 1, date: day(1), quantity: 100, unitPrice: 10_00 }));

    it('given 100 bought at 10.00, when 100 sell at 12.00 in an NPC station, then profit is 112.50', () => {
      const state = withStockAtJita();

      when(
        state,
        sold({ id: 2, date: day(2), quantity: 100, unitPrice: 12_00 }, { locationId: JITA_STATION }),
      );

      // buy fee 0.5% × 1,000.00 = 5.00; NPC sell fee 3.5% × 1,200.00 = 42.00; tax 3.375% × 1,200.00 = 40.50
      expect(tradeProfitRows(state)[0]).toMatchObject({
        buyCost: 1_000_00,
        buyBrokerFee: 5_00,
        sellGross: 1_200_00,
        sellBrokerFee: 42_00,
        sellTax: 40_50,
        profit: 112_50,
        margin: 0.09375,
      });
      expect(transactionQuantities(state, 2)).toMatchObject({
        brokerFee: 42_00,
        salesTax: 40_50,
        salesTaxSource: 'rate',
      });
    });

    it('given the same stock, when it sells in an Upwell structure, then the 0.5% sell rate applies', () => {
      const state = withStockAtJita();

      when(
        state,
        sold({ id: 2, date: day(2), quantity: 100, unitPrice: 12_00 }, { locationId: UPWELL_STRUCTURE }),
      );

      // 1,200.00 − 40.50 − 6.00 − 1,000.00 − 5.00
      expect(tradeProfitRows(state)[0]).toMatchObject({ sellBrokerFee: 6_00, profit: 148_50 });
    });

    it('lists the built-in rows apart from the overrides', () => {
      expect(brokerFeeOverrideRows(given(DEFAULT_TRADE_LEDGER_CONFIG))).toEqual({
        builtIn: [{ typeId: null, buyFeePpm: 5_000, sellFeePpm: 5_000, npcSellFeePpm: 35_000 }],
        overrides: [],
      });
    });
  });

  describe('sales tax: the journal row when there is one, else the rate in force on the sale date', () => {
    const sale = (id: number, date: string) => sold({ id, date, quantity: 100, unitPrice: 10_00 });
    const taxOf = (date: string) =>
      transactionQuantities(given(DEFAULT_TRADE_LEDGER_CONFIG, sale(1, date)), 1)!;

    it('given no journal row, when a 1,000.00 sale is recorded, then the dated rate decides the tax', () => {
      expect(taxOf('2025-05-02T12:00:00Z').salesTax).toBe(33_75);
      expect(taxOf('2025-03-13T00:00:00Z').salesTax).toBe(33_75);
      expect(taxOf('2025-03-12T23:59:59Z').salesTax).toBe(20_25);
      expect(taxOf('2024-08-01T12:00:00Z').salesTax).toBe(20_25);
      expect(taxOf('2022-01-01T12:00:00Z').salesTax).toBe(36_00);
      expect(taxOf('2021-08-01T12:00:00Z').salesTax).toBe(11_25);
      expect(taxOf('2020-01-01T12:00:00Z').salesTax).toBe(22_50);
      expect(taxOf('2019-01-01T12:00:00Z').salesTax).toBe(10_00);
    });

    it('given a matched sale taxed by rate, when its journal row arrives, then the row takes the journal amount', () => {
      const state = given(
        DEFAULT_TRADE_LEDGER_CONFIG,
        bought({ id: 1, date: day(1), quantity: 100, unitPrice: 9_00 }),
        sale(2, day(2)),
      );
      expect(tradeProfitRows(state)[0]!.sellTax).toBe(33_75);

      when(state, taxed(2, 36_00));

      expect(tradeProfitRows(state)[0]!.sellTax).toBe(36_00);
      expect(transactionQuantities(state, 2)).toMatchObject({ salesTax: 36_00, salesTaxSource: 'journal' });
    });

    it('given a journal row that came first, when its sale is recorded, then the journal amount is used from the start', () => {
      const state = given(DEFAULT_TRADE_LEDGER_CONFIG, taxed(2, 36_00));

      when(state, sale(2, day(2)));

      expect(transactionQuantities(state, 2)).toMatchObject({ salesTax: 36_00, salesTaxSource: 'journal' });
    });

    it('given two journal rows for one sale and one delivered twice, when summed, then each row counts once', () => {
      const state = given(DEFAULT_TRADE_LEDGER_CONFIG, sale(2, day(2)));

      when(state, taxed(2, 20_00, 501), taxed(2, 16_00, 502), taxed(2, 16_00, 502));

      expect(transactionQuantities(state, 2)!.salesTax).toBe(36_00);
    });
  });

  describe('broker fee overrides: per character, optionally per item, effective from a date', () => {
    const overrides = [
      override({
        overrideId: 'main',
        startDate: '2025-05-10T00:00:00Z',
        buyFeePpm: 10_000,
        sellFeePpm: 20_000,
        npcSellFeePpm: 30_000,
      }),
      override({ overrideId: 'main-pyerite', startDate: '2025-05-20T00:00:00Z', typeId: PYERITE }),
    ];
    const thousandIskBuy = (id: number, date: string, characterId: number, typeId: number) =>
      bought({ id, date, quantity: 100, unitPrice: 10_00 }, { characterId, typeId });
    const buyFeeOf = (input: TradeLedgerInput, ...more: TradeLedgerInput[]) =>
      transactionQuantities(given(UNTAXED_DEFAULT_FEES, ...overrides, ...more, input), 1)!.brokerFee;

    it('given a character override from 10 May, when a buy is a second before, then the built-in 0.5% applies', () => {
      expect(buyFeeOf(thousandIskBuy(1, '2025-05-09T23:59:59Z', MAIN, TRITANIUM))).toBe(5_00);
    });

    it('given the same override, when a buy is at its start instant, then its 1% applies', () => {
      expect(buyFeeOf(thousandIskBuy(1, '2025-05-10T00:00:00Z', MAIN, TRITANIUM))).toBe(10_00);
    });

    it('given an item override from 20 May, when the item is bought before that, then the character override applies', () => {
      expect(buyFeeOf(thousandIskBuy(1, day(15), MAIN, PYERITE))).toBe(10_00);
    });

    it('given the item override in force, when the item is bought, then it beats the character override', () => {
      expect(buyFeeOf(thousandIskBuy(1, day(21), MAIN, PYERITE))).toBe(0);
      expect(buyFeeOf(thousandIskBuy(1, day(21), MAIN, TRITANIUM))).toBe(10_00);
    });

    it('given a newer character override, when the item with an older item override is bought, then the item override still wins', () => {
      const newer = override({
        overrideId: 'main-later',
        startDate: '2025-05-25T00:00:00Z',
        buyFeePpm: 20_000,
      });
      expect(buyFeeOf(thousandIskBuy(1, day(26), MAIN, PYERITE), newer)).toBe(0);
      expect(buyFeeOf(thousandIskBuy(1, day(26), MAIN, TRITANIUM), newer)).toBe(20_00);
    });

    it('given overrides for one character, when another character buys, then the built-in row applies', () => {
      expect(buyFeeOf(thousandIskBuy(1, day(21), ALT, TRITANIUM))).toBe(5_00);
    });

    it('given the character override, when sales happen, then NPC stations take the NPC rate and structures the sell rate', () => {
      const state = given(
        UNTAXED_DEFAULT_FEES,
        ...overrides,
        sold({ id: 1, date: day(21), quantity: 100, unitPrice: 10_00 }, { locationId: JITA_STATION }),
        sold({ id: 2, date: day(21), quantity: 100, unitPrice: 10_00 }, { locationId: UPWELL_STRUCTURE }),
      );

      expect(transactionQuantities(state, 1)!.brokerFee).toBe(30_00);
      expect(transactionQuantities(state, 2)!.brokerFee).toBe(20_00);
    });

    it('given a matched sale, when an override covering it is added and later removed, then fees follow', () => {
      const state = given(
        UNTAXED_DEFAULT_FEES,
        bought({ id: 1, date: day(1), quantity: 100, unitPrice: 10_00 }),
        sold({ id: 2, date: day(2), quantity: 100, unitPrice: 12_00 }, { locationId: JITA_STATION }),
      );
      expect(tradeProfitRows(state)[0]).toMatchObject({
        buyBrokerFee: 5_00,
        sellBrokerFee: 42_00,
        profit: 153_00,
      });

      when(
        state,
        override({ overrideId: 'cheap', startDate: '2025-05-01T00:00:00Z', npcSellFeePpm: 10_000 }),
      );
      // 1,200.00 − 12.00 − 1,000.00
      expect(tradeProfitRows(state)[0]).toMatchObject({
        buyBrokerFee: 0,
        sellBrokerFee: 12_00,
        profit: 188_00,
      });
      expect(brokerFeeOverrideRows(state).overrides.map((row) => row.overrideId)).toEqual(['cheap']);

      when(state, { type: 'BrokerFeeOverrideRemoved', overrideId: 'cheap' });
      expect(tradeProfitRows(state)[0]).toMatchObject({
        buyBrokerFee: 5_00,
        sellBrokerFee: 42_00,
        profit: 153_00,
      });
    });
  });

  describe('fees and tax are split per unit and add up to the cent', () => {
    it('given a buy of 3 at 33.33 with a 1.00 fee, when three sales take one unit each, then the fee splits 0.33 + 0.34 + 0.33', () => {
      // 1% of 99.99 is 0.9999, rounded to 1.00
      const state = given(
        UNTAXED_FEELESS,
        override({ overrideId: 'one-percent', startDate: '2025-01-01T00:00:00Z', buyFeePpm: 10_000 }),
        bought({ id: 1, date: day(1), quantity: 3, unitPrice: 33_33 }),
        sold({ id: 2, date: day(2), quantity: 1, unitPrice: 40_00 }),
        sold({ id: 3, date: day(3), quantity: 1, unitPrice: 40_00 }),
        sold({ id: 4, date: day(4), quantity: 1, unitPrice: 40_00 }),
      );

      expect(transactionQuantities(state, 1)!.brokerFee).toBe(1_00);
      expect(tradeProfitRows(state).map((row) => row.buyBrokerFee)).toEqual([33, 34, 33]);
    });

    it('given a buy of 7 with a 1.00 fee, when sales take 1, 2 and 3 and one unit is consumed, then rows carry 0.14 + 0.29 + 0.43 and the consumed unit the last 0.14', () => {
      // 7 × 10.00 × 1.4286% = 1.000 02, rounded to 1.00; running shares round(100 × k / 7) = 14, 43, 86, 100
      const state = given(
        UNTAXED_FEELESS,
        override({ overrideId: 'odd', startDate: '2025-01-01T00:00:00Z', buyFeePpm: 14_286 }),
        bought({ id: 1, date: day(1), quantity: 7, unitPrice: 10_00 }),
        sold({ id: 2, date: day(2), quantity: 1, unitPrice: 20_00 }),
        sold({ id: 3, date: day(3), quantity: 2, unitPrice: 20_00 }),
        sold({ id: 4, date: day(4), quantity: 3, unitPrice: 20_00 }),
        { type: 'BuyQuantityConsumedSet', transactionId: 1, quantityConsumed: 1 },
      );

      expect(transactionQuantities(state, 1)!.brokerFee).toBe(1_00);
      expect(tradeProfitRows(state).map((row) => row.buyBrokerFee)).toEqual([14, 29, 43]);
    });

    it('given a sale of 3 taxed 1.00 by the journal, when one unit matches now and two by custom price later, then tax splits 0.33 + 0.67', () => {
      const state = given(
        UNTAXED_FEELESS,
        bought({ id: 1, date: day(1), quantity: 1, unitPrice: 10_00 }),
        taxed(2, 1_00),
        sold({ id: 2, date: day(2), quantity: 3, unitPrice: 33_33 }),
        { type: 'PendingSaleCostSet', transactionId: 2, unitBuyPrice: 10_00 },
      );

      const rows = tradeProfitRows(state);
      expect(rows.map((row) => [row.quantitySold, row.sellGross, row.sellTax])).toEqual([
        [1, 33_33, 33],
        [2, 66_66, 67],
      ]);
      // 33.33 − 0.33 − 10.00 and 66.66 − 0.67 − 20.00
      expect(rows.map((row) => row.profit)).toEqual([23_00, 45_99]);
    });
  });
});
