import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/artifacts';
import { chromiumAvailable } from './support/product';
import {
  STAFF_CHARACTER as STAFF,
  AUDITOR_CHARACTER as AUDITOR,
  PLAYER_CHARACTER as PLAYER,
  staffConsoleSession,
} from './support/staff-console';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

describeInBrowser('Staff console (npm start, Chromium, real logins)', () => {
  jest.setTimeout(120_000);
  const session = staffConsoleSession();
  let page: Page;
  let accountUrl = '';

  async function logInAs(characterId: number): Promise<void> {
    page = await session.logInAs(characterId);
  }

  it('staff open the console from the header and see every read model with its position and lag', async () => {
    await logInAs(STAFF);
    await page.getByTestId('staff-console-link').click();
    await page.waitForURL('**/staff');
    expect(await page.getByTestId('staff-role').innerText()).toBe('Support staff');
    const table = page.getByTestId('staff-projections');
    await table.getByRole('cell', { name: 'trade-ledger', exact: true }).waitFor();
    const row = table.locator('tr', { has: page.getByRole('cell', { name: 'accounts', exact: true }) });
    const cells = await row.locator('td').allInnerTexts();
    // Read model, version, state, position, head, lag: the accounts read model follows the login's events.
    expect(cells[2]).toMatch(/^(live|catching-up)$/);
    expect(Number(cells[4])).toBeGreaterThan(0);
    expect(Number(cells[3]) + Number(cells[5])).toBe(Number(cells[4]));
    await saveScreenshot(page, 'staff-console-read-models');
  });

  it("staff find a player's account by part of a name, credit it with a reason, and see it on the timeline", async () => {
    // The player logs in once, so the account exists.
    await logInAs(PLAYER);
    const playerName = await page.getByTestId('character-name').innerText();

    await logInAs(STAFF);
    await page.goto('/staff/accounts');
    await page
      .getByTestId('staff-account-search')
      .locator('input')
      .fill(playerName.slice(0, 4).toLowerCase());
    await page.getByRole('button', { name: 'Find' }).click();
    const results = page.getByTestId('staff-account-results');
    const row = results.locator('tr', { hasText: playerName });
    await row.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL(/\/staff\/accounts\?account=/);
    accountUrl = page.url();
    expect(await page.getByTestId('staff-account-balance').innerText()).toBe('0.00 ISK');

    const form = page.getByTestId('staff-balance-change');
    await form.getByLabel('ISK').fill('2500000.5');
    await form.getByLabel('Reason').fill('Deposit to the wrong corporation, ticket 4711');
    await form.getByRole('button', { name: 'Record' }).click();
    await page.getByTestId('staff-account-balance').getByText('2,500,000.50 ISK').waitFor();
    const newest = page.getByTestId('staff-account-timeline').locator('tbody tr').first();
    await newest.getByText('AccountCredited').waitFor();
    expect(await newest.innerText()).toContain(`staff:${STAFF}`);
    expect(await newest.innerText()).toContain('Deposit to the wrong corporation, ticket 4711');
    await saveScreenshot(page, 'staff-console-account');
  });

  it('an auditor sees the console marked read only', async () => {
    await logInAs(AUDITOR);
    await page.goto('/staff');
    expect(await page.getByTestId('staff-role').innerText()).toBe('Auditor: read only');
    await page
      .getByTestId('staff-projections')
      .getByRole('cell', { name: 'trade-ledger', exact: true })
      .waitFor();
    // The account staff credited: the auditor reads it and its timeline, with no way to change it.
    await page.goto(accountUrl);
    await page.getByTestId('staff-account-balance').getByText('2,500,000.50 ISK').waitFor();
    await page.getByText('Auditors read only: credits and debits are for support staff.').waitFor();
    expect(await page.getByTestId('staff-balance-change').count()).toBe(0);
    await page.getByTestId('staff-account-timeline').getByText('AccountCredited').waitFor();
  });

  it('a player has no way in: no header link, and /staff is a page that does not exist', async () => {
    await logInAs(PLAYER);
    expect(await page.getByTestId('staff-console-link').count()).toBe(0);
    await page.goto('/staff');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(await page.getByTestId('staff-projections').count()).toBe(0);
  });
});
