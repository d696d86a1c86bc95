import {
  PAGE_SIZE,
  type AccountDto,
  type BrokerFeeEstimateRow,
  type CharacterMarketOrders,
  type ItemHistoryDetails,
  type ItemHistorySummary,
  type ItemProfitRow,
  type JournalStats,
  type ProfitAggregateRow,
  type TradeProfitRowDto,
  type TradeProfitsPage,
  type UnprocessedTransactionDto,
  type WalletTransactionRowDto,
  type WalletTransactionsPage,
} from '@tradewise/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import type { RunningServer } from '../../services/server/src/bootstrap';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { chromiumAvailable, startInProcessSession, type InProcessSession } from './support/product';
import { pageApi } from './support/session';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** Mira Soltan: Director and Accountant of Forge Freight & Fabrication, trading for it and for herself. */
const MIRA = 2119000013;
const CORPORATION_NAME = 'Forge Freight & Fabrication';

/**
 * Corporation trade over a real sync (issue #22): Mira starts the Pro trial, grants the corporation scopes (Update
 * Scopes) and turns on corporation trade sync on the Account page; after a sync, the owner filters of Trade
 * Profits, Transactions, Pending Transactions, Item Analysis and Overview split her rows and figures from the
 * corporation's, Overview lists the division balances whatever the owner, and Market Orders marks the corporation
 * orders she placed. The tests build on each other in order.
 */
describeInBrowser('Corporation trade over a real sync (Chromium)', () => {
  jest.setTimeout(90_000);
  let session: InProcessSession;
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  const api = pageApi(
    () => context,
    () => page,
  );
  let account: AccountDto;

  const sync = async () => {
    const outcome = await server.syncWorker!.scheduler.syncAccount({
      accountId: account.id,
      characterIds: [MIRA],
    });
    expect(outcome?.kind).toBe('completed');
  };

  beforeAll(async () => {
    session = await startInProcessSession(MIRA);
    ({ server, context, page } = session);
    account = (await api('GET', '/api/v1/account')).body as AccountDto;
    expect((await api('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);
    await page.goto('/api/v1/account/addCharacter?scopes=extended');
    await page.waitForURL((url) => url.pathname.startsWith('/esi-sim/'));
    await page.locator(`input[name="character_id"][value="${MIRA}"]`).check();
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/esi-sim/') && !url.pathname.includes('/api/'));
    await sync(); // reads her roles
  }, 300_000);

  afterAll(async () => {
    await session?.close();
  });

  async function chooseOwner(selectId: string, label: string): Promise<void> {
    await page.locator(`.ant-select:has(#${selectId})`).click();
    await page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .locator(`.ant-select-item-option[title="${label}"]`)
      .click();
  }

  /** Every row of a paged ledger list (`path` has its query already), read a page of the most at a time. */
  async function allRows<Row>(path: string): Promise<Row[]> {
    const rows: Row[] = [];
    for (;;) {
      const { body } = await api('GET', `${path}&start=${rows.length}&count=${PAGE_SIZE.max}`);
      const page = body as { total: number; rows: Row[] };
      rows.push(...page.rows);
      if (page.rows.length === 0 || rows.length >= page.total) return rows;
    }
  }

  /** The answer to the page's next call whose path ends as `path` and whose address has every one of `params` and none of `absent`. */
  function nextAnswer<Body>(
    path: RegExp,
    params: readonly string[],
    absent: readonly string[] = [],
  ): Promise<Body> {
    return page
      .waitForResponse(
        (response) =>
          path.test(new URL(response.url()).pathname) &&
          params.every((param) => response.url().includes(param)) &&
          !absent.some((param) => response.url().includes(param)) &&
          response.ok(),
      )
      .then((response) => response.json() as Promise<Body>);
  }

  const settled = () => page.waitForFunction("document.querySelectorAll('.ant-spin-spinning').length === 0");

  const cells = (testId: string, column: number) =>
    page
      .getByTestId(testId)
      .locator('tbody tr.ant-table-row')
      .evaluateAll(
        (rows, index) => rows.map((row) => (row.querySelectorAll('td')[index]?.textContent ?? '').trim()),
        column,
      );

  it('turns corporation trade sync on from the Account page, and the sync brings the corporation in', async () => {
    await page.goto('/account');
    const toggle = page.getByRole('button', { name: 'Enable corp trade sync' });
    await toggle.click();
    await page.getByRole('button', { name: 'Disable corp trade sync' }).waitFor();
    await sync();
    const deadline = Date.now() + 120_000;
    let previous = -1;
    for (;;) {
      const { body } = await api(
        'GET',
        `/api/v1/profit/${account.id}/tradeProfits?count=1&ownerFilter=corporation`,
      );
      const total = (body as TradeProfitsPage).total;
      if (total > 0 && total === previous) break;
      if (Date.now() > deadline) throw new Error('no corporation trade profits');
      previous = total;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    }
    account = (await api('GET', '/api/v1/account')).body as AccountDto;
    expect(account.corporationWallets?.map((wallets) => wallets.corporationName)).toEqual([CORPORATION_NAME]);
  });

  it("filters Trade Profits by owner: the corporation's rows say (Corp order), hers her name", async () => {
    await page.goto('/trade');
    await page.getByTestId('trade-profits').locator('tbody tr.ant-table-row').first().waitFor();
    const corporation = page.waitForResponse(
      (response) => response.url().includes('ownerFilter=corporation') && response.ok(),
    );
    await chooseOwner('trade-owner-filter', 'Corporation');
    const served = (await (await corporation).json()) as TradeProfitsPage;
    await settled();
    const characters = await cells('trade-profits', 2);
    expect(characters.length).toBe(Math.min(served.total, served.rows.length));
    expect(new Set(characters)).toEqual(new Set([`${CORPORATION_NAME} (Corp order)`]));
    await saveScreenshot(page, 'trade-profits-corporation', false);

    const personal = page.waitForResponse(
      (response) => response.url().includes('ownerFilter=personal') && response.ok(),
    );
    await chooseOwner('trade-owner-filter', 'Personal');
    await personal;
    await settled();
    expect(new Set(await cells('trade-profits', 2))).toEqual(new Set(['Mira Soltan']));
  });

  it("filters Transactions by a division of the corporation's wallets", async () => {
    await page.goto('/transactions');
    await page.getByTestId('transactions').locator('tbody tr.ant-table-row').first().waitFor();
    const division = page.waitForResponse(
      (response) => response.url().includes('division=1') && response.ok(),
    );
    await chooseOwner('transactions-owner-filter', 'Corporation: Master Wallet');
    const served = (await (await division).json()) as WalletTransactionsPage;
    expect(served.rows.every((row) => row.isPersonal === false && row.division === 1)).toBe(true);
    await settled();
    const characters = await cells('transactions', 2);
    expect(characters.length).toBeGreaterThan(0);
    expect(new Set(characters)).toEqual(new Set([`${CORPORATION_NAME} (Corp order)`]));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("filters Pending Transactions by owner: the corporation's pending sales, then hers", async () => {
    const everyOwner = (await api('GET', `/api/v1/journal/${account.id}/unprocessed`))
      .body as UnprocessedTransactionDto[];
    await page.goto('/unprocessed');
    await page.getByTestId('pending').locator('tbody tr.ant-table-row').first().waitFor();

    const corporationAnswer = nextAnswer<UnprocessedTransactionDto[]>(/\/unprocessed$/, [
      'ownerFilter=corporation',
    ]);
    await chooseOwner('pending-owner-filter', 'Corporation');
    const corporation = await corporationAnswer;
    expect(corporation.length).toBeGreaterThan(0);
    expect(corporation.every((row) => !row.isPersonal)).toBe(true);
    await settled();
    const characters = await cells('pending', 2);
    expect(characters.length).toBe(Math.min(corporation.length, PAGE_SIZE.default));
    expect(new Set(characters)).toEqual(new Set([`${CORPORATION_NAME} (Corp order)`]));
    await saveScreenshot(page, 'pending-transactions-corporation', false);

    const personalAnswer = nextAnswer<UnprocessedTransactionDto[]>(/\/unprocessed$/, [
      'ownerFilter=personal',
    ]);
    await chooseOwner('pending-owner-filter', 'Personal');
    const personal = await personalAnswer;
    expect(personal.every((row) => row.isPersonal)).toBe(true);
    expect(personal.length + corporation.length).toBe(everyOwner.length);
    await settled();
    if (personal.length > 0) expect(new Set(await cells('pending', 2))).toEqual(new Set(['Mira Soltan']));
    else
      expect(await page.getByTestId('pending').locator('.ant-table-placeholder').innerText()).toBe(
        'No unprocessed transactions match the filter.',
      );
  });

  it("filters Item Analysis by a division: an item's units and price history are that division's purchases", async () => {
    const masterWallet = ['ownerFilter=corporation', 'division=1'];
    await page.goto('/items');
    await page.getByTestId('bought-items-table').locator('tbody tr.ant-table-row').first().waitFor();
    // The page asks for the Manufactured Items table at once, on the same path.
    const summariesAnswer = nextAnswer<ItemHistorySummary[]>(/\/itemHistory$/, masterWallet, [
      'source=manufactured',
    ]);
    await chooseOwner('items-owner-filter', 'Corporation: Master Wallet');
    const summaries = await summariesAnswer;
    expect(summaries.length).toBeGreaterThan(0);
    await settled();
    expect(await cells('bought-items-table', 0)).toEqual(
      summaries.slice(0, 20).map((summary) => summary.typeName),
    );

    // Worked out apart from Item Analysis: the tracked buys Transactions lists for the division.
    const item = summaries[0]!;
    const buys = (
      await allRows<WalletTransactionRowDto>(
        `/api/v1/journal/${account.id}/transactions?ownerFilter=corporation&division=1&filter=${encodeURIComponent(item.typeName)}`,
      )
    ).filter((row) => row.typeId === item.typeId && row.isBuy && row.tracked);
    expect(buys.every((row) => !row.isPersonal && row.division === 1)).toBe(true);
    const units = buys.reduce((sum, row) => sum + row.quantity, 0);
    expect(item.total).toBe(units);

    const detailsAnswer = nextAnswer<ItemHistoryDetails>(
      new RegExp(`/itemHistory/${item.typeId}$`),
      masterWallet,
    );
    await page.getByTestId('bought-items-table').locator(`tr[data-type-id="${item.typeId}"]`).click();
    const details = await detailsAnswer;
    await page.waitForURL((url) => url.pathname === `/items/${item.typeId}`);
    expect(details.boughtStats.reduce((sum, day) => sum + day.quantity, 0)).toBe(units);
    expect(await page.getByTestId('items-selected').innerText()).toBe(item.typeName);
    await saveScreenshot(page, 'item-analysis-corporation-division', false);
  });

  it('lists the division balances on Overview', async () => {
    await page.goto('/index');
    const table = page.getByTestId('corporation-wallets-table');
    await table.waitFor();
    const rows = await table
      .locator('tbody tr.ant-table-row')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => (td.textContent ?? '').trim())),
      );
    const [wallets] = account.corporationWallets!;
    expect(rows.map((row) => row.slice(0, 2))).toEqual(
      [...wallets!.divisions]
        .sort((a, b) => a.division - b.division)
        .map(({ division }) => [CORPORATION_NAME, division === 1 ? 'Master Wallet' : `Division ${division}`]),
    );
    await saveScreenshot(page, 'overview-corporation-wallets-synced', false);
  });

  it("filters the Overview's ledger figures by owner, and not its wallets", async () => {
    await page.goto('/index');
    await page.getByTestId('corporation-wallets-table').waitFor();
    await page.getByTestId('overview-time-range').getByText('All Time', { exact: true }).click();
    await settled();
    const walletRows = await page.getByTestId('corporation-wallets-table').locator('tbody tr').count();

    // Every ledger figure is asked again for the corporation (an answer not asked for would time the test out).
    const corporation = ['ownerFilter=corporation'];
    const answers = Promise.all([
      nextAnswer<ProfitAggregateRow[]>(/\/aggregates\/daily$/, corporation),
      nextAnswer<ProfitAggregateRow[]>(/\/aggregates\/hourly$/, corporation),
      nextAnswer<ItemProfitRow[]>(/\/aggregates\/items$/, corporation),
      nextAnswer<ItemProfitRow[]>(/\/aggregates\/manufacturing$/, corporation),
      nextAnswer<JournalStats>(/\/stats$/, corporation),
      nextAnswer<BrokerFeeEstimateRow[]>(/\/brokerFeeEstimates$/, corporation),
    ]);
    await chooseOwner('overview-owner', 'Corporation');
    const [daily, , items, , stats, brokerFees] = await answers;
    await settled();
    expect(daily.length).toBeGreaterThan(0);

    // Worked out apart from the Overview: the corporation's rows of Trade Profits and Transactions.
    const profits = await allRows<TradeProfitRowDto>(
      `/api/v1/profit/${account.id}/tradeProfits?ownerFilter=corporation`,
    );
    const tradeCents = profits.reduce((sum, row) => sum + Math.round(row.profit * 100), 0);
    const shownValue = (testId: string) => page.getByTestId(testId).getAttribute('data-value');
    expect(await shownValue('net-profit-trade')).toBe((tradeCents / 100).toFixed(2));
    expect(await shownValue('net-profit-contracts')).toBe('0.00');
    expect(new Set(items.map((row) => row.typeName))).toEqual(new Set(profits.map((row) => row.typeName)));
    const transactions = await allRows<WalletTransactionRowDto>(
      `/api/v1/journal/${account.id}/transactions?ownerFilter=corporation`,
    );
    expect(stats.numBuys).toBe(transactions.filter((row) => row.isBuy).length);
    expect(stats.numSells).toBe(transactions.filter((row) => !row.isBuy).length);
    expect(await page.getByTestId('trade-panel-numSells').innerText()).toBe(String(stats.numSells));
    // The chart is the broker fees the corporation's division journals list (it places orders every day).
    expect(brokerFees.length).toBeGreaterThan(0);
    expect(brokerFees.every((day) => day.total > 0)).toBe(true);

    expect(await page.getByTestId('corporation-wallets-table').locator('tbody tr').count()).toBe(walletRows);
    expect(await page.getByTestId('wallets-table').innerText()).toContain('Mira Soltan');
    await saveScreenshot(page, 'overview-corporation-owner', false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  it("marks the corporation orders Mira placed with a 'Corp' tag on Market Orders", async () => {
    await page.goto('/orders');
    const orders = (await api('GET', `/api/v1/market/characters/${MIRA}/orders`))
      .body as CharacterMarketOrders;
    // The simulator's orders open and close with its clock, which is the real one here: some moments have none.
    if (orders.data.length > 0) await page.locator('tr[data-order-id]').first().waitFor();
    else await page.getByTestId('orders-sell').getByText('No sell orders').waitFor();
    const corporationOrder = new Map(orders.data.map((order) => [order.orderId, order.isCorporation]));

    const shown = await page
      .locator('tr[data-order-id]')
      .evaluateAll((rows) =>
        rows.map((row) => [
          Number(row.getAttribute('data-order-id')),
          row.querySelector('[data-testid="corporation-order-tag"]')?.textContent ?? null,
        ]),
      );
    expect(shown.length).toBe(orders.data.length);
    expect(shown).toEqual(
      shown.map(([orderId]) => [orderId, corporationOrder.get(orderId as number) ? 'Corp' : null]),
    );

    if ([...corporationOrder.values()].some(Boolean)) {
      await page.getByTestId('corporation-order-tag').first().hover();
      await page.getByRole('tooltip', { name: 'Corporation order' }).waitFor();
      await saveScreenshot(page, 'market-orders-corporation-tag', false);
    }
  });
});
