import type {
  CharacterBlueprintsImported,
  EsiBlueprint,
  EsiCharacterIndustryJob,
  EsiCorporationIndustryJob,
  IndustryJobBill,
  IndustryJobsImported,
} from '@tradewise/contracts';
import {
  NO_BLUEPRINTS,
  NO_INDUSTRY_JOBS,
  decideBlueprints,
  decideIndustryJobs,
  evolveBlueprints,
  evolveIndustryJobs,
  type BlueprintsState,
  type IndustryJobsState,
  type RecordedBlueprintEvent,
  type RecordedIndustryEvent,
} from './industry-import.decider';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const DAX = 2119000012;
const CORPORATION = 98770002;
const T1 = '2026-11-20T10:00:00.000Z';
const T2 = '2026-11-20T11:01:00.000Z';
const T3 = '2026-11-20T12:02:00.000Z';

const job = (
  jobId: number,
  status: EsiCharacterIndustryJob['status'],
  extra: Partial<EsiCharacterIndustryJob> = {},
): EsiCharacterIndustryJob => ({
  job_id: jobId,
  installer_id: DAX,
  facility_id: 60003760,
  station_id: 60003760,
  activity_id: 1,
  blueprint_id: 1_040_000_000_001,
  blueprint_type_id: 1002,
  blueprint_location_id: 60003760,
  output_location_id: 60003760,
  runs: 10,
  cost: 1234567.89,
  licensed_runs: 10,
  product_type_id: 1001,
  status,
  duration: 36_000,
  start_date: '2026-11-20T08:00:00Z',
  end_date: '2026-11-20T18:00:00Z',
  ...extra,
});

const delivered = (jobId: number): EsiCharacterIndustryJob =>
  job(jobId, 'delivered', {
    completed_date: '2026-11-20T19:00:00Z',
    completed_character_id: DAX,
    successful_runs: 10,
  });

const jobs = (
  fetchedAt: string,
  list: (EsiCharacterIndustryJob | EsiCorporationIndustryJob)[],
  corporationId: number | null = null,
): IndustryJobsImported => ({ accountId: ACCOUNT, characterId: DAX, corporationId, fetchedAt, jobs: list });

/** Given these batches were recorded: the stream's state, folded as the runner folds it. */
function given(...batches: IndustryJobsImported[]): IndustryJobsState {
  let state = NO_INDUSTRY_JOBS;
  for (const batch of batches) {
    for (const event of decideIndustryJobs(state, batch)) state = evolveIndustryJobs(state, event);
  }
  return state;
}

const summary = (events: RecordedIndustryEvent[]) =>
  events.map((e) =>
    e.type === 'IndustryJobBillResolved'
      ? { type: e.type, jobId: e.data.bill.jobId, source: e.source }
      : { type: e.type, jobId: e.data.jobId, status: e.data.status, source: e.source },
  );

const bill = (jobId: number): IndustryJobBill => ({
  jobId,
  materials: [{ typeId: 34, quantity: 900 }],
  productQuantity: 10,
  usesBlueprintCopy: false,
  defaultUnitPrices: [],
  basis: {
    materialEfficiency: 10,
    structure: null,
    reactionBonusPercent: null,
    defaultPriceRegionId: null,
    defaultPriceFactor: null,
  },
});

describe('industry jobs decider', () => {
  it('given an empty stream, when jobs are read, then each is recorded once with its fields in cents', () => {
    const events = decideIndustryJobs(
      NO_INDUSTRY_JOBS,
      jobs(T1, [job(2, 'active'), delivered(1), job(2, 'active')]),
    );
    expect(summary(events)).toEqual([
      { type: 'IndustryJobRecorded', jobId: 1, status: 'delivered', source: 'esi:industry-job:1' },
      { type: 'IndustryJobRecorded', jobId: 2, status: 'active', source: 'esi:industry-job:2' },
    ]);
    expect(events[0]!.data).toEqual({
      accountId: ACCOUNT,
      characterId: DAX,
      corporationId: null,
      jobId: 1,
      activityId: 1,
      blueprintId: 1_040_000_000_001,
      blueprintTypeId: 1002,
      runs: 10,
      licensedRuns: 10,
      probability: null,
      productTypeId: 1001,
      successfulRuns: 10,
      costCents: 123456789,
      facilityId: 60003760,
      locationId: 60003760,
      status: 'delivered',
      startDate: '2026-11-20T08:00:00Z',
      endDate: '2026-11-20T18:00:00Z',
      completedDate: '2026-11-20T19:00:00Z',
      completedCharacterId: DAX,
      readAt: T1,
      esi: delivered(1),
    });
  });

  it('given an active job, when it is read ready and then delivered, then each change is recorded once', () => {
    const active = given(jobs(T1, [job(7, 'active')]));
    const ready = decideIndustryJobs(active, jobs(T2, [job(7, 'ready')]));
    expect(ready).toMatchObject([
      {
        type: 'IndustryJobStatusChanged',
        source: 'esi:industry-job:7:1',
        data: { jobId: 7, status: 'ready', previousStatus: 'active', readAt: T2 },
      },
    ]);
    const done = decideIndustryJobs(
      given(jobs(T1, [job(7, 'active')]), jobs(T2, [job(7, 'ready')])),
      jobs(T3, [delivered(7)]),
    );
    expect(done).toMatchObject([
      {
        type: 'IndustryJobStatusChanged',
        source: 'esi:industry-job:7:2',
        data: {
          status: 'delivered',
          previousStatus: 'ready',
          successfulRuns: 10,
          completedDate: '2026-11-20T19:00:00Z',
        },
      },
    ]);
  });

  it('given a message with bills, when a job is recorded delivered, then its bill follows it, and only then', () => {
    const active = given(jobs(T1, [job(8, 'active')]));
    const withBills = (fetchedAt: string, list: EsiCharacterIndustryJob[]): IndustryJobsImported => ({
      ...jobs(fetchedAt, list),
      bills: [bill(8), bill(9)],
    });

    const events = decideIndustryJobs(active, withBills(T2, [delivered(8), delivered(9)]));

    expect(summary(events)).toEqual([
      { type: 'IndustryJobStatusChanged', jobId: 8, status: 'delivered', source: 'esi:industry-job:8:1' },
      { type: 'IndustryJobBillResolved', jobId: 8, source: 'esi:industry-job:8:bill' },
      { type: 'IndustryJobRecorded', jobId: 9, status: 'delivered', source: 'esi:industry-job:9' },
      { type: 'IndustryJobBillResolved', jobId: 9, source: 'esi:industry-job:9:bill' },
    ]);
    expect(events[1]!.data).toEqual({ accountId: ACCOUNT, characterId: DAX, bill: bill(8) });
    let state = active;
    for (const event of events) state = evolveIndustryJobs(state, event);
    expect(decideIndustryJobs(state, withBills(T3, [delivered(8), delivered(9)]))).toEqual([]);
    const ready = decideIndustryJobs(given(jobs(T1, [job(8, 'active')])), withBills(T2, [job(8, 'ready')]));
    expect(summary(ready).map((event) => event.type)).toEqual(['IndustryJobStatusChanged']);
  });

  it('given a delivered job, when it is read again in any status, then nothing is recorded: delivered is final', () => {
    const state = given(jobs(T1, [delivered(3)]));
    expect(decideIndustryJobs(state, jobs(T2, [job(3, 'active')]))).toEqual([]);
    expect(decideIndustryJobs(state, jobs(T2, [job(3, 'cancelled')]))).toEqual([]);
    expect(decideIndustryJobs(state, jobs(T3, [delivered(3)]))).toEqual([]);
  });

  it('given an active job, when it is cancelled, then the cancellation is recorded with its fee, and is final', () => {
    const state = given(jobs(T1, [job(4, 'active')]));
    const cancelled = decideIndustryJobs(state, jobs(T2, [job(4, 'cancelled', { cost: 50_000.5 })]));
    expect(cancelled).toMatchObject([
      {
        type: 'IndustryJobStatusChanged',
        data: {
          jobId: 4,
          status: 'cancelled',
          previousStatus: 'active',
          costCents: 5_000_050,
          successfulRuns: null,
        },
      },
    ]);
    const after = given(jobs(T1, [job(4, 'active')]), jobs(T2, [job(4, 'cancelled')]));
    expect(decideIndustryJobs(after, jobs(T3, [delivered(4)]))).toEqual([]);
  });

  it('given a batch recorded, when it is redelivered or an older read arrives after a newer one, then nothing is recorded', () => {
    const first = jobs(T1, [job(5, 'active'), job(6, 'active')]);
    const second = jobs(T2, [job(5, 'ready'), job(6, 'active')]);
    const state = given(first, second);
    expect(decideIndustryJobs(state, second)).toEqual([]);
    expect(decideIndustryJobs(state, first)).toEqual([]);
  });

  it('given a paused and resumed job, then each change has its own source, so no id repeats', () => {
    const state = given(
      jobs(T1, [job(8, 'active')]),
      jobs(T2, [job(8, 'paused')]),
      jobs(T3, [job(8, 'active')]),
    );
    const paused = decideIndustryJobs(state, jobs('2026-11-20T13:00:00.000Z', [job(8, 'paused')]));
    expect(paused.map((e) => e.source)).toEqual(['esi:industry-job:8:3']);
  });

  it('records a corporation job with its corporation and the location the corporation route names', () => {
    const { station_id: _station, ...fields } = job(9, 'active');
    const corporationJob: EsiCorporationIndustryJob = { ...fields, location_id: 1_035_000_000_001 };
    const [event] = decideIndustryJobs(NO_INDUSTRY_JOBS, jobs(T1, [corporationJob], CORPORATION));
    expect(event!.data).toMatchObject({ corporationId: CORPORATION, locationId: 1_035_000_000_001 });
  });

  it('leaves the state it is given as it was (the fold owns only the map it built)', () => {
    const state = given(jobs(T1, [job(1, 'active')]));
    decideIndustryJobs(state, jobs(T2, [job(1, 'ready'), job(2, 'active')]));
    expect([...state.jobs.keys()]).toEqual([1]);
    expect(NO_INDUSTRY_JOBS.jobs.size).toBe(0);
  });
});

const blueprint = (itemId: number, extra: Partial<EsiBlueprint> = {}): EsiBlueprint => ({
  item_id: itemId,
  type_id: 1002,
  location_id: 60003760,
  location_flag: 'Hangar',
  quantity: -1,
  runs: -1,
  material_efficiency: 10,
  time_efficiency: 20,
  ...extra,
});

const read = (
  fetchedAt: string,
  blueprints: EsiBlueprint[],
  removedItemIds: number[] = [],
): CharacterBlueprintsImported => ({
  accountId: ACCOUNT,
  characterId: DAX,
  fetchedAt,
  blueprints,
  removedItemIds,
});

function givenBlueprints(...reads: CharacterBlueprintsImported[]): BlueprintsState {
  let state = NO_BLUEPRINTS;
  for (const batch of reads) {
    for (const event of decideBlueprints(state, batch)) state = evolveBlueprints(state, event);
  }
  return state;
}

const blueprintSummary = (events: RecordedBlueprintEvent[]) => events.map((e) => [e.type, e.data.itemId]);

describe('blueprints decider', () => {
  it('given no blueprints, when a read lists an original and a copy, then both are recorded as they are', () => {
    const events = decideBlueprints(
      NO_BLUEPRINTS,
      read(T1, [
        blueprint(1),
        blueprint(2, { quantity: -2, runs: 30, material_efficiency: 8, time_efficiency: 14 }),
      ]),
    );
    expect(events.map((e) => e.data)).toMatchObject([
      {
        itemId: 1,
        typeId: 1002,
        isCopy: false,
        runs: -1,
        materialEfficiency: 10,
        timeEfficiency: 20,
        readAt: T1,
      },
      { itemId: 2, isCopy: true, runs: 30, materialEfficiency: 8, timeEfficiency: 14 },
    ]);
    expect(events[0]!.source).toBe(`esi:blueprint:${DAX}:1:${T1}`);
  });

  it('given recorded blueprints, when the same read comes again, then nothing is recorded', () => {
    const first = read(T1, [blueprint(1), blueprint(2)]);
    expect(decideBlueprints(givenBlueprints(first), first)).toEqual([]);
    expect(decideBlueprints(givenBlueprints(first), read(T2, [blueprint(1)]))).toEqual([]);
  });

  it('given recorded blueprints, when one is researched, a copy used and one removed, then only those change', () => {
    const state = givenBlueprints(
      read(T1, [
        blueprint(1, { material_efficiency: 8 }),
        blueprint(2, { quantity: -2, runs: 10 }),
        blueprint(3),
      ]),
    );
    const events = decideBlueprints(
      state,
      read(T2, [blueprint(1), blueprint(2, { quantity: -2, runs: 4 }), blueprint(3)], [3, 99]),
    );
    expect(blueprintSummary(events)).toEqual([
      ['BlueprintRecorded', 1],
      ['BlueprintRecorded', 2],
    ]);
    const removed = decideBlueprints(state, read(T2, [], [3, 99]));
    expect(removed).toMatchObject([
      { type: 'BlueprintRemoved', data: { itemId: 3, typeId: 1002, readAt: T2 } },
    ]);
  });

  it('given a newer read applied, when an older one is redelivered, then nothing is recorded', () => {
    const state = givenBlueprints(
      read(T1, [blueprint(1, { material_efficiency: 8 })]),
      read(T2, [blueprint(1)]),
    );
    expect(decideBlueprints(state, read(T1, [blueprint(1, { material_efficiency: 8 })]))).toEqual([]);
  });
});
