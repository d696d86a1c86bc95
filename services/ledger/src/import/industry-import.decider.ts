import {
  iskToCents,
  isFinalJobStatus,
  type BlueprintRecorded,
  type BlueprintRemoved,
  type CharacterBlueprintsImported,
  type EsiBlueprint,
  type EsiIndustryJob,
  type IndustryJobBillResolved,
  type IndustryJobRecorded,
  type IndustryJobStatus,
  type IndustryJobStatusChanged,
  type IndustryJobsImported,
} from '@tradewise/contracts';

/** What a job stream knows of each job: its last status, when that was read, and how many changes it had. */
export interface RecordedJob {
  readonly status: IndustryJobStatus;
  readonly readAt: string;
  readonly changes: number;
}

/**
 * A stream's jobs. A heavy industrialist's stream holds thousands of events, and copying the map on each would
 * make the fold quadratic: the fold owns the map it built (`owned`) and adds to it in place. Only the fold does:
 * `decide` works on a copy, and the initial state's map is never written.
 */
export interface IndustryJobsState {
  readonly jobs: ReadonlyMap<number, RecordedJob>;
  readonly owned: boolean;
}

export const NO_INDUSTRY_JOBS: IndustryJobsState = { jobs: new Map(), owned: false };

/**
 * An event with the key of its source: the same job in the same step of its life (or the same blueprint in the
 * same read) always has the same key, so the id derived from it makes a repeated append store nothing.
 */
export type RecordedIndustryEvent =
  | { readonly type: 'IndustryJobRecorded'; readonly source: string; readonly data: IndustryJobRecorded }
  | {
      readonly type: 'IndustryJobStatusChanged';
      readonly source: string;
      readonly data: IndustryJobStatusChanged;
    }
  | {
      readonly type: 'IndustryJobBillResolved';
      readonly source: string;
      readonly data: IndustryJobBillResolved;
    };

export type RecordedBlueprintEvent =
  | { readonly type: 'BlueprintRecorded'; readonly source: string; readonly data: BlueprintRecorded }
  | { readonly type: 'BlueprintRemoved'; readonly source: string; readonly data: BlueprintRemoved };

/** An event as a fold sees it (stored: no source key). */
type Folded<Event> = Event extends { readonly type: string; readonly data: unknown }
  ? Pick<Event, 'type' | 'data'>
  : never;

export function evolveIndustryJobs(
  state: IndustryJobsState,
  event: Folded<RecordedIndustryEvent>,
): IndustryJobsState {
  if (event.type === 'IndustryJobBillResolved') return state;
  const jobs = state.owned ? (state.jobs as Map<number, RecordedJob>) : new Map(state.jobs);
  const { jobId, status, readAt } = event.data;
  const changes = event.type === 'IndustryJobRecorded' ? 0 : (jobs.get(jobId)?.changes ?? 0) + 1;
  jobs.set(jobId, { status, readAt, changes });
  return state.owned ? state : { jobs, owned: true };
}

function jobFields(batch: IndustryJobsImported, esi: EsiIndustryJob): IndustryJobRecorded {
  return {
    accountId: batch.accountId,
    characterId: batch.characterId,
    corporationId: batch.corporationId,
    jobId: esi.job_id,
    activityId: esi.activity_id,
    blueprintId: esi.blueprint_id,
    blueprintTypeId: esi.blueprint_type_id,
    runs: esi.runs,
    licensedRuns: esi.licensed_runs ?? null,
    probability: esi.probability ?? null,
    productTypeId: esi.product_type_id ?? null,
    successfulRuns: esi.successful_runs ?? null,
    costCents: esi.cost === undefined ? null : iskToCents(esi.cost),
    facilityId: esi.facility_id,
    locationId: 'station_id' in esi ? esi.station_id : esi.location_id,
    status: esi.status,
    startDate: esi.start_date,
    endDate: esi.end_date,
    completedDate: esi.completed_date ?? null,
    completedCharacterId: esi.completed_character_id ?? null,
    readAt: batch.fetchedAt,
    esi,
  };
}

/**
 * A job seen for the first time is recorded in the status it has; a recorded one is recorded again only when it
 * is read in another status, later than its last read, and was not final (delivered, cancelled, reverted). So a
 * redelivered or repeated batch, or an older read arriving after a newer one, records nothing. The event that
 * records a job delivered is followed by its bill when the message carries one.
 */
export function decideIndustryJobs(
  state: IndustryJobsState,
  batch: IndustryJobsImported,
): RecordedIndustryEvent[] {
  let known: IndustryJobsState = { jobs: new Map(state.jobs), owned: true };
  const events: RecordedIndustryEvent[] = [];
  const bills = new Map((batch.bills ?? []).map((bill) => [bill.jobId, bill]));
  for (const esi of [...batch.jobs].sort((a, b) => a.job_id - b.job_id)) {
    const recorded = known.jobs.get(esi.job_id);
    let event: RecordedIndustryEvent;
    if (!recorded) {
      event = {
        type: 'IndustryJobRecorded',
        source: `esi:industry-job:${esi.job_id}`,
        data: jobFields(batch, esi),
      };
    } else {
      if (isFinalJobStatus(recorded.status)) continue;
      if (esi.status === recorded.status || batch.fetchedAt <= recorded.readAt) continue;
      event = {
        type: 'IndustryJobStatusChanged',
        source: `esi:industry-job:${esi.job_id}:${recorded.changes + 1}`,
        data: { ...jobFields(batch, esi), previousStatus: recorded.status },
      };
    }
    events.push(event);
    known = evolveIndustryJobs(known, event);
    const bill = esi.status === 'delivered' ? bills.get(esi.job_id) : undefined;
    if (bill)
      events.push({
        type: 'IndustryJobBillResolved',
        source: `esi:industry-job:${esi.job_id}:bill`,
        data: { accountId: batch.accountId, characterId: batch.characterId, bill },
      });
  }
  return events;
}

/**
 * What a blueprint stream knows: each listed blueprint as last recorded, and the latest read it applied. The fold
 * owns the map it built, as for jobs (`IndustryJobsState`).
 */
export interface BlueprintsState {
  readonly blueprints: ReadonlyMap<number, EsiBlueprint>;
  readonly lastReadAt: string | null;
  readonly owned: boolean;
}

export const NO_BLUEPRINTS: BlueprintsState = { blueprints: new Map(), lastReadAt: null, owned: false };

export function evolveBlueprints(
  state: BlueprintsState,
  event: Folded<RecordedBlueprintEvent>,
): BlueprintsState {
  const blueprints = state.owned
    ? (state.blueprints as Map<number, EsiBlueprint>)
    : new Map(state.blueprints);
  if (event.type === 'BlueprintRecorded') blueprints.set(event.data.itemId, event.data.esi);
  else blueprints.delete(event.data.itemId);
  const lastReadAt =
    state.lastReadAt !== null && state.lastReadAt > event.data.readAt ? state.lastReadAt : event.data.readAt;
  return { blueprints, lastReadAt, owned: true };
}

function sameBlueprint(a: EsiBlueprint, b: EsiBlueprint): boolean {
  return (
    a.type_id === b.type_id &&
    a.location_id === b.location_id &&
    a.location_flag === b.location_flag &&
    a.quantity === b.quantity &&
    a.runs === b.runs &&
    a.material_efficiency === b.material_efficiency &&
    a.time_efficiency === b.time_efficiency
  );
}

/**
 * Records each listed blueprint that is new or differs from its last record, and each removed one the stream
 * still holds. A read older than the latest one applied changes nothing (a redelivery after newer reads); parts
 * of one read share its time and apply each once.
 */
export function decideBlueprints(
  state: BlueprintsState,
  batch: CharacterBlueprintsImported,
): RecordedBlueprintEvent[] {
  if (state.lastReadAt !== null && batch.fetchedAt < state.lastReadAt) return [];
  const { accountId, characterId, fetchedAt: readAt } = batch;
  const events: RecordedBlueprintEvent[] = [];
  const listed = new Set<number>();
  for (const esi of batch.blueprints) {
    if (listed.has(esi.item_id)) continue;
    listed.add(esi.item_id);
    const recorded = state.blueprints.get(esi.item_id);
    if (recorded && sameBlueprint(recorded, esi)) continue;
    events.push({
      type: 'BlueprintRecorded',
      source: `esi:blueprint:${characterId}:${esi.item_id}:${readAt}`,
      data: {
        accountId,
        characterId,
        itemId: esi.item_id,
        typeId: esi.type_id,
        locationId: esi.location_id,
        quantity: esi.quantity,
        isCopy: esi.quantity === -2,
        runs: esi.runs,
        materialEfficiency: esi.material_efficiency,
        timeEfficiency: esi.time_efficiency,
        readAt,
        esi,
      },
    });
  }
  for (const itemId of new Set(batch.removedItemIds)) {
    const recorded = state.blueprints.get(itemId);
    if (!recorded || listed.has(itemId)) continue;
    events.push({
      type: 'BlueprintRemoved',
      source: `esi:blueprint-removed:${characterId}:${itemId}:${readAt}`,
      data: { accountId, characterId, itemId, typeId: recorded.type_id, readAt },
    });
  }
  return events;
}
