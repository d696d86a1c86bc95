import type { BrowserContext, Page, Request } from 'playwright-core';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { account, character, stubAccountCalls } from './support/accounts';
import { NARROW, launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';

/** What the page records of the in-game lock after a 420, on its own clock (a busy test runner lags it). */
interface LockLogEntry {
  readonly at: number;
  readonly dialogOpen: boolean;
  readonly setDestinationDisabled: boolean;
}
const SET_DESTINATION_BUTTON = `[...document.querySelectorAll('button')].find(
  (button) => button.textContent.trim() === 'Set destination')`;
const RECORD_LOCK = `(() => {
  window.lockLog = [];
  const record = () => {
    const setDestination = ${SET_DESTINATION_BUTTON};
    window.lockLog.push({
      at: performance.now(),
      dialogOpen: document.querySelector('[data-testid="too-fast"] [role="dialog"]') !== null,
      setDestinationDisabled: setDestination ? setDestination.disabled : false,
    });
  };
  new MutationObserver(record).observe(document.body, { subtree: true, childList: true, attributes: true });
})()`;
const SET_DESTINATION_ENABLED = `(() => { const button = ${SET_DESTINATION_BUTTON}; return !!button && !button.disabled; })()`;
const OPEN_WINDOW_ANSWERED_AT = `performance.getEntriesByType('resource')
  .filter((entry) => entry.name.includes('/ui/openwindow/marketdetails/')).at(-1).responseEnd`;

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

const TRITANIUM = 34;
const MINERALS_GROUP = 1857;
const THE_FORGE = 10000002;
const DOMAIN = 10000043;
const JITA = 30000142;
/** The spec's autocomplete debounce. */
const SEARCH_DEBOUNCE_MS = 200;
const VISITOR_MESSAGE = 'Log in to open in-game and see jumps.';
const EXTRA_SCOPES = ['esi-location.read_location.v1', 'esi-ui.write_waypoint.v1'];

interface ApiOrder {
  orderId: number;
  regionId: number;
  systemId: number;
  locationId: number;
  isBuyOrder: boolean;
  price: number;
  volumeRemain: number;
  duration: number;
}
interface ApiOrderBook {
  itemType: { typeName: string };
  systems: Record<string, { solarSystemName: string; security: number }>;
  stationNames: Record<string, string>;
  orders: ApiOrder[];
}
interface ApiHistoryDay {
  date: number;
  average: number;
  highest: number;
  lowest: number;
  volume: number;
}
interface ApiStats {
  minSell: number;
  maxBuy: number;
  sellAvgFivePercent: number;
}

const fullIsk = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const shownSecurity = (security: number) => Math.max(0, Math.round(security * 10) / 10);
/** The spec's display: one decimal, and 0 (not 0.0) for 0 or less. */
const securityText = (security: number) => {
  const shown = shownSecurity(security);
  return shown === 0 ? '0' : shown.toFixed(1);
};

/**
 * The market browser (/market, /market/{typeId}, /market/{typeId}/history) against the product as `npm start`
 * runs it, with the mounted ESI simulator's market: the tree, the search, the order tables, the filters and the
 * history chart for visitors, then the logged-in extras.
 */
describeInBrowser('Market browser (npm start, Chromium)', () => {
  jest.setTimeout(120_000);
  let product: RunningProduct;
  let chromium: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;
  let book: ApiOrderBook;

  async function api<T>(path: string): Promise<T> {
    const response = await fetch(`${product.url}${path}`);
    expect([path, response.status]).toEqual([path, 200]);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    [product, chromium] = await Promise.all([startProduct(), launchChromium()]);
    book = await api<ApiOrderBook>(`/api/v1/market/orders/${TRITANIUM}`);
    expect(book.orders.some((order) => order.isBuyOrder)).toBe(true);
    expect(book.orders.some((order) => !order.isBuyOrder)).toBe(true);
  }, 180_000);

  afterAll(async () => {
    await chromium?.close();
    await product?.stop();
  });

  const sellers = () => book.orders.filter((order) => !order.isBuyOrder);
  const buyers = () => book.orders.filter((order) => order.isBuyOrder);

  const table = (side: 'sellers' | 'buyers') => page.getByTestId(`market-${side}`);
  const filter = (name: string) => page.getByTestId(`filter-${name}`);
  const summary = (key: string) => page.getByTestId(`market-summary-${key}`);

  /** The count in a table's heading: 'Sellers (14)'. */
  async function shownCount(side: 'sellers' | 'buyers'): Promise<number> {
    const heading = await table(side).locator('h3').innerText();
    return Number(/\(([\d,]+)\)/.exec(heading)?.[1]?.replace(/,/g, '') ?? Number.NaN);
  }

  /** The visible rows of a table as cell texts (a leading choice column is left out). */
  function rows(side: 'sellers' | 'buyers'): Promise<string[][]> {
    return table(side)
      .locator('tbody tr.ant-table-row')
      .evaluateAll((found) =>
        found.map((row) =>
          [...row.querySelectorAll('td:not(.ant-table-selection-column)')].map((cell) =>
            (cell.textContent ?? '').trim(),
          ),
        ),
      );
  }

  async function openItem(path: string, target: Page = page): Promise<void> {
    await target.goto(path);
    await target.getByTestId('market-item-name').waitFor();
    await target.locator('[data-testid="market-sellers"] tbody tr.ant-table-row').first().waitFor();
  }

  async function setBound(name: string, value: string): Promise<void> {
    await filter(name).fill(value);
  }

  async function waitForCount(side: 'sellers' | 'buyers', count: number): Promise<void> {
    await table(side)
      .locator('h3', { hasText: `(${count})` })
      .waitFor();
  }

  describe('as a visitor', () => {
    beforeEach(async () => {
      context = await newContext(chromium.browser, product.url);
      page = await context.newPage();
    });

    afterEach(async () => {
      await context.close();
    });

    it('opens with the group tree; a group loads its items when first opened, once', async () => {
      const typeRequests: string[] = [];
      page.on('request', (request) => {
        if (/\/api\/v1\/market\/groups\/\d+\/types$/.test(new URL(request.url()).pathname))
          typeRequests.push(new URL(request.url()).pathname);
      });
      await page.goto('/market');
      await page.locator('h1', { hasText: 'Market Browser' }).waitFor();
      expect(await page.title()).toBe('Market Browser · Tradewise');
      await page.getByTestId('market-no-item').waitFor();
      const tree = page.getByTestId('market-group-tree');
      for (const name of ['Manufacture & Research', 'Materials']) {
        await tree.getByTitle(name, { exact: true }).locator('..').locator('.ant-tree-switcher').click();
      }
      expect(typeRequests).toEqual([]);
      const minerals = tree.locator('.ant-tree-treenode', {
        has: page.getByTitle('Minerals', { exact: true }),
      });
      await minerals.locator('.ant-tree-switcher').click();
      const tritanium = tree.getByRole('link', { name: 'Tritanium', exact: true });
      // The tree is a virtual list: bring the end of the minerals into view.
      await tree.getByRole('link', { name: 'Isogen', exact: true }).waitFor();
      await tree.locator('.ant-tree-list-holder').evaluate((holder) => holder.scrollBy(0, 200));
      await tritanium.waitFor();
      expect(typeRequests).toEqual([`/api/v1/market/groups/${MINERALS_GROUP}/types`]);
      // Closed and opened again: the items are known, nothing is asked.
      await minerals.locator('.ant-tree-switcher').click();
      await tritanium.waitFor({ state: 'detached' });
      await minerals.locator('.ant-tree-switcher').click();
      await tree.getByRole('link', { name: 'Isogen', exact: true }).waitFor();
      await tree.locator('.ant-tree-list-holder').evaluate((holder) => holder.scrollBy(0, 200));
      await tritanium.waitFor();
      expect(typeRequests).toHaveLength(1);
      await tritanium.click();
      await page.waitForURL(`**/market/${TRITANIUM}`);
      await page.getByTestId('market-item-name').getByText('Tritanium').waitFor();
      await saveScreenshot(page, 'market-tree');
    });

    it('searches items as you type, asking once 200 ms after the last key, and opens the chosen one', async () => {
      const searches: string[] = [];
      page.on('request', (request: Request) => {
        const url = new URL(request.url());
        if (url.pathname === '/api/v1/market/types/search') searches.push(url.searchParams.get('q') ?? '');
      });
      // The page's clock stands still while the keys are typed, so a slow machine cannot stretch the gaps between
      // them past the debounce.
      await page.clock.install();
      await page.goto('/market');
      const search = page.getByLabel('Search items');
      await search.waitFor();
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await search.pressSequentially('  Trita', { delay: 40 });
      await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
      await page.waitForTimeout(300);
      expect(searches).toEqual([]);
      await page.clock.resume();
      const suggestion = page.locator('.ant-select-item-option', { hasText: /^Tritanium$/ });
      await suggestion.waitFor();
      expect(searches).toEqual(['Trita']);
      await suggestion.click();
      await page.waitForURL(`**/market/${TRITANIUM}`);
      await page.getByTestId('market-item-name').getByText('Tritanium').waitFor();
      // The tree opens at the item.
      await page
        .getByTestId('market-group-tree')
        .locator('.ant-tree-treenode-selected', { hasText: 'Tritanium' })
        .waitFor();
      // Emptied, the search asks nothing.
      await search.fill('   ');
      await page.waitForTimeout(400);
      expect(searches).toEqual(['Trita']);
    });

    it("shows the server's sellers and buyers with the spec's columns and formats, and the summary", async () => {
      await openItem(`/market/${TRITANIUM}`);
      expect(await shownCount('sellers')).toBe(sellers().length);
      expect(await shownCount('buyers')).toBe(buyers().length);
      expect(await table('sellers').locator('thead th').allInnerTexts()).toEqual(
        expect.arrayContaining([
          'Location',
          'System',
          'Jumps',
          'Price',
          'Quantity',
          'Expires in',
          'Last modified',
        ]),
      );

      const cheapest = [...sellers()].sort((a, b) => a.price - b.price)[0]!;
      const highest = [...buyers()].sort((a, b) => b.price - a.price)[0]!;
      const [firstSeller] = await rows('sellers');
      const [firstBuyer] = await rows('buyers');
      const system = book.systems[String(cheapest.systemId)]!;
      expect(firstSeller).toEqual([
        expect.any(String),
        `${system.solarSystemName} ${securityText(system.security)}`,
        '-',
        fullIsk.format(cheapest.price),
        expect.stringMatching(/^[\d,.]+[KM]?$/),
        expect.stringMatching(/^in (\d+|a|an) (days?|months?|hours?)$/),
        expect.stringMatching(/ago$/),
      ]);
      expect(firstBuyer?.[3]).toBe(fullIsk.format(highest.price));
      // Every security status is shown rounded to one decimal, 0 or less as 0.
      for (const row of await rows('sellers')) expect(row[1]).toMatch(/^.+ (0|0\.[1-9]|1\.0)$/);

      expect(await summary('minSell').innerText()).toBe(`${fullIsk.format(cheapest.price)} ISK`);
      expect(await summary('maxBuy').innerText()).toBe(`${fullIsk.format(highest.price)} ISK`);
      expect(await summary('sellOrders').innerText()).toMatch(/^\d+/);

      expect(await page.getByTestId('market-visitor-message').innerText()).toContain(VISITOR_MESSAGE);
      const actions = page.getByTestId('market-item-actions');
      for (const name of ['Open in-game', 'Set destination', 'Add waypoint']) {
        expect(await actions.getByRole('button', { name }).isDisabled()).toBe(true);
      }
      expect(await actions.getByRole('link', { name: 'Industry calculator' }).getAttribute('href')).toBe(
        `/industryCalculator/${TRITANIUM}`,
      );
      expect(await filter('filterJumps').isDisabled()).toBe(true);
      expect(await filter('filterOwn').isDisabled()).toBe(true);
      await saveScreenshot(page, 'market-item');
    });

    it('filters on the client: min above max shows nothing and says so; names are case-insensitive regexes', async () => {
      await openItem(`/market/${TRITANIUM}`);
      const prices = sellers().map((order) => order.price);
      const low = Math.min(...prices);

      await filter('filterPrice').check();
      await setBound('minPrice', '500');
      await setBound('maxPrice', '1');
      const problems = page.getByTestId('market-filter-problems');
      await problems.waitFor();
      expect(await problems.innerText()).toContain('The minimum price (500) is above the maximum (1).');
      await waitForCount('sellers', 0);
      expect(await shownCount('buyers')).toBe(0);
      expect(await table('sellers').innerText()).toContain('No orders are shown until the filter is fixed.');
      expect(await summary('minSell').innerText()).toBe('n/a');

      // A price range that holds only the cheapest sell price.
      await setBound('minPrice', '0');
      await setBound('maxPrice', String(low));
      await problems.waitFor({ state: 'detached' });
      await waitForCount('sellers', sellers().filter((order) => order.price <= low).length);
      await filter('filterPrice').uncheck();
      await waitForCount('sellers', sellers().length);

      // Quantity: min above max is refused the same way.
      await setBound('minQuantity', '10');
      await setBound('maxQuantity', '9');
      await problems.getByText('The minimum quantity (10) is above the maximum (9).').waitFor();
      await waitForCount('buyers', 0);
      await filter('filterQuantity').uncheck();

      // Region name, any case.
      await filter('regionName').fill('  fORGE ');
      const forge = book.orders.filter((order) => order.regionId === THE_FORGE);
      await waitForCount('sellers', forge.filter((order) => !order.isBuyOrder).length);
      await waitForCount('buyers', forge.filter((order) => order.isBuyOrder).length);
      await filter('regionName').fill('forge(');
      await problems.getByText(/The region name is not a valid regular expression/).waitFor();
      await waitForCount('sellers', 0);
      await filter('filterRegion').uncheck();

      // Location name: only Jita's stations.
      await filter('locationName').fill('^jita');
      const jitaStations = book.orders.filter((order) =>
        /^jita/i.test(book.stationNames[String(order.locationId)] ?? ''),
      );
      await waitForCount('sellers', jitaStations.filter((order) => !order.isBuyOrder).length);
      for (const row of await rows('sellers')) expect(row[0]).toMatch(/^Jita/);
      await filter('filterLocation').uncheck();

      // High-sec and low-sec, by the status as shown.
      const classOf = (order: ApiOrder) => {
        const security = shownSecurity(book.systems[String(order.systemId)]!.security);
        return security <= 0 ? 'null' : security < 0.5 ? 'low' : 'high';
      };
      await filter('filterLowSec').check();
      await waitForCount('sellers', sellers().filter((order) => classOf(order) === 'low').length);
      await filter('filterHighSec').check();
      await waitForCount('sellers', sellers().filter((order) => classOf(order) !== 'null').length);
      await filter('filterLowSec').uncheck();
      await filter('filterHighSec').uncheck();

      // Market hubs only; structures only (the simulator's market has no public structure orders for this).
      const hubs = new Set([60008494, 60011866, 60005686, 60003760, 60004588]);
      await filter('filterMarketHubs').check();
      await waitForCount('sellers', sellers().filter((order) => hubs.has(order.locationId)).length);
      await filter('filterMarketHubs').uncheck();
      await filter('filterStructures').check();
      await waitForCount('sellers', sellers().filter((order) => order.locationId >= 1e12).length);
      await filter('filterStructures').uncheck();

      // No NPC orders: those lasting longer than 90 days go.
      await filter('filterNpc').check();
      await waitForCount('sellers', sellers().filter((order) => order.duration <= 90).length);
      await saveScreenshot(page, 'market-filtered');

      // The filter stays while browsing to another item, and Reset filters clears it.
      await page.getByLabel('Search items').pressSequentially('Pyerite');
      await page.locator('.ant-select-item-option', { hasText: /^Pyerite$/ }).click();
      await page.waitForURL('**/market/35');
      await page.getByTestId('market-item-name').getByText('Pyerite').waitFor();
      expect(await filter('filterNpc').isChecked()).toBe(true);
      await page.getByRole('button', { name: 'Reset filters' }).click();
      expect(await filter('filterNpc').isChecked()).toBe(false);
    });

    it('draws the history chart of 400 days with a region choice, and the region statistics', async () => {
      const forgeHistory = await api<ApiHistoryDay[]>(`/api/v1/market/history/${THE_FORGE}/${TRITANIUM}`);
      const domainHistory = await api<ApiHistoryDay[]>(`/api/v1/market/history/${DOMAIN}/${TRITANIUM}`);
      const forgeStats = await api<ApiStats>(`/api/v1/market/stats/${THE_FORGE}/${TRITANIUM}`);
      expect(forgeHistory).toHaveLength(400);

      await openItem(`/market/${TRITANIUM}`);
      await page.getByTestId('market-history-toggle').click();
      await page.waitForURL(`**/market/${TRITANIUM}/history`);
      const chart = page.getByTestId('market-history-chart');
      await page.locator('[data-testid="market-history-chart"][data-rendered="true"]').waitFor();
      expect(await chart.getAttribute('data-days')).toBe('400');
      expect(await chart.getAttribute('aria-label')).toBe(
        'Price history of Tritanium in The Forge: 400 days',
      );
      expect(await page.locator('[data-series]').allInnerTexts()).toEqual([
        'Average (1 day)',
        'Average (5 days)',
        'Average (20 days)',
        'Donchian channel (5-day low and high)',
        'Volume',
      ]);
      expect(await chart.locator('[data-part="volume"] rect').count()).toBe(400);
      for (const part of ['average', 'average5', 'average20', 'donchian']) {
        expect((await chart.locator(`[data-part="${part}"]`).getAttribute('d'))?.length).toBeGreaterThan(100);
      }
      // The 5-day average starts at the 5th day, the 20-day one at the 20th: fewer points than days.
      const points = async (part: string) =>
        ((await chart.locator(`[data-part="${part}"]`).getAttribute('d')) ?? '').split(/[ML]/).filter(Boolean)
          .length;
      expect([await points('average'), await points('average5'), await points('average20')]).toEqual([
        400, 396, 381,
      ]);

      expect(await page.getByTestId('market-region-stats-minSell').innerText()).toBe(
        `${fullIsk.format(forgeStats.minSell)} ISK`,
      );
      expect(await page.getByTestId('market-region-stats-sellAvgFivePercent').innerText()).toBe(
        `${fullIsk.format(forgeStats.sellAvgFivePercent)} ISK`,
      );

      // Hovering a day shows its figures.
      const lastBar = (await chart.locator('[data-part="volume"] rect').last().boundingBox())!;
      await page.mouse.move(lastBar.x + lastBar.width / 2, lastBar.y - 20);
      const tooltip = page.getByTestId('market-history-tooltip');
      await tooltip.waitFor();
      const lastDay = forgeHistory.at(-1)!;
      expect(await tooltip.innerText()).toContain(new Date(lastDay.date).toISOString().slice(0, 10));
      expect(await tooltip.innerText()).toContain(`${fullIsk.format(lastDay.average)} ISK`);
      await saveScreenshot(page, 'market-history');

      // Another region.
      await page.getByTestId('market-history-region').click();
      await page.keyboard.type('Domain');
      await page.locator('.ant-select-item-option', { hasText: /^Domain$/ }).click();
      await page
        .locator(
          `[data-testid="market-history-chart"][aria-label="Price history of Tritanium in Domain: ${domainHistory.length} days"]`,
        )
        .waitFor();
      expect(await chart.locator('[data-part="volume"] rect').count()).toBe(domainHistory.length);
    });

    it('never draws volume bars wider than 80 px', async () => {
      const history = await api<ApiHistoryDay[]>(`/api/v1/market/history/${THE_FORGE}/${TRITANIUM}`);
      // Three days on a wide chart would give bars of about 200 px.
      await context.route('**/api/v1/market/history/**', (route) =>
        route.fulfill({ json: history.slice(-3) }),
      );
      await page.goto(`/market/${TRITANIUM}/history`);
      const chart = page.locator('[data-testid="market-history-chart"][data-rendered="true"]');
      await chart.waitFor();
      const widths = await chart
        .locator('[data-part="volume"] rect')
        .evaluateAll((bars) => bars.map((bar) => bar.getBoundingClientRect().width));
      expect(widths).toHaveLength(3);
      for (const width of widths) expect(width).toBeCloseTo(80, 0);
      const plot = (await chart.boundingBox())!;
      expect(plot.width / 3).toBeGreaterThan(160);
    });

    it('fits a narrow screen', async () => {
      const narrow = await newContext(chromium.browser, product.url, NARROW);
      const phone = await narrow.newPage();
      try {
        await openItem(`/market/${TRITANIUM}/history`, phone);
        await phone.locator('[data-testid="market-history-chart"][data-rendered="true"]').waitFor();
        const overflow = await phone.evaluate('document.documentElement.scrollWidth - window.innerWidth');
        expect(overflow).toBeLessThanOrEqual(0);
        await saveScreenshot(phone, 'narrow-market-history');
      } finally {
        await narrow.close();
      }
    });

    it('has no serious or critical accessibility violations', async () => {
      await openItem(`/market/${TRITANIUM}/history`);
      await page.locator('[data-testid="market-history-chart"][data-rendered="true"]').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });

  describe('logged in, with a real login through the ESI simulator', () => {
    beforeAll(async () => {
      context = await newContext(chromium.browser, product.url);
      await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
      page = await context.newPage();
      await page.goto('/');
      await page.getByText('Get started!').waitFor();
      await page.getByTestId('landing-main').click();
      await page.waitForURL((url) => url.pathname.startsWith('/esi-sim/'));
      await page.getByRole('button', { name: 'Authorize', exact: true }).click();
      await page.waitForURL('**/index');
      await page.getByTestId('user-summary').waitFor();
    }, 120_000);

    afterAll(async () => {
      await context?.close();
    });

    it('replaces the log-in message with the character, and unlocks jumps, my orders and the in-game buttons', async () => {
      await openItem(`/market/${TRITANIUM}`);
      const name = await page.getByTestId('character-name').innerText();
      await page.getByTestId('market-in-game-panel').waitFor();
      expect(await page.getByTestId('market-visitor-message').count()).toBe(0);
      expect(await page.getByTestId('market-character').innerText()).toContain(name);
      expect(await filter('filterJumps').isDisabled()).toBe(false);
      expect(await filter('filterOwn').isDisabled()).toBe(false);
      expect(await page.getByRole('button', { name: 'Open in-game' }).isDisabled()).toBe(false);
      // The route buttons wait for an order to be chosen.
      expect(await page.getByRole('button', { name: 'Set destination' }).isDisabled()).toBe(true);
      await table('sellers').locator('tbody tr.ant-table-row').first().click();
      expect(await page.getByRole('button', { name: 'Set destination' }).isDisabled()).toBe(false);
    });

    it('asks for the additional scope to read the location and to set waypoints, and offers the Account page', async () => {
      await openItem(`/market/${TRITANIUM}`);
      // Logging in grants neither the read-location nor the write-waypoint scope.
      expect(await page.getByTestId('market-location').innerText()).toContain('Location unknown');
      const dialog = page.getByTestId('additional-scope-dialog').getByRole('dialog');
      await page.getByTestId('market-read-location').click();
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Additional ESI scopes required');
      expect(await dialog.innerText()).toContain('esi-location.read_location.v1');
      await saveScreenshot(page, 'market-scope-dialog', false);
      await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'hidden' });

      await table('buyers').locator('tbody tr.ant-table-row').first().click();
      await page.getByRole('button', { name: 'Add waypoint' }).click();
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('esi-ui.write_waypoint.v1');
      await dialog.getByRole('button', { name: 'Go to Account page' }).click();
      await page.waitForURL('**/account');
    });
  });

  describe('logged in with every scope (the account and the in-game calls answered in the browser)', () => {
    const inGameCalls: { path: string; body: unknown }[] = [];
    const stubCharacter = character({ esiScopes: `${character().esiScopes},${EXTRA_SCOPES.join(',')}` });

    beforeEach(async () => {
      inGameCalls.length = 0;
      context = await newContext(chromium.browser, product.url);
      await stubAccountCalls(context, account({ characters: [stubCharacter] }));
      // The server has no in-game routes yet (they need the character's ESI token): answered here as the spec
      // says they answer.
      await context.route('**/api/v1/account/characters/*/updateLocation', (route) => {
        inGameCalls.push({ path: new URL(route.request().url()).pathname, body: null });
        return route.fulfill({ json: { systemId: JITA, systemName: 'Jita' } });
      });
      page = await context.newPage();
    });

    afterEach(async () => {
      await context.close();
    });

    it('counts jumps from the character’s system with the real jump data, and filters on them', async () => {
      await openItem(`/market/${TRITANIUM}`);
      await page.getByTestId('market-location').getByText('Jita').waitFor();
      expect(inGameCalls.map((call) => call.path)).toEqual([
        `/api/v1/account/characters/${stubCharacter.id}/updateLocation`,
      ]);
      const systems = [...new Set(book.orders.map((order) => order.systemId))];
      const jumps = await api<number[]>(
        `/api/v1/static/jumps?origin=${JITA}&destinations=${systems.join(',')}`,
      );
      const jumpsTo = new Map(systems.map((system, index) => [system, jumps[index]!]));
      await table('sellers')
        .locator('tbody tr.ant-table-row td:nth-child(4)', { hasText: /^\d+$/ })
        .first()
        .waitFor();

      const cheapest = [...sellers()].sort((a, b) => a.price - b.price)[0]!;
      const [firstSeller] = await rows('sellers');
      expect(firstSeller?.[2]).toBe(String(jumpsTo.get(cheapest.systemId)));

      await filter('filterJumps').check();
      await setBound('minJumps', '0');
      await setBound('maxJumps', '0');
      await waitForCount('sellers', sellers().filter((order) => order.systemId === JITA).length);
      for (const row of await rows('sellers')) expect(row[2]).toBe('0');
      await setBound('minJumps', '5');
      await page
        .getByTestId('market-filter-problems')
        .getByText('The minimum jumps (5) is above the maximum (0).')
        .waitFor();
      await waitForCount('sellers', 0);
      await saveScreenshot(page, 'market-jumps');
    });

    it('opens the market window in game, locked while it runs and for a second after 420 Too fast!', async () => {
      let answer = 204;
      await context.route('**/api/v1/account/characters/*/ui/openwindow/marketdetails/*', async (route) => {
        inGameCalls.push({ path: new URL(route.request().url()).pathname, body: null });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await route.fulfill(
          answer === 420
            ? { status: 420, json: { statusCode: 420, message: 'Too fast!' } }
            : { status: 204, body: '' },
        );
      });
      await openItem(`/market/${TRITANIUM}`);
      await table('sellers').locator('tbody tr.ant-table-row').first().click();
      const open = page.getByRole('button', { name: 'Open in-game' });
      const setDestination = page.getByRole('button', { name: 'Set destination' });
      expect(await setDestination.isDisabled()).toBe(false);
      await open.click();
      await page.locator('.ant-btn-loading', { hasText: 'Open in-game' }).waitFor();
      await page.getByText('Opened in game.').waitFor();
      expect(inGameCalls.at(-1)?.path).toBe(
        `/api/v1/account/characters/${stubCharacter.id}/ui/openwindow/marketdetails/${TRITANIUM}`,
      );

      answer = 420;
      await page.waitForTimeout(1100); // one UI request per second
      // The lock lasts a second: the page records when it starts and ends, so a slow test runner cannot miss it.
      await page.evaluate(RECORD_LOCK);
      const tooManyAnswered = page.waitForResponse((response) => response.status() === 420);
      await open.click();
      await tooManyAnswered;
      const tooFast = page.getByTestId('too-fast').getByRole('dialog');
      await tooFast.waitFor();
      expect(await tooFast.innerText()).toContain('Too fast!');
      expect(await tooFast.innerText()).toContain('Please limit UI requests to once per second.');
      await tooFast.getByRole('button', { name: 'OK' }).click();
      await page.locator('.ant-btn-loading', { hasText: 'Open in-game' }).waitFor({ state: 'detached' });
      await page.waitForFunction(SET_DESTINATION_ENABLED);
      const lockLog = (await page.evaluate('window.lockLog')) as LockLogEntry[];
      const answeredAt = (await page.evaluate(OPEN_WINDOW_ANSWERED_AT)) as number;
      // The in-game buttons wait while 'Too fast!' is shown and for the rest of the second after the answer.
      const dialogShown = lockLog.find((entry) => entry.dialogOpen)!;
      expect(dialogShown.setDestinationDisabled).toBe(true);
      const released = lockLog.find((entry) => entry.at > answeredAt && !entry.setDestinationDisabled)!;
      const lockedFor = released.at - answeredAt;
      expect(lockedFor).toBeGreaterThan(950);
      expect(lockedFor).toBeLessThan(2000);
      expect(await open.isDisabled()).toBe(false);
      expect(await setDestination.isDisabled()).toBe(false);
    });

    it('sets the destination and adds a waypoint at the chosen order’s station', async () => {
      await context.route('**/api/v1/account/characters/*/updateRoute', async (route) => {
        inGameCalls.push({
          path: new URL(route.request().url()).pathname,
          body: route.request().postDataJSON(),
        });
        await route.fulfill({ status: 204, body: '' });
      });
      await openItem(`/market/${TRITANIUM}`);
      const cheapest = [...sellers()].sort((a, b) => a.price - b.price)[0]!;
      await table('sellers').locator('tbody tr.ant-table-row').first().click();
      await page.getByRole('button', { name: 'Set destination' }).click();
      await page.getByText('Destination set.').waitFor();
      await page.waitForTimeout(1100); // one UI request per second
      await page.getByRole('button', { name: 'Add waypoint' }).click();
      await page.getByText('Waypoint added.').waitFor();
      expect(inGameCalls.filter((call) => call.path.endsWith('/updateRoute'))).toEqual([
        {
          path: `/api/v1/account/characters/${stubCharacter.id}/updateRoute`,
          body: { addToBeginning: false, clearOtherWaypoints: true, destinationId: cheapest.locationId },
        },
        {
          path: `/api/v1/account/characters/${stubCharacter.id}/updateRoute`,
          body: { addToBeginning: false, clearOtherWaypoints: false, destinationId: cheapest.locationId },
        },
      ]);
    });

    it('shows only the account’s own orders with My orders only', async () => {
      const own = [...buyers()].sort((a, b) => b.price - a.price)[0]!;
      await context.route(`**/api/v1/market/characters/${stubCharacter.id}/orders`, (route) =>
        route.fulfill({ json: [{ orderId: own.orderId, typeId: TRITANIUM, price: own.price }] }),
      );
      await openItem(`/market/${TRITANIUM}`);
      await filter('filterOwn').check();
      await waitForCount('buyers', 1);
      await waitForCount('sellers', 0);
      expect((await rows('buyers'))[0]?.[3]).toBe(fullIsk.format(own.price));
    });

    it('has no serious or critical accessibility violations with the extras', async () => {
      await openItem(`/market/${TRITANIUM}`);
      await page.getByTestId('market-location').getByText('Jita').waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });
});
