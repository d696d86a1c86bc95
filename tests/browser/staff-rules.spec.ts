import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/artifacts';
import { chromiumAvailable } from './support/product';
import {
  STAFF_CHARACTER as STAFF,
  AUDITOR_CHARACTER as AUDITOR,
  staffConsoleSession,
} from './support/staff-console';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

describeInBrowser('Staff console: Rules and Rebuild & diff (npm start, Chromium, real logins)', () => {
  jest.setTimeout(180_000);
  const session = staffConsoleSession();
  let page: Page;

  async function logInAs(characterId: number): Promise<void> {
    page = await session.logInAs(characterId);
  }

  it('staff schedule a sales tax rate with a reason, rebuild the trade ledger with a diff, read the report and switch', async () => {
    await logInAs(STAFF);
    await page.goto('/staff');
    await page.getByRole('link', { name: 'Rules', exact: true }).click();
    await page.waitForURL('**/staff/rules');
    await page.getByTestId('sales-tax-history').getByRole('cell', { name: '3.375%' }).waitFor();

    const form = page.getByTestId('schedule-sales-tax');
    await form.getByLabel('From').fill('2025-06-01');
    await form.getByLabel('Rate').fill('4.125');
    await form.getByLabel('Reason').fill('CCP news: sales tax 4.125% from 1 June');
    await form.getByRole('button', { name: 'Record' }).click();
    await form.getByText('Recorded: sales tax 4.125% from 2025-06-01').waitFor();
    const change = page
      .getByTestId('rule-changes')
      .locator('tr', { hasText: 'Sales tax 4.125% from 2025-06-01' });
    await change.waitFor();
    expect(await change.innerText()).toContain(`staff:${STAFF}`);
    expect(await change.innerText()).toContain('CCP news: sales tax 4.125% from 1 June');
    // The same rate again changes nothing: the server says so.
    await form.getByLabel('From').fill('2025-06-01');
    await form.getByLabel('Rate').fill('4.125');
    await form.getByLabel('Reason').fill('again');
    await form.getByRole('button', { name: 'Record' }).click();
    await form.getByText('already in force on 2025-06-01').waitFor();

    // The fee defaults start from the values in force; staff change one with a reason.
    const fees = page.getByTestId('change-broker-fees');
    expect(await fees.getByLabel('NPC sell').inputValue()).toBe('3.500');
    await fees.getByLabel('NPC sell').fill('3.37');
    await fees.getByLabel('Reason').fill('Broker Relations V is the norm now');
    await fees.getByRole('button', { name: 'Record' }).click();
    await fees.getByText('Recorded: Built-in broker fees: buy 0.5%, sell 0.5%, NPC sell 3.37%').waitFor();
    await page
      .getByTestId('rule-changes')
      .locator('tr', { hasText: 'Broker Relations V is the norm now' })
      .getByText(`staff:${STAFF}`)
      .waitFor();
    expect(await fees.getByLabel('NPC sell').inputValue()).toBe('3.370');
    await saveScreenshot(page, 'staff-console-rules');

    await page.getByRole('link', { name: 'Rebuild & diff' }).click();
    await page.waitForURL('**/staff/rebuilds');
    await page.getByTestId('rules-changed').waitFor();
    await page.getByRole('button', { name: 'Rebuild with diff' }).click();
    await page.getByTestId('rebuild-report').waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('rebuild-report').innerText()).toContain(`requested by staff:${STAFF}`);
    await page.getByRole('link', { name: 'Download CSV' }).first().waitFor();
    await saveScreenshot(page, 'staff-console-rebuild-report');
    await page.getByRole('button', { name: 'Switch to the rebuild' }).click();
    await page.getByTestId('past-reports').getByText(`switched by staff:${STAFF}`).waitFor();
    await page.getByTestId('rules-changed').waitFor({ state: 'detached' });
  });

  it('an auditor reads the rules and reports but is offered no change', async () => {
    await logInAs(AUDITOR);
    await page.goto('/staff/rules');
    await page.getByTestId('sales-tax-history').waitFor();
    for (const form of ['schedule-sales-tax', 'change-broker-fees', 'change-contract-fees']) {
      expect(await page.getByTestId(form).count()).toBe(0);
    }
    await page.goto('/staff/rebuilds');
    await page.getByTestId('past-reports').waitFor();
    expect(await page.getByRole('button', { name: 'Rebuild with diff' }).count()).toBe(0);
  });
});
