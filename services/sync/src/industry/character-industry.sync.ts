import { randomUUID } from 'node:crypto';
import {
  ACCOUNTS_READ_MODEL,
  CHARACTER_BLUEPRINTS_TOPIC,
  COSTED_JOB_ACTIVITIES,
  ESI_WALLET_HISTORY_DAYS,
  INDUSTRY_JOBS_TOPIC,
  INDUSTRY_RECORDS_PER_MESSAGE,
  isFactoryManager,
  tierPolicy,
  type AccountDocument,
  type CharacterBlueprintsImported,
  type EsiBlueprint,
  type EsiIndustryJob,
  type IndustryJobBill,
  type IndustryJobStatus,
  type IndustryJobsImported,
} from '@tradewise/contracts';
import {
  EsiMissingScopeError,
  EsiThrottledError,
  type Clock,
  type EsiClient,
  type Logger,
  type MessageBus,
  type ReadModels,
  type ReadStore,
} from '@tradewise/platform';
import { chunks } from '../wallet/wallet-records';
import type { IndustryJobBills } from './industry-job-bills.port';

export const INDUSTRY_SYNC_STATE_COLLECTION = 'sync_industry_state';

/**
 * What the sync last published from one list: `jobs:<characterId>`, `corporation-jobs:<corporationId>:<accountId>`
 * (the account's filter decides which of the corporation's jobs it publishes) or `blueprints:<characterId>`.
 */
interface IndustrySyncState {
  readonly _id: string;
  /** The status of each job of the last answer, as published. */
  readonly jobs?: Readonly<Record<string, IndustryJobStatus>>;
  /** Each blueprint of the last answer, as published (its fields joined). */
  readonly blueprints?: Readonly<Record<string, string>>;
  readonly syncedAt: string;
}

export type IndustryEsi = Pick<
  EsiClient,
  'getCharacter' | 'getCharacterIndustryJobs' | 'getCorporationIndustryJobs' | 'getCharacterBlueprints'
>;

/** A character's blueprints by item id, as last read. */
type KnownBlueprints = ReadonlyMap<number, EsiBlueprint>;

function blueprintDigest(blueprint: EsiBlueprint): string {
  return [
    blueprint.type_id,
    blueprint.location_id,
    blueprint.location_flag,
    blueprint.quantity,
    blueprint.runs,
    blueprint.material_efficiency,
    blueprint.time_efficiency,
  ].join(':');
}

/** A blueprint as its digest kept it: enough to know its ME and whether it is a copy once it is no longer listed. */
function blueprintOfDigest(itemId: number, digest: string): EsiBlueprint | null {
  const [typeId, locationId, locationFlag, quantity, runs, me, te] = digest.split(':');
  const blueprint = {
    item_id: itemId,
    type_id: Number(typeId),
    location_id: Number(locationId),
    location_flag: locationFlag!,
    quantity: Number(quantity),
    runs: Number(runs),
    material_efficiency: Number(me),
    time_efficiency: Number(te),
  };
  return Object.values(blueprint).some((value) => typeof value === 'number' && Number.isNaN(value))
    ? null
    : (blueprint as EsiBlueprint);
}

/**
 * Reads each synced character's industry: its personal jobs (with `include_completed`, ESI's last 90 days), its
 * blueprints, and, for a Factory Manager with corporation industry sync on in an account whose tier allows
 * corporation features, the corporation's jobs installed by the account's own characters. Each list is read in
 * full, then what is new or changed since the sync last published it goes on the bus (jobs keyed by their
 * installer, blueprints by character), and only then is the list remembered: a failed step publishes its list
 * again next time, and the ledger records each change once. A step whose scope the character did not grant is
 * left out; throttling ends the sync (the scheduler records it as timed out); any other failure is logged and
 * does not fail the sync (the wallet is what a sync must read).
 */
/** Which of a character's job lists a sync read in full. */
export interface IndustryListsRead {
  readonly industry: boolean;
  readonly corporationIndustry: boolean;
}

export class CharacterIndustrySync {
  constructor(
    private readonly esi: IndustryEsi,
    private readonly bus: MessageBus,
    private readonly readStore: ReadStore,
    private readonly readModels: ReadModels,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** Resolves what a delivered job consumed and made; without it jobs are published without bills. */
    private readonly bills: IndustryJobBills | null = null,
  ) {}

  private get states() {
    return this.readStore.collection<IndustrySyncState>(INDUSTRY_SYNC_STATE_COLLECTION);
  }

  /** Blueprints first: a delivered job's bill needs its blueprint's ME, and a copy used up is listed no more. */
  /** Which job lists the character's sync read (the Account page's Industry and Corp Industry Update times). */
  async refresh(accountId: string, characterId: number): Promise<IndustryListsRead> {
    let blueprints: KnownBlueprints = new Map();
    await this.step('blueprints', accountId, characterId, async () => {
      blueprints = await this.blueprints(accountId, characterId);
      return true;
    });
    const industry = await this.step('industry jobs', accountId, characterId, async () => {
      await this.personalJobs(accountId, characterId, blueprints);
      return true;
    });
    const corporationIndustry = await this.step('corporation industry jobs', accountId, characterId, () =>
      this.corporationJobs(accountId, characterId),
    );
    return { industry, corporationIndustry };
  }

  /** Whether the step read its list: false when it was not to be read, lacked its scope or failed. */
  private async step(
    what: string,
    accountId: string,
    characterId: number,
    work: () => Promise<boolean>,
  ): Promise<boolean> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof EsiMissingScopeError) return false;
      if (error instanceof EsiThrottledError) throw error;
      this.logger.warn({ err: error, accountId, characterId }, `Could not read ${what} in a sync`);
      return false;
    }
  }

  private async personalJobs(
    accountId: string,
    characterId: number,
    blueprints: KnownBlueprints,
  ): Promise<void> {
    const stateId = `jobs:${characterId}`;
    const state = await this.states.findOne({ _id: stateId });
    const answer = await this.esi.getCharacterIndustryJobs(characterId, { includeCompleted: true });
    if (answer.unchanged && state) return;
    await this.publishJobs(accountId, null, answer.data, state, stateId, blueprints);
  }

  private async corporationJobs(accountId: string, characterId: number): Promise<boolean> {
    const accounts = await this.readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    const account = await accounts?.findOne({ _id: accountId });
    const character = account?.characters.find((c) => c.characterId === characterId);
    if (!account || !character) return false;
    if (!tierPolicy(account.tier).corporationFeatures) return false;
    if (!character.enableCorpIndustrySync || !isFactoryManager(character.roles)) return false;
    const corporationId = (await this.esi.getCharacter(characterId)).data.corporation_id;
    const stateId = `corporation-jobs:${corporationId}:${accountId}`;
    const state = await this.states.findOne({ _id: stateId });
    const answer = await this.esi.getCorporationIndustryJobs(characterId, corporationId, {
      includeCompleted: true,
    });
    const own = new Set(account.characters.map((c) => c.characterId));
    const jobs = answer.data.filter((job) => own.has(job.installer_id));
    await this.publishJobs(accountId, corporationId, jobs, state, stateId, new Map());
    return true;
  }

  private async publishJobs(
    accountId: string,
    corporationId: number | null,
    jobs: readonly EsiIndustryJob[],
    state: IndustrySyncState | null,
    stateId: string,
    blueprints: KnownBlueprints,
  ): Promise<void> {
    const fetchedAt = this.clock.now().toISOString();
    // A list read for the first time reaches back 90 days, the wallet only 30: older jobs are outside what the
    // ledger can follow. Every later read only adds jobs delivered since, inside the wallet's history.
    const walletHistoryFromMs = state
      ? -Infinity
      : Date.parse(fetchedAt) - ESI_WALLET_HISTORY_DAYS * 86_400_000;
    const changed = jobs
      .filter((job) => state?.jobs?.[job.job_id] !== job.status)
      .sort((a, b) => a.job_id - b.job_id);
    const byInstaller = new Map<number, EsiIndustryJob[]>();
    for (const job of changed)
      byInstaller.set(job.installer_id, [...(byInstaller.get(job.installer_id) ?? []), job]);
    const headers = { 'x-correlation-id': randomUUID() };
    for (const [installerId, installed] of byInstaller) {
      for (const batch of chunks(installed, INDUSTRY_RECORDS_PER_MESSAGE)) {
        const value: IndustryJobsImported = {
          accountId,
          characterId: installerId,
          corporationId,
          fetchedAt,
          jobs: batch,
          bills: await this.billsOf(accountId, batch, blueprints, walletHistoryFromMs),
        };
        await this.bus.publish(INDUSTRY_JOBS_TOPIC, [{ key: String(installerId), value, headers }]);
      }
    }
    await this.states.replaceOne(
      { _id: stateId },
      {
        _id: stateId,
        jobs: Object.fromEntries(jobs.map((job) => [job.job_id, job.status])),
        syncedAt: fetchedAt,
      },
      { upsert: true },
    );
  }

  /** The bills of the delivered jobs the ledger costs; a job whose bill cannot be resolved goes without one. */
  private async billsOf(
    accountId: string,
    jobs: readonly EsiIndustryJob[],
    blueprints: KnownBlueprints,
    walletHistoryFromMs: number,
  ): Promise<IndustryJobBill[]> {
    const bills: IndustryJobBill[] = [];
    if (!this.bills) return bills;
    for (const job of jobs) {
      if (job.status !== 'delivered' || !COSTED_JOB_ACTIVITIES.has(job.activity_id)) continue;
      const bill = await this.bills
        .billFor({ accountId, job, blueprint: blueprints.get(job.blueprint_id) ?? null })
        .catch((error: unknown) => {
          this.logger.warn({ err: error, accountId, jobId: job.job_id }, 'Could not resolve a job bill');
          return null;
        });
      if (!bill) continue;
      const completedMs = Date.parse(job.completed_date ?? job.end_date);
      bills.push(completedMs < walletHistoryFromMs ? { ...bill, beforeWalletHistory: true } : bill);
    }
    return bills;
  }

  /** Reads and publishes the character's blueprints; returns them with those listed before and gone since. */
  private async blueprints(accountId: string, characterId: number): Promise<KnownBlueprints> {
    const stateId = `blueprints:${characterId}`;
    const state = await this.states.findOne({ _id: stateId });
    const answer = await this.esi.getCharacterBlueprints(characterId);
    const published = state?.blueprints ?? {};
    const listed = new Map(answer.data.map((blueprint) => [blueprint.item_id, blueprint]));
    const known = new Map<number, EsiBlueprint>();
    for (const [itemId, digest] of Object.entries(published)) {
      const blueprint = blueprintOfDigest(Number(itemId), digest);
      if (blueprint) known.set(blueprint.item_id, blueprint);
    }
    for (const [itemId, blueprint] of listed) known.set(itemId, blueprint);
    if (answer.unchanged && state) return known;
    const fetchedAt = this.clock.now().toISOString();
    const changed = [...listed.values()].filter(
      (blueprint) => published[blueprint.item_id] !== blueprintDigest(blueprint),
    );
    const removed = Object.keys(published)
      .map(Number)
      .filter((itemId) => !listed.has(itemId));
    const key = String(characterId);
    const headers = { 'x-correlation-id': randomUUID() };
    const parts = Math.max(
      chunks(changed, INDUSTRY_RECORDS_PER_MESSAGE).length,
      chunks(removed, INDUSTRY_RECORDS_PER_MESSAGE).length,
    );
    for (let part = 0; part < parts; part++) {
      const from = part * INDUSTRY_RECORDS_PER_MESSAGE;
      const to = from + INDUSTRY_RECORDS_PER_MESSAGE;
      const value: CharacterBlueprintsImported = {
        accountId,
        characterId,
        fetchedAt,
        blueprints: changed.slice(from, to),
        removedItemIds: removed.slice(from, to),
      };
      await this.bus.publish(CHARACTER_BLUEPRINTS_TOPIC, [{ key, value, headers }]);
    }
    await this.states.replaceOne(
      { _id: stateId },
      {
        _id: stateId,
        blueprints: Object.fromEntries(
          [...listed.values()].map((blueprint) => [blueprint.item_id, blueprintDigest(blueprint)]),
        ),
        syncedAt: fetchedAt,
      },
      { upsert: true },
    );
    return known;
  }
}
