import {
  ESI_LOGIN_SCOPES,
  ESI_OPTIONAL_SCOPES,
  blueprintsStream,
  iskToCents,
  industryJobsStream,
  type AccountDto,
  type BlueprintRecorded,
  type EsiBlueprint,
  type EsiCharacterIndustryJob,
  type EsiCorporationIndustryJob,
  type IndustryJobRecorded,
  type IndustryJobStatusChanged,
  type ItemHistoryDetails,
  type LedgerWriteResult,
  type ItemHistorySummary,
  type ManufacturingProfitsPage,
  type ProfitAggregateRow,
  type ManufacturingResultsPage,
} from '@tradewise/contracts';
import { characterWallet } from '@tradewise/esi-sim';
import { RecordIndustryJobs, walletImportCommands } from '@tradewise/ledger';
import { ManualClock, type EventStore, type RecordedEvent } from '@tradewise/platform';
import type { RunningServer } from '../../services/server/src/bootstrap';
import { adapterSets } from '../support/adapter-sets';
import { SIMULATED_WORLD_AT } from '../support/simulated-world';
import { readUntil } from '../support/collect';
import { startFrozenProduct, type FrozenProduct } from './support/frozen-product';
import { ProductClient } from './support/product-client';

const DAX = 2119000012; // personal and corporation manufacturing, Factory Manager
const MIRA = 2119000013; // Factory Manager of the same corporation, installs no jobs
const CORPORATION = 98770002;
const CORPORATION_JOBS_SCOPE = 'esi-industry.read_corporation_jobs.v1';
const DAY = 86_400_000;

type JobEvent = RecordedEvent & { data: IndustryJobRecorded | IndustryJobStatusChanged };

/**
 * Industry import in the product process over the mounted simulator (on the product's manual clock, so its answers are the
 * ones the sync read): every job and blueprint ESI lists for the synced characters is recorded once, corporation
 * jobs only for a Factory Manager with corporation industry sync on in a PRO account, and only those the account's
 * own characters installed.
 */
describe.each(adapterSets('tw_industry'))(
  'Industry import: simulator → sync → bus → ledger events ($name)',
  (set) => {
    jest.setTimeout(set.slow ? 400_000 : 180_000);
    const it = set.enabled ? test : test.skip;
    let product: FrozenProduct;
    let server: RunningServer;
    let eventStore: EventStore;
    /** The product's clock, which the mounted simulator runs on too. */
    const clock = new ManualClock(SIMULATED_WORLD_AT);
    const advance = (ms: number): void => clock.advance(ms);
    const accounts = new Map<number, { client: ProductClient; accountId: string }>();

    const events = async (stream: string): Promise<RecordedEvent[]> => eventStore.readStream(stream);

    /** The simulator's own answer to a route, as the character's token reads it. */
    async function esi<T>(characterId: number, path: string, scope: string): Promise<T> {
      const { access_token } = server.simulator!.issueTokens(characterId, [scope]);
      const answer = await fetch(`${server.url}/esi-sim${path}`, {
        headers: { authorization: `Bearer ${access_token}`, 'X-Compatibility-Date': '2026-08-18' },
      });
      expect(answer.status).toBe(200);
      const body = (await answer.json()) as T;
      const pages = Number(answer.headers.get('x-pages') ?? '1');
      expect(pages).toBe(1);
      return body;
    }
    const personalJobs = () =>
      esi<EsiCharacterIndustryJob[]>(
        DAX,
        `/characters/${DAX}/industry/jobs?include_completed=true`,
        'esi-industry.read_character_jobs.v1',
      );
    const corporationJobs = () =>
      esi<EsiCorporationIndustryJob[]>(
        MIRA,
        `/corporations/${CORPORATION}/industry/jobs?include_completed=true`,
        CORPORATION_JOBS_SCOPE,
      );

    /** Logs a character in to an account of its own, then grants the extra scopes (Update Scopes). */
    async function logIn(characterId: number): Promise<void> {
      const client = new ProductClient(server.url);
      await client.authorize(characterId);
      await client.authorize(characterId, {
        path: '/api/v1/account/addCharacter?scopes=extended',
        scopes: [...ESI_LOGIN_SCOPES, ...ESI_OPTIONAL_SCOPES],
      });
      const account = (await client.get('/api/v1/account')).body as AccountDto;
      expect(account.characters.map((c) => c.esiScopes.split(',').includes(CORPORATION_JOBS_SCOPE))).toEqual([
        true,
      ]);
      accounts.set(characterId, { client, accountId: account.id });
    }

    async function sync(characterId: number): Promise<void> {
      const { accountId } = accounts.get(characterId)!;
      const outcome = await server.syncWorker!.scheduler.syncAccount({
        accountId,
        characterIds: [characterId],
      });
      expect(outcome?.kind).toBe('completed');
    }

    /** The import thread records asynchronously: wait until `done` holds and the stream stops growing. */
    async function settled(
      stream: string,
      done: (recorded: RecordedEvent[]) => boolean,
    ): Promise<RecordedEvent[]> {
      const deadline = Date.now() + (set.slow ? 240_000 : 60_000);
      let recorded = await events(stream);
      while (!done(recorded)) {
        if (Date.now() > deadline)
          throw new Error(`${stream} holds ${recorded.length} events, not what was expected`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        recorded = await events(stream);
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      const after = await events(stream);
      expect(after).toHaveLength(recorded.length);
      return after;
    }

    const recordedJobIds = (recorded: RecordedEvent[], corporationId: number | null): number[] =>
      recorded
        .filter((e) => e.type === 'IndustryJobRecorded')
        .map((e) => e.data as IndustryJobRecorded)
        .filter((data) => data.corporationId === corporationId)
        .map((data) => data.jobId)
        .sort((a, b) => a - b);

    /** Each job's status as its last event says. */
    const lastStatuses = (recorded: RecordedEvent[]): Map<number, string> =>
      new Map((recorded as JobEvent[]).map((e) => [e.data.jobId, e.data.status]));

    const settings = (characterId: number, changes: Record<string, unknown>) =>
      accounts
        .get(characterId)!
        .client.request('PATCH', `/api/v1/account/characters/${characterId}`, { body: changes });

    beforeAll(async () => {
      if (!set.enabled) return;
      product = await startFrozenProduct(set, 'industry', clock);
      ({ server, eventStore } = product);
      await logIn(MIRA);
      await logIn(DAX);
    });

    afterAll(async () => {
      await product?.close();
    });

    it("keeps a corporation's jobs installed by characters of other accounts out of the account", async () => {
      const { client } = accounts.get(MIRA)!;
      expect((await client.request('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);
      expect((await settings(MIRA, { enableCorpIndustrySync: true })).status).toBe(200);
      const listed = await corporationJobs();
      expect(listed.length).toBeGreaterThan(0);
      expect(new Set(listed.map((job) => job.installer_id))).toEqual(new Set([DAX]));

      await sync(MIRA);
      // Wait for what Mira's sync did publish (her blueprints: none; jobs: none), then look at Dax's stream.
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await events(industryJobsStream(MIRA))).toEqual([]);
      expect(await events(industryJobsStream(DAX))).toEqual([]);
    });

    it('records every personal job and blueprint ESI lists once, with the installation cost in cents; no corporation job on FREE', async () => {
      const listed = await personalJobs();
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.some((job) => job.status === 'delivered')).toBe(true);
      const blueprints = await esi<EsiBlueprint[]>(
        DAX,
        `/characters/${DAX}/blueprints`,
        'esi-characters.read_blueprints.v1',
      );
      expect(blueprints.length).toBeGreaterThan(0);
      expect((await settings(DAX, { enableCorpIndustrySync: true })).body).toMatchObject({
        code: 'CORPORATION_SYNC_NEEDS_PRO',
      });

      await sync(DAX);
      const delivered = listed.filter((job) => job.status === 'delivered' && job.activity_id === 1).length;
      const stream = await settled(industryJobsStream(DAX), (r) => r.length >= listed.length + delivered);
      // Each delivered manufacturing job's bill follows the event that records it delivered.
      expect(stream.filter((e) => e.type === 'IndustryJobBillResolved')).toHaveLength(delivered);
      const recorded = stream.filter((e) => e.type !== 'IndustryJobBillResolved');
      expect(recorded).toHaveLength(listed.length);
      expect(recordedJobIds(recorded, null)).toEqual(listed.map((job) => job.job_id).sort((a, b) => a - b));
      expect(recordedJobIds(recorded, CORPORATION)).toEqual([]);
      const accountId = accounts.get(DAX)!.accountId;
      for (const event of recorded as JobEvent[]) {
        const esiJob = listed.find((job) => job.job_id === event.data.jobId)!;
        expect(event.data).toMatchObject({
          accountId,
          characterId: DAX,
          status: esiJob.status,
          costCents: iskToCents(esiJob.cost!),
          productTypeId: esiJob.product_type_id,
          esi: esiJob,
        });
        expect(event.metadata.actor).toBe('system:sync');
      }
      // The ground truth's installation cost of each job the simulator ran.
      const now = clock.now().getTime();
      const truths = server.simulator!.world.groundTruth.jobs(characterWallet(DAX), now - 120 * DAY, now);
      let compared = 0;
      for (const truth of truths) {
        const event = (recorded as JobEvent[]).find((e) => e.data.jobId === truth.jobId);
        if (!event) continue;
        expect(event.data.costCents).toBe(truth.jobCost);
        compared++;
      }
      expect(compared).toBe(listed.length);

      const bp = await settled(blueprintsStream(DAX), (r) => r.length >= blueprints.length);
      expect(bp.map((e) => (e.data as BlueprintRecorded).itemId).sort()).toEqual(
        blueprints.map((b) => b.item_id).sort(),
      );
      for (const event of bp) {
        const data = event.data as BlueprintRecorded;
        const esiBlueprint = blueprints.find((b) => b.item_id === data.itemId)!;
        expect(data).toMatchObject({
          typeId: esiBlueprint.type_id,
          materialEfficiency: esiBlueprint.material_efficiency,
          timeEfficiency: esiBlueprint.time_efficiency,
          runs: esiBlueprint.runs,
          isCopy: esiBlueprint.quantity === -2,
        });
      }
    });

    it('costs each delivered job from the materials it took, as the ground truth says, and sells its products as manufacturing rows', async () => {
      const { client, accountId } = accounts.get(DAX)!;
      // The simulator's industrialist buys his materials from sell orders: no broker fee, as a user would set.
      const override = await client.request('POST', '/api/v1/account/brokerfees', {
        body: { startDate: '2020-01-01 00:00', characterId: DAX, buyFee: 0, sellFee: 0.5, npcSellFee: 3.5 },
      });
      expect(override.status).toBeLessThan(300);
      const now = clock.now().getTime();
      const wallet = characterWallet(DAX);
      const truths = new Map(
        server.simulator!.world.groundTruth.jobs(wallet, now - 120 * DAY, now).map((t) => [t.jobId, t]),
      );
      // A FREE account sees 30 days of history.
      const since = clock.now().getTime() - 30 * DAY;
      const deliveredJobs = (await personalJobs()).filter(
        (job) => job.status === 'delivered' && Date.parse(job.completed_date!) >= since,
      );
      let page: ManufacturingResultsPage = { total: 0, rows: [] };
      const deadline = Date.now() + (set.slow ? 240_000 : 60_000);
      for (;;) {
        // Read at least as far as the override, so every cost below is without the buy fee.
        const answer = await client.get(
          `/api/v1/industry/${accountId}/manufacturingResults?count=100&position=${(override.body as LedgerWriteResult).position}`,
        );
        expect(answer.body).toEqual(expect.objectContaining({ total: expect.any(Number) }));
        page = answer.body as ManufacturingResultsPage;
        if (page.total >= deliveredJobs.length || Date.now() > deadline) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(page.total).toBe(deliveredJobs.length);
      let complete = 0;
      for (const row of page.rows) {
        const truth = truths.get(row.jobId)!;
        expect(row).toMatchObject({ quantity: truth.unitsProduced, cost: truth.jobCost / 100 });
        // A job whose materials were bought before the wallet's 30 days ESI lists is incomplete, and says so.
        if (row.materialsIncomplete) {
          expect(row.missingMaterials.length).toBeGreaterThan(0);
          continue;
        }
        expect(iskToCents(row.materialsCost)).toBe(truth.materialsCost);
        complete++;
      }
      expect(complete).toBeGreaterThan(0);

      const sales = new Map(
        server
          .simulator!.world.groundTruth.sales(wallet, now - 120 * DAY, now)
          .filter((sale) => sale.source.kind === 'manufacturing')
          .map((sale) => [sale.transactionId, sale]),
      );
      const rows: ManufacturingProfitsPage['rows'] = [];
      for (let start = 0; ; start += 100) {
        const part = (
          await client.get(`/api/v1/profit/${accountId}/manufacturingProfits?start=${start}&count=100`)
        ).body as ManufacturingProfitsPage;
        rows.push(...part.rows);
        if (rows.length >= part.total) break;
      }
      // Jobs completed before the 30 days of wallet the first sync read are listed but not costed, so every row here
      // is a sale of a product whose earlier sales the ledger saw. A job completed inside those days can still have
      // taken materials bought before them: its sales are red, and cost less than the truth by what was not priced.
      const jobsMissingMaterials = new Set(
        page.rows.filter((job) => job.materialsIncomplete).map((job) => job.jobId),
      );
      let checked = 0;
      for (const row of rows) {
        const sale = sales.get(Number(row.id.split('-')[0]))!;
        expect(row.costIncomplete).toBe(row.jobIds.some((jobId) => jobsMissingMaterials.has(jobId)));
        if (row.costIncomplete) {
          expect(iskToCents(row.manufacturingCost)).toBeLessThan(sale.costOfGoods);
          continue;
        }
        expect(row.id).toMatch(/-0$/);
        expect(row.quantitySold).toBe(sale.quantity);
        expect(iskToCents(row.manufacturingCost)).toBe(sale.costOfGoods);
        expect(iskToCents(row.sellGross)).toBe(sale.revenue);
        checked++;
      }
      expect(checked).toBeGreaterThan(0);

      // The daily aggregates' manufacturing profit is the rows' profit, day by day, to the cent.
      const daily = (await client.get(`/api/v1/profit/${accountId}/aggregates/daily`))
        .body as ProfitAggregateRow[];
      const perDay = new Map<number, number>();
      for (const row of rows) {
        const day = Date.parse(row.date) - (Date.parse(row.date) % DAY);
        perDay.set(day, (perDay.get(day) ?? 0) + iskToCents(row.profit));
      }
      expect(
        daily
          .filter((day) => day.manufacturingProfit !== 0)
          .map((day) => [day.timestamp, iskToCents(day.manufacturingProfit)]),
      ).toEqual([...perDay].filter(([, cents]) => cents !== 0).sort(([a], [b]) => a - b));

      // Item History's Manufactured Items: per product, the units and costs of the jobs listed above.
      const built = (await client.get(`/api/v1/journal/${accountId}/itemHistory?source=manufactured`))
        .body as ItemHistorySummary[];
      const costed = page.rows.filter((row) => row.tracked && row.quantity > 0);
      expect(built.map((summary) => summary.typeId).sort()).toEqual(
        [...new Set(costed.map((row) => row.productTypeId!))].sort(),
      );
      for (const summary of built) {
        const jobs = costed.filter((row) => row.productTypeId === summary.typeId);
        expect(summary.total).toBe(jobs.reduce((sum, row) => sum + row.quantity, 0));
        expect(summary.totalSold).toBe(jobs.reduce((sum, row) => sum + row.quantitySold, 0));
        const details = (await client.get(`/api/v1/journal/${accountId}/itemHistory/${summary.typeId}`))
          .body as ItemHistoryDetails;
        expect(details.manufacturedStats.reduce((sum, day) => sum + day.quantity, 0)).toBe(summary.total);
      }
    });

    it('records no corporation job on PRO until corporation industry sync is on, then every one Dax installed, once', async () => {
      const { client } = accounts.get(DAX)!;
      expect((await client.request('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);
      const before = (await events(industryJobsStream(DAX))).length;
      advance(10 * 60_000);
      await sync(DAX);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(recordedJobIds(await events(industryJobsStream(DAX)), CORPORATION)).toEqual([]);
      // The Account page's Industry and Corp Industry Update times: the sync read Dax's own jobs, not the corporation's.
      const daxOnAccount = (answer: { body: unknown }) =>
        (answer.body as AccountDto).characters.find((c) => c.id === DAX)!;
      const afterPersonal = daxOnAccount(
        await readUntil(
          () => client.get('/api/v1/account'),
          (answer) => daxOnAccount(answer).lastIndustryUpdate === clock.now().toISOString(),
          'the industry update time on the account',
        ),
      );
      expect(afterPersonal.lastCorpIndustryUpdate).toBeNull();

      expect((await settings(DAX, { enableCorpIndustrySync: true })).status).toBe(200);
      const listed = await corporationJobs();
      advance(60_000);
      await sync(DAX);
      const afterCorporation = daxOnAccount(
        await readUntil(
          () => client.get('/api/v1/account'),
          (answer) => daxOnAccount(answer).lastCorpIndustryUpdate === clock.now().toISOString(),
          'the corporation industry update time on the account',
        ),
      );
      expect(afterCorporation.lastIndustryUpdate).toBe(afterCorporation.lastCorpIndustryUpdate);
      const recorded = await settled(
        industryJobsStream(DAX),
        (r) => recordedJobIds(r, CORPORATION).length >= listed.length,
      );
      expect(recordedJobIds(recorded, CORPORATION)).toEqual(
        listed.map((job) => job.job_id).sort((a, b) => a - b),
      );
      expect(recorded.length).toBeGreaterThanOrEqual(before + listed.length);
      for (const event of (recorded as JobEvent[]).filter((e) => e.data.corporationId === CORPORATION)) {
        const esiJob = listed.find((job) => job.job_id === event.data.jobId)!;
        expect(event.data).toMatchObject({ locationId: esiJob.location_id, esi: esiJob });
      }
    });

    it('records each status change once as the world moves on, and nothing for an unchanged or redelivered read', async () => {
      const before = await events(industryJobsStream(DAX));
      await sync(DAX);
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(await events(industryJobsStream(DAX))).toHaveLength(before.length);

      // Syncs as a job of Dax's runs and after it was delivered (within the three days of his Pro trial): after
      // each, the stream says what ESI said.
      const world = server.simulator!.world;
      const window = 300_000;
      let at = Math.ceil(clock.now().getTime() / window) * window;
      const running = () =>
        [...world.characterJobs(DAX, at, false), ...world.corporationJobs(CORPORATION, at, false)].find(
          (view) => view.status === 'active',
        );
      while (!running() && at < clock.now().getTime() + 2 * DAY) at += window;
      const job = running()!.job;
      const deliveredAt = Math.ceil((job.completedMs + 1) / window) * window;
      let recorded = before;
      for (const instant of [at, deliveredAt]) {
        advance(instant + 1_000 - clock.now().getTime());
        const listed = [...(await personalJobs()), ...(await corporationJobs())];
        const expected = new Map(listed.map((esiJob) => [esiJob.job_id, esiJob.status]));
        expect(expected.get(job.jobId)).toBe(instant === at ? 'active' : 'delivered');
        await sync(DAX);
        recorded = await settled(industryJobsStream(DAX), (r) => {
          const statuses = lastStatuses(r);
          return [...expected].every(([jobId, status]) => statuses.get(jobId) === status);
        });
      }
      expect(
        (recorded as JobEvent[])
          .filter((e) => e.data.jobId === job.jobId)
          .map((e) => [e.type, e.data.status]),
      ).toEqual([
        ['IndustryJobRecorded', 'active'],
        ['IndustryJobStatusChanged', 'delivered'],
      ]);
      expect(recorded.length).toBeGreaterThan(before.length);
      expect(recorded.slice(before.length).some((e) => e.type === 'IndustryJobStatusChanged')).toBe(true);
      const firsts = recorded
        .filter((e) => e.type === 'IndustryJobRecorded')
        .map((e) => (e.data as IndustryJobRecorded).jobId);
      expect(new Set(firsts).size).toBe(firsts.length);
      const finalSeen = new Set<number>();
      for (const event of recorded as JobEvent[]) {
        expect(finalSeen.has(event.data.jobId)).toBe(false);
        if (['delivered', 'cancelled', 'reverted'].includes(event.data.status))
          finalSeen.add(event.data.jobId);
      }
      expect(new Set(recorded.map((e) => e.id)).size).toBe(recorded.length);

      // The first read of the jobs delivered again: nothing is recorded twice.
      const imports = await walletImportCommands(eventStore);
      try {
        const first = recorded[0]!.data as IndustryJobRecorded;
        const again = await imports.commands.execute(
          new RecordIndustryJobs({
            accountId: first.accountId,
            characterId: DAX,
            corporationId: null,
            fetchedAt: first.readAt,
            jobs: (recorded as JobEvent[])
              .filter((e) => e.type === 'IndustryJobRecorded' && e.data.corporationId === null)
              .map((e) => e.data.esi),
          }),
        );
        expect(again).toEqual({ recorded: 0, position: null });
      } finally {
        await imports.close();
      }
    });
  },
);
