import type {
  TradeProfitRowDto,
  TradeProfitsPage,
  UnprocessedTransactionDto,
  WalletTransactionsPage,
} from '@tradewise/contracts';
import type { BrowserContext, Locator, Page, Response } from 'playwright-core';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';
import { TRADER_CHARACTER_ID, logInThroughSimulator, pageApi } from './support/session';
import { cents, fullIsk, marginShown, plainIsk, scaled } from './support/isk';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** The server's sync scheduler looks for due accounts every 30 s; the import and projection follow. */
const SYNC_WAIT_MS = 120_000;
/** Aria Venn, the simulator's station trader: her sales make trade profits and pending sales. */

const CONFIRM_DELETION_TEXT =
  'Are you sure you want to permanently delete these rows? There is no way to undo this operation.';
const CONFIRM_NAVIGATION_TEXT = 'You have unsaved edits, would you like to leave the page?';

/**
 * The editable ledger lists over a real sync (account-area §2 Trade Profits, Transactions, Pending Transactions,
 * Item Warehouse, Settings → Broker Fee Overrides; §4 Editable lists): one login through the ESI simulator, the
 * trader's wallet imported by the product's own sync role, then every page driven in Chromium and checked against
 * the API. The tests build on each other in order.
 */
describeInBrowser('Ledger lists over a real sync (npm start, Chromium)', () => {
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
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
    page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await logInThroughSimulator(page);
    accountId = ((await api('GET', '/api/v1/account')).body as { id: string }).id;
    expect((await api('PATCH', '/api/v1/account', { syncEnabled: true })).status).toBe(200);
    await waitForLedger();
  }, 240_000);

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

  /** `count` defaults to 100 unless the query names one. */
  const listQuery = (query: string) => (query.includes('count=') ? query : `count=100&${query}`);
  const tradeProfits = (query = '') =>
    get<TradeProfitsPage>(`/api/v1/profit/${accountId}/tradeProfits?${listQuery(query)}`);
  const transactions = (query = '') =>
    get<WalletTransactionsPage>(`/api/v1/journal/${accountId}/transactions?${listQuery(query)}`);
  const pending = () => get<UnprocessedTransactionDto[]>(`/api/v1/journal/${accountId}/unprocessed`);

  /** Polls the API until the first sync's profits and pending sales are there and have settled. */
  async function waitForLedger() {
    const deadline = Date.now() + SYNC_WAIT_MS;
    let previous = '';
    for (;;) {
      const [profits, sales, waiting] = await Promise.all([tradeProfits(), transactions(), pending()]);
      const seen = `${profits.total}/${sales.total}/${waiting.length}`;
      if (profits.total > 10 && waiting.length >= 3 && seen === previous) return;
      if (Date.now() > deadline) throw new Error(`the ledger is not ready after ${SYNC_WAIT_MS} ms: ${seen}`);
      previous = seen;
      await new Promise((resolve) => setTimeout(resolve, 2000));
    }
  }

  const dialog = (testId: string) => page.getByTestId(testId).getByRole('dialog');
  const responseTo = (method: string, path: string): Promise<Response> =>
    page.waitForResponse(
      (response) => response.request().method() === method && new URL(response.url()).pathname.endsWith(path),
    );

  /** The ids of the rows a list shows, once it has stopped loading. */
  async function waitForRowIds(listTestId: string, ids: readonly (string | number)[]) {
    const expected = JSON.stringify(ids.map(String));
    await page.waitForFunction(
      `!document.querySelector('[data-testid="${listTestId}"] .ant-spin-spinning') &&
       JSON.stringify([...document.querySelectorAll('[data-testid="${listTestId}"] tbody tr.ant-table-row')]
         .map((row) => row.getAttribute('data-row-id'))) === ${JSON.stringify(expected)}`,
    );
  }

  function row(listTestId: string, id: string | number): Locator {
    return page.getByTestId(listTestId).locator(`tr[data-row-id="${id}"]`);
  }

  async function cellTexts(line: Locator): Promise<string[]> {
    return line.locator('td').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));
  }

  async function choosePageSize(listTestId: string, size: number) {
    await page.getByTestId(`${listTestId}-pagination`).locator('.ant-pagination-options .ant-select').click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .locator(`.ant-select-item-option[title="${size} / page"]`)
      .click();
  }

  describe('Trade Profits (/trade)', () => {
    /** Trade profit cells after the selection column: Date, Character, Item, Units, Profit, Margin, link, ... */
    const UNITS = 4;
    const PROFIT = 5;
    const MARGIN = 6;
    const BUY_TOTAL = 9;
    const SELL_TOTAL = 12;

    async function openTradeProfits(): Promise<TradeProfitsPage> {
      const expected = await tradeProfits('count=40');
      await page.goto('/trade');
      await page.locator('h1', { hasText: 'Trade Profits' }).waitFor();
      await waitForRowIds(
        'trade-profits',
        expected.rows.slice(0, 40).map((r) => r.id),
      );
      return expected;
    }

    it('shows the rows newest first, 40 to a page, with profit and margin', async () => {
      const expected = await openTradeProfits();
      const first = expected.rows[0]!;
      const cells = await cellTexts(row('trade-profits', first.id));
      expect(cells[2]).toBe('Aria Venn');
      expect(cells[3]).toBe(first.typeName);
      expect(cells[UNITS]).toBe(first.quantitySold.toLocaleString('en-US'));
      expect(cells[BUY_TOTAL]).toBe(fullIsk(cents(first.buyCost)));
      expect(cells[SELL_TOTAL]).toBe(fullIsk(cents(first.sellGross)));
      expect(cells[PROFIT]).toBe(fullIsk(cents(first.profit)));
      expect(cells[MARGIN]).toBe(marginShown(cents(first.profit), cents(first.sellGross)));
      expect(await page.locator('.ant-pagination-total-text').innerText()).toBe(
        `1-${Math.min(40, expected.total)} of ${expected.total}`,
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'trade-profits');
    });

    it('links each row to the margin calculator with its prices, rates and units', async () => {
      const [first] = (await tradeProfits('count=10')).rows as [TradeProfitRowDto];
      const href = await row('trade-profits', first.id).getByTestId('trade-margin-link').getAttribute('href');
      const link = new URL(href!, product.url);
      const units = BigInt(first.quantitySold);
      const rate = (part: number, whole: number) =>
        String(Number(scaled(cents(part), 1_000_000n, cents(whole))) / 10_000);
      expect(link.pathname).toBe('/margin');
      expect(Object.fromEntries(link.searchParams)).toEqual({
        buyPrice: plainIsk(scaled(cents(first.buyCost), 1n, units)),
        sellPrice: plainIsk(scaled(cents(first.sellGross), 1n, units)),
        buyBroker: rate(first.buyBrokerFee, first.buyCost),
        sellBroker: rate(first.sellBrokerFee, first.sellGross),
        taxRate: rate(first.sellTax, first.sellGross),
        extraQuantity: String(first.quantitySold),
      });
      await row('trade-profits', first.id).getByTestId('trade-margin-link').click();
      await page.waitForURL((url) => url.pathname === '/margin');
      await page.locator('h1', { hasText: 'Margin Calculator' }).waitFor();
      expect(await page.locator('#margin_extraQuantity').inputValue()).toBe(String(first.quantitySold));
    });

    it('filters by a minimum profit in ISK, and empty means none', async () => {
      const expected = await openTradeProfits();
      await row('trade-profits', expected.rows[0]!.id).locator('.ant-checkbox-input').check();
      expect(await page.getByTestId('trade-profits-selection').innerText()).toBe('1 selected');
      const request = page.waitForRequest((req) => req.url().includes('minProfit=1000000'));
      await page.locator('#trade-min-profit').fill('1000000');
      expect(new URL((await request).url()).searchParams.get('start')).toBe('0');
      const rich = await tradeProfits('count=40&minProfit=1000000');
      expect(rich.total).toBeLessThan(expected.total);
      await waitForRowIds(
        'trade-profits',
        rich.rows.map((r) => r.id),
      );
      expect(rich.rows.every((r) => r.profit >= 1_000_000)).toBe(true);
      // A filter change clears the selection.
      expect(await page.getByTestId('trade-profits-selection').innerText()).toBe('');
      expect(await page.getByTestId('trade-profits-delete').isDisabled()).toBe(true);
      await page.locator('#trade-min-profit').fill('');
      await waitForRowIds(
        'trade-profits',
        expected.rows.slice(0, 40).map((r) => r.id),
      );
    });

    it('edits units inline: totals, fees and tax rescale, and the saved row shows at once', async () => {
      const expected = await openTradeProfits();
      const target = expected.rows.find((r) => r.quantitySold >= 4 && r.buyCost > 0 && r.sellGross > 0)!;
      const line = row('trade-profits', target.id);
      await line.locator('.ant-checkbox-input').check();
      await page.getByTestId('trade-profits-edit').click();
      expect(await page.getByTestId('trade-profits-edit').innerText()).toBe('Cancel');
      const units = BigInt(Math.floor(target.quantitySold / 2));
      const was = BigInt(target.quantitySold);
      await line.getByTestId('trade-units').fill(String(units));

      const buyCost = scaled(cents(target.buyCost), units, was);
      const sellGross = scaled(cents(target.sellGross), units, was);
      const buyFee = scaled(cents(target.buyBrokerFee), buyCost, cents(target.buyCost));
      const sellFee = scaled(cents(target.sellBrokerFee), sellGross, cents(target.sellGross));
      const tax = scaled(cents(target.sellTax), sellGross, cents(target.sellGross));
      const profit = sellGross - tax - sellFee - buyCost - buyFee;
      expect(await line.getByTestId('trade-buyCost').inputValue()).toBe(plainIsk(buyCost));
      expect(await line.getByTestId('trade-sellGross').inputValue()).toBe(plainIsk(sellGross));
      expect(await line.getByTestId('trade-sellTax').inputValue()).toBe(plainIsk(tax));
      expect(await line.getByTestId('trade-profit').innerText()).toBe(fullIsk(profit));
      expect(await line.getByTestId('trade-margin').innerText()).toBe(marginShown(profit, sellGross));
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'trade-profits-editing', false);

      const saved = responseTo('PATCH', '/tradeProfits');
      await page.getByTestId('trade-profits-save').click();
      const { position } = (await (await saved).json()) as { position: number };
      expect(position).toBeGreaterThan(0);
      // Shown from the read at the edit's position, without a reload.
      await line
        .locator('td')
        .nth(UNITS)
        .filter({ hasText: new RegExp(`^${units.toLocaleString('en-US')}$`) })
        .waitFor();
      expect(await page.getByTestId('trade-profits-edit').innerText()).toBe('Edit');
      expect(await page.getByTestId('trade-profits-save').isDisabled()).toBe(true);
      const cells = await cellTexts(line);
      expect(cells[BUY_TOTAL]).toBe(fullIsk(buyCost));
      expect(cells[PROFIT]).toBe(fullIsk(profit));
      expect(cells[MARGIN]).toBe(marginShown(profit, sellGross));
      expect(cells[3]).toContain('(edited)');

      const stored = (await tradeProfits()).rows.find((r) => r.id === target.id)!;
      expect(stored).toMatchObject({ quantitySold: Number(units), edited: true });
      expect(cents(stored.buyCost)).toBe(buyCost);
      expect(cents(stored.sellTax)).toBe(tax);
      expect(cents(stored.profit)).toBe(profit);
    });

    it('asks before leaving the page with unsaved edits', async () => {
      const expected = await openTradeProfits();
      const target = expected.rows[1]!;
      await page.getByTestId('trade-profits-edit').click();
      await row('trade-profits', target.id)
        .getByTestId('trade-units')
        .fill(String(target.quantitySold + 1));
      await page.getByTestId('side-navigation').locator('a[href="/transactions"]').click();
      const confirm = dialog('confirm-navigation-dialog');
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain('Confirm Navigation');
      expect(await confirm.innerText()).toContain(CONFIRM_NAVIGATION_TEXT);
      await confirm.getByRole('button', { name: 'Stay on Page' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/trade');
      expect(await row('trade-profits', target.id).getByTestId('trade-units').inputValue()).toBe(
        String(target.quantitySold + 1),
      );

      await page.getByTestId('side-navigation').locator('a[href="/transactions"]').click();
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Leave Page' }).click();
      await page.waitForURL((url) => url.pathname === '/transactions');
      // Nothing was saved.
      const stored = (await tradeProfits()).rows.find((r) => r.id === target.id)!;
      expect(stored.quantitySold).toBe(target.quantitySold);
    });

    it('deletes the selected rows after the confirmation', async () => {
      const expected = await openTradeProfits();
      const doomed = expected.rows.slice(2, 4).map((r) => r.id);
      for (const id of doomed) await row('trade-profits', id).locator('.ant-checkbox-input').check();
      await page.getByTestId('trade-profits-delete').click();
      const confirm = dialog('confirm-deletion-dialog');
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain('Confirm Deletion');
      expect(await confirm.innerText()).toContain(CONFIRM_DELETION_TEXT);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect((await tradeProfits()).total).toBe(expected.total);

      await page.getByTestId('trade-profits-delete').click();
      await confirm.waitFor();
      const deleted = responseTo('DELETE', '/tradeProfits');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      const answer = await deleted;
      expect(answer.status()).toBe(200);
      // The delete is in the read from its position on; a read without it may come before the projection.
      const { position } = (await answer.json()) as { position: number };
      const after = await tradeProfits(`count=40&position=${position}`);
      expect(after.total).toBe(expected.total - 2);
      await waitForRowIds(
        'trade-profits',
        after.rows.map((r) => r.id),
      );
      expect(after.rows.some((r) => doomed.includes(r.id))).toBe(false);
      // The selection is cleared once the delete's answer is in, which may be a render after the new rows.
      await page.locator('[data-testid="trade-profits-delete"]:disabled').waitFor({ timeout: 5_000 });
    });

    it('pages from 1 with a stored page size', async () => {
      const expected = await openTradeProfits();
      await choosePageSize('trade-profits', 10);
      await waitForRowIds(
        'trade-profits',
        expected.rows.slice(0, 10).map((r) => r.id),
      );
      const request = page.waitForRequest((req) => req.url().includes('start=10'));
      await page.getByTestId('trade-profits-pagination').locator('.ant-pagination-item-2').click();
      expect(new URL((await request).url()).searchParams.get('count')).toBe('10');
      await waitForRowIds(
        'trade-profits',
        expected.rows.slice(10, 20).map((r) => r.id),
      );
      expect(await page.evaluate("localStorage.getItem('trade-profits-page-size')")).toBe('10');
      await page.reload();
      await waitForRowIds(
        'trade-profits',
        expected.rows.slice(0, 10).map((r) => r.id),
      );
    });
  });

  describe('Transactions (/transactions)', () => {
    const UNIT_PRICE = 4;
    const SOLD = 7;
    const CONSUMED = 8;
    const REMAINING = 9;

    async function openTransactions(): Promise<WalletTransactionsPage> {
      const expected = await transactions('count=40');
      await page.goto('/transactions');
      await page.locator('h1', { hasText: 'Transactions' }).waitFor();
      await waitForRowIds(
        'transactions',
        expected.rows.slice(0, 40).map((r) => r.id),
      );
      return expected;
    }

    it("shows the counters, '-' for a sale's consumed, and the corporation suffix", async () => {
      const expected = await openTransactions();
      for (const transaction of expected.rows.slice(0, 40)) {
        const cells = await cellTexts(row('transactions', transaction.id));
        expect(cells[2]).toBe(`${transaction.characterName}${transaction.isPersonal ? '' : ' (Corp order)'}`);
        expect(cells[CONSUMED]).toBe(
          transaction.isBuy ? transaction.quantityConsumed.toLocaleString('en-US') : '-',
        );
        expect(cells[SOLD]).toBe(transaction.quantitySold.toLocaleString('en-US'));
        expect(cells[REMAINING]).toBe(transaction.quantityRemaining.toLocaleString('en-US'));
        const total = cents(transaction.unitPrice) * BigInt(transaction.quantity);
        expect(cells[6]).toBe(fullIsk(transaction.isBuy ? -total : total));
      }
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'transactions');
    });

    it('copies a unit price with the stored margin', async () => {
      const [first] = (await openTransactions()).rows as [WalletTransactionsPage['rows'][number]];
      await page.locator('#transactions-copy-percent').fill('10');
      await row('transactions', first.id).locator('td').nth(UNIT_PRICE).getByRole('button').click();
      const expected = plainIsk(scaled(cents(first.unitPrice), 110n, 100n));
      await page.getByTestId('transactions-copied').filter({ hasText: expected }).waitFor();
      expect(await page.evaluate('navigator.clipboard.readText()')).toBe(expected);
      await page.reload();
      expect(await page.locator('#transactions-copy-percent').inputValue()).toBe('10');
    });

    it('raises a purchase’s consumed quantity within its bounds and shows it at once', async () => {
      const expected = await openTransactions();
      const buy = expected.rows.find((r) => r.isBuy && r.tracked && r.quantityRemaining >= 2)!;
      const line = row('transactions', buy.id);
      await page.getByTestId('transactions-edit').click();
      const input = line.getByTestId('transaction-quantityConsumed');
      // Beyond quantity − sold is held at quantity − sold; below the current value at the current value.
      await input.fill(String(buy.quantity * 10));
      await input.blur();
      expect(await input.inputValue()).toBe(String(buy.quantity - buy.quantitySold));
      await input.fill('0');
      await input.blur();
      expect(await input.inputValue()).toBe(String(buy.quantityConsumed));
      await input.fill(String(buy.quantityConsumed + 1));
      expect(await line.getByTestId('transaction-remaining').innerText()).toBe(
        (buy.quantityRemaining - 1).toLocaleString('en-US'),
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      const saved = responseTo('PATCH', '/transactions');
      await page.getByTestId('transactions-save').click();
      expect((await saved).status()).toBe(200);
      await line
        .locator('td')
        .nth(CONSUMED)
        .filter({ hasText: new RegExp(`^${(buy.quantityConsumed + 1).toLocaleString('en-US')}$`) })
        .waitFor();
      const stored = (await transactions()).rows.find((r) => r.id === buy.id)!;
      expect(stored.quantityConsumed).toBe(buy.quantityConsumed + 1);
      expect(stored.quantityRemaining).toBe(buy.quantityRemaining - 1);
    });
  });

  describe('Pending Transactions (/unprocessed)', () => {
    async function openPending(): Promise<UnprocessedTransactionDto[]> {
      const expected = await pending();
      await page.goto('/unprocessed');
      await page.locator('h1', { hasText: 'Pending Transactions' }).waitFor();
      await waitForRowIds(
        'pending',
        expected.slice(0, 40).map((r) => r.id),
      );
      return expected;
    }

    /** Holds each processing call for a moment so the blocking dialog can be seen. */
    async function slowProcessing() {
      await context.route('**/unprocessed/process', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 700));
        await route.continue();
      });
    }

    it('lists the sales waiting for a cost, filtered by item name', async () => {
      const expected = await openPending();
      const cells = await cellTexts(row('pending', expected[0]!.id));
      expect(cells[3]).toBe(expected[0]!.typeName);
      expect(cells[6]).toBe(expected[0]!.quantity.toLocaleString('en-US'));
      await page.locator('#pending-item-filter').fill('no such item zzz');
      await page.getByText('No unprocessed transactions match the filter.').waitFor();
      await page.locator('#pending-item-filter').fill('');
      await waitForRowIds(
        'pending',
        expected.slice(0, 40).map((r) => r.id),
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'pending-transactions');
    });

    it('saves a custom buy price behind the blocking dialog', async () => {
      const expected = await openPending();
      await slowProcessing();
      const [first] = expected as [UnprocessedTransactionDto];
      const line = row('pending', first.id);
      expect(await page.getByTestId('pending-save').isDisabled()).toBe(true);
      await line.getByTestId('pending-custom-price').fill('not a price');
      expect(await page.getByTestId('pending-save').isDisabled()).toBe(true);
      await line.getByTestId('pending-custom-price').fill('1234.56');
      expect(await line.locator('.ant-checkbox-input').isChecked()).toBe(true);
      const processed = page.waitForRequest((req) => req.url().endsWith('/unprocessed/process'));
      await page.getByTestId('pending-save').click();
      expect((await processed).postDataJSON()).toEqual({
        transactionsToProcess: [{ id: first.id, customBuyPrice: 1234.56 }],
        transactionsToIgnore: [],
      });
      await dialog('processing-dialog').getByText('Processing in progress...').waitFor();
      await dialog('processing-dialog').waitFor({ state: 'hidden' });
      const after = await pending();
      expect(after.some((r) => r.id === first.id)).toBe(false);
      await waitForRowIds(
        'pending',
        after.slice(0, 40).map((r) => r.id),
      );
    });

    it("marks selected sales as sold or consumed, down to 'You have no unprocessed transactions.'", async () => {
      const expected = await openPending();
      const [first] = expected as [UnprocessedTransactionDto];
      expect(await page.getByTestId('pending-mark-sold').isDisabled()).toBe(true);
      await row('pending', first.id).locator('.ant-checkbox-input').check();
      await page.getByTestId('pending-mark-sold').click();
      await dialog('processing-dialog').getByText('Processing in progress...').waitFor();
      await dialog('processing-dialog').waitFor({ state: 'hidden' });
      const after = await pending();
      expect(after.map((r) => r.id)).toEqual(expected.slice(1).map((r) => r.id));
      await waitForRowIds(
        'pending',
        after.slice(0, 40).map((r) => r.id),
      );

      await page.getByTestId('pending-table').locator('thead .ant-checkbox-input').check();
      await page.getByTestId('pending-mark-sold').click();
      await page.getByText('You have no unprocessed transactions.').waitFor();
      expect(await pending()).toEqual([]);
      await context.unroute('**/unprocessed/process');
    });
  });

  describe('Item Warehouse (/warehouse)', () => {
    const entries = () =>
      get<{ id: string; typeName: string; unitPrice: number; quantity: number | null }[]>(
        '/api/v1/account/itemWarehouse',
      );
    const form = () => page.getByTestId('warehouse-form');

    async function chooseItem(inputId: string, name: string) {
      await page.locator(`#${inputId}`).fill(name);
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .locator(`.ant-select-item-option[title="${name}"]`)
        .click();
    }

    async function waitForEntries(count: number) {
      await page.waitForFunction(
        `!document.querySelector('[data-testid="warehouse-table"] .ant-spin-spinning') &&
         document.querySelectorAll('[data-testid="warehouse-table"] tbody tr.ant-table-row').length === ${count}`,
      );
    }

    it('adds entries, one used as default price (Infinite)', async () => {
      await page.goto('/warehouse');
      await page.locator('h1', { hasText: 'Item Warehouse' }).waitFor();
      await page.getByText('The warehouse is empty: add an entry with the form.').waitFor();
      expect(await form().locator('.ant-card-head-title').innerText()).toBe('Add Entry');
      expect(await page.getByTestId('warehouse-save').isDisabled()).toBe(true);
      await chooseItem('warehouse-item', 'Tritanium');
      await page.locator('#warehouse-unit-price').fill('4.17');
      await page.locator('#warehouse-quantity').fill('1000');
      await page.getByTestId('warehouse-save').click();
      await waitForEntries(1);
      const tritanium = page.getByTestId('warehouse-table').locator('tbody tr', { hasText: 'Tritanium' });
      expect(await cellTexts(tritanium)).toEqual(['', 'Tritanium', '4.17', '1,000', '4,170.00']);

      await chooseItem('warehouse-item', 'Pyerite');
      await page.locator('#warehouse-unit-price').fill('9.5');
      await page.locator('#warehouse-default-price').click();
      expect(await page.locator('#warehouse-quantity').inputValue()).toBe('Infinite');
      await page.getByTestId('warehouse-save').click();
      await waitForEntries(2);
      const pyerite = page.getByTestId('warehouse-table').locator('tbody tr', { hasText: 'Pyerite' });
      expect(await cellTexts(pyerite)).toEqual(['', 'Pyerite', '9.50', 'Infinite', '-']);
      expect((await entries()).map((entry) => [entry.typeName, entry.unitPrice, entry.quantity])).toEqual([
        ['Tritanium', 4.17, 1000],
        ['Pyerite', 9.5, null],
      ]);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'warehouse');
    });

    it('edits the selected entry; Save waits for a change; Deselect goes back to Add', async () => {
      const tritanium = page.getByTestId('warehouse-table').locator('tbody tr', { hasText: 'Tritanium' });
      await tritanium.click();
      expect(await form().locator('.ant-card-head-title').innerText()).toBe('Edit Entry');
      expect(await page.locator('#warehouse-item').isDisabled()).toBe(true);
      expect(await page.getByTestId('warehouse-save').isDisabled()).toBe(true);
      await page.getByTestId('warehouse-deselect').click();
      expect(await form().locator('.ant-card-head-title').innerText()).toBe('Add Entry');

      await tritanium.click();
      await page.locator('#warehouse-unit-price').fill('5.25');
      await page.locator('#warehouse-default-price').click();
      await page.getByTestId('warehouse-save').click();
      await tritanium.locator('td', { hasText: /^Infinite$/ }).waitFor();
      expect(await cellTexts(tritanium)).toEqual(['', 'Tritanium', '5.25', 'Infinite', '-']);
      expect((await entries()).find((entry) => entry.typeName === 'Tritanium')).toMatchObject({
        unitPrice: 5.25,
        quantity: null,
      });
    });

    it('filters by a case-insensitive regular expression', async () => {
      await page.locator('#warehouse-filter').fill('^PYE');
      await waitForEntries(1);
      await page.locator('#warehouse-filter').fill('rite$|^trit');
      await waitForEntries(2);
      await page.locator('#warehouse-filter').fill('zzz');
      await page.getByText('No entries match the filter.').waitFor();
      await page.locator('#warehouse-filter').fill('');
      await waitForEntries(2);
    });

    it("shows the server's text in 'Error' when a change is refused", async () => {
      const pyerite = page.getByTestId('warehouse-table').locator('tbody tr', { hasText: 'Pyerite' });
      await pyerite.click();
      // Removed behind the page's back: the edit is answered 404.
      const entry = (await entries()).find((e) => e.typeName === 'Pyerite')!;
      expect((await api('DELETE', `/api/v1/account/itemWarehouse/${entry.id}`)).status).toBe(200);
      await page.locator('#warehouse-unit-price').fill('10');
      await page.getByTestId('warehouse-save').click();
      const error = dialog('warehouse-error-dialog');
      await error.waitFor();
      expect(await error.innerText()).toContain('Error');
      expect(await error.innerText()).toContain('There is no such warehouse entry.');
      await error.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await error.waitFor({ state: 'hidden' });
    });

    it('deletes the selected entry after the confirmation', async () => {
      await page.reload();
      await waitForEntries(1);
      await page.getByTestId('warehouse-table').locator('tbody tr', { hasText: 'Tritanium' }).click();
      await page.getByTestId('warehouse-delete').click();
      const confirm = dialog('confirm-deletion-dialog');
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain(CONFIRM_DELETION_TEXT);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await page.getByText('The warehouse is empty: add an entry with the form.').waitFor();
      expect(await entries()).toEqual([]);
    });
  });

  describe('Settings → Broker Fee Overrides (/itemSettings)', () => {
    const section = () => page.getByTestId('broker-fee-overrides');
    const rows = () =>
      section().getByRole('region', { name: 'Broker fee overrides' }).locator('tbody tr.ant-table-row');

    it("lists the built-in rates as 'Default', without Remove", async () => {
      await page.goto('/itemSettings');
      await section().waitFor();
      await rows().first().waitFor();
      expect(await rows().count()).toBe(1);
      expect(await cellTexts(rows().first())).toEqual([
        'Default',
        'All characters',
        'All items',
        '0.5%',
        '0.5%',
        '3.5%',
        '',
      ]);
      for (const [id, value] of [
        ['buyFee', '0.50'],
        ['sellFee', '0.50'],
        ['npcSellFee', '3.50'],
      ])
        expect(await page.locator(`#broker-fee-${id}`).inputValue()).toBe(value);
      expect(await page.locator('#broker-fee-start').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      await saveScreenshot(page, 'broker-fee-overrides');
    });

    it('adds an override for one item from a UTC start date', async () => {
      await page.locator('#broker-fee-start').fill('2026-01-02 03:04');
      await page.locator('#broker-fee-item').fill('Tritanium');
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .locator('.ant-select-item-option[title="Tritanium"]')
        .click();
      await page.locator('#broker-fee-buyFee').fill('1.2');
      const added = page.waitForRequest((req) => req.url().endsWith('/account/brokerfees'));
      await page.getByTestId('broker-fee-add').click();
      expect((await added).postDataJSON()).toEqual({
        startDate: '2026-01-02 03:04',
        characterId: TRADER_CHARACTER_ID,
        typeName: 'Tritanium',
        buyFee: 1.2,
        sellFee: 0.5,
        npcSellFee: 3.5,
      });
      await section().locator('tbody tr', { hasText: '2026-01-02 03:04' }).waitFor();
      expect(await cellTexts(rows().nth(1))).toEqual([
        '2026-01-02 03:04',
        'Aria Venn',
        'Tritanium',
        '1.2%',
        '0.5%',
        '3.5%',
        'Remove',
      ]);
      // The form is empty again for the next override, and stays so once the list shows the new row.
      expect(await page.locator('#broker-fee-item').inputValue()).toBe('');
      expect(await page.locator('#broker-fee-buyFee').inputValue()).toBe('0.50');
    });

    it("shows the server's text in 'Error' for an item that does not exist", async () => {
      await page.locator('#broker-fee-item').fill('No Such Item Zzz');
      await page.getByTestId('broker-fee-add').click();
      const error = dialog('broker-fee-error-dialog');
      await error.waitFor();
      expect(await error.innerText()).toContain("There is no item named 'No Such Item Zzz'.");
      await error.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await error.waitFor({ state: 'hidden' });
      expect(await rows().count()).toBe(2);
    });

    it('removes an override after the confirmation', async () => {
      await section().getByTestId('broker-fee-remove').click();
      const confirm = dialog('broker-fee-remove-dialog');
      await confirm.waitFor();
      await confirm.getByRole('button', { name: 'Remove' }).click();
      await section().locator('tbody tr', { hasText: '2026-01-02 03:04' }).waitFor({ state: 'detached' });
      expect(await rows().count()).toBe(1);
      const overrides = await get<unknown[]>('/api/v1/account/brokerFeeOverrides');
      expect(overrides).toHaveLength(1);
    });
  });
});
