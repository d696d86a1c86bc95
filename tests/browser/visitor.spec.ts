import type { BrowserContext, Page } from 'playwright-core';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { NARROW, launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

describeInBrowser('Web client as a visitor (npm start, Chromium)', () => {
  jest.setTimeout(90_000);
  let product: RunningProduct;
  let chromium: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    [product, chromium] = await Promise.all([startProduct(), launchChromium()]);
  });

  afterAll(async () => {
    await chromium?.close();
    await product?.stop();
  });

  beforeEach(async () => {
    context = await newContext(chromium.browser, product.url);
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  /** Opens a page and waits for its first heading: the route's code has loaded and rendered. */
  async function open(path: string, target: Page = page): Promise<void> {
    await target.goto(path);
    await target.locator('h1').first().waitFor();
  }

  const sideNavigation = () => page.getByTestId('side-navigation');
  const navLink = (label: string) => sideNavigation().getByRole('link', { name: label, exact: false });

  describe('landing page', () => {
    it('shows the headline, the way in, the tools, the tiers and the partner note, without navigation or ads', async () => {
      await open('/');
      await expectText(page.locator('h1'), 'Know what every trade really earned');
      const main = page.getByTestId('landing-main');
      expect(await main.innerText()).toContain('Get started!');
      expect(await page.getByRole('link', { name: 'Market browser' }).getAttribute('href')).toBe('/market');
      expect(await page.getByRole('link', { name: 'Appraisal tool' }).getAttribute('href')).toBe(
        '/appraisal',
      );
      for (const [tier, feature] of [
        ['FREE', 'Advertisements shown'],
        ['SUPPORTER', 'Private-structure undercuts'],
        ['PRO', 'Corporation industry job tracking'],
      ] as const) {
        expect(await page.getByTestId(`tier-${tier}`).innerText()).toContain(feature);
      }
      const body = await page.locator('body').innerText();
      expect(body).toContain('Partner programme');
      expect(body).toContain('press Shift+C');
      expect(body).toContain('New accounts can try Pro free for 3 days.');
      expect(await sideNavigation().count()).toBe(0);
      expect(await page.getByTestId('open-navigation').count()).toBe(0);
      expect(await page.getByTestId('ad-slot').count()).toBe(0);
      expect(await page.getByTestId('trademark-text').innerText()).toContain(
        'EVE Online and the EVE logo are the registered trademarks of CCP hf.',
      );
      expect(await page.getByTestId('referral-note').innerText()).toContain('referral code');
      expect(await page.getByTestId('patron-link').getAttribute('href')).toContain('patreon.com');
      await expectText(
        page.getByTestId('game-data-release'),
        'Game data: SDE 126.6.18+Uprising-V21.03, built 2024-07-18',
      );
      expect(await page.getByTestId('login-prompt').innerText()).toContain('Log in with EVE Online');
      expect(await page.title()).toBe('Tradewise');
      await saveScreenshot(page, 'landing');
    });

    it('shows an errorMessage as a red heading', async () => {
      await open('/?errorMessage=Login%20failed%3A%20the%20game%20said%20no');
      const heading = page.getByTestId('landing-error');
      expect(await heading.innerText()).toBe('Login failed: the game said no');
      expect(await heading.evaluate((element) => element.tagName)).toBe('H2');
      const color = await heading.evaluate(
        (element) =>
          (globalThis as unknown as { getComputedStyle(of: unknown): { color: string } }).getComputedStyle(
            element,
          ).color,
      );
      const [red, green, blue] = color.match(/\d+/g)!.map(Number);
      expect(red).toBeGreaterThan(180);
      expect(Math.max(green!, blue!)).toBeLessThan(red! / 2 + 20);
      await saveScreenshot(page, 'landing-error-message', false);
    });

    it("starts the game's login from 'Get started!'", async () => {
      await open('/');
      const login = page.waitForRequest(
        (request) => new URL(request.url()).pathname === '/api/v1/login/redirect',
      );
      await page.getByTestId('landing-main').click();
      expect((await login).isNavigationRequest()).toBe(true);
    });

    it('goes to the market browser from its button', async () => {
      await open('/');
      await page.getByRole('link', { name: 'Market browser' }).click();
      await page.waitForURL('**/market');
      await page.getByTestId('market-group-tree').waitFor();
      expect(await navLink('Market Browser').getAttribute('aria-current')).toBe('page');
    });
  });

  describe('navigation', () => {
    it('shows the groups with their routes and labels; SETTINGS only when logged in', async () => {
      await open('/updates');
      const groups = await sideNavigation()
        .locator('[data-nav-group]')
        .evaluateAll((elements) =>
          elements.map((element) => [
            element.getAttribute('data-nav-group'),
            [...element.querySelectorAll('a')].map(
              (link) => `${link.getAttribute('href')} ${link.textContent}`,
            ),
          ]),
        );
      expect(groups).toEqual([
        ['NEWS', ['/updates Updates']],
        [
          'ANALYSIS',
          [
            '/index Overview',
            '/orders Market Orders',
            '/warehouse Item Warehouse',
            '/trade Trade Profits',
            '/manufacturing Manufacturing Profits',
            '/contractProfits Contract Profits',
            '/unprocessed Pending Transactions',
          ],
        ],
        [
          'HISTORY',
          [
            '/items Item History',
            '/industry Industry Jobs',
            '/transactions Transactions',
            '/contracts Contracts',
            '/journal Journal',
          ],
        ],
        ['MARKET', ['/market Market Browser']],
        [
          'TOOLS',
          ['/margin Margin Calculator', '/industryCalculator Industry Calculator', '/appraisal Appraisal'],
        ],
        ['SUPPORT', ['/docs API', '/faq FAQ', '/contact About and Contact']],
      ]);
      expect(await sideNavigation().getByLabel('needs login').count()).toBe(12);
    });

    it("refreshes the account on a protected link, refuses the navigation and opens 'Account required'", async () => {
      // The page's own account check is answered first: RTK Query would fold the link's refresh into one still in
      // flight (a slow machine's CI run counted none).
      const pageChecked = page.waitForResponse(
        (response) => new URL(response.url()).pathname === '/api/v1/account',
      );
      await open('/updates');
      await pageChecked;
      let accountChecks = 0;
      page.on('request', (request) => {
        if (new URL(request.url()).pathname === '/api/v1/account') accountChecks += 1;
      });
      await navLink('Market Orders').click();
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Account required');
      expect(await dialog.innerText()).toContain('Market Orders');
      expect(accountChecks).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/updates');
      expect(await dialog.getByRole('button', { name: 'Log in with EVE Online' }).count()).toBe(1);
      await saveScreenshot(page, 'account-required', false);
      await dialog.locator('button', { hasText: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(new URL(page.url()).pathname).toBe('/updates');
    });

    it("starts the login from the 'Account required' dialog", async () => {
      await open('/faq');
      await navLink('Journal').click();
      const login = page.waitForRequest(
        (request) => new URL(request.url()).pathname === '/api/v1/login/redirect',
      );
      await page.getByRole('dialog').getByRole('button', { name: 'Log in with EVE Online' }).click();
      await login;
    });

    it("sends a typed protected address to / with 'Account required'", async () => {
      await page.goto('/orders');
      await page.getByRole('dialog').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.getByRole('dialog').innerText()).toContain('Account required');
      expect(await page.getByTestId('landing-main').innerText()).toContain('Get started!');
    });

    it('opens public pages without asking for an account', async () => {
      await open('/updates');
      for (const [label, path, heading] of [
        ['Margin Calculator', '/margin', 'Margin Calculator'],
        ['API', '/docs', 'Public market API'],
        ['FAQ', '/faq', 'Frequently asked questions'],
      ] as const) {
        await navLink(label).click();
        await page.waitForURL(`**${path}`);
        await page.locator('h1', { hasText: heading }).waitFor();
        expect(await page.getByRole('dialog').count()).toBe(0);
      }
    });

    it("shows 'New Update!' until /updates is opened, and remembers it", async () => {
      await open('/faq');
      expect(await page.getByTestId('new-update-badge').innerText()).toBe('New Update!');
      await navLink('Updates').click();
      await page.waitForURL('**/updates');
      await page.getByTestId('news-entry').first().waitFor();
      await page.getByTestId('new-update-badge').waitFor({ state: 'detached' });
      expect(await page.evaluate("localStorage.getItem('news-last-seen')")).toMatch(/^\d+$/);
      await open('/faq');
      expect(await page.getByTestId('new-update-badge').count()).toBe(0);
    });

    it('lands on / after /logout', async () => {
      await page.goto('/logout');
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByTestId('landing-main').waitFor();
    });

    it('closes the add-character popup after telling its opener, and sends a bare visit to /', async () => {
      await open('/updates');
      await page.evaluate(`
        window.received = [];
        window.addEventListener('message', (event) => window.received.push(event.data));
      `);
      const popupOpened = page.waitForEvent('popup');
      await page.evaluate("window.open('/addCharacterComplete', 'add-character', 'width=600,height=800')");
      const popup = await popupOpened;
      await popup.waitForEvent('close');
      expect(await page.evaluate('window.received')).toEqual(['addCharacterComplete']);
      await page.goto('/addCharacterComplete');
      await page.waitForURL((url) => url.pathname === '/');
    });
  });

  describe('header and footer', () => {
    it('shows the login prompt, a footer with trademark, referral and patron notes, and ads for visitors', async () => {
      await open('/updates');
      expect(await page.getByTestId('login-prompt').innerText()).toContain(
        'Log in to track the profit of your characters',
      );
      expect(await page.getByTestId('user-summary').count()).toBe(0);
      expect(await page.getByTestId('ad-slot').innerText()).toContain('ADVERTISEMENT');
      expect(await page.getByTestId('trademark-text').count()).toBe(1);
      await saveScreenshot(page, 'updates');
    });

    it("shows 'Too fast!' when a UI request answers 420", async () => {
      await context.route('**/api/v1/account', (route) =>
        route.fulfill({
          status: 420,
          contentType: 'application/json',
          body: '{"error":"Enhance your calm"}',
        }),
      );
      await open('/updates');
      const dialog = page.getByRole('dialog');
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Too fast!');
      expect(await dialog.innerText()).toContain('Please limit UI requests to once per second.');
      await dialog.getByRole('button', { name: 'OK' }).click();
      await dialog.waitFor({ state: 'hidden' });
    });
  });

  describe('content pages', () => {
    it('documents the public market API from the OpenAPI document', async () => {
      await open('/docs');
      const operations = await page.getByTestId('api-operation').allInnerTexts();
      const paths = operations.map((text) => /\/api\/v1\/\S+/.exec(text)?.[0]);
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/v1/market/regions',
          '/api/v1/market/groups',
          '/api/v1/market/groups/{id}/types',
        ]),
      );
      expect(
        paths.every((path) => path?.startsWith('/api/v1/market/') || path?.startsWith('/api/v1/static/')),
      ).toBe(true);
      expect(operations.join('\n')).toContain('array of MarketRegion');
      expect(await page.getByTestId('api-game-data-release').innerText()).toMatch(
        /^SDE 126\.6\.18\+Uprising-V21\.03, built 2024-07-18, imported \d{4}-\d{2}-\d{2}/,
      );
      await saveScreenshot(page, 'docs', false);
    });

    it('answers questions on /faq', async () => {
      await open('/faq');
      await page.getByText('Why is my history only 30 days long?').click();
      await page.getByText("The game's API keeps 30 days of wallet transactions and journal.").waitFor();
      await saveScreenshot(page, 'faq');
    });

    it('says who we are and how to reach us on /contact', async () => {
      await open('/contact');
      await expectText(page.locator('h1'), 'About and Contact');
      expect(await page.getByRole('link', { name: /support@/ }).getAttribute('href')).toMatch(/^mailto:/);
      await saveScreenshot(page, 'contact');
    });

    it('has a 404 page for unknown addresses', async () => {
      await open('/no/such/page');
      await expectText(page.locator('h1'), 'Page not found');
      expect(await page.locator('body').innerText()).toContain('There is no page at /no/such/page.');
      await page.getByRole('link', { name: 'Go to the start page' }).click();
      await page.getByTestId('landing-main').waitFor();
      await saveScreenshot(page, 'not-found-followed', false);
    });
  });

  describe('narrow layout (below 60em)', () => {
    it('folds the navigation into a drawer', async () => {
      const narrow = await newContext(chromium.browser, product.url, NARROW);
      const phone = await narrow.newPage();
      try {
        await open('/updates', phone);
        expect(await phone.getByTestId('side-navigation').count()).toBe(0);
        await saveScreenshot(phone, 'narrow-updates', false);
        await phone.getByTestId('open-navigation').click();
        const drawer = phone.getByRole('dialog');
        await drawer.getByText('SUPPORT').waitFor();
        await saveScreenshot(phone, 'narrow-navigation', false);
        await drawer.getByRole('link', { name: 'FAQ' }).click();
        await phone.waitForURL('**/faq');
        await drawer.waitFor({ state: 'hidden' });
        await phone.locator('h1', { hasText: 'Frequently asked questions' }).waitFor();
        await open('/', phone);
        expect(await phone.getByTestId('open-navigation').count()).toBe(0);
        await saveScreenshot(phone, 'narrow-landing');
      } finally {
        await narrow.close();
      }
    });
  });

  describe('accessibility (axe-core)', () => {
    // /updates stands for the pages in the full frame with navigation; account.spec.ts checks a logged-in page.
    it.each(['/', '/updates'])('%s has no serious or critical violations', async (path) => {
      await open(path);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });
});

async function expectText(locator: ReturnType<Page['locator']>, text: string): Promise<void> {
  expect((await locator.first().innerText()).trim()).toBe(text);
}
