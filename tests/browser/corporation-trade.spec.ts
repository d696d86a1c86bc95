import type { AccountDto, TradeProfitsPage, WalletTransactionsPage } from '@tradewise/contracts';
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
 * Profits and Transactions split her rows from the corporation's, and Overview lists the division balances. The
 * tests build on each other in order.
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
    await page.waitForTimeout(300);
    const characters = await cells('trade-profits', 2);
    expect(characters.length).toBe(Math.min(served.total, served.rows.length));
    expect(new Set(characters)).toEqual(new Set([`${CORPORATION_NAME} (Corp order)`]));
    await saveScreenshot(page, 'trade-profits-corporation', false);

    const personal = page.waitForResponse(
      (response) => response.url().includes('ownerFilter=personal') && response.ok(),
    );
    await chooseOwner('trade-owner-filter', 'Personal');
    await personal;
    await page.waitForTimeout(300);
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
    await page.waitForTimeout(300);
    const characters = await cells('transactions', 2);
    expect(characters.length).toBeGreaterThan(0);
    expect(new Set(characters)).toEqual(new Set([`${CORPORATION_NAME} (Corp order)`]));
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
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
});
