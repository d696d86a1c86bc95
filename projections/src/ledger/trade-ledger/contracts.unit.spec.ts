import { takeLedgerChanges } from './fifo-ledger';
import {
  boughtContractItem,
  contractItemEditBounds,
  contractProfitRow,
  contractProfitRows,
  remainingStacks,
  tradeProfitRows,
  transactionQuantities,
} from './trade-ledger.queries';
import {
  bought,
  contractBought,
  contractSold,
  day,
  delivered,
  FEELESS,
  given,
  PYERITE,
  RIFTER,
  sold,
  TRITANIUM,
  when,
} from './trade-ledger.test-kit';

const MEXALLON = 36;

describe('contracts in the ledger (docs/profit-rules.md §15)', () => {
  it('given bought units, when a public contract sells them, then its row costs them FIFO with 0.95% broker fee and 0.5% tax', () => {
    const state = given(
      FEELESS,
      bought({ id: 1, date: day(1), quantity: 600, unitPrice: 5_00 }),
      bought({ id: 2, date: day(2), quantity: 600, unitPrice: 6_00 }),
      bought({ id: 3, date: day(2), quantity: 100, unitPrice: 10_00 }, { typeId: PYERITE }),
    );

    when(
      state,
      contractSold({ id: 500, issued: day(3), accepted: day(5), amount: 9_000_00, availability: 'public' }, [
        [1, TRITANIUM, 1_000],
        [2, PYERITE, 100],
      ]),
    );

    // 600 × 5.00 + 400 × 6.00 + 100 × 10.00 = 6,400.00; fee 9,000 × 0.95% = 85.50; tax 9,000 × 0.5% = 45.00
    expect(contractProfitRow(state, 500)).toEqual({
      contractId: 500,
      characterId: expect.any(Number),
      date: day(5),
      availability: 'public',
      materialCosts: [
        { typeId: TRITANIUM, quantity: 1_000, cost: 5_400_00, missing: 0 },
        { typeId: PYERITE, quantity: 100, cost: 1_000_00, missing: 0 },
      ],
      missingMaterials: [],
      materialsIncomplete: false,
      totalCost: 6_400_00,
      sellGross: 9_000_00,
      sellBrokerFee: 85_50,
      sellTax: 45_00,
      sellBrokerFeeSource: 'rule',
      sellTaxSource: 'rule',
      profit: 2_469_50,
    });
    expect(transactionQuantities(state, 2)).toMatchObject({ quantitySold: 400, quantityRemaining: 200 });
  });

  it('given a private contract sold, then the broker fee is a flat 10,000 ISK and no tax, unless the journal says otherwise', () => {
    const state = given(
      FEELESS,
      bought({ id: 1, date: day(1), quantity: 100, unitPrice: 1_000_00 }),
      contractSold({ id: 501, issued: day(2), accepted: day(3), amount: 150_000_00 }, [[1, TRITANIUM, 100]]),
    );
    expect(contractProfitRow(state, 501)).toMatchObject({
      totalCost: 100_000_00,
      sellBrokerFee: 10_000_00,
      sellTax: 0,
      profit: 40_000_00,
    });

    takeLedgerChanges(state);
    when(state, {
      type: 'ContractFeeRecorded',
      journalEntryId: 77,
      contractId: 501,
      fee: 'brokerFee',
      amount: 12_345_67,
    });

    expect(takeLedgerChanges(state).contractIds).toEqual(new Set([501]));
    expect(contractProfitRow(state, 501)).toMatchObject({
      sellBrokerFee: 12_345_67,
      sellBrokerFeeSource: 'journal',
      sellTax: 0,
      sellTaxSource: 'rule',
      profit: 37_654_33,
    });
  });

  it('given a contract sold with items not held at its issue, then the row is incomplete until a buy dated before the issue arrives', () => {
    const state = given(
      FEELESS,
      bought({ id: 1, date: day(1), quantity: 40, unitPrice: 5_00 }),
      bought({ id: 2, date: day(4), quantity: 100, unitPrice: 50_00 }),
      contractSold({ id: 502, issued: day(3), accepted: day(5), amount: 1_000_00 }, [[1, TRITANIUM, 100]]),
    );
    expect(contractProfitRow(state, 502)).toMatchObject({
      materialCosts: [{ typeId: TRITANIUM, quantity: 100, cost: 200_00, missing: 60 }],
      missingMaterials: [{ typeId: TRITANIUM, quantity: 60 }],
      materialsIncomplete: true,
    });

    // A wallet synced late: a buy on day 2 fills the 60 missing units.
    when(state, bought({ id: 3, date: day(2), quantity: 60, unitPrice: 7_00 }));

    expect(contractProfitRow(state, 502)).toMatchObject({
      materialCosts: [{ typeId: TRITANIUM, quantity: 100, cost: 620_00, missing: 0 }],
      missingMaterials: [],
      materialsIncomplete: false,
      totalCost: 620_00,
    });
    expect(transactionQuantities(state, 2)).toMatchObject({ quantitySold: 0 });
  });

  it('given a contract bought with items of three types, then each line costs its appraised share, summing to the price', () => {
    const state = given(
      FEELESS,
      contractBought(
        { id: 600, issued: day(1), accepted: day(2), amount: 1_000_000_00 },
        [
          [11, TRITANIUM, 10_000],
          [12, PYERITE, 3_000],
          [13, MEXALLON, 1],
        ],
        [
          [TRITANIUM, 'MARKET_ORDERS', 4_00],
          [PYERITE, 'ESI_PRICE', 10_00],
          [MEXALLON, 'BLUEPRINT', 0],
        ],
      ),
    );

    // Values 40,000.00 and 30,000.00: 4/7 and 3/7 of 1,000,000.00; the third cent goes to the larger remainder.
    expect(boughtContractItem(state, 11)).toMatchObject({
      cost: 571_428_57,
      appraisalMethod: 'MARKET_ORDERS',
      appraisedUnitPrice: 4_00,
      quantityRemaining: 10_000,
    });
    expect(boughtContractItem(state, 12)).toMatchObject({
      cost: 428_571_43,
      appraisalMethod: 'ESI_PRICE',
      appraisedUnitPrice: 10_00,
    });
    expect(boughtContractItem(state, 13)).toMatchObject({
      cost: 0,
      appraisalMethod: 'BLUEPRINT',
      appraisedUnitPrice: null,
    });
  });

  it('given a contract of one type bought, then it is a single item contract priced by quantity', () => {
    const state = given(
      FEELESS,
      contractBought({ id: 601, issued: day(1), accepted: day(2), amount: 100_00 }, [
        [21, TRITANIUM, 2],
        [22, TRITANIUM, 1],
      ]),
    );
    expect(boughtContractItem(state, 21)).toMatchObject({ cost: 66_67, appraisalMethod: 'SINGLE_ITEM_TYPE' });
    expect(boughtContractItem(state, 22)).toMatchObject({ cost: 33_33, appraisalMethod: 'SINGLE_ITEM_TYPE' });
  });

  it('given items bought through a contract, when sold on the market, then the trade row costs their share', () => {
    const state = given(
      FEELESS,
      contractBought({ id: 602, issued: day(1), accepted: day(2), amount: 300_00 }, [[31, TRITANIUM, 3]]),
    );

    when(state, sold({ id: 9, date: day(3), quantity: 2, unitPrice: 150_00 }));

    expect(tradeProfitRows(state)).toEqual([
      expect.objectContaining({
        quantitySold: 2,
        buyCost: 200_00,
        profit: 100_00,
        sources: [{ kind: 'contract', contractId: 602, itemId: 31, quantity: 2, cost: 200_00 }],
      }),
    ]);
    expect(boughtContractItem(state, 31)).toMatchObject({ quantitySold: 2, quantityRemaining: 1 });
    expect(remainingStacks(state, TRITANIUM).contracted).toEqual([
      { itemId: 31, contractId: 602, date: day(2), quantityRemaining: 1 },
    ]);
  });

  it('given a bought contract item, then quantity consumed is raised only, up to quantity − sold', () => {
    const state = given(
      FEELESS,
      contractBought({ id: 603, issued: day(1), accepted: day(2), amount: 500_00 }, [[41, TRITANIUM, 5]]),
      sold({ id: 9, date: day(3), quantity: 2, unitPrice: 150_00 }),
    );
    expect(contractItemEditBounds(state, 41)).toEqual({ field: 'quantityConsumed', minimum: 0, maximum: 3 });

    when(state, { type: 'ContractItemQuantityConsumedSet', itemId: 41, quantityConsumed: 9 });

    expect(boughtContractItem(state, 41)).toMatchObject({ quantityConsumed: 3, quantityRemaining: 0 });
    when(state, { type: 'ContractItemQuantityConsumedSet', itemId: 41, quantityConsumed: 1 });
    expect(boughtContractItem(state, 41)).toMatchObject({ quantityConsumed: 3 });
  });

  it('given products of a job, when a contract sells them, then the row costs the job share and follows a job recost', () => {
    const state = given(
      FEELESS,
      bought({ id: 1, date: day(1), quantity: 900, unitPrice: 5_00 }),
      delivered({ id: 7_001, start: day(2), completed: day(3), cost: 100_00, runs: 10 }, 10, [
        [TRITANIUM, 900],
        [PYERITE, 450],
      ]),
      contractSold({ id: 503, issued: day(4), accepted: day(5), amount: 20_000_00 }, [[1, RIFTER, 10]]),
    );
    // Pyerite is missing: the job is incomplete, so the contract row is too.
    expect(contractProfitRow(state, 503)).toMatchObject({ totalCost: 4_600_00, materialsIncomplete: true });

    when(state, bought({ id: 2, date: day(1), quantity: 450, unitPrice: 10_00 }, { typeId: PYERITE }));

    expect(contractProfitRow(state, 503)).toMatchObject({ totalCost: 9_100_00, materialsIncomplete: false });
  });

  it('records a contract once: a second completion of the same contract does nothing', () => {
    const sale = contractSold({ id: 504, issued: day(2), accepted: day(3), amount: 100_00 }, [
      [1, TRITANIUM, 1],
    ]);
    const state = given(FEELESS, bought({ id: 1, date: day(1), quantity: 2, unitPrice: 10_00 }), sale);
    when(state, sale);
    expect(contractProfitRows(state)).toHaveLength(1);
    expect(transactionQuantities(state, 1)).toMatchObject({ quantitySold: 1 });
  });
});
