import type { BrowserContext, Locator, Page } from 'playwright-core';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { NARROW, launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** The form shows prices with 2 decimals and rates to their step (0.01, tax 0.001). */
const DEFAULT_INPUTS = ['0.00', '0.00', '1.00', '1.00', '3.375', ''];
const POWERS_OF_TEN = ['1', '10', '100', '1000', '10000', '100000', '1000000', '10000000'];
const PREFILLED =
  '/margin?buyPrice=1000000&sellPrice=1200000&buyBroker=2&sellBroker=1.5&taxRate=3.6&extraQuantity=250';

describeInBrowser('Margin calculator (npm start, Chromium)', () => {
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

  /** Opens the calculator and waits for its example table: the page's code has loaded and rendered. */
  async function open(path: string, target: Page = page): Promise<void> {
    await target.goto(path);
    await target.locator('h1', { hasText: 'Margin Calculator' }).waitFor();
    await examples(target).locator('tr[data-row-key]').first().waitFor();
  }

  const field = (label: string) => page.getByLabel(label, { exact: true });
  const output = (key: string) => page.getByTestId(`margin-output-${key}`);
  const examples = (target: Page = page) => target.getByTestId('margin-examples');
  const header = (name: string) => examples().getByRole('columnheader', { name, exact: true });

  async function inputValues(): Promise<string[]> {
    const values: string[] = [];
    for (const label of [
      'Buy Price',
      'Sell Price',
      'Buy Broker Fee %',
      'Sell Broker Fee %',
      'Tax Rate %',
      'Extra Quantity',
    ]) {
      values.push(await field(label).inputValue());
    }
    return values;
  }

  async function outputs(): Promise<Record<string, string>> {
    const entries: [string, string][] = [];
    for (const key of ['buyBrokerFee', 'sellBrokerFee', 'tax', 'totalBuy', 'totalSell', 'profit', 'margin']) {
      entries.push([key, (await output(key).innerText()).trim()]);
    }
    return Object.fromEntries(entries);
  }

  /** The example table as shown: the quantity of each row (its key) and the texts of its cells. */
  function tableRows(): Promise<string[][]> {
    return examples()
      .locator('tbody tr[data-row-key]')
      .evaluateAll((rows) =>
        rows.map((row) => [
          row.getAttribute('data-row-key') ?? '',
          ...[...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim()),
        ]),
      );
  }

  const shownQuantities = async () => (await tableRows()).map(([quantity]) => quantity);

  /** Sets a field as a user would: clear it and type the new value. */
  async function enter(label: string, value: string): Promise<void> {
    await field(label).fill(value);
  }

  async function sortBy(name: string, order: 'ascending' | 'descending'): Promise<void> {
    for (let click = 0; click < 3 && (await header(name).getAttribute('aria-sort')) !== order; click += 1) {
      await header(name).click();
    }
    expect(await header(name).getAttribute('aria-sort')).toBe(order);
  }

  async function toneOf(locator: Locator): Promise<{ tone: string | null; rgb: number[] }> {
    const marked = locator.locator('[data-tone]').first();
    const color = await marked.evaluate(
      (element) =>
        (globalThis as unknown as { getComputedStyle(of: unknown): { color: string } }).getComputedStyle(
          element,
        ).color,
    );
    return {
      tone: await marked.getAttribute('data-tone'),
      rgb: color.match(/\d+/g)!.slice(0, 3).map(Number),
    };
  }

  async function expectGreen(locator: Locator): Promise<void> {
    const { tone, rgb } = await toneOf(locator);
    expect(tone).toBe('positive');
    const [red, green, blue] = rgb as [number, number, number];
    expect(green).toBeGreaterThan(Math.max(red, blue) + 40);
  }

  async function expectRed(locator: Locator): Promise<void> {
    const { tone, rgb } = await toneOf(locator);
    expect(tone).toBe('negative');
    const [red, green, blue] = rgb as [number, number, number];
    expect(red).toBeGreaterThan(Math.max(green, blue) + 40);
  }

  it('opens with the defaults: 0 ISK prices, 1% broker fees, 3.375% tax and the 100 ISK minimum fees', async () => {
    await open('/margin');
    expect(await page.title()).toBe('Margin Calculator · Tradewise');
    expect(await inputValues()).toEqual(DEFAULT_INPUTS);
    expect(await outputs()).toEqual({
      buyBrokerFee: '100.00 ISK',
      sellBrokerFee: '100.00 ISK',
      tax: '0.00 ISK',
      totalBuy: '100.00 ISK',
      totalSell: '-100.00 ISK',
      profit: '-200.00 ISK',
      margin: 'n/a',
    });
    expect((await toneOf(output('margin'))).tone).toBe('neutral');
    expect(await shownQuantities()).toEqual(POWERS_OF_TEN);
    expect(await header('Amount').getAttribute('aria-sort')).toBe('ascending');
    for (const name of ['Cost', 'Profit', 'Margin']) expect(await header(name).count()).toBe(1);
    const body = await page.locator('body').innerText();
    for (const label of ['Buy Broker Fee Amount', 'Sell Broker Fee Amount', 'Tax Amount', 'Total Buy']) {
      expect(body).toContain(label);
    }
    expect(body).toContain('at least 100 ISK');
    await saveScreenshot(page, 'margin');
  });

  it('prefills every input from the query parameters, with the extra quantity in the table', async () => {
    await open(PREFILLED);
    expect(await inputValues()).toEqual(['1000000.00', '1200000.00', '2.00', '1.50', '3.600', '250']);
    expect(await outputs()).toEqual({
      buyBrokerFee: '20,000.00 ISK',
      sellBrokerFee: '18,000.00 ISK',
      tax: '43,200.00 ISK',
      totalBuy: '1,020,000.00 ISK',
      totalSell: '1,138,800.00 ISK',
      profit: '118,800.00 ISK',
      margin: '9.90%',
    });
    await expectGreen(output('profit'));
    await expectGreen(output('margin'));
    const rows = await tableRows();
    expect(rows.map(([quantity]) => quantity)).toEqual(['1', '10', '100', '250', ...POWERS_OF_TEN.slice(3)]);
    expect(rows[3]).toEqual(['250', 'extra250', '255,000,000.00', '29,700,000.00', '9.90%']);
    expect(rows.at(-1)).toEqual([
      '10000000',
      '10.0M',
      '10,200,000,000,000.00',
      '1,188,000,000,000.00',
      '9.90%',
    ]);
    await saveScreenshot(page, 'margin-prefilled');
  });

  it('takes the defaults for missing or invalid query parameters', async () => {
    await open('/margin?buyPrice=abc&sellPrice=-5&buyBroker=&sellBroker=1e3&taxRate=x&extraQuantity=0');
    expect(await inputValues()).toEqual(DEFAULT_INPUTS);
    expect(await shownQuantities()).toEqual(POWERS_OF_TEN);
    await open('/margin?sellPrice=500&taxRate=0&extraQuantity=2.5');
    expect(await inputValues()).toEqual(['0.00', '500.00', '1.00', '1.00', '0.000', '']);
    expect(await output('tax').innerText()).toBe('0.00 ISK');
  });

  it('recalculates as the inputs change, colours profit and margin by sign, and sorts the examples', async () => {
    await open('/margin');
    await enter('Buy Price', '120');
    await enter('Sell Price', '100');
    await enter('Extra Quantity', '5');
    // A losing trade: both fees are the 100 ISK minimum, the tax 3.375% of 100 ISK rounded to the cent.
    expect(await outputs()).toEqual({
      buyBrokerFee: '100.00 ISK',
      sellBrokerFee: '100.00 ISK',
      tax: '3.38 ISK',
      totalBuy: '220.00 ISK',
      totalSell: '-3.38 ISK',
      profit: '-223.38 ISK',
      margin: '-223.38%',
    });
    await expectRed(output('profit'));
    await expectRed(output('margin'));
    const ascending = ['1', '5', ...POWERS_OF_TEN.slice(1)];
    expect(await shownQuantities()).toEqual(ascending);
    const descending = [...ascending].reverse();

    // Profit falls as the quantity grows, while the margin rises towards its limit.
    await sortBy('Profit', 'ascending');
    expect(await shownQuantities()).toEqual(descending);
    await sortBy('Profit', 'descending');
    expect(await shownQuantities()).toEqual(ascending);
    await sortBy('Margin', 'ascending');
    expect(await shownQuantities()).toEqual(ascending);
    expect((await tableRows()).map((row) => row[4])).toEqual([
      '-223.38%',
      '-63.38%',
      '-43.38%',
      '-25.58%',
      '-25.58%',
      '-25.58%',
      '-25.58%',
      '-25.58%',
      '-25.58%',
    ]);
    await sortBy('Cost', 'descending');
    expect(await shownQuantities()).toEqual(descending);
    await sortBy('Amount', 'descending');
    expect(await shownQuantities()).toEqual(descending);

    // Turn it into a winning trade: the sort holds while the numbers change.
    await enter('Buy Price', '100');
    await enter('Sell Price', '120');
    await enter('Sell Broker Fee %', '0.5');
    await enter('Tax Rate %', '2.25');
    expect(await outputs()).toMatchObject({
      sellBrokerFee: '100.00 ISK',
      tax: '2.70 ISK',
      totalSell: '17.30 ISK',
      profit: '-182.70 ISK',
    });
    expect(await shownQuantities()).toEqual(descending);
    const largest = (await tableRows())[0];
    // 10,000,000 units: buy 1,000,000,000 + 1% fee; sell 1,200,000,000 - 0.5% fee - 2.25% tax.
    expect(largest).toEqual(['10000000', '10.0M', '1,010,000,000.00', '157,000,000.00', '13.08%']);
    await expectGreen(examples().locator('tr[data-row-key="10000000"] td').nth(2));
    await expectRed(examples().locator('tr[data-row-key="1"] td').nth(3));
    await saveScreenshot(page, 'margin-sorted');
  });

  it('starts afresh from a link with other parameters, from Back, and after leaving the page', async () => {
    await open('/margin?buyPrice=10&extraQuantity=7');
    await enter('Sell Price', '20');
    await page.getByTestId('side-navigation').getByRole('link', { name: 'Margin Calculator' }).click();
    await page.waitForURL((url) => url.pathname === '/margin' && url.search === '');
    await page.waitForFunction("document.querySelector('#margin_buyPrice')?.value === '0.00'");
    expect(await inputValues()).toEqual(DEFAULT_INPUTS);
    expect(await shownQuantities()).toEqual(POWERS_OF_TEN);
    await page.goBack();
    await page.waitForFunction("document.querySelector('#margin_buyPrice')?.value === '10.00'");
    expect(await inputValues()).toEqual(['10.00', '0.00', '1.00', '1.00', '3.375', '7']);
    await enter('Sell Price', '20');
    await page.getByTestId('side-navigation').getByRole('link', { name: 'Updates' }).click();
    await page.waitForURL('**/updates');
    await page.getByTestId('side-navigation').getByRole('link', { name: 'Margin Calculator' }).click();
    await examples().locator('tr[data-row-key]').first().waitFor();
    expect(await inputValues()).toEqual(DEFAULT_INPUTS);
  });

  it('fits a narrow screen', async () => {
    const narrow = await newContext(chromium.browser, product.url, NARROW);
    const phone = await narrow.newPage();
    try {
      await open(PREFILLED, phone);
      await saveScreenshot(phone, 'narrow-margin');
    } finally {
      await narrow.close();
    }
  });

  describe('accessibility (axe-core)', () => {
    it.each(['/margin', PREFILLED])('%s has no serious or critical violations', async (path) => {
      await open(path);
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });
});
