import type { JournalEntriesPage } from '@tradewise/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';
import { logInThroughSimulator, pageApi } from './support/session';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** The server's sync scheduler looks for due accounts every 30 s; the import and projection follow. */
const SYNC_WAIT_MS = 90_000;
/** Aria Venn, the simulator's station trader. */

interface ShownRow {
  readonly date: string;
  readonly refType: string;
  readonly firstParty: string;
  readonly secondParty: string;
  readonly amount: string;
  readonly tone: string;
  readonly color: string;
}

/**
 * The Journal page over a real sync: one login through the ESI simulator, syncing started through the API, and
 * the simulator's wallet journal imported by the product's own sync role. The tests build on each other in order.
 */
describeInBrowser('Journal page (/journal) over a real sync (npm start, Chromium)', () => {
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
  let characterNames: string[];
  /** The first page (100 rows) and the total, as the API answered once the sync had imported the journal. */
  let everything: JournalEntriesPage;

  beforeAll(async () => {
    [product, chromium] = await Promise.all([startProduct(), launchChromium()]);
    context = await newContext(chromium.browser, product.url);
    await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
    page = await context.newPage();
    await logInThroughSimulator(page);
    const account = (await api('GET', '/api/v1/account')).body as {
      id: string;
      characters: { name: string }[];
    };
    accountId = account.id;
    characterNames = account.characters.map((character) => character.name);
    expect((await api('PATCH', '/api/v1/account', { syncEnabled: true })).status).toBe(200);
    everything = await waitForJournal();
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium?.close();
    await product?.stop();
  });

  async function journal(query: string): Promise<JournalEntriesPage> {
    const { status, body } = await api('GET', `/api/v1/journal/${accountId}/entries?${query}`);
    expect(status).toBe(200);
    return body as JournalEntriesPage;
  }

  /** Polls the API until the first sync has imported journal rows (and the count has settled). */
  async function waitForJournal(): Promise<JournalEntriesPage> {
    const deadline = Date.now() + SYNC_WAIT_MS;
    let previous = -1;
    for (;;) {
      const current = await journal('count=100');
      if (current.total > 0 && current.total === previous) return current;
      if (Date.now() > deadline) throw new Error(`no journal rows after ${SYNC_WAIT_MS} ms`);
      previous = current.total;
      await new Promise((resolve) => setTimeout(resolve, current.total > 0 ? 1000 : 2000));
    }
  }

  const table = () => page.getByTestId('journal-table');
  const pagination = () => page.locator('.ant-pagination');

  /** The rows as shown, read in the page. */
  function shownRows(): Promise<ShownRow[]> {
    return table()
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) =>
        rows.map((row) => {
          const cells = [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim());
          const amount = row.querySelector('[data-testid="journal-amount"]');
          return {
            date: row.querySelector('time')?.getAttribute('datetime') ?? '',
            refType: row.querySelector('[data-ref-type]')?.getAttribute('data-ref-type') ?? '',
            firstParty: cells[1] ?? '',
            secondParty: cells[2] ?? '',
            amount: cells[3] ?? '',
            tone: amount?.getAttribute('data-tone') ?? '',
            color: (amount && row.ownerDocument.defaultView?.getComputedStyle(amount).color) ?? '',
          };
        }),
      );
  }

  /** Waits until the table shows the given row dates (ISO), in order, and has stopped loading. */
  async function waitForDates(dates: readonly string[]) {
    const expected = JSON.stringify(dates);
    await page.waitForFunction(
      `!document.querySelector('[data-testid="journal-table"] .ant-spin-spinning') &&
       JSON.stringify([...document.querySelectorAll('[data-testid="journal-table"] tbody tr.ant-table-row time')]
         .map((time) => time.getAttribute('datetime'))) === ${JSON.stringify(expected)}`,
    );
  }

  /** Opens an antd select by its input id, types to search when asked, and picks the option with that title. */
  async function choose(selectInputId: string, title: string, search?: string) {
    const input = page.locator(`#${selectInputId}`);
    await input.click();
    if (search !== undefined) await input.fill(search);
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .locator(`.ant-select-item-option[title="${title}"]`)
      .click();
  }

  async function choosePageSize(size: number) {
    await pagination().locator('.ant-pagination-options .ant-select').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .locator(`.ant-select-item-option[title="${size} / page"]`)
      .click();
  }

  function toneOf(amount: string): string {
    if (amount === '--' || /^[0.,]+$/.test(amount)) return 'neutral';
    return amount.startsWith('-') ? 'negative' : 'positive';
  }

  it('shows the journal newest first, 40 rows to a page, with amounts coloured by sign', async () => {
    expect(everything.total).toBeGreaterThan(10);
    await page.goto('/journal');
    await page.locator('h1', { hasText: 'Journal' }).waitFor();
    const firstPage = everything.entries.slice(0, 40);
    await waitForDates(firstPage.map((entry) => entry.date));

    const rows = await shownRows();
    expect(rows.map((row) => row.refType)).toEqual(firstPage.map((entry) => entry.refType));
    const dates = rows.map((row) => row.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const row of rows) {
      expect(row.amount).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$|^--$/);
      expect(row.tone).toBe(toneOf(row.amount));
      // Parties are the account's characters or '--'.
      for (const party of [row.firstParty, row.secondParty])
        expect(['--', ...characterNames]).toContain(party);
    }
    const colorOf = (tone: string) => rows.find((row) => row.tone === tone)?.color;
    const positive = colorOf('positive');
    const negative = colorOf('negative');
    if (positive && negative) expect(positive).not.toBe(negative);
    expect(positive ?? negative).toBeDefined();

    expect(await pagination().locator('.ant-pagination-item-active').innerText()).toBe('1');
    expect(await page.locator('.ant-pagination-total-text').innerText()).toBe(
      `1-${Math.min(40, everything.total)} of ${everything.total}`,
    );
  });

  it('narrows the rows to one reference type, sent in upper case, and back to all', async () => {
    // A trader's journal always has sales and purchases among other kinds.
    const refType = 'market_transaction';
    const label = 'Market Transaction';
    const ofType = await journal(`count=40&refType=${refType.toUpperCase()}`);
    expect(ofType.total).toBeGreaterThan(0);
    expect(ofType.total).toBeLessThan(everything.total);

    const request = page.waitForRequest((req) => req.url().includes(`refType=${refType.toUpperCase()}`));
    await choose('journal-ref-type', label, label);
    expect(new URL((await request).url()).searchParams.get('start')).toBe('0');
    await waitForDates(ofType.entries.map((entry) => entry.date));
    const rows = await shownRows();
    expect(rows.length).toBe(Math.min(40, ofType.total));
    expect(rows.every((row) => row.refType === refType)).toBe(true);
    await saveScreenshot(page, 'journal-filtered', false);

    // The list is virtual and opens at the chosen type: search for 'All types' to reach it.
    await choose('journal-ref-type', 'All types', 'All types');
    await waitForDates(everything.entries.slice(0, 40).map((entry) => entry.date));
  });

  it("filters by character, 'All characters' by default", async () => {
    const characterSelect = page.locator('.ant-select', { has: page.locator('#journal-character') });
    expect(await characterSelect.innerText()).toContain('All characters');
    const [name] = characterNames as [string];
    const request = page.waitForRequest((req) => req.url().includes('characterId='));
    await choose('journal-character', name);
    const characterId = new URL((await request).url()).searchParams.get('characterId');
    const ofCharacter = await journal(`count=40&characterId=${characterId}`);
    await waitForDates(ofCharacter.entries.map((entry) => entry.date));
    await choose('journal-character', 'All characters');
    await waitForDates(everything.entries.slice(0, 40).map((entry) => entry.date));
  });

  it('pages with a smaller page size, shown from page 1', async () => {
    await choosePageSize(10);
    await waitForDates(everything.entries.slice(0, 10).map((entry) => entry.date));
    expect(await page.locator('.ant-pagination-prev').getAttribute('aria-disabled')).toBe('true');

    const request = page.waitForRequest((req) => req.url().includes('start=10'));
    await pagination().locator('.ant-pagination-item-2').click();
    expect(new URL((await request).url()).searchParams.get('count')).toBe('10');
    await waitForDates(everything.entries.slice(10, 20).map((entry) => entry.date));
    expect(await pagination().locator('.ant-pagination-item-active').innerText()).toBe('2');

    await pagination().locator('.ant-pagination-prev').click();
    await waitForDates(everything.entries.slice(0, 10).map((entry) => entry.date));
    expect(await pagination().locator('.ant-pagination-item-active').innerText()).toBe('1');
  });

  it('goes back to the first page when a filter changes', async () => {
    await pagination().locator('.ant-pagination-item-3').click();
    await waitForDates(everything.entries.slice(20, 30).map((entry) => entry.date));
    const request = page.waitForRequest((req) => req.url().includes('refType=MARKET_TRANSACTION'));
    await choose('journal-ref-type', 'Market Transaction', 'Market Transaction');
    expect(new URL((await request).url()).searchParams.get('start')).toBe('0');
    const ofType = await journal('count=10&refType=MARKET_TRANSACTION');
    await waitForDates(ofType.entries.map((entry) => entry.date));
    expect(await pagination().locator('.ant-pagination-item-active').innerText()).toBe('1');
    await choose('journal-ref-type', 'All types', 'All types');
    await waitForDates(everything.entries.slice(0, 10).map((entry) => entry.date));
  });

  it('remembers the page size after a reload', async () => {
    expect(await page.evaluate("localStorage.getItem('journal-page-size')")).toBe('10');
    await page.reload();
    await page.locator('h1', { hasText: 'Journal' }).waitFor();
    await waitForDates(everything.entries.slice(0, 10).map((entry) => entry.date));
    expect(await pagination().locator('.ant-pagination-options').innerText()).toContain('10 / page');
  });

  it('has no serious or critical accessibility violations', async () => {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'journal');
  });
});
