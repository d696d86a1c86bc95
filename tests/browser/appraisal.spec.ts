import type { BrowserContext, Page, Request } from 'playwright-core';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** A contract's item list: columns with the quantity second; a blueprint, a type the market does not list, an unknown. */
const CONTRACT = [
  'Tritanium\t1000\tMineral\tMaterial\t',
  'Rifter\t2\tFrigate\tShip\t',
  'Vexor Blueprint\t1\tCruiser Blueprint\tBlueprint\t',
  'Capsule\t1\tCapsule\tShip\t',
  'Gizmo Deluxe\t3\tThing\tThing\t',
].join('\n');
const FIT = ['[Rifter, Tackle]', 'Damage Control II', '[Empty Med slot]', 'Warrior II x2'].join('\n');
const COLUMNS = [
  'Item',
  'Quantity',
  'Unit Volume',
  'Total Volume',
  'Unit Sell',
  'Unit Buy',
  'Total Sell',
  'Total Buy',
  'Sell Now',
  'ISK per m3 sell',
  'ISK per m3 buy',
  'Appraisal Method',
];
/** Aria Venn, a simulator character. */
const CHARACTER_ID = 2119000011;
/** Another simulator character: the structure appraisal's login keeps Aria's history empty. */
const STRUCTURE_TRADER_ID = 2119000013;

interface ApiAppraisal {
  id: string;
  stationId: number | null;
  structureId: number | null;
  structureName: string | null;
  priceMode: string;
  totalSell: number;
  totalBuy: number;
  totalVolume: number;
  created: string;
  expires: string | null;
  items: { typeName: string; appraisalMethod: string; totalSell: number }[];
}

describeInBrowser('Appraisal tool (/appraisal, npm start, Chromium)', () => {
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
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: product.url });
    await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
    page = await context.newPage();
  });

  afterEach(async () => {
    await context.close();
  });

  const paste = () => page.getByLabel('Items to appraise');
  const preview = () => page.getByTestId('appraisal-preview');
  const submit = () => page.getByRole('button', { name: 'Submit', exact: true });
  const reset = () => page.getByRole('button', { name: 'Reset', exact: true });
  const result = () => page.getByTestId('appraisal-result');
  const items = () => page.getByTestId('appraisal-items');
  const row = (name: string) => items().locator('tbody tr.ant-table-row', { hasText: name }).first();

  async function open(path = '/appraisal'): Promise<void> {
    await page.goto(path);
    await page.locator('h1', { hasText: 'Appraisal' }).waitFor();
  }

  /** Types the paste and waits for the live preview to read it. */
  async function enterPaste(text: string, expectedPreview: string): Promise<void> {
    await paste().fill(text);
    const startsWith = new RegExp(`^${expectedPreview.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
    await preview().filter({ hasText: startsWith }).waitFor();
  }

  /** Clicks Submit and answers the creation request's body. */
  async function submitAndCapture(): Promise<Record<string, unknown>> {
    const [request] = await Promise.all([
      page.waitForRequest(
        (candidate: Request) =>
          candidate.method() === 'POST' && new URL(candidate.url()).pathname === '/api/v1/market/appraisals',
      ),
      submit().click(),
    ]);
    return JSON.parse(request.postData() ?? '{}') as Record<string, unknown>;
  }

  async function fetchAppraisal(id: string): Promise<ApiAppraisal> {
    return page.evaluate(async (appraisalId) => {
      const response = await fetch(`/api/v1/market/appraisals/${appraisalId}`);
      return (await response.json()) as ApiAppraisal;
    }, id);
  }

  const colorOf = (name: string) =>
    row(name).evaluate(
      (element) => element.ownerDocument.defaultView!.getComputedStyle(element.querySelector('td')!).color,
    );
  const rgb = (color: string) => color.match(/\d+/g)!.slice(0, 3).map(Number) as [number, number, number];

  it('previews a paste, saves it with a link and shows the result, the table and the market details', async () => {
    await open();
    expect(await page.title()).toBe('Appraisal · Tradewise');
    expect(await reset().isDisabled()).toBe(true);
    expect(await submit().isDisabled()).toBe(true);
    expect(await page.getByTestId('appraisal-history').count()).toBe(0);
    const help = await page.locator('main').innerText();
    expect(help).toContain('The sell price is the lowest sell order');
    expect(help).toContain('the highest buy order');
    expect(help).toContain('blueprints are not appraised');

    await enterPaste(CONTRACT, '5 items found (Contract)');
    expect(await preview().innerText()).toBe('5 items found (Contract) · 1 not recognised');
    expect(await reset().isDisabled()).toBe(false);
    const body = await submitAndCapture();
    expect(body).toEqual({
      regionId: 10000002,
      createLink: true,
      expirySeconds: 86_400,
      items: [
        { typeId: 34, quantity: 1000 },
        { typeId: 587, quantity: 2 },
        { typeId: 971, quantity: 1 },
        { typeId: 670, quantity: 1 },
        { typeName: 'Gizmo Deluxe', quantity: 3 },
      ],
    });
    await page.waitForURL(/\/appraisal\/[0-9A-Za-z]{10}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await result().waitFor();
    const saved = await fetchAppraisal(id);

    expect(await page.getByTestId('appraisal-unknown-notice').innerText()).toBe(
      "1 item(s) weren't found when creating the appraisal.",
    );
    const sellShown = await page.getByTestId('appraisal-total-sell').innerText();
    expect(sellShown).toContain(
      `${saved.totalSell.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ISK`,
    );
    const volume = saved.totalVolume.toLocaleString('en-US', { maximumFractionDigits: 2 });
    expect(await page.getByTestId('appraisal-total-volume').innerText()).toContain(`${volume} m3`);
    // Tritanium 10, the Rifter packaged 2 × 2,500, the blueprint 0.01, the capsule 1,000.
    expect(saved.totalVolume).toBe(6_010.01);
    expect(await page.getByTestId('appraisal-priced-at').innerText()).toBe(
      'Appraised using The Forge prices, a few seconds ago',
    );
    expect(await page.getByTestId('appraisal-update-prices').isDisabled()).toBe(true);
    expect(await page.getByTestId('appraisal-update-prices').innerText()).toMatch(
      /^Update prices \((5:00|4:[0-5]\d)\)$/,
    );

    const headers = await items().locator('thead th').allInnerTexts();
    expect(headers.map((header) => header.trim()).filter(Boolean)).toEqual(COLUMNS);
    expect(await row('Tritanium').getAttribute('data-method')).toBe('MARKET_ORDERS');
    expect(await row('Vexor Blueprint').getAttribute('data-tone')).toBe('research');
    expect(await row('Capsule').getAttribute('data-method')).toBe('NONE');
    const [red, green, blue] = rgb(await colorOf('Capsule'));
    expect(red).toBeGreaterThan(Math.max(green, blue) + 40);
    const [researchRed, researchGreen, researchBlue] = rgb(await colorOf('Vexor Blueprint'));
    expect(Math.min(researchRed, researchBlue)).toBeGreaterThan(researchGreen + 20);
    expect(await row('Capsule').innerText()).toContain('Not appraised');
    expect(await row('Vexor Blueprint').innerText()).toContain('Blueprint');

    // Sorting by Total Sell puts the unpriced rows first, then the priced ones by value.
    const totalSell = items().getByRole('columnheader', { name: 'Total Sell', exact: true });
    await totalSell.click();
    expect(await totalSell.getAttribute('aria-sort')).toBe('ascending');
    const order = await items().locator('tbody tr.ant-table-row td:first-child').allInnerTexts();
    const byValue = saved.items
      .map((item, index) => ({ ...item, index }))
      .sort((a, b) => a.totalSell - b.totalSell || a.index - b.index)
      .map((item) => item.typeName);
    expect(order).toEqual(byValue);

    // Market details: the current statistics of the row's item; 0 reads n/a.
    await row('Tritanium').click();
    const details = page.getByTestId('market-details-34');
    await details.getByText('Min sell').waitFor();
    expect(await details.innerText()).toContain('Sell 5% average');
    expect(await details.getByTestId('sell-now-details').innerText()).toContain(
      'Selling all 1,000 into the buy orders',
    );
    // The statistics answer is held until the panel has been seen loading.
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/market/stats/10000002/670', async (route) => {
      await released;
      await route.continue();
    });
    await row('Capsule').click();
    const capsule = page.getByTestId('market-details-670');
    await capsule.getByText('Loading current prices...').waitFor();
    release();
    await capsule.getByText('Min sell').waitFor();
    expect(await capsule.locator('.ant-descriptions-item-content').allInnerTexts()).toEqual(
      Array(8).fill('n/a'),
    );

    await page.getByTestId('appraisal-copy-link').click();
    await page.getByRole('button', { name: 'Link copied' }).waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(`${product.url}/appraisal/${id}`);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'appraisal');

    // The shared link opens the same appraisal in another browser, without the creation notice.
    const other = await context.browser()!.newContext({ baseURL: product.url });
    const visitor = await other.newPage();
    await visitor.goto(`/appraisal/${id}`);
    await visitor.getByTestId('appraisal-result').waitFor();
    expect(await visitor.getByTestId('appraisal-total-sell').innerText()).toBe(sellShown);
    expect(await visitor.getByTestId('appraisal-unknown-notice').count()).toBe(0);
    await other.close();
  });

  it('lists the lines not priced, and prices a guess only once the player confirms it', async () => {
    await open();
    const lines = ['Tritanium 100', '2 Zealous 10MN Afterburner I', 'Gizmo Deluxe x 3', '#### ####'];
    await enterPaste(lines.join('\n'), '2 items found');
    expect(await preview().innerText()).toContain('1 guess to confirm');
    const body = await submitAndCapture();
    expect(body.items).toEqual([
      { typeId: 34, quantity: 100 },
      { typeName: 'Zealous 10MN Afterburner I', quantity: 2 },
      { typeName: 'Gizmo Deluxe', quantity: 3 },
    ]);
    await page.waitForURL(/\/appraisal\/[0-9A-Za-z]{10}$/);
    const first = page.url();
    await result().waitFor();
    expect(await page.getByTestId('appraisal-unknown-notice').innerText()).toBe(
      "2 item(s) weren't found when creating the appraisal.",
    );
    const notPriced = page.getByTestId('appraisal-not-priced');
    const notPricedRows = () => notPriced.locator('tbody tr.ant-table-row').allInnerTexts();
    const before = await notPricedRows();
    expect(before).toHaveLength(3);
    expect(before[0]).toContain('Zealous 10MN Afterburner I');
    expect(before[0]).toContain('Guess');
    expect(before[1]).toContain('Gizmo Deluxe');
    expect(before[1]).toContain('Unknown name');
    expect(before[2]).toContain('#### ####');
    expect(before[2]).toContain('Not read');
    expect(await items().locator('tbody tr.ant-table-row').count()).toBe(1);

    const confirm = notPriced.getByTestId('appraisal-confirm-guess');
    expect(await confirm.innerText()).toBe('Use 10MN Afterburner I');
    const [request] = await Promise.all([
      page.waitForRequest(
        (candidate) => candidate.method() === 'POST' && candidate.url().endsWith('/appraisals'),
      ),
      confirm.click(),
    ]);
    expect((JSON.parse(request.postData()!) as { items: unknown[] }).items).toEqual([
      { typeId: 34, quantity: 100 },
      { typeId: 12056, quantity: 2 },
      { typeName: 'Gizmo Deluxe', quantity: 3 },
    ]);
    await page.waitForURL((url) => url.href !== first && /\/appraisal\/\w{10}$/.test(url.pathname));
    await row('10MN Afterburner I').waitFor();
    expect(await page.getByTestId('appraisal-unknown-notice').innerText()).toBe(
      "1 item(s) weren't found when creating the appraisal.",
    );
    const after = await notPricedRows();
    expect(after[0]).toContain('Confirmed');
    expect(await notPriced.getByTestId('appraisal-confirm-guess').count()).toBe(0);
  });

  it("prices at the chosen hub's station, names it, and Update prices prices there again", async () => {
    await page.clock.install();
    await open();
    await enterPaste('Tritanium 1000\nRifter 2', '2 items found');
    await page.locator('#appraisal-station').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option[title="Jita IV - Moon 4"]')
      .click();
    await page.locator('#appraisal-price-mode').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option[title="5% average"]').click();
    const body = await submitAndCapture();
    expect(body).toMatchObject({ regionId: 10000002, stationId: 60003760, priceMode: 'fivePercent' });
    await page.waitForURL(/\/appraisal\/[0-9A-Za-z]{10}$/);
    const first = page.url();
    const saved = await fetchAppraisal(first.split('/').pop()!);
    expect(saved).toMatchObject({ stationId: 60003760, priceMode: 'fivePercent' });
    expect(await page.getByTestId('appraisal-priced-at').innerText()).toBe(
      'Appraised using Jita IV - Moon 4 - Caldari Navy Assembly Plant prices (5% average), a few seconds ago',
    );

    // Update prices keeps the saved appraisal's choice, whatever the form says now.
    await page.locator('#appraisal-station').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option[title="The whole region"]')
      .click();
    await page.clock.fastForward('05:01');
    const update = page.getByRole('button', { name: 'Update prices', exact: true });
    await update.waitFor();
    const [request] = await Promise.all([
      page.waitForRequest(
        (candidate) => candidate.method() === 'POST' && candidate.url().endsWith('/appraisals'),
      ),
      update.click(),
    ]);
    expect(JSON.parse(request.postData()!)).toMatchObject({ stationId: 60003760, priceMode: 'fivePercent' });
    await page.waitForURL((url) => url.href !== first && /\/appraisal\/\w{10}$/.test(url.pathname));
  });

  it('compares the five trade hubs side by side, Jita as an appraisal at Jita prices it, and marks the best', async () => {
    await open();
    await enterPaste('Tritanium 1000\nRifter 2', '2 items found');
    await page.locator('#appraisal-station').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option[title="Jita IV - Moon 4"]')
      .click();
    await submitAndCapture();
    await page.waitForURL(/\/appraisal\/[0-9A-Za-z]{10}$/);
    const hubs = page.getByTestId('appraisal-hubs');
    const [request] = await Promise.all([
      page.waitForRequest((candidate) => candidate.url().endsWith('/appraisals/hubs')),
      hubs.getByTestId('appraisal-hubs-compare').click(),
    ]);
    expect(JSON.parse(request.postData()!)).toMatchObject({ priceMode: 'top', pricePercent: 100 });
    await hubs.getByTestId('appraisal-hubs-totals').waitFor();
    const headers = await hubs.locator('thead tr').first().locator('th').allInnerTexts();
    expect(
      headers.map((header) =>
        header
          .split('\n')[0]!
          .replace(/(Cheapest to buy|Best instant sale)/g, '')
          .trim(),
      ),
    ).toEqual(['Item', 'Jita IV - Moon 4', 'Amarr VIII', 'Dodixie IX', 'Rens VI', 'Hek VIII']);
    expect(await hubs.locator('tbody tr.ant-table-row').count()).toBe(2);
    // Jita's column is this appraisal's own pricing, at the same station.
    const saved = await fetchAppraisal(page.url().split('/').pop()!);
    expect(await hubs.getByTestId('hub-total-sell-60003760').locator('span').getAttribute('title')).toBe(
      `${saved.totalSell.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ISK`,
    );
    expect(await hubs.getByTestId('hub-total-buy-60003760').locator('span').getAttribute('title')).toBe(
      `${saved.totalBuy.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ISK`,
    );
    expect(await hubs.locator('[data-testid^="hub-cheapest-"]').count()).toBeLessThanOrEqual(1);
    expect(await hubs.locator('[data-testid^="hub-best-sale-"]').count()).toBe(1);
  });

  it('appraises without a link as temp: not saved, Copy link disabled', async () => {
    await open();
    await enterPaste(FIT, '3 items found (EFT');
    await page.locator('label.ant-radio-button-wrapper', { hasText: /^No$/ }).click();
    expect(await page.getByRole('radio', { name: 'No' }).isChecked()).toBe(true);
    expect(await page.locator('#appraisal-expires').isDisabled()).toBe(true);
    const body = await submitAndCapture();
    expect(body).toMatchObject({ createLink: false, expirySeconds: 0 });
    await result().waitFor();
    expect(new URL(page.url()).pathname).toBe('/appraisal');
    expect(await page.getByTestId('appraisal-copy-link').isDisabled()).toBe(true);
    expect((await items().locator('tbody tr.ant-table-row').allInnerTexts()).length).toBe(3);
    const status = await page.evaluate(async () => (await fetch('/api/v1/market/appraisals/temp')).status);
    expect(status).toBe(404);

    await reset().click();
    expect(await paste().inputValue()).toBe('');
    expect(await reset().isDisabled()).toBe(true);
  });

  it("marks an invalid 'Expires in' and sends no expiry; a valid one sets the link's expiry", async () => {
    await open();
    await enterPaste('Tritanium 10', '1 item found');
    const expires = page.locator('#appraisal-expires');
    await expires.fill('tomorrow');
    await page.locator('.ant-form-item-has-error', { has: expires }).waitFor();
    expect(await page.getByText('A number and a unit, e.g. 30m, 24h or 7d').count()).toBe(1);
    expect(await submitAndCapture()).toMatchObject({ expirySeconds: 0 });
    await page.waitForURL(/\/appraisal\/\w{10}$/);
    let saved = await fetchAppraisal(new URL(page.url()).pathname.split('/').pop()!);
    expect(Date.parse(saved.expires!) - Date.parse(saved.created)).toBe(24 * 3600_000);

    await expires.fill('30m');
    expect(await page.locator('.ant-form-item-has-error', { has: expires }).count()).toBe(0);
    expect(await submitAndCapture()).toMatchObject({ expirySeconds: 1800 });
    await page.waitForURL((url) => url.pathname !== `/appraisal/${saved.id}`);
    saved = await fetchAppraisal(new URL(page.url()).pathname.split('/').pop()!);
    expect(Date.parse(saved.expires!) - Date.parse(saved.created)).toBe(30 * 60_000);
  });

  it("shows the server's 400 as 'Error creating appraisal: ...' and resets the route to /appraisal", async () => {
    await open();
    await enterPaste('Tritanium 10', '1 item found');
    await submit().click();
    await page.waitForURL(/\/appraisal\/\w{10}$/);
    // A region the server does not know: the real server answers 400 with its sentence.
    await page.route('**/api/v1/market/appraisals', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}') as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, regionId: 42 }) });
    });
    await submit().click();
    const banner = page.getByTestId('appraisal-error');
    await banner.waitFor();
    expect(await banner.innerText()).toContain(
      'Error creating appraisal: regionId 42 is not a known region.',
    );
    await page.waitForURL((url) => url.pathname === '/appraisal');
  });

  it('enables Update prices 5 minutes after creation and appraises the same items again', async () => {
    await page.clock.install();
    await open();
    await enterPaste(FIT, '3 items found');
    await submit().click();
    await page.waitForURL(/\/appraisal\/\w{10}$/);
    const first = page.url();
    const update = page.getByTestId('appraisal-update-prices');
    await update.waitFor();
    expect(await update.isDisabled()).toBe(true);
    await page.clock.fastForward('04:00');
    expect(await update.innerText()).toMatch(/^Update prices \((1:00|0:[0-5]\d)\)$/);
    await page.clock.fastForward('01:01');
    await page.getByRole('button', { name: 'Update prices', exact: true }).waitFor();
    expect(await update.isEnabled()).toBe(true);
    const [request] = await Promise.all([
      page.waitForRequest(
        (candidate) => candidate.method() === 'POST' && candidate.url().endsWith('/appraisals'),
      ),
      update.click(),
    ]);
    expect(JSON.parse(request.postData()!)).toMatchObject({
      createLink: true,
      items: [
        { typeId: 587, quantity: 1 },
        { typeId: 2048, quantity: 1 },
        { typeId: 2488, quantity: 2 },
      ],
    });
    await page.waitForURL((url) => url.href !== first && /\/appraisal\/\w{10}$/.test(url.pathname));
    const before = await fetchAppraisal(first.split('/').pop()!);
    const after = await fetchAppraisal(new URL(page.url()).pathname.split('/').pop()!);
    expect(Date.parse(after.created)).toBeGreaterThan(Date.parse(before.created));
    expect(after.items.map((item) => item.typeName)).toEqual(before.items.map((item) => item.typeName));
  });

  it('prices at a public player structure once logged in: chosen by name, named on the result, its own prices', async () => {
    await open();
    await enterPaste('Tritanium 1000\nRifter 2', '2 items found');
    await page.locator('#appraisal-station').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option[title="A player structure"]')
      .click();
    // A visitor is told before appraising that a structure's market needs a login.
    expect(await page.getByTestId('appraisal-structure-login').innerText()).toBe(
      "Log in to price at a player structure: ESI shows a structure's market only to characters who may dock there.",
    );
    expect(await submit().isDisabled()).toBe(true);

    await page.goto('/');
    await page.getByTestId('landing-main').click();
    await page.waitForURL((url) => url.pathname.startsWith('/esi-sim/'));
    await page.locator(`input[name="character_id"][value="${STRUCTURE_TRADER_ID}"]`).check();
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    await page.waitForURL('**/index');

    // The public structures are named once a logged-in character may read them.
    let structure: { structureId: number; name: string } | undefined;
    for (let attempt = 0; attempt < 20 && !structure; attempt++) {
      const listed = await page.evaluate(async () => {
        const response = await fetch('/api/v1/market/structures');
        return (await response.json()) as { structures: { structureId: number; name: string | null }[] };
      });
      const named = listed.structures.find((candidate) => candidate.name !== null);
      if (named) structure = { structureId: named.structureId, name: named.name! };
      else await page.waitForTimeout(500);
    }
    expect(structure).toBeDefined();

    await open();
    await enterPaste('Tritanium 1000\nRifter 2', '2 items found');
    await page.locator('#appraisal-station').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option[title="A player structure"]')
      .click();
    expect(await page.getByTestId('appraisal-structure-login').count()).toBe(0);
    await page.locator('#appraisal-structure').click();
    await page.locator('#appraisal-structure').fill(structure!.name.slice(0, 12));
    await page
      .locator(`.ant-select-dropdown:visible .ant-select-item-option[title="${structure!.name}"]`)
      .click();
    const body = await submitAndCapture();
    expect(body).toMatchObject({ structureId: structure!.structureId });
    expect(body).not.toHaveProperty('stationId');
    await page.waitForURL(/\/appraisal\/[0-9A-Za-z]{10}$/);
    const saved = await fetchAppraisal(page.url().split('/').pop()!);
    expect(saved).toMatchObject({ structureId: structure!.structureId, structureName: structure!.name });
    expect(await page.getByTestId('appraisal-priced-at').innerText()).toBe(
      `Appraised using ${structure!.name} prices, a few seconds ago`,
    );
    const shownTotal = await page.getByTestId('appraisal-total-sell').innerText();
    expect(shownTotal.replace(/[^0-9.]/g, '')).toBe(saved.totalSell.toFixed(2));
    await row('Tritanium').waitFor();
    expect(await page.getByTestId('appraisal-structure-update-note').count()).toBe(0);
    await saveScreenshot(page, 'appraisal-structure');

    // A visitor with the link sees the saved prices, and why Update prices is not theirs to press.
    const visitor = await newContext(chromium.browser, product.url);
    const visitorPage = await visitor.newPage();
    await visitorPage.goto(page.url());
    await visitorPage.getByTestId('appraisal-structure-update-note').waitFor();
    expect(await visitorPage.getByTestId('appraisal-priced-at').innerText()).toContain(structure!.name);
    expect(await visitorPage.getByTestId('appraisal-update-prices').isDisabled()).toBe(true);
    await visitor.close();
  });

  it("lists a logged-in user's appraisals in the Appraisal History", async () => {
    await page.goto('/');
    await page.getByTestId('landing-main').click();
    await page.waitForURL((url) => url.pathname.startsWith('/esi-sim/'));
    await page.locator(`input[name="character_id"][value="${CHARACTER_ID}"]`).check();
    await page.getByRole('button', { name: 'Authorize', exact: true }).click();
    await page.waitForURL('**/index');

    await open();
    const history = page.getByTestId('appraisal-history');
    await history.waitFor();
    expect(await history.innerText()).toContain('No saved appraisals yet.');
    await enterPaste(CONTRACT, '5 items found');
    await submit().click();
    await page.waitForURL(/\/appraisal\/\w{10}$/);
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await history.getByRole('link', { name: id }).waitFor();
    const cells = await history
      .locator('tbody tr', { has: page.getByRole('link', { name: id }) })
      .locator('td')
      .allInnerTexts();
    expect(cells[1]).toBe('4');
    expect(cells[4]).toBe('a few seconds ago');
    expect(cells[5]).toBe('in a day');
    const headers = (await history.locator('thead th').allInnerTexts()).map((header) => header.trim());
    expect(headers).toEqual(['ID', 'Item Count', 'Total Sell', 'Total Buy', 'Created', 'Expires']);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'appraisal-history');
  });
});
