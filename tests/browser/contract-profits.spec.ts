import type { ContractProfitRowDto, ContractProfitsPage, ProfitAggregateRow } from '@tradewise/contracts';
import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { AdvancingClock } from '@tradewise/platform';
import type { RunningServer } from '../../services/server/src/bootstrap';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { newContext } from './support/browser';
import { chromiumAvailable, startInProcessSession, type InProcessSession } from './support/product';
import { LENA_CHARACTER_ID as LENA, LENA_WORLD_AT, logInThroughSimulator, pageApi } from './support/session';
import { cents, fullIsk, plainIsk, utcMinute } from './support/isk';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** Aria Venn: a trader on a FREE account, who has no contract sync. */
const ARIA = 2119000011;

const RULE_FEE_TEXT =
  'Estimated: public contracts 0.95% broker fee and 0.5% sales tax; private contracts a flat 10,000 ISK broker fee';
const JOURNAL_FEE_TEXT = 'From the wallet journal';
const CONTRACT_SYNC_TEXT = 'Contract syncing is part of SUPPORTER and PRO.';

/** Cells after the selection column (account-area §2 Contract Profit List). */
const CELL = {
  date: 1,
  character: 2,
  contract: 3,
  items: 4,
  totalCost: 5,
  sellGross: 6,
  brokerFee: 7,
  tax: 8,
  profit: 9,
  margin: 10,
} as const;

/**
 * Contract Profits over a real sync (account-area §2 Contract Profit List, §3 Contract profit row, §4 Editable
 * lists): the product runs in this process (as `npm start`, serving web/dist); Lena logs in, starts the Pro trial
 * (contract sync is SUPPORTER and PRO only) and her first sync imports her wallet and contracts. One contract she
 * sold holds items she never bought: it is excluded from profit until its total cost is edited. The tests build
 * on each other in order.
 */
describeInBrowser('Contract Profits over a real sync (Chromium)', () => {
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
    session = await startInProcessSession(LENA, { clock: new AdvancingClock(LENA_WORLD_AT) });
    ({ server, context, page } = session);
    accountId = ((await api('GET', '/api/v1/account')).body as { id: string }).id;
    expect((await api('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);
    const outcome = await server.syncWorker!.scheduler.syncAccount({ accountId, characterIds: [LENA] });
    expect(outcome?.kind).toBe('completed');
    await waitForContractProfits();
  }, 300_000);

  afterAll(async () => {
    await session?.close();
  });

  async function contractProfits(query = 'count=40'): Promise<ContractProfitsPage> {
    const { status, body } = await api('GET', `/api/v1/profit/${accountId}/contractProfits?${query}`);
    expect(status).toBe(200);
    return body as ContractProfitsPage;
  }

  /** Polls until the sync's contract profits are listed and have stopped changing. */
  async function waitForContractProfits() {
    const deadline = Date.now() + 120_000;
    let previous = '';
    for (;;) {
      const seen = JSON.stringify(await contractProfits('count=100'));
      if ((JSON.parse(seen) as ContractProfitsPage).total > 3 && seen === previous) return;
      if (Date.now() > deadline) throw new Error(`the contract profits are not ready: ${seen.slice(0, 200)}`);
      previous = seen;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  const responseTo = (method: string, path: string): Promise<Response> =>
    page.waitForResponse(
      (response) => response.request().method() === method && new URL(response.url()).pathname.endsWith(path),
    );

  async function waitForRowIds(ids: readonly string[]) {
    const expected = JSON.stringify(ids);
    await page.waitForFunction(
      `!document.querySelector('[data-testid="contract-profits"] .ant-spin-spinning') &&
       JSON.stringify([...document.querySelectorAll('[data-testid="contract-profits"] tbody tr.ant-table-row')]
         .map((row) => row.getAttribute('data-row-id'))) === ${JSON.stringify(expected)}`,
    );
  }

  const row = (id: string): Locator =>
    page.getByTestId('contract-profits').locator(`tr[data-row-id="${id}"]`);
  const cellTexts = (line: Locator): Promise<string[]> =>
    line.locator('td').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));

  async function openContractProfits(): Promise<ContractProfitsPage> {
    const expected = await contractProfits();
    await page.goto('about:blank');
    await page.goto('/contractProfits');
    await page.locator('h1', { hasText: 'Contract Profit List' }).waitFor();
    await waitForRowIds(expected.rows.map((r) => r.id));
    return expected;
  }

  const names = (r: ContractProfitRowDto): string =>
    r.materialCosts.map((cost) => r.materialTypeNames[String(cost.typeId)]).join(', ');
  const excluded = (r: ContractProfitRowDto): boolean => r.materialsIncomplete && !r.edited;

  it('is in the navigation and lists the contracts Lena sold as the server answered', async () => {
    await page.goto('/index');
    await page.getByTestId('side-navigation').locator('a[href="/contractProfits"]').click();
    await page.waitForURL((url) => url.pathname === '/contractProfits');
    expect(await page.getByTestId('side-navigation').locator('a[href="/contractProfits"]').innerText()).toBe(
      'Contract Profits',
    );
    const expected = await openContractProfits();
    expect(await page.title()).toContain('Contract Profit List');
    expect(await page.getByText('Coming soon').count()).toBe(0);
    expect(expected.rows.length).toBeGreaterThan(3);
    for (const shown of expected.rows) {
      const cells = await cellTexts(row(shown.id));
      expect(cells[CELL.date]).toBe(utcMinute(shown.date));
      expect(cells[CELL.character]).toBe('Lena Vasko');
      expect(cells[CELL.contract]).toContain(shown.characterContract.title!);
      expect(cells[CELL.contract]).toContain(shown.characterContract.acceptorName!);
      expect(cells[CELL.contract]).toContain(String(shown.characterContract.contractId));
      expect(cells[CELL.items]).toBe(names(shown));
      expect(cells[CELL.totalCost]).toBe(fullIsk(cents(shown.totalCost)));
      expect(cells[CELL.sellGross]).toBe(fullIsk(cents(shown.sellGross)));
      expect(cells[CELL.brokerFee]).toBe(fullIsk(cents(shown.sellBrokerFee)));
      expect(cells[CELL.tax]).toBe(fullIsk(cents(shown.sellTax)));
      expect(cells[CELL.profit]).toContain(fullIsk(cents(shown.profit)));
      const fees = row(shown.id).getByTestId('contract-fee');
      expect(await fees.nth(0).getAttribute('data-source')).toBe(shown.sellBrokerFeeSource);
      expect(await fees.nth(1).getAttribute('data-source')).toBe(shown.sellTaxSource);
      // Excluded rows: the cost in the error colour, the profit struck through with the tag.
      expect(await row(shown.id).getByTestId('contract-cost-incomplete').count()).toBe(
        excluded(shown) ? 1 : 0,
      );
      expect(await row(shown.id).getByTestId('contract-excluded-tag').count()).toBe(excluded(shown) ? 1 : 0);
    }
    expect(await page.locator('.ant-pagination-total-text').innerText()).toBe(
      `1-${Math.min(40, expected.total)} of ${expected.total}`,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'contract-profits');
  });

  it('says which fees are estimates and which come from the wallet journal', async () => {
    const expected = await openContractProfits();
    const estimated = expected.rows.find((r) => r.sellTaxSource === 'rule')!;
    const journal = expected.rows.find((r) => r.sellTaxSource === 'journal')!;
    expect(estimated).toBeDefined();
    expect(journal).toBeDefined();
    const tooltip = page.locator('.ant-tooltip:not(.ant-tooltip-hidden)');
    await row(estimated.id).getByTestId('contract-fee').nth(1).hover();
    await tooltip.filter({ hasText: RULE_FEE_TEXT }).waitFor();
    await page.mouse.move(0, 0);
    await row(journal.id).getByTestId('contract-fee').nth(1).hover();
    await tooltip.filter({ hasText: JOURNAL_FEE_TEXT }).waitFor();
    await page.mouse.move(0, 0);
  });

  it("explains an excluded contract: items without a buy price, which ones, and each item's cost", async () => {
    const expected = await openContractProfits();
    const incomplete = expected.rows.find(excluded)!;
    expect(incomplete).toBeDefined();
    expect(incomplete.counted).toBe(false);
    const cost = row(incomplete.id).getByTestId('contract-cost-incomplete');
    const plain = row(incomplete.id).locator('td').nth(CELL.sellGross);
    const colour = (cell: Locator) =>
      cell.evaluate((element) => element.ownerDocument.defaultView!.getComputedStyle(element).color);
    expect(await colour(cost)).not.toBe(await colour(plain));
    expect(await row(incomplete.id).getByTestId('contract-profit').getAttribute('data-excluded')).toBe(
      'true',
    );

    await row(incomplete.id).getByTestId('contract-excluded-why').click();
    const dialog = page.getByTestId('contract-excluded-dialog').getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Items without a buy price are excluded');
    expect(await dialog.innerText()).toContain('edit its total cost');
    const missing = await dialog
      .getByTestId('contract-missing-items')
      .locator('tbody tr.ant-table-row')
      .evaluateAll((lines) =>
        lines.map((line) => [...line.querySelectorAll('td')].map((c) => c.textContent)),
      );
    expect(missing).toEqual(
      incomplete.missingMaterials.map((item) => [
        incomplete.materialTypeNames[String(item.typeId)],
        item.quantity.toLocaleString('en-US'),
      ]),
    );
    const costs = await dialog
      .getByTestId('contract-item-costs')
      .locator('tbody tr.ant-table-row')
      .evaluateAll((lines) =>
        lines.map((line) => [...line.querySelectorAll('td')].map((c) => c.textContent)),
      );
    expect(costs).toEqual(
      incomplete.materialCosts.map((item) => [
        incomplete.materialTypeNames[String(item.typeId)],
        item.quantity.toLocaleString('en-US'),
        fullIsk(cents(item.totalCost)),
        item.missing.toLocaleString('en-US'),
      ]),
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'contract-profits-excluded', false);
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await page.getByTestId('contract-excluded-dialog').getByRole('dialog').waitFor({ state: 'hidden' });
  });

  it('counts an excluded contract once its total cost is edited', async () => {
    const expected = await openContractProfits();
    const incomplete = expected.rows.find(excluded)!;
    const line = row(incomplete.id);
    await line.locator('.ant-checkbox-input').check();
    await page.getByTestId('contract-profits-edit').click();
    const totalCost = (cents(incomplete.sellGross) * 8n) / 10n;
    await line.getByTestId('contract-totalCost').fill(plainIsk(totalCost));
    const sellGross = cents(incomplete.sellGross);
    const profit = sellGross - cents(incomplete.sellTax) - cents(incomplete.sellBrokerFee) - totalCost;
    expect(await line.getByTestId('contract-sellGross').inputValue()).toBe(plainIsk(sellGross));
    expect(await line.getByTestId('contract-profit').innerText()).toBe(fullIsk(profit));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);

    const saved = responseTo('PATCH', '/contractProfits');
    await page.getByTestId('contract-profits-save').click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual([
      {
        id: incomplete.id,
        totalCost: Number(totalCost) / 100,
        sellGross: incomplete.sellGross,
        sellBrokerFee: incomplete.sellBrokerFee,
        sellTax: incomplete.sellTax,
      },
    ]);
    await line.getByTestId('contract-excluded-tag').waitFor({ state: 'detached' });
    const cells = await cellTexts(line);
    expect(cells[CELL.totalCost]).toBe(fullIsk(totalCost));
    expect(cells[CELL.profit]).toBe(fullIsk(profit));
    expect(cells[CELL.contract]).toContain('(edited)');
    expect(await line.getByTestId('contract-cost-incomplete').count()).toBe(0);
    expect(await line.getByTestId('contract-profit').getAttribute('data-excluded')).toBeNull();

    const stored = (await contractProfits('count=100')).rows.find((r) => r.id === incomplete.id)!;
    expect(stored).toMatchObject({ edited: true, counted: true, materialsIncomplete: true });
    expect(cents(stored.profit)).toBe(profit);
  });

  it('filters by item and minimum profit, links to the margin calculator and deletes a row', async () => {
    const expected = await openContractProfits();
    const [first] = expected.rows as [ContractProfitRowDto];
    const href = await row(first.id).getByTestId('contract-margin-link').getAttribute('href');
    const link = new URL(href!, server.url);
    expect(link.pathname).toBe('/margin');
    expect(link.searchParams.get('buyPrice')).toBe(plainIsk(cents(first.totalCost)));
    expect(link.searchParams.get('sellPrice')).toBe(plainIsk(cents(first.sellGross)));
    expect(link.searchParams.get('extraQuantity')).toBe('1');

    const profits = expected.rows.map((r) => r.profit).sort((a, b) => a - b);
    const threshold = Math.round(profits[Math.floor(profits.length / 2)]!);
    await page.locator('#contract-min-profit').fill(String(threshold));
    const above = await contractProfits(`count=40&minProfit=${threshold}`);
    expect(above.total).toBeLessThan(expected.total);
    await waitForRowIds(above.rows.map((r) => r.id));
    await page.locator('#contract-min-profit').fill('');
    await waitForRowIds(expected.rows.map((r) => r.id));

    const item = expected.rows[0]!.materialTypeNames[String(expected.rows[0]!.materialCosts[0]!.typeId)]!;
    await page.locator('#contract-item-filter').fill(item);
    const ofItem = await contractProfits(`count=40&filter=${encodeURIComponent(item)}`);
    expect(ofItem.total).toBeGreaterThan(0);
    await waitForRowIds(ofItem.rows.map((r) => r.id));
    await page.locator('#contract-item-filter').fill('no such item zzz');
    await waitForRowIds([]);
    expect(await page.getByTestId('contract-profits').locator('.ant-table-placeholder').innerText()).toBe(
      'No contract profits match the filter.',
    );

    const fresh = await openContractProfits();
    const doomed = fresh.rows[1]!.id;
    await row(doomed).locator('.ant-checkbox-input').check();
    await page.getByTestId('contract-profits-delete').click();
    const confirm = page.getByTestId('confirm-deletion-dialog').getByRole('dialog');
    await confirm.waitFor();
    const deleted = responseTo('DELETE', '/contractProfits');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const answer = await deleted;
    expect(answer.request().postDataJSON()).toEqual([doomed]);
    // The delete is in the read from its position on; a read without it may come before the projection.
    const { position } = (await answer.json()) as { position: number };
    const after = await contractProfits(`count=40&position=${position}`);
    expect(after.total).toBe(fresh.total - 1);
    await waitForRowIds(after.rows.map((r) => r.id));
  });

  it("shows the Overview's Net Profit from contracts and their series in the charts", async () => {
    await page.goto('about:blank');
    const dailyAnswer = page.waitForResponse((response) =>
      /\/api\/v1\/profit\/[^/]+\/aggregates\/daily(\?|$)/.test(response.url()),
    );
    await page.goto('/index');
    const daily = (await (await dailyAnswer).json()) as ProfitAggregateRow[];
    await page.locator('h1', { hasText: 'Overview' }).waitFor();
    await page.waitForFunction("document.querySelectorAll('.ant-spin-spinning').length === 0");
    const contracts = daily.reduce((sum, day) => sum + cents(day.contractProfit), 0n);
    expect(contracts).not.toBe(0n);
    expect(await page.getByTestId('net-profit-contracts').getAttribute('data-value')).toBe(
      plainIsk(contracts),
    );
    const total = daily.reduce(
      (sum, day) => sum + cents(day.tradeProfit) + cents(day.manufacturingProfit) + cents(day.contractProfit),
      0n,
    );
    expect(await page.getByTestId('net-profit-total').getAttribute('data-value')).toBe(plainIsk(total));
    expect(await page.getByTestId('daily-profit-chart').getAttribute('data-total')).toBe(plainIsk(total));
  });

  it('shows a FREE account why it has no contracts, with a link to Subscription, on both pages', async () => {
    const free = await newContext(session.browser, server.url);
    await free.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
    const freePage = await free.newPage();
    try {
      await logInThroughSimulator(freePage, ARIA);
      for (const [path, title] of [
        ['/contractProfits', 'Contract Profit List'],
        ['/contracts', 'Contracts'],
      ] as const) {
        await freePage.goto(path);
        await freePage.locator('h1', { hasText: title }).waitFor();
        const note = freePage.getByTestId('contract-sync-required');
        await note.waitFor();
        expect(await note.innerText()).toContain(CONTRACT_SYNC_TEXT);
        expect(await note.getByRole('link', { name: 'Subscription' }).getAttribute('href')).toBe(
          '/subscription',
        );
        expect(await freePage.locator('.ant-table').count()).toBe(0);
        expect(await seriousAccessibilityViolations(freePage)).toEqual([]);
      }
      await saveScreenshot(freePage, 'contracts-free');
    } finally {
      await free.close();
    }
  });
});
