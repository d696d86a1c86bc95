import type { BrowserContext, Locator, Page } from 'playwright-core';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/**
 * The Account page with a real account: one login through the ESI simulator for the whole file (the server
 * takes 30 login requests per address per minute), then the tests build on each other in order.
 */
describeInBrowser('Account page (/account) with a real login (npm start, Chromium)', () => {
  jest.setTimeout(90_000);
  let product: RunningProduct;
  let chromium: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;
  /** Characters on the account, in the order they were added. */
  const names: string[] = [];

  beforeAll(async () => {
    [product, chromium] = await Promise.all([startProduct(), launchChromium()]);
    context = await newContext(chromium.browser, product.url);
    // No internet in the test: the game's image service fails and portraits show the default icon.
    await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
    page = await context.newPage();
    names.push(await logInThroughSimulator(page));
  });

  afterAll(async () => {
    await context?.close();
    await chromium?.close();
    await product?.stop();
  });

  /** Landing 'Get started!', the simulator's page, Authorize for its first character; returns that name. */
  async function logInThroughSimulator(page: Page): Promise<string> {
    await page.goto('/');
    await page.getByText('Get started!').waitFor();
    await page.getByTestId('landing-main').click();
    await page.waitForURL((url) => url.pathname.startsWith('/esi-sim/'));
    const name = await characterChoice(page, 0).locator('strong').innerText();
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    await page.waitForURL('**/index');
    await page.getByTestId('user-summary').waitFor();
    return name;
  }

  function characterChoice(sso: Page, index: number): Locator {
    return sso.locator('label', { has: sso.locator('input[name="character_id"]') }).nth(index);
  }

  const table = () => page.getByTestId('characters-table');
  const rows = () => table().locator('tbody tr.ant-table-row');
  const row = (name: string) => rows().filter({ hasText: name });
  const statusOf = (name: string) => row(name).getByTestId('sync-status').innerText();
  const dialog = (testId: string) => page.getByTestId(testId).getByRole('dialog');

  /** Waits until the table shows `count` characters (the expression runs in the page). */
  async function waitForRowCount(count: number) {
    await page.waitForFunction(
      `document.querySelectorAll('[data-testid="characters-table"] tbody tr.ant-table-row').length === ${count}`,
    );
  }

  async function waitForStatus(name: string, text: string) {
    await row(name)
      .getByTestId('sync-status')
      .filter({ hasText: new RegExp(`^${text}$`) })
      .waitFor();
  }

  /** Add Character: the popup goes through the simulator (choosing the character at `index`) and closes. */
  async function addCharacter(index: number): Promise<string> {
    const popupOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Add Character' }).click();
    const popup = await popupOpened;
    await popup.waitForURL((url) => url.pathname.startsWith('/esi-sim/'));
    const choice = characterChoice(popup, index);
    const name = await choice.locator('strong').innerText();
    await choice.locator('input[type="radio"]').check();
    const closed = popup.waitForEvent('close');
    await popup.getByRole('button', { name: 'Authorize', exact: true }).click();
    await closed;
    names.push(name);
    return name;
  }

  it('lists the login character, syncing', async () => {
    await page.goto('/account');
    await page.locator('h1', { hasText: 'Account' }).waitFor();
    await waitForRowCount(1);
    const [login] = names as [string];
    expect(await statusOf(login)).toBe('Enabled');
    expect(await row(login).innerText()).toContain('Not synced yet');
    // The portrait falls back to the default icon when the image service fails.
    await row(login).locator('.anticon-user').waitFor();
    // A new account has not started syncing yet; the page offers it, and Update Scopes.
    await page.getByRole('button', { name: 'Start Syncing' }).waitFor();
    await page.getByRole('button', { name: 'Update Scopes' }).waitFor();
  });

  it('shows the scopes a character granted', async () => {
    const [login] = names as [string];
    await row(login).getByRole('button', { name: 'View scopes' }).click();
    const scopes = dialog('scopes-dialog');
    await scopes.waitFor();
    expect(await scopes.innerText()).toContain('esi-wallet.read_character_wallet.v1');
    await scopes.getByRole('button', { name: 'Close', exact: true }).last().click();
    await scopes.waitFor({ state: 'hidden' });
  });

  it('adds a second character through the popup', async () => {
    const second = await addCharacter(1);
    expect(second).not.toBe(names[0]);
    await waitForRowCount(2);
    await waitForStatus(second, 'Enabled');
  });

  it('adds a third character, which the FREE tier does not sync', async () => {
    const third = await addCharacter(2);
    await waitForRowCount(3);
    await waitForStatus(third, 'Disabled');
    expect(await row(third).getByRole('button', { name: 'Start syncing' }).count()).toBe(1);
  });

  it("refuses to sync a third character with 'Insufficient Subscription'", async () => {
    const third = names[2] as string;
    await row(third).getByRole('button', { name: 'Start syncing' }).click();
    const insufficient = dialog('insufficient-subscription-dialog');
    await insufficient.waitFor();
    expect(await insufficient.innerText()).toContain('Insufficient Subscription');
    expect(await insufficient.innerText()).toContain(
      'Your current subscription allows a maximum of 2 characters to be synced.',
    );
    expect(await insufficient.getByRole('button', { name: 'Cancel' }).count()).toBe(1);
    await saveScreenshot(page, 'account-insufficient-subscription', false);
    await insufficient.getByRole('button', { name: 'Go to Subscriptions' }).click();
    await page.waitForURL('**/subscription');
    await page.goto('/account');
    await waitForRowCount(3);
    await waitForStatus(third, 'Disabled');
  });

  it('syncs the third character once another one stops', async () => {
    const [, second, third] = names as [string, string, string];
    await row(second).getByRole('button', { name: 'Stop syncing' }).click();
    await waitForStatus(second, 'Disabled');
    await row(third).getByRole('button', { name: 'Start syncing' }).click();
    await waitForStatus(third, 'Enabled');
    expect(await page.getByTestId('insufficient-subscription-dialog').count()).toBe(0);
  });

  it("removes an ESI token through 'Remove ESI token?'", async () => {
    const second = names[1] as string;
    await row(second).getByRole('button', { name: 'Remove ESI Token' }).click();
    const remove = dialog('remove-character-dialog');
    await remove.waitFor();
    expect(await remove.innerText()).toContain('Remove ESI token?');
    expect(await remove.innerText()).toContain('stays stored');
    await remove.getByRole('button', { name: 'Cancel' }).click();
    await remove.waitFor({ state: 'hidden' });
    expect(await row(second).count()).toBe(1);
    await row(second).getByRole('button', { name: 'Remove ESI Token' }).click();
    await remove.waitFor();
    await remove.getByRole('button', { name: 'Remove', exact: true }).click();
    await waitForRowCount(2);
    expect(await row(second).count()).toBe(0);
  });

  it('starts syncing the account', async () => {
    const start = page.getByRole('button', { name: 'Start Syncing' });
    await start.click();
    await start.waitFor({ state: 'detached' });
    // The header's sync line now expects an update.
    expect(await page.getByTestId('esi-update-status').innerText()).not.toBe('No ESI update scheduled');
  });

  it("exports a character's journal as a CSV file, then holds that export until the next account update", async () => {
    const [login] = names as [string];
    // The sync started above completes in the background; the page shows the next update once it has.
    const status = page.getByTestId('esi-update-status');
    for (let attempt = 0; !/^ESI updates/.test(await status.innerText()); attempt++) {
      if (attempt === 60) throw new Error('The first account sync did not complete within a minute');
      await page.waitForTimeout(1_000);
      await page.reload();
      await waitForRowCount(2);
    }
    const exportButton = (label: string) => row(login).locator('.ant-btn', { hasText: label });
    const download = page.waitForEvent('download');
    await exportButton('Export Journal').click();
    expect((await download).suggestedFilename()).toBe('journal.csv');
    await exportButton('Export Journal').and(page.locator('[disabled]')).waitFor();
    // The next update is an hour and a minute after the sync that just completed.
    expect(await exportButton('Export Journal').innerText()).toMatch(
      /^Export Journal \((1:01:00|1:00:\d\d)\)$/,
    );
    expect(await exportButton('Export Transactions').isDisabled()).toBe(false);
    // The mark is the server's: a reload still holds the journal export.
    await page.reload();
    await waitForRowCount(2);
    await exportButton('Export Journal').and(page.locator('[disabled]')).waitFor();
  });

  it('keeps a Discord webhook for order alerts, shows only a hint of it, refuses anything else, and removes it', async () => {
    const card = page.getByTestId('discord-webhook');
    const input = card.getByLabel('Discord webhook URL');
    await input.fill('https://example.com/api/webhooks/123456/not-discord');
    await card.getByRole('button', { name: 'Save' }).click();
    expect(await card.getByTestId('discord-webhook-error').innerText()).toMatch(
      /^Paste the webhook URL Discord gives/,
    );

    const token = 'b0wser-test-token-ABCDEFGHIJKLMNOPQRSTUV';
    await input.fill(`https://discord.com/api/webhooks/1122334455/${token}`);
    await card.getByRole('button', { name: 'Save' }).click();
    await card.getByTestId('discord-webhook-hint').waitFor();
    expect(await card.getByTestId('discord-webhook-hint').innerText()).toBe(
      'Alerts go to discord.com/api/webhooks/1122…/…',
    );
    expect(await card.innerText()).not.toContain(token);
    await page.reload();
    await card.getByTestId('discord-webhook-hint').waitFor();

    await card.getByRole('button', { name: 'Remove' }).click();
    await card.getByTestId('discord-webhook-hint').waitFor({ state: 'detached' });
    await card.getByRole('button', { name: 'Save' }).waitFor();
  });

  it('has no serious or critical accessibility violations', async () => {
    await page.goto('/account');
    await waitForRowCount(2);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'account');
  });
});
