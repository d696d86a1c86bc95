import type { ManufacturingResultRowDto, ManufacturingResultsPage } from '@tradewise/contracts';
import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import type { RunningServer } from '../../services/server/src/bootstrap';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { chromiumAvailable, startInProcessSession, type InProcessSession } from './support/product';
import { pageApi } from './support/session';
import { cents, fullIsk } from './support/isk';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** Dax Korrin: the simulator's industrialist (personal and corporation manufacturing, Factory Manager). */
const DAX = 2119000012;

/** Cells after the selection column (account-area §2 Industry Jobs). */
const CELL = {
  owner: 2,
  activity: 3,
  blueprint: 4,
  products: 5,
  jobCost: 6,
  materialsCost: 7,
  copyCost: 8,
  unitCost: 9,
  runs: 10,
  produced: 11,
  sold: 12,
  consumed: 13,
  actions: 14,
} as const;

/** Industry activity ids (account-area §3). */
const ACTIVITIES: Record<number, string> = {
  1: 'Manufacturing',
  5: 'Copying',
  8: 'Invention',
  9: 'Reactions',
  11: 'Reactions',
};

/**
 * Industry Jobs over a real sync (account-area §2 Industry Jobs, §4 Quantity rules): the product runs in this
 * process (as `npm start`, serving web/dist) so the test drives its sync scheduler and its ESI simulator. Dax
 * logs in, starts the Pro trial and grants corporation industry sync; his wallet transactions answer empty
 * during the sync (a simulator fault), so his delivered jobs arrive with inputs no purchase covers: the state
 * Missing inputs is for. The tests build on each other in order.
 */
describeInBrowser('Industry Jobs over a real sync (Chromium)', () => {
  jest.setTimeout(90_000);
  let session: InProcessSession;
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  const api = pageApi(
    () => context,
    () => page,
  );
  let accountId: string;

  beforeAll(async () => {
    session = await startInProcessSession(DAX);
    ({ server, context, page } = session);
    accountId = ((await api('GET', '/api/v1/account')).body as { id: string }).id;

    // Pro (corporation industry) and the corporation jobs scope (Update Scopes), then corporation industry sync.
    expect((await api('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);
    await page.goto('/api/v1/account/addCharacter?scopes=extended');
    await page.waitForURL((url) => url.pathname.startsWith('/esi-sim/'));
    await page.locator(`input[name="character_id"][value="${DAX}"]`).check();
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/esi-sim/') && !url.pathname.includes('/api/'));
    expect(
      (await api('PATCH', `/api/v1/account/characters/${DAX}`, { enableCorpIndustrySync: true })).status,
    ).toBe(200);

    server.simulator!.faults.inject({
      path: '/wallet/transactions',
      characterId: DAX,
      effect: { kind: 'status', status: 200, body: [] },
    });
    const outcome = await server.syncWorker!.scheduler.syncAccount({ accountId, characterIds: [DAX] });
    expect(outcome?.kind).toBe('completed');
    await waitForJobs();
  }, 300_000);

  afterAll(async () => {
    await session?.close();
  });

  const results = async (query = ''): Promise<ManufacturingResultsPage> => {
    const { status, body } = await api(
      'GET',
      `/api/v1/industry/${accountId}/manufacturingResults?count=40${query ? `&${query}` : ''}`,
    );
    expect(status).toBe(200);
    return body as ManufacturingResultsPage;
  };

  /** Polls until personal and corporation jobs are listed and the list has stopped changing. */
  async function waitForJobs() {
    const deadline = Date.now() + 120_000;
    let previous = '';
    for (;;) {
      const [personal, corporation] = await Promise.all([
        results('ownerFilter=personal'),
        results('ownerFilter=corporation'),
      ]);
      const seen = JSON.stringify([personal, corporation]);
      if (personal.total > 0 && corporation.total > 0 && seen === previous) return;
      if (Date.now() > deadline)
        throw new Error(`the jobs are not ready: ${personal.total}/${corporation.total}`);
      previous = seen;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  const responseTo = (method: string, path: string): Promise<Response> =>
    page.waitForResponse(
      (response) => response.request().method() === method && new URL(response.url()).pathname.endsWith(path),
    );

  async function waitForRowIds(ids: readonly number[]) {
    const expected = JSON.stringify(ids.map(String));
    await page.waitForFunction(
      `!document.querySelector('[data-testid="industry-jobs"] .ant-spin-spinning') &&
       JSON.stringify([...document.querySelectorAll('[data-testid="industry-jobs"] tbody tr.ant-table-row')]
         .map((row) => row.getAttribute('data-row-id'))) === ${JSON.stringify(expected)}`,
    );
  }

  const row = (jobId: number): Locator =>
    page.getByTestId('industry-jobs').locator(`tr[data-row-id="${jobId}"]`);
  const cellTexts = (line: Locator): Promise<string[]> =>
    line.locator('td').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));

  async function openIndustryJobs(): Promise<ManufacturingResultsPage> {
    const expected = await results();
    await page.goto('/industry');
    await page.locator('h1', { hasText: 'Industry Jobs' }).waitFor();
    await waitForRowIds(expected.rows.map((r) => r.jobId));
    return expected;
  }

  const missingJob = (rows: readonly ManufacturingResultRowDto[]) =>
    rows.find(
      (r) =>
        r.tracked && r.status === 'delivered' && r.corporationId === null && r.missingMaterials.length > 0,
    );

  it('lists the jobs newest first with owner, activity, costs and quantities; incomplete costs red', async () => {
    const expected = await openIndustryJobs();
    const personal = expected.rows.find((r) => r.corporationId === null && r.tracked)!;
    const cells = await cellTexts(row(personal.jobId));
    expect(cells[CELL.owner]).toBe('Personal');
    expect(cells[CELL.activity]).toBe(ACTIVITIES[personal.activityId] ?? 'Unknown');
    expect(cells[CELL.blueprint]).toBe(personal.blueprintTypeName);
    expect(cells[CELL.products]).toBe(personal.productTypeName ?? '-');
    expect(cells[CELL.jobCost]).toBe(fullIsk(cents(personal.cost)));
    expect(cells[CELL.materialsCost]).toBe(fullIsk(cents(personal.materialsCost)));
    expect(cells[CELL.runs]).toBe(personal.runs.toLocaleString('en-US'));
    expect(cells[CELL.produced]).toBe(personal.quantity.toLocaleString('en-US'));
    expect(cells[CELL.sold]).toBe(personal.quantitySold.toLocaleString('en-US'));
    expect(cells[CELL.consumed]).toBe(personal.quantityConsumed.toLocaleString('en-US'));
    // Every personal job misses the inputs no purchase covered: its costs are red and it offers Missing inputs.
    const missing = missingJob(expected.rows)!;
    expect(missing).toBeDefined();
    expect(await row(missing.jobId).locator('[data-cost-incomplete="true"]').count()).toBeGreaterThan(0);
    await row(missing.jobId).getByTestId('industry-missing-inputs').waitFor();
    // A corporation job (Dax's account is PRO with corporation industry sync on) is costed like a personal one.
    const corporation = expected.rows.find((r) => r.corporationId !== null);
    if (corporation) {
      const corpCells = await cellTexts(row(corporation.jobId));
      expect(corpCells[CELL.owner]).toBe('Corp');
      expect(corporation.tracked).toBe(true);
      expect(corpCells[CELL.jobCost]).toBe(fullIsk(cents(corporation.cost)));
      expect(corpCells[CELL.materialsCost]).toBe(fullIsk(cents(corporation.materialsCost)));
    }
    expect(await page.locator('.ant-pagination-total-text').innerText()).toBe(
      `1-${Math.min(40, expected.total)} of ${expected.total}`,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'industry-jobs');
  });

  it('breaks the materials cost down by item', async () => {
    const expected = await openIndustryJobs();
    const job = expected.rows.find((r) => r.tracked && r.materialCosts.length > 0)!;
    await row(job.jobId).getByTestId('industry-materials-cost').click();
    const dialog = page.getByTestId('industry-materials-dialog').getByRole('dialog');
    await dialog.waitFor();
    const lines = await dialog
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) =>
        rows.map((r) => [...r.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())),
      );
    expect(lines).toEqual(
      job.materialCosts.map((material) => [
        job.materialTypeNames[String(material.typeId)],
        fullIsk(cents(material.totalCost)),
      ]),
    );
    expect(await dialog.locator('thead').innerText()).toMatch(/Item\s+Total Cost/);
    await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it("Missing inputs shows the server's refusal, then re-processes the job with custom prices", async () => {
    const expected = await openIndustryJobs();
    const job = missingJob(expected.rows)!;
    await row(job.jobId).getByTestId('industry-missing-inputs').click();
    const dialog = page.getByTestId('industry-missing-inputs-dialog').getByRole('dialog');
    await dialog.waitFor();
    const lines = await dialog
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) => rows.map((r) => (r.querySelector('td')?.textContent ?? '').trim()));
    expect(lines).toEqual(job.missingMaterials.map((m) => job.materialTypeNames[String(m.typeId)]));
    for (const material of job.missingMaterials)
      expect(
        await dialog
          .locator('tbody tr.ant-table-row')
          .filter({ hasText: material.quantity.toLocaleString('en-US') })
          .count(),
      ).toBeGreaterThan(0);

    // A price beyond what a line may cost: the server's 400 sentence shows in the Error dialog.
    const largest = [...job.missingMaterials].sort((a, b) => b.quantity - a.quantity)[0]!;
    if (largest.quantity > 10) {
      await dialog.locator(`#missing-input-price-${largest.typeId}`).fill('1000000000000');
      const refused = responseTo('PATCH', '/manufacturingResults');
      await dialog.getByRole('button', { name: 'Re-process Job' }).click();
      expect((await refused).status()).toBe(400);
      const error = page.getByTestId('industry-reprocess-error-dialog').getByRole('dialog');
      await error.waitFor();
      expect(await error.innerText()).toContain('must be at most');
      await error.getByRole('button', { name: 'Close', exact: true }).last().click();
      await error.waitFor({ state: 'hidden' });
    }

    // Prices for every missing material: 1.50 ISK a unit, to the cent.
    let pricedCents = 0n;
    for (const material of job.missingMaterials) {
      await dialog.locator(`#missing-input-price-${material.typeId}`).fill('1.5');
      pricedCents += 150n * BigInt(material.quantity);
    }
    const saved = responseTo('PATCH', '/manufacturingResults');
    await dialog.getByRole('button', { name: 'Re-process Job' }).click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(JSON.parse(answer.request().postData()!)).toEqual({
      jobId: job.jobId,
      customUnitPrices: job.missingMaterials.map((m) => ({ typeId: m.typeId, unitPrice: 1.5 })),
      customRunPrice: null,
    });
    expect(((await answer.json()) as { position: number }).position).toBeGreaterThan(0);
    await dialog.waitFor({ state: 'hidden' });

    const after = (await results()).rows.find((r) => r.jobId === job.jobId)!;
    expect(after.missingMaterials).toEqual([]);
    expect(cents(after.materialsCost)).toBe(cents(job.materialsCost) + pricedCents);
    // Shown from the read at the edit's position: no Missing inputs, the new costs, no longer red.
    await row(job.jobId).getByTestId('industry-missing-inputs').waitFor({ state: 'detached' });
    const cells = await cellTexts(row(job.jobId));
    expect(cells[CELL.materialsCost]).toBe(fullIsk(cents(after.materialsCost)));
    expect(cells[CELL.unitCost]).toBe(after.unitCost === null ? '-' : fullIsk(cents(after.unitCost)));
    expect(after.materialsIncomplete).toBe(false);
    expect(await row(job.jobId).locator('[data-cost-incomplete="true"]').count()).toBe(0);
  });

  it('raises Consumed in edit mode, within produced minus sold', async () => {
    const expected = await openIndustryJobs();
    const job = expected.rows.find(
      (r) => r.tracked && r.status === 'delivered' && r.quantity - r.quantitySold - r.quantityConsumed >= 1,
    )!;
    const line = row(job.jobId);
    await line.locator('.ant-checkbox-input').check();
    await page.getByTestId('industry-jobs-edit').click();
    const input = line.getByTestId('industry-consumed');
    const maximum = job.quantity - job.quantitySold;
    // Beyond the bound it is held at produced minus sold.
    await input.fill(String(maximum + 5));
    await input.blur();
    expect(await input.inputValue()).toBe(String(maximum));
    await input.fill(String(job.quantityConsumed + 1));
    await input.blur();
    const saved = responseTo('PATCH', '/manufacturingResults');
    await page.getByTestId('industry-jobs-save').click();
    expect(JSON.parse((await saved).request().postData()!)).toEqual({
      jobId: job.jobId,
      quantityConsumed: job.quantityConsumed + 1,
    });
    await line
      .locator('td')
      .nth(CELL.consumed)
      .filter({ hasText: new RegExp(`^${job.quantityConsumed + 1}$`) })
      .waitFor();
    expect(await page.getByTestId('industry-jobs-edit').innerText()).toBe('Edit');
    const after = (await results()).rows.find((r) => r.jobId === job.jobId)!;
    expect(after.quantityConsumed).toBe(job.quantityConsumed + 1);
    expect(after.quantityRemaining).toBe(job.quantity - job.quantitySold - job.quantityConsumed - 1);
  });

  it('filters by owner: Personal, Corp, and All again', async () => {
    const all = await openIndustryJobs();
    const choose = async (label: string) => {
      await page.locator('.ant-select:has(#industry-owner-filter)').click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .locator(`.ant-select-item-option[title="${label}"]`)
        .click();
    };
    const owners = async () =>
      page
        .getByTestId('industry-jobs')
        .locator('tbody tr.ant-table-row')
        .evaluateAll((rows) => rows.map((r) => (r.querySelectorAll('td')[2]?.textContent ?? '').trim()));

    const request = page.waitForRequest((req) => req.url().includes('ownerFilter=corporation'));
    await choose('Corp');
    await request;
    const corporation = await results('ownerFilter=corporation');
    await waitForRowIds(corporation.rows.map((r) => r.jobId));
    expect(new Set(await owners())).toEqual(new Set(['Corp']));

    await choose('Personal');
    const personal = await results('ownerFilter=personal');
    await waitForRowIds(personal.rows.map((r) => r.jobId));
    expect(new Set(await owners())).toEqual(new Set(['Personal']));
    expect(personal.total + corporation.total).toBe(all.total);

    await choose('All');
    await waitForRowIds(all.rows.map((r) => r.jobId));
  });
});
