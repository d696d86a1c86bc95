import type {
  AccountDto,
  ItemHistorySummary,
  ItemProfitRow,
  ManufacturingProfitRowDto,
  ManufacturingProfitsPage,
  ProfitAggregateRow,
} from '@tradewise/contracts';
import type { BrowserContext, Locator, Page, Response, Route } from 'playwright-core';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';
import { logInThroughSimulator, pageApi } from './support/session';
import { cents, fullIsk, marginShown, plainIsk, scaled } from './support/isk';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** Dax Korrin, the simulator's industrialist: he builds items and sells them. */
const BUILDER_CHARACTER_ID = 2119000012;
/** The server's sync scheduler looks for due accounts every 30 s; the import and projection follow. */
const SYNC_WAIT_MS = 150_000;

const CONFIRM_DELETION_TEXT =
  'Are you sure you want to permanently delete these rows? There is no way to undo this operation.';
const NO_MANUFACTURING_PROFITS =
  'There were no manufacturing profits for this character during the selected time period';

/** Manufacturing profit cells after the selection column. */
const CHARACTER = 2;
const ITEM = 3;
const UNITS = 4;
const PROFIT = 5;
const MARGIN = 6;
const UNIT_COST = 8;
const MANUFACTURING_COST = 9;
const SELL_TOTAL = 11;
const SALES_TAX = 13;

/**
 * Manufacturing Profits (account-area §2 Manufacturing Profit List, §4 Editable lists) and the Overview's
 * manufacturing figures over a real sync: one login through the ESI simulator as the builder (a FREE account, 30
 * days), his wallet and industry jobs imported by the product's own sync role, then the pages driven in Chromium
 * and checked against the API. The tests build on each other in order.
 */
describeInBrowser('Manufacturing profits over a real sync (npm start, Chromium)', () => {
  jest.setTimeout(90_000);
  let product: RunningProduct;
  let chromium: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;
  const api = pageApi(
    () => context,
    () => page,
  );
  let accountId: string;

  beforeAll(async () => {
    [product, chromium] = await Promise.all([startProduct(), launchChromium()]);
    context = await newContext(chromium.browser, product.url);
    await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
    page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await logInThroughSimulator(page, BUILDER_CHARACTER_ID);
    const account = (await api('GET', '/api/v1/account')).body as AccountDto;
    accountId = account.id;
    expect(account.subscriptionTier).toBe('FREE');
    expect((await api('PATCH', '/api/v1/account', { syncEnabled: true })).status).toBe(200);
    await waitForManufacturingProfits();
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await chromium?.close();
    await product?.stop();
  });

  async function get<T>(path: string): Promise<T> {
    const { status, body } = await api('GET', path);
    expect(status).toBe(200);
    return body as T;
  }

  const manufacturingProfits = (query = 'count=100') =>
    get<ManufacturingProfitsPage>(`/api/v1/profit/${accountId}/manufacturingProfits?${query}`);

  /** Polls the API until the first sync's manufacturing profits are there and their count has settled. */
  async function waitForManufacturingProfits() {
    const deadline = Date.now() + SYNC_WAIT_MS;
    let previous = -1;
    for (;;) {
      const { total } = await manufacturingProfits();
      if (total > 3 && total === previous) return;
      if (Date.now() > deadline) throw new Error(`${total} manufacturing profits after ${SYNC_WAIT_MS} ms`);
      previous = total;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }

  const responseTo = (method: string, path: string): Promise<Response> =>
    page.waitForResponse(
      (response) => response.request().method() === method && new URL(response.url()).pathname.endsWith(path),
    );

  /** The ids of the rows the list shows, once it has stopped loading. */
  async function waitForRowIds(ids: readonly string[]) {
    const expected = JSON.stringify(ids);
    await page.waitForFunction(
      `!document.querySelector('[data-testid="manufacturing-profits"] .ant-spin-spinning') &&
       JSON.stringify([...document.querySelectorAll('[data-testid="manufacturing-profits"] tbody tr.ant-table-row')]
         .map((row) => row.getAttribute('data-row-id'))) === ${JSON.stringify(expected)}`,
    );
  }

  const row = (id: string): Locator =>
    page.getByTestId('manufacturing-profits').locator(`tr[data-row-id="${id}"]`);

  async function cellTexts(line: Locator): Promise<string[]> {
    return line.locator('td').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
  }

  async function openManufacturingProfits(): Promise<ManufacturingProfitsPage> {
    const expected = await manufacturingProfits('count=40');
    await page.goto('about:blank');
    await page.goto('/manufacturing');
    await page.locator('h1', { hasText: 'Manufacturing Profit List' }).waitFor();
    await waitForRowIds(expected.rows.map((r) => r.id));
    return expected;
  }

  it('is in the navigation and lists the sales of built items as the server answered, 40 to a page', async () => {
    await page.goto('/index');
    await page.getByTestId('side-navigation').locator('a[href="/manufacturing"]').click();
    await page.waitForURL((url) => url.pathname === '/manufacturing');
    expect(await page.getByTestId('side-navigation').locator('a[href="/manufacturing"]').innerText()).toBe(
      'Manufacturing Profits',
    );
    const expected = await openManufacturingProfits();
    expect(await page.title()).toContain('Manufacturing Profit List');
    for (const shown of expected.rows.slice(0, 5)) {
      const cells = await cellTexts(row(shown.id));
      expect(cells[CHARACTER]).toBe('Dax Korrin');
      expect(cells[ITEM]).toContain(shown.typeName);
      expect(cells[UNITS]).toBe(shown.quantitySold.toLocaleString('en-US'));
      expect(cells[MANUFACTURING_COST]).toBe(fullIsk(cents(shown.manufacturingCost)));
      expect(cells[UNIT_COST]).toBe(
        fullIsk(scaled(cents(shown.manufacturingCost), 1n, BigInt(shown.quantitySold))),
      );
      expect(cells[SELL_TOTAL]).toBe(fullIsk(cents(shown.sellGross)));
      expect(cells[SALES_TAX]).toBe(fullIsk(cents(shown.sellTax)));
      expect(cells[PROFIT]).toBe(fullIsk(cents(shown.profit)));
      expect(cells[MARGIN]).toBe(marginShown(cents(shown.profit), cents(shown.sellGross)));
    }
    // A cost that misses a job's inputs is red with the reason; the others are plain.
    const incomplete = expected.rows.filter((r) => r.costIncomplete).length;
    expect(await page.getByTestId('manufacturing-cost-incomplete').count()).toBe(incomplete * 2);
    expect(await page.locator('.ant-pagination-total-text').innerText()).toBe(
      `1-${Math.min(40, expected.total)} of ${expected.total}`,
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'manufacturing-profits');
  });

  it("shows a cost that misses a job's inputs in red, with why and a link to Industry Jobs (answer amended)", async () => {
    const { rows } = await manufacturingProfits('count=40');
    const [first] = rows as [ManufacturingProfitRowDto];
    // The simulated world moves with the clock: other rows on the page may miss inputs of their own.
    const alreadyIncomplete = rows.filter((r) => r.costIncomplete && r.id !== first.id).length;
    await context.route('**/api/v1/profit/*/manufacturingProfits?*', async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as ManufacturingProfitsPage;
      await route.fulfill({
        response,
        json: {
          ...body,
          rows: body.rows.map((r) => (r.id === first.id ? { ...r, costIncomplete: true } : r)),
        },
      });
    });
    try {
      await openManufacturingProfits();
      const red = row(first.id).getByTestId('manufacturing-cost-incomplete');
      expect(await red.count()).toBe(2);
      expect(await page.getByTestId('manufacturing-cost-incomplete').count()).toBe(2 + 2 * alreadyIncomplete);
      expect(await red.nth(1).innerText()).toBe(fullIsk(cents(first.manufacturingCost)));
      expect(
        await red.nth(1).evaluate((cell) => cell.ownerDocument.defaultView!.getComputedStyle(cell).color),
      ).not.toBe(
        await row(first.id)
          .locator('td')
          .nth(SELL_TOTAL)
          .evaluate((cell) => cell.ownerDocument.defaultView!.getComputedStyle(cell).color),
      );
      await red.nth(1).hover();
      const popover = page.locator('.ant-popover:not(.ant-popover-hidden)');
      await popover.waitFor();
      expect(await popover.innerText()).toContain(
        'A job that made these units misses inputs, so this cost is too low.',
      );
      expect(await popover.getByRole('link', { name: 'Industry Jobs' }).getAttribute('href')).toBe(
        '/industry',
      );
      // Readable on a hovered and on a selected row.
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await row(first.id).locator('.ant-checkbox-input').check();
      await red.nth(1).hover();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await row(first.id).locator('.ant-checkbox-input').uncheck();
    } finally {
      await context.unroute('**/api/v1/profit/*/manufacturingProfits?*');
    }
  });

  it('links each row to the margin calculator with the unit manufacturing cost as the buy price', async () => {
    const [first] = (await manufacturingProfits('count=10')).rows as [ManufacturingProfitRowDto];
    const href = await row(first.id).getByTestId('manufacturing-margin-link').getAttribute('href');
    const link = new URL(href!, product.url);
    const units = BigInt(first.quantitySold);
    const rate = (part: number, whole: number) =>
      String(Number(scaled(cents(part), 1_000_000n, cents(whole))) / 10_000);
    expect(link.pathname).toBe('/margin');
    expect(Object.fromEntries(link.searchParams)).toEqual({
      buyPrice: plainIsk(scaled(cents(first.manufacturingCost), 1n, units)),
      sellPrice: plainIsk(scaled(cents(first.sellGross), 1n, units)),
      // A build pays no buy broker fee.
      ...(first.manufacturingCost > 0 ? { buyBroker: '0' } : {}),
      sellBroker: rate(first.sellBrokerFee, first.sellGross),
      taxRate: rate(first.sellTax, first.sellGross),
      extraQuantity: String(first.quantitySold),
    });
  });

  it('filters by a minimum profit in ISK and by item, and empty means none', async () => {
    const expected = await openManufacturingProfits();
    const profits = expected.rows.map((r) => r.profit).sort((a, b) => a - b);
    const threshold = Math.round(profits[Math.floor(profits.length / 2)]!);
    const asked = page.waitForRequest((request) => request.url().includes('minProfit='));
    await page.locator('#manufacturing-min-profit').fill(String(threshold));
    expect(new URL((await asked).url()).searchParams.get('minProfit')).toBe(String(threshold));
    const above = await manufacturingProfits(`count=40&minProfit=${threshold}`);
    expect(above.total).toBeLessThan(expected.total);
    await waitForRowIds(above.rows.map((r) => r.id));
    await page.locator('#manufacturing-min-profit').fill('');
    await waitForRowIds(expected.rows.map((r) => r.id));

    const item = expected.rows[0]!.typeName;
    await page.locator('#manufacturing-item-filter').fill(item);
    const ofItem = await manufacturingProfits(`count=40&filter=${encodeURIComponent(item)}`);
    await waitForRowIds(ofItem.rows.map((r) => r.id));
    expect(ofItem.rows.every((r) => r.typeName.toLowerCase().includes(item.toLowerCase()))).toBe(true);
    await page.locator('#manufacturing-item-filter').fill('no such item zzz');
    await waitForRowIds([]);
    expect(
      await page.getByTestId('manufacturing-profits').locator('.ant-table-placeholder').innerText(),
    ).toBe('No manufacturing profits match the filter.');
  });

  it('edits a unit cost inline: the manufacturing cost follows, the sale stays, and the saved row shows at once', async () => {
    const expected = await openManufacturingProfits();
    // The builder sells one unit at a time; a correction of its cost is what a user edits most.
    const target = expected.rows.find((r) => r.manufacturingCost > 0 && r.sellGross > 0)!;
    expect(target).toBeDefined();
    const line = row(target.id);
    await line.locator('.ant-checkbox-input').check();
    await page.getByTestId('manufacturing-profits-edit').click();
    const units = BigInt(target.quantitySold);
    const unitCost = (scaled(cents(target.manufacturingCost), 1n, units) * 9n) / 10n;
    await line.getByTestId('manufacturing-unitCost').fill(plainIsk(unitCost));

    const cost = unitCost * units;
    const sellGross = cents(target.sellGross);
    const sellFee = cents(target.sellBrokerFee);
    const tax = cents(target.sellTax);
    const profit = sellGross - tax - sellFee - cost;
    expect(await line.getByTestId('manufacturing-manufacturingCost').inputValue()).toBe(plainIsk(cost));
    expect(await line.getByTestId('manufacturing-sellGross').inputValue()).toBe(plainIsk(sellGross));
    expect(await line.getByTestId('manufacturing-sellTax').inputValue()).toBe(plainIsk(tax));
    expect(await line.getByTestId('manufacturing-profit').innerText()).toBe(fullIsk(profit));
    expect(await line.getByTestId('manufacturing-margin').innerText()).toBe(marginShown(profit, sellGross));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'manufacturing-profits-editing', false);

    const saved = responseTo('PATCH', '/manufacturingProfits');
    const reread = page.waitForRequest(
      (request) => request.method() === 'GET' && /\/manufacturingProfits\?.*position=\d+/.test(request.url()),
    );
    await page.getByTestId('manufacturing-profits-save').click();
    const answer = await saved;
    expect(answer.request().postDataJSON()).toEqual([
      {
        id: target.id,
        quantitySold: Number(units),
        manufacturingCost: Number(cost) / 100,
        sellGross: Number(sellGross) / 100,
        sellBrokerFee: Number(sellFee) / 100,
        sellTax: Number(tax) / 100,
      },
    ]);
    const { position } = (await answer.json()) as { position: number };
    expect(position).toBeGreaterThan(0);
    expect(new URL((await reread).url()).searchParams.get('position')).toBe(String(position));
    await line
      .locator('td')
      .nth(MANUFACTURING_COST)
      .filter({ hasText: fullIsk(cost) })
      .waitFor();
    expect(await page.getByTestId('manufacturing-profits-edit').innerText()).toBe('Edit');
    const cells = await cellTexts(line);
    expect(cells[MANUFACTURING_COST]).toBe(fullIsk(cost));
    expect(cells[PROFIT]).toBe(fullIsk(profit));
    expect(cells[ITEM]).toContain('(edited)');

    const stored = (await manufacturingProfits()).rows.find((r) => r.id === target.id)!;
    expect(stored).toMatchObject({
      quantitySold: Number(units),
      edited: true,
      costIncomplete: target.costIncomplete,
    });
    expect(cents(stored.manufacturingCost)).toBe(cost);
    expect(cents(stored.profit)).toBe(profit);
  });

  it('deletes the selected row after the confirmation', async () => {
    const expected = await openManufacturingProfits();
    const doomed = expected.rows[1]!.id;
    await row(doomed).locator('.ant-checkbox-input').check();
    await page.getByTestId('manufacturing-profits-delete').click();
    const confirm = page.getByTestId('confirm-deletion-dialog').getByRole('dialog');
    await confirm.waitFor();
    expect(await confirm.innerText()).toContain(CONFIRM_DELETION_TEXT);
    const deleted = responseTo('DELETE', '/manufacturingProfits');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const answer = await deleted;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual([doomed]);
    // The delete is in the read from its position on; a read without it may come before the projection.
    const { position } = (await answer.json()) as { position: number };
    const after = await manufacturingProfits(`count=40&position=${position}`);
    expect(after.total).toBe(expected.total - 1);
    expect(after.rows.some((r) => r.id === doomed)).toBe(false);
    await waitForRowIds(after.rows.map((r) => r.id));
    await page.locator('[data-testid="manufacturing-profits-delete"]:disabled').waitFor({ timeout: 5_000 });
  });

  it("shows the Overview's manufacturing profit per item and Net Profit's Manufacturing figure", async () => {
    await page.goto('about:blank');
    const manufacturingAnswer = page.waitForResponse((response) =>
      /\/api\/v1\/profit\/[^/]+\/aggregates\/manufacturing(\?|$)/.test(response.url()),
    );
    const dailyAnswer = page.waitForResponse((response) =>
      /\/api\/v1\/profit\/[^/]+\/aggregates\/daily(\?|$)/.test(response.url()),
    );
    await page.goto('/index');
    const perItem = await manufacturingAnswer;
    expect(new URL(perItem.url()).searchParams.get('timeRangeHours')).toBe('720');
    const items = (await perItem.json()) as ItemProfitRow[];
    const daily = (await (await dailyAnswer).json()) as ProfitAggregateRow[];
    await page.locator('h1', { hasText: 'Overview' }).waitFor();
    await page.waitForFunction("document.querySelectorAll('.ant-spin-spinning').length === 0");

    // The builder sold what he built in the last 30 days: the server has manufacturing profit to show.
    expect(items.length).toBeGreaterThan(0);
    const rows = await page
      .getByTestId('manufacturing-items-table')
      .locator('tbody tr.ant-table-row')
      .evaluateAll((lines) =>
        lines.map((line) => [...line.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())),
      );
    expect(rows).toEqual(
      items.slice(0, 10).map((item) => [item.typeName, expect.any(String), fullIsk(cents(item.profit))]),
    );

    const manufacturing = daily.reduce((sum, day) => sum + cents(day.manufacturingProfit), 0n);
    expect(manufacturing).not.toBe(0n);
    expect(await page.getByTestId('net-profit-manufacturing').getAttribute('data-value')).toBe(
      plainIsk(manufacturing),
    );
    expect(await page.getByTestId('net-profit-manufacturing').innerText()).toBe(
      `${fullIsk(manufacturing)} ISK`,
    );
    const total = daily.reduce(
      (sum, day) => sum + cents(day.tradeProfit) + cents(day.manufacturingProfit) + cents(day.contractProfit),
      0n,
    );
    expect(await page.getByTestId('net-profit-total').getAttribute('data-value')).toBe(plainIsk(total));
    expect(await page.getByTestId('daily-profit-chart').getAttribute('data-total')).toBe(plainIsk(total));
    await saveScreenshot(page, 'overview-manufacturing');

    // Nothing matches: the spec's empty text.
    const none = page.waitForResponse((response) =>
      /\/aggregates\/manufacturing\?.*filter=no/.test(response.url()),
    );
    await page.locator('#overview-item').fill('no such item zzz');
    expect(await (await none).json()).toEqual([]);
    await page.waitForFunction("document.querySelectorAll('.ant-spin-spinning').length === 0");
    expect(
      await page.getByTestId('manufacturing-items-table').locator('.ant-table-placeholder').innerText(),
    ).toBe(NO_MANUFACTURING_PROFITS);
  });

  it("lists the built items on Item History's Manufactured Items, with the manufacturing cost chart", async () => {
    const built = await get<ItemHistorySummary[]>(
      `/api/v1/journal/${accountId}/itemHistory?source=manufactured`,
    );
    expect(built.length).toBeGreaterThan(0);
    await page.goto('about:blank');
    await page.goto('/items');
    const table = page.getByTestId('manufactured-items-table');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const names = await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) => rows.map((row) => (row.querySelector('td')?.textContent ?? '').trim()));
    expect(names.sort()).toEqual(built.map((item) => item.typeName).sort());

    // Choosing one shows its manufacturing costs per day.
    await table.locator('tbody tr.ant-table-row').first().click();
    await page.waitForURL(/\/items\/\d+$/);
    await page.getByTestId('manufacturing-cost-chart').locator('canvas').first().waitFor();
  });
});
