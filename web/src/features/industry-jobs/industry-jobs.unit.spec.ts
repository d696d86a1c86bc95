import type { ManufacturingResultRow } from '../../shared/api';
import {
  activityName,
  consumedBounds,
  consumedEditable,
  consumedPatches,
  costsIncomplete,
  hasMissingInputs,
  industryJobFiltersOf,
  jobLineOf,
  jobNote,
  latestWrite,
  manufacturingResultsArgs,
  markedSoldOrConsumed,
  materialCostLines,
  ownerText,
  reprocessPatch,
  shownJob,
  withConsumed,
} from './industry-jobs';

function job(overrides: Partial<ManufacturingResultRow> = {}): ManufacturingResultRow {
  return {
    jobId: 3014270777262272,
    characterId: 2119000012,
    characterName: 'Dax Korrin',
    corporationId: null,
    activityId: 1,
    status: 'delivered',
    blueprintTypeId: 12795,
    blueprintTypeName: 'Caldari Control Tower Small Blueprint',
    productTypeId: 20060,
    productTypeName: 'Caldari Control Tower Small',
    runs: 10,
    completedDate: '2026-11-21T20:03:40Z',
    quantity: 10,
    quantitySold: 3,
    quantityConsumed: 2,
    quantityRemaining: 5,
    cost: 12797037,
    materialsCost: 165543693.47,
    copiesCost: 0,
    unitCost: 17834073.05,
    materialCosts: [
      { typeId: 34, quantity: 1000, totalCost: 5000.5, missing: 0 },
      { typeId: 35, quantity: 200, totalCost: 0, missing: 200 },
    ],
    materialTypeNames: { '34': 'Tritanium', '35': 'Pyerite' },
    missingMaterials: [],
    missingRuns: 0,
    materialsIncomplete: false,
    tracked: true,
    beforeWalletHistory: false,
    ...overrides,
  };
}

const incomplete = job({ missingMaterials: [{ typeId: 35, quantity: 200 }], materialsIncomplete: true });

describe('industry job rows (account-area §2 Industry Jobs, §3)', () => {
  it('names the activities by their ids, Reactions for 9 and 11, Unknown otherwise', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 11].map(activityName)).toEqual([
      'Manufacturing',
      'Researching Technology',
      'Researching Time Efficiency',
      'Researching Material Efficiency',
      'Copying',
      'Duplicating',
      'Reverse Engineering',
      'Invention',
      'Reactions',
      'Reactions',
    ]);
    expect(activityName(10)).toBe('Unknown');
    expect(activityName(0)).toBe('Unknown');
  });

  it("shows a corporation's job as Corp and a character's own as Personal", () => {
    expect(ownerText(job())).toBe('Personal');
    expect(ownerText(job({ corporationId: 98770002 }))).toBe('Corp');
  });

  it('marks costs incomplete for missing materials or missing blueprint runs', () => {
    expect(costsIncomplete(job())).toBe(false);
    expect(costsIncomplete(incomplete)).toBe(true);
    expect(costsIncomplete(job({ missingRuns: 2 }))).toBe(true);
  });

  it('offers Missing inputs only for a costed job that misses materials or runs', () => {
    expect(hasMissingInputs(job())).toBe(false);
    expect(hasMissingInputs(incomplete)).toBe(true);
    expect(hasMissingInputs(job({ missingRuns: 1 }))).toBe(true);
    expect(hasMissingInputs({ ...incomplete, tracked: false, beforeWalletHistory: true })).toBe(false);
    expect(hasMissingInputs({ ...incomplete, status: 'cancelled' })).toBe(false);
  });

  it('says why a job is not costed', () => {
    expect(jobNote(job())).toBeNull();
    expect(jobNote(job({ corporationId: 98770002 }))).toBeNull();
    expect(jobNote(job({ status: 'cancelled', quantity: 0 }))).toBe('Cancelled');
    expect(jobNote(job({ tracked: false, beforeWalletHistory: true }))).toBe('Before wallet history');
  });

  it('breaks the materials cost down by item, with the units no stack or price covers', () => {
    expect(materialCostLines(incomplete)).toEqual([
      { typeId: 34, typeName: 'Tritanium', totalCostCents: 500050, unpricedUnits: 0 },
      { typeId: 35, typeName: 'Pyerite', totalCostCents: 0, unpricedUnits: 200 },
    ]);
    expect(materialCostLines(job({ materialTypeNames: {} }))[0]!.typeName).toBe('Type 34');
  });
});

describe('Consumed (account-area §4 Quantity rules: bound is quantity minus sold)', () => {
  it('can only be raised, up to produced minus sold, on tracked delivered jobs that made something', () => {
    expect(consumedBounds(job())).toEqual({ min: 2, max: 7 });
    expect(consumedBounds(job({ quantitySold: 10, quantityConsumed: 0 }))).toEqual({ min: 0, max: 0 });
    expect(consumedEditable(job())).toBe(true);
    expect(consumedEditable(job({ tracked: false, beforeWalletHistory: true }))).toBe(false);
    expect(consumedEditable(job({ status: 'cancelled', quantity: 0 }))).toBe(false);
  });

  it('holds an edit within its bounds, floored, and recomputes what remains', () => {
    const line = jobLineOf(job());
    expect(withConsumed(line, 4.9).consumed).toBe(4);
    expect(withConsumed(line, 0).consumed).toBe(2);
    expect(withConsumed(line, 50).consumed).toBe(7);
    expect(shownJob(withConsumed(line, 4))).toMatchObject({ quantityConsumed: 4, quantityRemaining: 3 });
    expect(shownJob(line)).toBe(line.row);
  });

  it("'Mark as Sold / Consumed' sets consumed to produced minus sold", () => {
    expect(shownJob(markedSoldOrConsumed(jobLineOf(job())))).toMatchObject({
      quantityConsumed: 7,
      quantityRemaining: 0,
    });
  });

  it('sends one patch per raised job, and nothing for an unchanged one', () => {
    const other = job({ jobId: 2, quantityConsumed: 0 });
    expect(consumedPatches([withConsumed(jobLineOf(job()), 5), withConsumed(jobLineOf(other), 0)])).toEqual([
      { jobId: job().jobId, quantityConsumed: 5 },
    ]);
  });

  it('shows several writes at the latest position any of them appended', () => {
    expect(latestWrite([{ position: 12 }, { position: null }, { position: 30 }])).toEqual({ position: 30 });
    expect(latestWrite([{ position: null }])).toEqual({ position: null });
    expect(latestWrite([])).toEqual({ position: null });
  });
});

describe('Re-process Job (account-area §3 Reprocess patch, §5 min 0, step 0.01)', () => {
  const both = job({
    missingMaterials: [
      { typeId: 35, quantity: 200 },
      { typeId: 36, quantity: 5 },
    ],
    missingRuns: 3,
  });

  it('sends the prices given for missing materials in ISK to the cent, and the price per run', () => {
    expect(reprocessPatch(both, { unitPrices: { 35: '4.255', 36: '1000' }, runPrice: '250000.5' })).toEqual({
      jobId: both.jobId,
      customUnitPrices: [
        { typeId: 35, unitPrice: 4.26 },
        { typeId: 36, unitPrice: 1000 },
      ],
      customRunPrice: 250000.5,
    });
  });

  it('leaves out empty, negative or non-numeric prices, and a run price when no run is missing', () => {
    expect(reprocessPatch(both, { unitPrices: { 35: '', 36: '-1' }, runPrice: 'x' })).toEqual({
      jobId: both.jobId,
      customUnitPrices: [],
      customRunPrice: null,
    });
    expect(reprocessPatch(incomplete, { unitPrices: { 35: '0' }, runPrice: '12' })).toEqual({
      jobId: incomplete.jobId,
      customUnitPrices: [{ typeId: 35, unitPrice: 0 }],
      customRunPrice: null,
    });
  });
});

describe('the list call', () => {
  it('asks for one page with the filters, the owner (All sends none) and the last edit’s position', () => {
    expect(
      manufacturingResultsArgs('acc', { item: ' tower ', characterId: 7, owner: 'corporation' }, 2, 10, 99),
    ).toEqual({
      account: 'acc',
      start: 20,
      count: 10,
      filter: 'tower',
      characterId: 7,
      ownerFilter: 'corporation',
      position: 99,
    });
    expect(
      manufacturingResultsArgs('acc', { item: '', characterId: null, owner: 'all' }, 0, 40, null),
    ).toEqual({ account: 'acc', start: 0, count: 40 });
  });

  it('takes the item filter of Item Analysis’s shift-click link from the address', () => {
    expect(industryJobFiltersOf(new URLSearchParams('filter=Caldari%20Control%20Tower'))).toEqual({
      item: 'Caldari Control Tower',
      characterId: null,
      owner: 'all',
    });
  });
});
