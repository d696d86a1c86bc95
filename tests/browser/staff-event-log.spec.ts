import type { Page } from 'playwright-core';
import { saveScreenshot } from './support/artifacts';
import { chromiumAvailable } from './support/product';
import {
  AUDITOR_CHARACTER as AUDITOR,
  PLAYER_CHARACTER as PLAYER,
  staffConsoleSession,
} from './support/staff-console';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

describeInBrowser('Staff console: event log and verify (npm start, Chromium, real logins)', () => {
  jest.setTimeout(120_000);
  const session = staffConsoleSession();
  let page: Page;

  async function logInAs(characterId: number): Promise<void> {
    page = await session.logInAs(characterId);
  }

  it('an auditor filters the log by type, opens an event with its hash and correlation group, and exports the selection', async () => {
    await logInAs(PLAYER);
    await logInAs(AUDITOR);
    await page.goto('/staff/events');
    const filters = page.getByTestId('staff-events-filters');
    await filters.getByLabel('Types').fill('AccountOpened');
    await filters.getByRole('button', { name: 'Show' }).click();
    const table = page.getByTestId('staff-events');
    // The unfiltered page stays until the filtered one arrives: wait for its other rows to go.
    await table.locator('tbody tr', { hasNotText: 'AccountOpened' }).first().waitFor({ state: 'detached' });
    const opened = table.locator('tbody tr', { hasText: 'AccountOpened' }).first();
    await opened.waitFor();
    expect(await table.locator('tbody tr', { hasNotText: 'AccountOpened' }).count()).toBe(0);

    await opened.click();
    const detail = page.getByTestId('staff-event-detail');
    await detail.waitFor();
    expect(await page.getByTestId('staff-event-hash').innerText()).toMatch(/^[0-9a-f]{64}$/);
    expect(await detail.innerText()).toContain('Correlation');
    await page.getByTestId('staff-event-correlation').getByText('AccountOpened').first().waitFor();
    await saveScreenshot(page, 'staff-console-event-log');

    const href = await page.getByTestId('staff-events-export').getAttribute('href');
    expect(href).toBe('/api/v1/staff/events/export?type=AccountOpened&order=newest');
    const exported = await page.request.get(href!);
    expect(exported.status()).toBe(200);
    const lines = (await exported.text())
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as { type: string; hash: string });
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.every((line) => line.type === 'AccountOpened' && /^[0-9a-f]{64}$/.test(line.hash))).toBe(
      true,
    );
  });

  it('an auditor verifies the log and sees that every chain matches', async () => {
    await logInAs(AUDITOR);
    await page.goto('/staff/verify');
    await page.getByTestId('staff-verify').click();
    const result = page.getByTestId('staff-verify-result');
    await result.getByText('Every chain and digest matches').waitFor();
    expect(await result.innerText()).toMatch(/\d+ events in \d+ streams/);
    await saveScreenshot(page, 'staff-console-verify');
  });
});
