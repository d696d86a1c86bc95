import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import {
  DEMO_SSO_CLIENT,
  startEsiSimulator,
  testUniverse,
  type RunningEsiSimulator,
} from '@tradewise/esi-sim';
import { freePort, startServerProcess, waitForStatus } from '../support/server-process';
import { WIDE, launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';
import { logInThroughSimulator, pageApi } from './support/session';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** A 1×1 PNG: the game's image service, which the test cannot reach, answered in the browser. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** Every Content-Security-Policy violation any page of the context reports, as the page's event and console. */
async function watchViolations(context: BrowserContext): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('reportCspViolation', (_source, text: string) => violations.push(text));
  // Strings run in the page (these tests are compiled without the DOM's types); init scripts are not subject to it.
  await context.addInitScript(`document.addEventListener('securitypolicyviolation', (event) =>
    window.reportCspViolation(
      event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' on ' + location.pathname,
    ),
  );`);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      violations.push(message.text());
  });
  await context.route('https://images.evetech.net/**', (route) =>
    route.fulfill({ contentType: 'image/png', body: PIXEL }),
  );
  return violations;
}

/** Whether an image from the game's image service is shown (the policy let the browser fetch it). */
async function evetechImageShown(page: Page): Promise<boolean> {
  return (await page.evaluate(`[...document.images].some((image) =>
    image.src.startsWith('https://images.evetech.net/') && image.complete && image.naturalWidth > 0)`)) as boolean;
}

describeInBrowser('The web client under its Content-Security-Policy (npm start, Chromium)', () => {
  jest.setTimeout(120_000);
  let chromium: LaunchedBrowser;

  beforeAll(async () => {
    chromium = await launchChromium();
  });

  afterAll(async () => {
    await chromium?.close();
  });

  describe('with the bundled simulator', () => {
    let product: RunningProduct;
    let context: BrowserContext;
    let page: Page;
    let violations: string[];

    beforeAll(async () => {
      product = await startProduct();
    });

    afterAll(async () => {
      await product?.stop();
    });

    beforeEach(async () => {
      context = await newContext(chromium.browser, product.url, WIDE, { enforceCsp: true });
      violations = await watchViolations(context);
      page = await context.newPage();
    });

    afterEach(async () => {
      await context.close();
    });

    it('renders the landing page, with the policy on the document', async () => {
      const response = await page.goto('/');
      expect(response!.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await page.locator('h1', { hasText: 'Know what every trade really earned' }).waitFor();
      await page.getByText('Get started!').waitFor();
      // antd's run-time styles apply: the primary button is coloured, not a bare browser button.
      const background = await page.evaluate(
        'getComputedStyle(document.querySelector(\'[data-testid="landing-main"]\')).backgroundColor',
      );
      expect(background).not.toMatch(/^rgba\(0, 0, 0, 0\)$|^$/);
      expect(violations).toEqual([]);
    });

    it('renders the market browser, an item with its order book and its price history chart', async () => {
      await page.goto('/market');
      await page.locator('h1', { hasText: 'Market Browser' }).waitFor();
      await page.getByTestId('market-group-tree').waitFor();
      await page.goto('/market/34');
      await page.getByTestId('market-item-name').getByText('Tritanium').waitFor();
      await page.locator('[data-testid="market-sellers"] tbody tr.ant-table-row').first().waitFor();
      await page.getByTestId('market-history-toggle').click();
      await page.locator('[data-testid="market-history-chart"][data-rendered="true"]').waitFor();
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
    });

    it('logs in through the simulator, renders the Overview with the portrait, and writes past the CSRF check', async () => {
      await logInThroughSimulator(page);
      await page.locator('h1', { hasText: 'Overview' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await evetechImageShown(page)).toBe(true);
      // The Referrer-Policy keeps the Origin header on same-origin writes, which the session's check reads.
      const api = pageApi(
        () => context,
        () => page,
      );
      expect((await api('PATCH', '/api/v1/account', { autoRebill: true })).status).toBe(200);
      await page.goto('/account');
      await page.getByTestId('characters-table').waitFor();
      expect(violations).toEqual([]);
    });
  });

  describe('with an SSO on another origin (the real game)', () => {
    let simulator: RunningEsiSimulator;
    let product: RunningProduct;
    let dataDir: string;

    beforeAll(async () => {
      const ssoPort = await freePort();
      const ssoUrl = `http://127.0.0.1:${ssoPort}`;
      simulator = await startEsiSimulator({ universe: testUniverse(), port: ssoPort, issuer: ssoUrl });
      dataDir = mkdtempSync(join(tmpdir(), 'tw-browser-sso-'));
      const port = await freePort();
      const server = startServerProcess({
        DATA_DIR: dataDir,
        PORT: String(port),
        ROLES: 'api,projections',
        ESI_CLIENT_ID: DEMO_SSO_CLIENT.clientId,
        ESI_CLIENT_SECRET: DEMO_SSO_CLIENT.clientSecret!,
        ESI_CALLBACK_URL: `http://127.0.0.1:${port}/api/v1/login/callback`,
        SSO_BASE_URL: ssoUrl,
        ESI_BASE_URL: ssoUrl,
      });
      await waitForStatus(server, '/healthz', 200, 90_000);
      product = {
        url: server.url,
        server,
        stop: async () => {
          server.child.kill('SIGTERM');
          await server.exited;
        },
      };
    });

    afterAll(async () => {
      await product?.stop();
      await simulator?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it("keeps the add-character popup's opener through the SSO's origin, so the Account page hears it", async () => {
      const context = await newContext(chromium.browser, product.url, WIDE, { enforceCsp: true });
      const violations = await watchViolations(context);
      const page = await context.newPage();
      try {
        await page.goto('/');
        await page.getByTestId('landing-main').click();
        await page.waitForURL((url) => url.origin === simulator.url);
        await page.getByRole('button', { name: 'Authorize', exact: true }).click();
        await page.waitForURL('**/index');
        await page.goto('/account');
        const rows = page.getByTestId('characters-table').locator('tbody tr.ant-table-row');
        await rows.first().waitFor();
        expect(await rows.count()).toBe(1);

        const popupOpened = context.waitForEvent('page');
        await page.getByRole('button', { name: 'Add Character' }).click();
        const popup = await popupOpened;
        await popup.waitForURL((url) => url.origin === simulator.url);
        await popup.locator('input[name="character_id"]').nth(1).check();
        const closed = popup.waitForEvent('close');
        await popup.getByRole('button', { name: 'Authorize', exact: true }).click();
        // The popup closes itself only after telling its opener; without an opener it would go to / instead.
        await closed;
        await rows.nth(1).waitFor();
        expect(violations).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
