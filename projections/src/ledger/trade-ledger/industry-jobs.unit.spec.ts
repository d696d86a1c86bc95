import { takeLedgerChanges } from './fifo-ledger';
import {
  manufacturingProfitRows,
  manufacturingResult,
  pendingSales,
  remainingStacks,
  tradeProfitRows,
  transactionQuantities,
} from './trade-ledger.queries';
import {
  bought,
  cancelled,
  CAPITAL_PART,
  day,
  delivered,
  FEELESS,
  given,
  PYERITE,
  RIFTER,
  RIFTER_BLUEPRINT,
  sold,
  TRITANIUM,
  when,
} from './trade-ledger.test-kit';

const minerals = [
  bought({ id: 1, date: day(1), quantity: 1_000, unitPrice: 5_00 }),
  bought({ id: 2, date: day(1), quantity: 500, unitPrice: 10_00 }, { typeId: PYERITE }),
];
/** 10 runs at ME 10: 900 Tritanium and 450 Pyerite make 10 Rifters, for a job cost of 100.00. */
const rifterJob = delivered({ id: 7_001, start: day(2), completed: day(3), cost: 100_00, runs: 10 }, 10, [
  [TRITANIUM, 900],
  [PYERITE, 450],
]);

describe('industry jobs in the ledger', () => {
  it('given bought minerals, when a T1 job is delivered and a product sold, then the sale is a manufacturing row at the job unit cost', () => {
    const state = given(FEELESS, ...minerals, rifterJob);

    when(state, sold({ id: 9, date: day(4), quantity: 4, unitPrice: 1_200_00 }, { typeId: RIFTER }));

    // (900 × 5.00 + 450 × 10.00 + 100.00) / 10 = 910.00 a Rifter
    expect(manufacturingResult(state, 7_001)).toMatchObject({
      quantity: 10,
      quantitySold: 4,
      quantityRemaining: 6,
      cost: 100_00,
      materialsCost: 9_000_00,
      totalCost: 9_100_00,
      materialsIncomplete: false,
      missingMaterials: [],
      materialCosts: [
        { typeId: TRITANIUM, quantity: 900, cost: 4_500_00, missing: 0 },
        { typeId: PYERITE, quantity: 450, cost: 4_500_00, missing: 0 },
      ],
    });
    expect(manufacturingProfitRows(state)).toEqual([
      expect.objectContaining({
        id: '9-0',
        quantitySold: 4,
        manufacturingCost: 3_640_00,
        sellGross: 4_800_00,
        profit: 1_160_00,
        costIncomplete: false,
        sources: [{ jobId: 7_001, quantity: 4, cost: 3_640_00 }],
      }),
    ]);
    expect(tradeProfitRows(state)).toEqual([]);
    expect(transactionQuantities(state, 1)).toMatchObject({ quantityConsumed: 900, quantityRemaining: 100 });
    expect(remainingStacks(state, PYERITE).bought).toEqual([
      expect.objectContaining({ quantityRemaining: 50 }),
    ]);
  });

  it('given a job cost that does not divide by the units, when they sell one by one, then the shares add up to the cost', () => {
    const state = given(
      FEELESS,
      delivered({ id: 7_002, start: day(2), completed: day(3), cost: 1_00 }, 3, []),
      sold({ id: 10, date: day(4), quantity: 1, unitPrice: 1_00 }, { typeId: RIFTER }),
      sold({ id: 11, date: day(4), quantity: 1, unitPrice: 1_00 }, { typeId: RIFTER }),
      sold({ id: 12, date: day(4), quantity: 1, unitPrice: 1_00 }, { typeId: RIFTER }),
    );

    expect(manufacturingProfitRows(state).map((row) => row.manufacturingCost)).toEqual([33, 34, 33]);
  });

  it('given materials bought after the job started, when it is delivered, then it cannot take them and is incomplete', () => {
    const state = given(
      FEELESS,
      bought({ id: 1, date: day(1), quantity: 300, unitPrice: 5_00 }),
      bought({ id: 3, date: day(2, '13:00:00'), quantity: 1_000, unitPrice: 5_00 }),
      rifterJob,
    );

    expect(manufacturingResult(state, 7_001)).toMatchObject({
      materialsCost: 1_500_00,
      missingMaterials: [
        { typeId: TRITANIUM, quantity: 600 },
        { typeId: PYERITE, quantity: 450 },
      ],
      materialsIncomplete: true,
    });
    expect(transactionQuantities(state, 3)).toMatchObject({ quantityConsumed: 0 });
  });

  it('given an incomplete job whose product sold, when it is re-processed with custom prices, then its cost and the row follow', () => {
    const state = given(
      FEELESS,
      bought({ id: 1, date: day(1), quantity: 1_000, unitPrice: 5_00 }),
      rifterJob,
      sold({ id: 9, date: day(4), quantity: 5, unitPrice: 1_200_00 }, { typeId: RIFTER }),
    );
    expect(manufacturingProfitRows(state)[0]).toMatchObject({
      manufacturingCost: 2_300_00,
      costIncomplete: true,
    });
    takeLedgerChanges(state);

    when(state, {
      type: 'IndustryJobReprocessed',
      jobId: 7_001,
      customUnitPrices: [{ typeId: PYERITE, unitPrice: 12_00 }],
      customRunPrice: null,
    });

    // 900 × 5.00 + 450 × 12.00 + 100.00 = 10,000.00 for 10 units; the row sold 5
    expect(manufacturingResult(state, 7_001)).toMatchObject({
      totalCost: 10_000_00,
      missingMaterials: [],
      materialsIncomplete: false,
    });
    expect(manufacturingProfitRows(state)[0]).toMatchObject({
      manufacturingCost: 5_000_00,
      costIncomplete: false,
    });
    const changes = takeLedgerChanges(state);
    expect([...changes.rowIds]).toEqual(['9-0']);
    expect([...changes.jobIds]).toEqual([7_001]);
  });

  it('given an incomplete job, when its input was bought later but dated before it and it is re-processed, then the stack covers it', () => {
    const state = given(FEELESS, minerals[0]!, rifterJob);

    when(
      state,
      bought({ id: 4, date: day(1, '18:00:00'), quantity: 450, unitPrice: 11_00 }, { typeId: PYERITE }),
      { type: 'IndustryJobReprocessed', jobId: 7_001, customUnitPrices: [], customRunPrice: null },
    );

    expect(manufacturingResult(state, 7_001)).toMatchObject({
      materialsCost: 9_450_00,
      materialsIncomplete: false,
    });
  });

  it('given a job delivered before its inputs were imported, when a buy dated before its start arrives, then the job takes it and its sale follows', () => {
    const state = given(
      FEELESS,
      rifterJob,
      sold({ id: 9, date: day(4), quantity: 5, unitPrice: 1_200_00 }, { typeId: RIFTER }),
    );
    expect(manufacturingResult(state, 7_001)).toMatchObject({ materialsIncomplete: true });
    takeLedgerChanges(state);

    when(state, ...minerals, bought({ id: 3, date: day(3), quantity: 10, unitPrice: 1_00 }));

    expect(manufacturingResult(state, 7_001)).toMatchObject({
      totalCost: 9_100_00,
      materialsIncomplete: false,
    });
    expect(manufacturingProfitRows(state)[0]).toMatchObject({
      manufacturingCost: 4_550_00,
      costIncomplete: false,
    });
    expect(transactionQuantities(state, 3)).toMatchObject({ quantityConsumed: 0 });
    expect(takeLedgerChanges(state).rowIds).toContain('9-0');
  });

  it('given a missing input with a default price, when the job is delivered, then the default price covers it', () => {
    const state = given(FEELESS, minerals[0]!);

    when(
      state,
      delivered(
        { id: 7_001, start: day(2), completed: day(3), cost: 100_00, runs: 10 },
        10,
        [
          [TRITANIUM, 900],
          [PYERITE, 450],
        ],
        { defaultUnitPrices: [{ typeId: PYERITE, unitPrice: 9_00 }] },
      ),
    );

    expect(manufacturingResult(state, 7_001)).toMatchObject({
      materialsCost: 8_550_00,
      missingMaterials: [],
      materialsIncomplete: false,
    });
  });

  it('given a component job, when a capital job takes its products, then the component cost carries up the chain', () => {
    const state = given(
      FEELESS,
      ...minerals,
      delivered({ id: 7_001, start: day(2), completed: day(3), cost: 100_00, product: CAPITAL_PART }, 10, [
        [TRITANIUM, 900],
        [PYERITE, 450],
      ]),
      delivered({ id: 7_002, start: day(4), completed: day(5), cost: 50_00 }, 1, [
        [CAPITAL_PART, 5],
        [TRITANIUM, 100],
      ]),
      sold({ id: 9, date: day(6), quantity: 1, unitPrice: 10_000_00 }, { typeId: RIFTER }),
    );

    // half the components (4,550.00) + 100 × 5.00 + 50.00 = 5,100.00
    expect(manufacturingResult(state, 7_002)).toMatchObject({ materialsCost: 5_050_00, totalCost: 5_100_00 });
    expect(manufacturingResult(state, 7_001)).toMatchObject({ quantityConsumed: 5, quantityRemaining: 5 });
    expect(manufacturingProfitRows(state)[0]).toMatchObject({
      manufacturingCost: 5_100_00,
      profit: 4_900_00,
    });

    // A buy broker fee set afterwards reaches the capital's sale through the component job.
    takeLedgerChanges(state);
    when(state, {
      type: 'BrokerFeeOverrideSaved',
      override: {
        overrideId: 'buy-fee',
        startDate: day(1, '00:00:00'),
        characterId: 90_000_001,
        typeId: null,
        buyFeePpm: 10_000,
        sellFeePpm: 0,
        npcSellFeePpm: 0,
      },
    });
    // 1% of each 5,000.00 buy is 50.00, 0.05 a unit: the component job's 900 + 450 units carry 90.00 more, so
    // half its products 4,595.00; the capital adds 100 × 5.05 and 50.00
    expect(manufacturingResult(state, 7_001)).toMatchObject({ totalCost: 9_190_00 });
    expect(manufacturingProfitRows(state)[0]).toMatchObject({ manufacturingCost: 5_150_00 });
    expect([...takeLedgerChanges(state).rowIds]).toContain('9-0');
  });

  it('given a copy job, when a job runs on one of its copies, then it pays its share of the copy cost per run', () => {
    const state = given(
      FEELESS,
      // Two copies of 10 runs each for 60.00: 3.00 a run.
      delivered(
        {
          id: 7_010,
          start: day(1),
          completed: day(2),
          cost: 60_00,
          activity: 5,
          product: RIFTER_BLUEPRINT,
          runs: 2,
        },
        20,
        [],
      ),
      delivered({ id: 7_011, start: day(3), completed: day(4), cost: 10_00, runs: 5 }, 5, [], {
        usesBlueprintCopy: true,
      }),
    );

    expect(manufacturingResult(state, 7_011)).toMatchObject({
      copiesCost: 15_00,
      totalCost: 25_00,
      missingRuns: 0,
    });
    expect(manufacturingResult(state, 7_010)).toMatchObject({
      makesBlueprintRuns: true,
      quantityConsumed: 5,
      quantityRemaining: 15,
    });
    expect(remainingStacks(state, RIFTER_BLUEPRINT).produced).toEqual([]);
  });

  it('given a job on a copy no copy job made, when delivered, then its runs are missing until a run price is given', () => {
    const state = given(
      FEELESS,
      delivered({ id: 7_011, start: day(3), completed: day(4), cost: 10_00, runs: 5 }, 5, [], {
        usesBlueprintCopy: true,
      }),
    );
    expect(manufacturingResult(state, 7_011)).toMatchObject({ missingRuns: 5, materialsIncomplete: true });

    when(state, { type: 'IndustryJobReprocessed', jobId: 7_011, customUnitPrices: [], customRunPrice: 2_50 });

    expect(manufacturingResult(state, 7_011)).toMatchObject({
      missingRuns: 0,
      copiesCost: 12_50,
      totalCost: 22_50,
      materialsIncomplete: false,
    });
  });

  it('given a cancelled job, when recorded, then it costs its fee and takes and makes nothing', () => {
    const state = given(
      FEELESS,
      ...minerals,
      cancelled({ id: 7_003, start: day(2), completed: day(3), cost: 40_00 }),
    );

    expect(manufacturingResult(state, 7_003)).toMatchObject({
      status: 'cancelled',
      quantity: 0,
      totalCost: 40_00,
      materialsCost: 0,
    });
    expect(transactionQuantities(state, 1)).toMatchObject({ quantityConsumed: 0 });
  });

  it('given a sale of more than was built, when it also finds a bought stack, then it splits into a trade row and a manufacturing row', () => {
    const state = given(
      FEELESS,
      bought({ id: 1, date: day(1), quantity: 2, unitPrice: 800_00 }, { typeId: RIFTER }),
      delivered({ id: 7_004, start: day(1), completed: day(2), cost: 900_00 }, 1, []),
    );

    when(state, sold({ id: 9, date: day(3), quantity: 3, unitPrice: 1_000_00 }, { typeId: RIFTER }));

    expect(tradeProfitRows(state)).toEqual([
      expect.objectContaining({ id: '9-0', quantitySold: 2, buyCost: 1_600_00 }),
    ]);
    expect(manufacturingProfitRows(state)).toEqual([
      expect.objectContaining({ id: '9-1', quantitySold: 1, manufacturingCost: 900_00, profit: 100_00 }),
    ]);
  });

  it('given a sale that went pending, when the job that made it is imported later, then it fills the sale', () => {
    const state = given(
      FEELESS,
      sold({ id: 9, date: day(4), quantity: 2, unitPrice: 1_000_00 }, { typeId: RIFTER }),
    );
    expect(pendingSales(state)).toHaveLength(1);

    when(state, delivered({ id: 7_004, start: day(1), completed: day(2), cost: 900_00 }, 2, []));

    expect(pendingSales(state)).toEqual([]);
    expect(manufacturingProfitRows(state)).toEqual([
      expect.objectContaining({ quantitySold: 2, manufacturingCost: 900_00 }),
    ]);
  });

  it('given a corporation job, when delivered, then it takes from the same inventory as a personal one', () => {
    const state = given(FEELESS, ...minerals);

    when(
      state,
      delivered(
        { id: 7_005, start: day(2), completed: day(3), cost: 100_00, corporationId: 98_000_001 },
        10,
        [[TRITANIUM, 900]],
      ),
    );

    expect(manufacturingResult(state, 7_005)).toMatchObject({ tracked: true, materialsCost: 4_500_00 });
    expect(transactionQuantities(state, 1)).toMatchObject({ quantityConsumed: 900 });
    expect(remainingStacks(state, RIFTER).produced).toEqual([expect.objectContaining({ jobId: 7_005 })]);
  });

  it('given a job completed before the wallet history, when delivered, then it is listed but takes and makes nothing', () => {
    const state = given(FEELESS, ...minerals);

    when(
      state,
      delivered({ id: 7_006, start: day(2), completed: day(3), cost: 100_00 }, 10, [[TRITANIUM, 900]], {
        beforeWalletHistory: true,
      }),
      sold({ id: 9, date: day(4), quantity: 1, unitPrice: 1_000_00 }, { typeId: RIFTER }),
    );

    expect(manufacturingResult(state, 7_006)).toMatchObject({ tracked: false, beforeWalletHistory: true });
    expect(transactionQuantities(state, 1)).toMatchObject({ quantityConsumed: 0 });
    expect(pendingSales(state)).toEqual([expect.objectContaining({ transactionId: 9 })]);
  });

  it('given a job delivered twice, when folded, then it counts once', () => {
    const state = given(FEELESS, ...minerals, rifterJob, rifterJob);

    expect(transactionQuantities(state, 1)).toMatchObject({ quantityConsumed: 900 });
  });

  it('given built units, when some are marked consumed, then sales skip them and the bound is what sales left', () => {
    const state = given(FEELESS, ...minerals, rifterJob);

    when(
      state,
      { type: 'JobQuantityConsumedSet', jobId: 7_001, quantityConsumed: 3 },
      { type: 'JobQuantityConsumedSet', jobId: 7_001, quantityConsumed: 1 },
      sold({ id: 9, date: day(4), quantity: 9, unitPrice: 1_000_00 }, { typeId: RIFTER }),
      { type: 'JobQuantityConsumedSet', jobId: 7_001, quantityConsumed: 50 },
    );

    expect(manufacturingResult(state, 7_001)).toMatchObject({
      quantitySold: 7,
      quantityConsumed: 3,
      quantityRemaining: 0,
    });
    expect(pendingSales(state)).toEqual([expect.objectContaining({ quantity: 2 })]);
  });
});
