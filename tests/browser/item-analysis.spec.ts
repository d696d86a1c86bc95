import type { AccountDto, ItemHistoryDetails, ItemHistorySummary } from '@tradewise/contracts';
import type { BrowserContext, Page, Response } from 'playwright-core';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';
import { logInThroughSimulator, pageApi } from './support/session';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** The server's sync scheduler looks for due accounts every 30 s; the import and projection follow. */
const SYNC_WAIT_MS = 120_000;
/** Aria Venn, the simulator's station trader. */

/** The Bought Items table's answer; the page asks for the Manufactured Items table (source=manufactured) at once. */
const SUMMARIES = (url: URL) =>
  /\/api\/v1\/journal\/[^/]+\/itemHistory$/.test(url.pathname) && !url.searchParams.has('source');
const DETAILS = (url: URL) => /\/api\/v1\/journal\/[^/]+\/itemHistory\/(\d+)$/.test(url.pathname);

/** Full ISK with 2 decimals and thousands separators, written independently of the client. */
const fullIsk = (isk: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(isk);

/**
 * Item Analysis over a real sync: one login through the ESI simulator, syncing started through the API, and the
 * trader's purchases imported and projected by the product. The tables and charts are compared with what the
 * server answered the page; the tests build on each other in order.
 */
describeInBrowser('Item Analysis (/items, /items/{typeId}) over a real sync (npm start, Chromium)', () => {
  jest.setTimeout(60_000);
  let product: RunningProduct;
  let chromium: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;
  const api = pageApi(
    () => context,
    () => page,
  );
  let accountId: string;
  /** Every bought item, as the server answers the page without a filter. */
  let everything: ItemHistorySummary[];

  beforeAll(async () => {
    [product, chromium] = await Promise.all([startProduct(), launchChromium()]);
    context = await newContext(chromium.browser, product.url);
    await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
    page = await context.newPage();
    await logInThroughSimulator(page);
    accountId = ((await api('GET', '/api/v1/account')).body as AccountDto).id;
    expect((await api('PATCH', '/api/v1/account', { syncEnabled: true })).status).toBe(200);
    await waitForPurchases();
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await chromium?.close();
    await product?.stop();
  });

  /** Polls until the first sync's purchases are projected and the item count has settled. */
  async function waitForPurchases() {
    const deadline = Date.now() + SYNC_WAIT_MS;
    let previous = '';
    for (;;) {
      const { body } = await api('GET', `/api/v1/journal/${accountId}/itemHistory`);
      const summaries = body as ItemHistorySummary[];
      const fingerprint = JSON.stringify(summaries.map((row) => [row.typeId, row.total]));
      if (summaries.length > 0 && fingerprint === previous) return;
      if (Date.now() > deadline) throw new Error(`no bought items after ${SYNC_WAIT_MS} ms`);
      previous = fingerprint;
      await new Promise((resolve) => setTimeout(resolve, summaries.length > 0 ? 1500 : 2000));
    }
  }

  function answer<T>(matches: (url: URL) => boolean): Promise<{ params: URLSearchParams; body: T }> {
    return page
      .waitForResponse((response) => matches(new URL(response.url())) && response.ok())
      .then(async (response: Response) => ({
        params: new URL(response.url()).searchParams,
        body: (await response.json()) as T,
      }));
  }

  async function settled() {
    await page.waitForFunction("document.querySelectorAll('.ant-spin-spinning').length === 0");
  }

  const boughtTable = () => page.getByTestId('bought-items-table');

  async function boughtRows(): Promise<{ typeId: string; selected: string; cells: string[] }[]> {
    return boughtTable()
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) =>
        rows.map((row) => ({
          typeId: row.getAttribute('data-type-id') ?? '',
          selected: row.getAttribute('aria-selected') ?? '',
          cells: [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim()),
        })),
      );
  }

  const chartPoints = (testId: string) => page.getByTestId(testId).getAttribute('data-points');

  /** The first page of the table (20 rows) as the server answered it, in its order (by name). */
  function expectedRows(summaries: readonly ItemHistorySummary[]) {
    return summaries.slice(0, 20).map((row) => ({
      typeId: String(row.typeId),
      cells: [
        row.typeName,
        fullIsk(row.avgPrice),
        row.avgPriceForRemaining === null ? '--' : fullIsk(row.avgPriceForRemaining),
        row.marketSellPrice === null ? '--' : fullIsk(row.marketSellPrice),
        fullIsk(row.minPrice),
        fullIsk(row.maxPrice),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        expect.any(String),
        fullIsk(row.totalCost),
      ],
    }));
  }

  it('lists the bought items as the server answered, with nothing chosen yet', async () => {
    const summaries = answer<ItemHistorySummary[]>(SUMMARIES);
    await page.goto('/items');
    await page.locator('h1', { hasText: 'Item Analysis' }).waitFor();
    everything = (await summaries).body;
    await settled();
    expect(everything.length).toBeGreaterThan(0);
    const rows = await boughtRows();
    expect(rows.map(({ typeId, cells }) => ({ typeId, cells }))).toEqual(expectedRows(everything));
    expect(rows.every((row) => row.selected === 'false')).toBe(true);
    expect(await page.getByTestId('items-deselect').isDisabled()).toBe(true);
    expect(await page.getByTestId('buy-price-chart').innerText()).toContain(
      'Choose an item in the tables below to see its history.',
    );
    expect(
      await page.getByTestId('manufactured-items-table').locator('.ant-table-placeholder').innerText(),
    ).toBe('No manufactured items.');
  });

  it("shows each item's lowest sell in The Forge as its Market Sell Price", async () => {
    const typeIds = everything.slice(0, 10).map((row) => row.typeId);
    const lowestSells = async () =>
      Promise.all(
        typeIds.map(async (typeId) => {
          const { minSell } = (await api('GET', `/api/v1/market/stats/10000002/${typeId}`)).body as {
            minSell: number;
          };
          return minSell === 0 ? null : minSell;
        }),
      );
    // The order book may be fetched anew between the reads (it is cached until ESI's expiry): either reading will do.
    const before = await lowestSells();
    const summaries = (await api('GET', `/api/v1/journal/${accountId}/itemHistory`))
      .body as ItemHistorySummary[];
    const after = await lowestSells();
    typeIds.forEach((typeId, index) => {
      const shown = summaries.find((row) => row.typeId === typeId)!.marketSellPrice;
      expect([before[index], after[index]]).toContain(shown);
    });
    expect(summaries.some((row) => row.marketSellPrice !== null)).toBe(true);
  });

  it('shows the buy price history of an item clicked in the table at /items/{typeId}', async () => {
    // The item bought on the most days gives the richest chart.
    const details = await Promise.all(
      everything
        .slice(0, 20)
        .map(
          async (row) =>
            (await api('GET', `/api/v1/journal/${accountId}/itemHistory/${row.typeId}`))
              .body as ItemHistoryDetails,
        ),
    );
    const richest = details.reduce((best, next) =>
      next.boughtStats.length > best.boughtStats.length ? next : best,
    );
    const answered = answer<ItemHistoryDetails>(DETAILS);
    await boughtTable().locator(`tr[data-type-id="${richest.typeId}"]`).click();
    await page.waitForURL(`**/items/${richest.typeId}`);
    const shown = (await answered).body;
    await settled();
    expect(shown).toEqual(richest);
    expect(await page.getByTestId('items-selected').innerText()).toBe(richest.typeName);
    expect(await chartPoints('buy-price-chart')).toBe(String(richest.boughtStats.length));
    expect(await page.getByTestId('buy-price-chart').locator('canvas').count()).toBeGreaterThan(0);
    expect(await page.locator('.ant-card-head', { hasText: 'Buy price history' }).innerText()).toContain(
      richest.typeName,
    );
    // Nothing manufactured: the manufacturing chart says so.
    expect(await chartPoints('manufacturing-cost-chart')).toBe('0');
    expect(await page.getByTestId('manufacturing-cost-chart').innerText()).toContain(
      `No manufacturing costs of ${richest.typeName} to show.`,
    );
    const selected = (await boughtRows()).filter((row) => row.selected === 'true');
    expect(selected.map((row) => row.typeId)).toEqual([String(richest.typeId)]);
    await saveScreenshot(page, 'item-analysis');

    // The address alone opens the same item.
    const again = answer<ItemHistoryDetails>(DETAILS);
    await page.reload();
    expect((await again).body.typeId).toBe(richest.typeId);
    await settled();
    expect(await chartPoints('buy-price-chart')).toBe(String(richest.boughtStats.length));
  });

  it('deselects the item with Deselect item', async () => {
    await page.getByTestId('items-deselect').click();
    await page.waitForURL((url) => url.pathname === '/items');
    // The page for /items replaces the one for /items/{typeId} once it has rendered.
    await page.locator('[data-testid="buy-price-chart"][data-points="0"]').waitFor();
    expect(await page.getByTestId('items-deselect').isDisabled()).toBe(true);
    expect((await boughtRows()).every((row) => row.selected === 'false')).toBe(true);
  });

  it('chooses an item with the keyboard too', async () => {
    const second = everything[1] ?? everything[0]!;
    const row = boughtTable().locator(`tr[data-type-id="${second.typeId}"]`);
    await row.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/items/${second.typeId}`);
    await page.getByTestId('items-selected').waitFor();
    expect(await page.getByTestId('items-selected').innerText()).toBe(second.typeName);
    await page.getByTestId('items-deselect').click();
    await page.locator('[data-testid="buy-price-chart"][data-points="0"]').waitFor();
  });

  it('filters the items by name, keeps the filter while an item is chosen, and says when nothing matches', async () => {
    const [first] = everything;
    const part = first!.typeName.slice(0, Math.max(3, first!.typeName.length - 2));
    const filtered = answer<ItemHistorySummary[]>(SUMMARIES);
    await page.getByTestId('items-filter').fill(part);
    const { params, body } = await filtered;
    await settled();
    expect(params.get('filter')).toBe(part);
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((row) => row.typeName.toLowerCase().includes(part.toLowerCase()))).toBe(true);
    expect((await boughtRows()).map(({ typeId, cells }) => ({ typeId, cells }))).toEqual(expectedRows(body));

    await boughtTable().locator(`tr[data-type-id="${first!.typeId}"]`).click();
    await page.waitForURL(`**/items/${first!.typeId}`);
    await page.getByTestId('items-selected').waitFor();
    await settled();
    expect(await page.getByTestId('items-filter').inputValue()).toBe(part);
    expect((await boughtRows()).map((row) => row.typeId)).toEqual(
      body.slice(0, 20).map((row) => String(row.typeId)),
    );

    const nothing = answer<ItemHistorySummary[]>(SUMMARIES);
    await page.getByTestId('items-filter').fill('no such item zzz');
    expect((await nothing).body).toEqual([]);
    await settled();
    expect(await boughtTable().locator('.ant-table-placeholder').innerText()).toBe(
      'No bought items match the filter.',
    );

    const all = answer<ItemHistorySummary[]>(SUMMARIES);
    await page.getByTestId('items-filter').fill('');
    expect((await all).params.has('filter')).toBe(false);
    await settled();
  });

  it('opens the transactions filtered on the item with shift-click', async () => {
    const [first] = everything;
    await boughtTable()
      .locator(`tr[data-type-id="${first!.typeId}"]`)
      .click({ modifiers: ['Shift'] });
    await page.waitForURL((url) => url.pathname === '/transactions');
    expect(new URL(page.url()).searchParams.get('filter')).toBe(first!.typeName);
    // The Transactions page takes the filter from the address.
    const itemFilter = page.locator('#transactions-item-filter');
    await itemFilter.waitFor();
    expect(await itemFilter.inputValue()).toBe(first!.typeName);
  });

  it('says so for an address that is not an item', async () => {
    await page.goto('/items/not-an-item');
    await page.locator('h1', { hasText: 'Item Analysis' }).waitFor();
    await page.getByText('There is no item not-an-item.').waitFor();
  });

  it('has no serious or critical accessibility violations', async () => {
    const details = answer<ItemHistoryDetails>(DETAILS);
    await page.goto(`/items/${everything[0]!.typeId}`);
    await details;
    await settled();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });
});
