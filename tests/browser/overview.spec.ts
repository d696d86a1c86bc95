import type {
  AccountDto,
  BrokerFeeEstimateRow,
  ItemProfitRow,
  JournalStats,
  ProfitAggregateRow,
} from '@tradewise/contracts';
import type { BrowserContext, Page, Response, Route } from 'playwright-core';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';
import { logInThroughSimulator, pageApi } from './support/session';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** The server's sync scheduler looks for due accounts every 30 s; the import and projection follow. */
const SYNC_WAIT_MS = 120_000;
/** Aria Venn, the simulator's station trader. */
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The page measures its windows when it opens; the test's clock is a moment later. */
const CLOCK_SLACK_MS = 5 * 60_000;

const NO_TRADE_PROFITS = 'There were no trade profits for this character during the selected time period';
const NO_MANUFACTURING_PROFITS =
  'There were no manufacturing profits for this character during the selected time period';

/** What the page asked and the server answered, per widget. */
interface OverviewAnswers {
  readonly daily: { params: URLSearchParams; body: ProfitAggregateRow[] };
  readonly hourly: { params: URLSearchParams; body: ProfitAggregateRow[] };
  readonly items: { params: URLSearchParams; body: ItemProfitRow[] };
  readonly stats: { params: URLSearchParams; body: JournalStats };
  readonly brokerFees: { params: URLSearchParams; body: BrokerFeeEstimateRow[] };
}

/** The widgets a time range change asks again: the hourly chart covers the last 48 hours whatever the range. */
const RANGED: readonly (keyof OverviewAnswers)[] = ['daily', 'items', 'stats', 'brokerFees'];

const WIDGET_PATHS: Record<keyof OverviewAnswers, RegExp> = {
  daily: /\/api\/v1\/profit\/[^/]+\/aggregates\/daily(\?|$)/,
  hourly: /\/api\/v1\/profit\/[^/]+\/aggregates\/hourly(\?|$)/,
  items: /\/api\/v1\/profit\/[^/]+\/aggregates\/items(\?|$)/,
  stats: /\/api\/v1\/journal\/[^/]+\/stats(\?|$)/,
  brokerFees: /\/api\/v1\/profit\/[^/]+\/brokerFeeEstimates(\?|$)/,
};

const cents = (isk: number) => Math.round(isk * 100);
const sumCents = (values: readonly number[]) => values.reduce((sum, value) => sum + cents(value), 0);
/** Full ISK as the spec shows it (2 decimals, thousands separators), written independently of the client. */
const fullIsk = (isk: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
    .format(isk)
    .replace(/^-0\.00$/, '0.00');
const centsText = (value: number) => (value / 100).toFixed(2);

/**
 * The Overview over a real sync: one login through the ESI simulator (a FREE account), syncing started through
 * the API, and the simulator's trader imported and projected by the product itself. Every widget is compared with
 * what the server answered the page; the tests build on each other in order.
 */
describeInBrowser('Overview page (/index) over a real sync (npm start, Chromium)', () => {
  jest.setTimeout(90_000);
  let product: RunningProduct;
  let chromium: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;
  const api = pageApi(
    () => context,
    () => page,
  );
  let account: AccountDto;

  beforeAll(async () => {
    [product, chromium] = await Promise.all([startProduct(), launchChromium()]);
    context = await newContext(chromium.browser, product.url);
    await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
    page = await context.newPage();
    await logInThroughSimulator(page);
    expect((await api('PATCH', '/api/v1/account', { syncEnabled: true })).status).toBe(200);
    await waitForProfits();
    account = (await api('GET', '/api/v1/account')).body as AccountDto;
    expect(account.subscriptionTier).toBe('FREE');
  }, 240_000);

  afterAll(async () => {
    await context?.close();
    await chromium?.close();
    await product?.stop();
  });

  /** Polls until the first sync's trade profits are projected and their count has settled. */
  async function waitForProfits() {
    const { id } = (await api('GET', '/api/v1/account')).body as AccountDto;
    const deadline = Date.now() + SYNC_WAIT_MS;
    let previous = -1;
    for (;;) {
      const { body } = await api('GET', `/api/v1/profit/${id}/tradeProfits?count=10`);
      const total = (body as { total?: number }).total ?? 0;
      if (total > 0 && total === previous) return;
      if (Date.now() > deadline) throw new Error(`no trade profits after ${SYNC_WAIT_MS} ms`);
      previous = total;
      await new Promise((resolve) => setTimeout(resolve, total > 0 ? 1500 : 2000));
    }
  }

  /** Waits for the answers to the widget calls that `action` starts (all five unless told otherwise). */
  async function answersTo(
    action: () => Promise<unknown>,
    widgets: readonly (keyof OverviewAnswers)[] = Object.keys(WIDGET_PATHS) as (keyof OverviewAnswers)[],
  ): Promise<Partial<OverviewAnswers>> {
    const waits = widgets.map((widget) =>
      page
        .waitForResponse((response) => WIDGET_PATHS[widget].test(response.url()) && response.ok())
        .then(async (response: Response) => [widget, await read(response)] as const),
    );
    await action();
    return Object.fromEntries(await Promise.all(waits)) as Partial<OverviewAnswers>;
  }

  async function read(response: Response) {
    return { params: new URL(response.url()).searchParams, body: (await response.json()) as never };
  }

  async function openOverview(): Promise<OverviewAnswers> {
    // Leave first: an answer still on its way to the page before would otherwise be taken for the new one's.
    await page.goto('about:blank');
    const answers = await answersTo(() => page.goto('/index'));
    await page.locator('h1', { hasText: 'Overview' }).waitFor();
    await settled();
    return answers as OverviewAnswers;
  }

  /** No widget is loading any more. */
  async function settled() {
    await page.waitForFunction("document.querySelectorAll('.ant-spin-spinning').length === 0");
  }

  const text = (testId: string) => page.getByTestId(testId).innerText();
  const attribute = (testId: string, name: string) => page.getByTestId(testId).getAttribute(name);

  async function tableRows(testId: string): Promise<string[][]> {
    return page
      .getByTestId(testId)
      .locator('tbody tr.ant-table-row')
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll('td')].map((cell) => (cell.textContent ?? '').trim())),
      );
  }

  async function emptyText(testId: string): Promise<string> {
    return page.getByTestId(testId).locator('.ant-table-placeholder').innerText();
  }

  /** Picks a time range by its label in the segmented control. */
  async function pickTimeRange(label: string) {
    await page.getByTestId('overview-time-range').getByText(label, { exact: true }).click();
  }

  async function selectedTimeRange(): Promise<string> {
    return page.getByTestId('overview-time-range').locator('.ant-segmented-item-selected').innerText();
  }

  async function expectWidgetsMatch(
    answers: Omit<OverviewAnswers, 'brokerFees' | 'hourly'> & Partial<Pick<OverviewAnswers, 'hourly'>>,
    itemFiltered: boolean,
  ) {
    const daily = answers.daily.body;
    const trade = sumCents(daily.map((row) => row.tradeProfit));
    const manufacturing = sumCents(daily.map((row) => row.manufacturingProfit));
    const contracts = sumCents(daily.map((row) => row.contractProfit));
    expect(await attribute('net-profit-total', 'data-value')).toBe(
      centsText(trade + manufacturing + contracts),
    );
    expect(await attribute('net-profit-trade', 'data-value')).toBe(centsText(trade));
    expect(await attribute('net-profit-manufacturing', 'data-value')).toBe(centsText(manufacturing));
    expect(await attribute('net-profit-contracts', 'data-value')).toBe(centsText(contracts));
    expect(await text('net-profit-total')).toBe(`${fullIsk((trade + manufacturing + contracts) / 100)} ISK`);
    if (daily.length > 0)
      expect(await attribute('daily-profit-chart', 'data-total')).toBe(
        centsText(trade + manufacturing + contracts),
      );

    const stats = answers.stats.body;
    expect(await text('trade-panel-sellIsk')).toBe(`${fullIsk(stats.sellIsk)} ISK`);
    expect(await text('trade-panel-buyIsk')).toBe(`${fullIsk(stats.buyIsk)} ISK`);
    expect(await text('trade-panel-totalTax')).toBe(itemFiltered ? '--' : `${fullIsk(stats.totalTax)} ISK`);
    expect(await text('trade-panel-totalBroker')).toBe(
      itemFiltered ? '--' : `${fullIsk(stats.totalBroker)} ISK`,
    );
    expect(await text('trade-panel-unfilledBroker')).toBe(
      itemFiltered ? '--' : `${fullIsk(stats.unfilledBroker)} ISK`,
    );
    expect(await text('trade-panel-numBuys')).toBe(String(stats.numBuys));
    expect(await text('trade-panel-numSells')).toBe(String(stats.numSells));

    const hourly = answers.hourly?.body ?? [];
    if (hourly.length > 0) {
      expect(await attribute('hourly-profit-chart', 'data-buckets')).toBe('48');
      const hourlyTotal = sumCents(
        hourly.flatMap((row) => [row.tradeProfit, row.manufacturingProfit, row.contractProfit]),
      );
      expect(await attribute('hourly-profit-chart', 'data-total')).toBe(centsText(hourlyTotal));
    }

    const items = answers.items.body;
    const shown = await tableRows('trade-items-table');
    if (items.length === 0) {
      expect(await emptyText('trade-items-table')).toBe(NO_TRADE_PROFITS);
    } else {
      // Ten to a page, most profitable first, as the server ordered them.
      expect(shown).toEqual(
        items.slice(0, 10).map((row) => [row.typeName, expect.any(String), fullIsk(row.profit)]),
      );
    }
    expect(await emptyText('manufacturing-items-table')).toBe(NO_MANUFACTURING_PROFITS);
  }

  let last30Days: OverviewAnswers;

  it('shows the last 30 days by default: net profit, trade panel, charts and items as the server answered', async () => {
    last30Days = await openOverview();
    const now = Date.now();
    expect(await selectedTimeRange()).toBe('Last 30 Days');
    for (const widget of ['daily', 'stats', 'brokerFees'] as const) {
      const startTime = Number(last30Days[widget].params.get('startTime'));
      expect(Math.abs(startTime - (now - 720 * HOUR_MS))).toBeLessThan(CLOCK_SLACK_MS);
    }
    expect(last30Days.items.params.get('timeRangeHours')).toBe('720');
    expect(last30Days.daily.params.has('characterId')).toBe(false);
    expect(last30Days.daily.params.has('filter')).toBe(false);
    const hourlyStart = Number(last30Days.hourly.params.get('startTime'));
    expect(hourlyStart % HOUR_MS).toBe(0);
    expect(Math.abs(hourlyStart - (now - 47 * HOUR_MS))).toBeLessThan(HOUR_MS + CLOCK_SLACK_MS);

    // The trader sold in the last 30 days: there is something to show.
    expect(last30Days.daily.body.length).toBeGreaterThan(0);
    expect(last30Days.items.body.length).toBeGreaterThan(0);
    expect(last30Days.stats.body.numSells).toBeGreaterThan(0);
    await expectWidgetsMatch(last30Days, false);
    // One bar per day from the day the range starts to today.
    const start = Number(last30Days.daily.params.get('startTime'));
    const days = Math.floor(now / DAY_MS) - Math.floor(start / DAY_MS) + 1;
    expect(await attribute('daily-profit-chart', 'data-buckets')).toBe(String(days));
    // The charts are drawn.
    expect(await page.getByTestId('daily-profit-chart').locator('canvas').count()).toBeGreaterThan(0);

    const fees = last30Days.brokerFees.body;
    if (fees.length > 0)
      expect(await attribute('broker-fee-chart', 'data-total')).toBe(
        centsText(sumCents(fees.map((row) => row.total))),
      );
    expect(await page.locator('.ant-card-head', { hasText: 'Order broker fees' }).innerText()).toContain(
      'Beta',
    );
    await saveScreenshot(page, 'overview');
  });

  it('asks again for shorter time ranges', async () => {
    const lastWeek = (await answersTo(() => pickTimeRange('Last 7 Days'), RANGED)) as OverviewAnswers;
    await settled();
    const now = Date.now();
    expect(Math.abs(Number(lastWeek.daily.params.get('startTime')) - (now - 168 * HOUR_MS))).toBeLessThan(
      CLOCK_SLACK_MS,
    );
    expect(lastWeek.items.params.get('timeRangeHours')).toBe('168');
    expect(await selectedTimeRange()).toBe('Last 7 Days');
    await expectWidgetsMatch(lastWeek, false);

    const lastDay = (await answersTo(() => pickTimeRange('Last Day'), RANGED)) as OverviewAnswers;
    await settled();
    expect(lastDay.items.params.get('timeRangeHours')).toBe('24');
    expect(
      Math.abs(Number(lastDay.stats.params.get('startTime')) - (Date.now() - 24 * HOUR_MS)),
    ).toBeLessThan(CLOCK_SLACK_MS);
    await expectWidgetsMatch(lastDay, false);
  });

  it("gives FREE accounts the 'Subscription only feature' dialog for All Time and keeps the range", async () => {
    let allTimeAsked = false;
    const watch = (request: { url(): string }) => {
      if (WIDGET_PATHS.daily.test(request.url()) && !new URL(request.url()).searchParams.has('startTime'))
        allTimeAsked = true;
    };
    page.on('request', watch);
    await pickTimeRange('All Time');
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Subscription only feature');
    await saveScreenshot(page, 'overview-subscription-only', false);
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await selectedTimeRange()).toBe('Last Day');
    page.off('request', watch);
    expect(allTimeAsked).toBe(false);

    await pickTimeRange('All Time');
    await page.getByRole('dialog').getByRole('button', { name: 'Go to Subscriptions' }).click();
    await page.waitForURL('**/subscription');
    await page.goBack();
    await page.locator('h1', { hasText: 'Overview' }).waitFor();
  });

  it('remembers the time range and asks again when the character changes', async () => {
    const reopened = await openOverview();
    expect(await selectedTimeRange()).toBe('Last Day');
    expect(reopened.items.params.get('timeRangeHours')).toBe('24');
    await answersTo(() => pickTimeRange('Last 30 Days'), RANGED);
    await settled();

    const [character] = account.characters;
    const ofCharacter = (await answersTo(async () => {
      await page.locator('#overview-character').click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .locator(`.ant-select-item-option[title="${character!.name}"]`)
        .click();
    })) as OverviewAnswers;
    await settled();
    for (const widget of Object.keys(WIDGET_PATHS) as (keyof OverviewAnswers)[])
      expect(ofCharacter[widget].params.get('characterId')).toBe(String(character!.id));
    await expectWidgetsMatch(ofCharacter, false);
    expect(await text('wallet-combined')).toBeDefined();

    await answersTo(async () => {
      await page.locator('#overview-character').click();
      await page
        .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
        .locator('.ant-select-item-option[title="All Characters"]')
        .click();
    });
    await settled();
  });

  it("filters on an item with autocomplete: '--' for tax and fees, only that item's profits", async () => {
    const [top] = last30Days.items.body;
    const name = top!.typeName;
    const part = name.length > 4 ? name.slice(0, -1) : name;
    const input = page.locator('#overview-item');
    await input.fill(part);
    const suggestion = page
      .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')
      .locator(`.ant-select-item-option[title="${name}"]`);
    await suggestion.waitFor();
    const filtered = (await answersTo(
      () => suggestion.click(),
      ['daily', 'hourly', 'items', 'stats'],
    )) as OverviewAnswers;
    await settled();
    expect(await input.inputValue()).toBe(name);
    for (const widget of ['daily', 'hourly', 'items', 'stats'] as const)
      expect(filtered[widget].params.get('filter')).toBe(name);
    expect(filtered.items.body.every((row) => row.typeName.toLowerCase().includes(name.toLowerCase()))).toBe(
      true,
    );
    await expectWidgetsMatch(filtered, true);
    await saveScreenshot(page, 'overview-item-filter', false);
  });

  it('shows the empty texts when nothing matches', async () => {
    const nothing = (await answersTo(
      () => page.locator('#overview-item').fill('no such item zzz'),
      ['daily', 'items', 'stats'],
    )) as OverviewAnswers;
    await settled();
    expect(nothing.items.body).toEqual([]);
    expect(await emptyText('trade-items-table')).toBe(NO_TRADE_PROFITS);
    expect(await emptyText('manufacturing-items-table')).toBe(NO_MANUFACTURING_PROFITS);
    expect(await attribute('net-profit-total', 'data-value')).toBe('0.00');
    expect(await page.getByTestId('daily-profit-chart').innerText()).toContain(
      'No profits during the selected time period',
    );
    expect(await text('trade-panel-totalTax')).toBe('--');

    // Clearing the filter shows tax and fees again.
    const cleared = (await answersTo(
      () => page.locator('#overview-item').fill(''),
      ['daily', 'items', 'stats'],
    )) as OverviewAnswers;
    await settled();
    expect(cleared.stats.params.has('filter')).toBe(false);
    expect(await text('trade-panel-totalTax')).toBe(`${fullIsk(cleared.stats.body.totalTax)} ISK`);
  });

  it('lists the wallets, each with Refresh', async () => {
    const rows = await tableRows('wallets-table');
    expect(rows.map((row) => row[0])).toEqual(account.characters.map((character) => character.name));
    expect(await page.getByTestId('wallet-refresh').innerText()).toContain('Refresh');
  });

  it('has no serious or critical accessibility violations', async () => {
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
  });

  describe('as a subscriber, with wallet balances (the account answer amended in the browser)', () => {
    let amend: (account: AccountDto) => AccountDto = (value) => value;

    beforeAll(async () => {
      await context.route('**/api/v1/account', async (route: Route) => {
        try {
          const response = await route.fetch();
          const body = (await response.json()) as AccountDto;
          await route.fulfill({ response, json: amend(body) });
        } catch {
          // The page moved on (a new read replaced this one) while the answer was on its way.
        }
      });
    });

    afterAll(async () => {
      await context.unroute('**/api/v1/account');
    });

    it('lets subscribers pick All Time: no startTime and no timeRangeHours', async () => {
      amend = (value) => ({ ...value, subscriptionTier: 'SUPPORTER' });
      await openOverview();
      const allTime = (await answersTo(() => pickTimeRange('All Time'), RANGED)) as OverviewAnswers;
      await settled();
      expect(await page.getByRole('dialog').count()).toBe(0);
      expect(await selectedTimeRange()).toBe('All Time');
      expect(allTime.daily.params.has('startTime')).toBe(false);
      expect(allTime.stats.params.has('startTime')).toBe(false);
      expect(allTime.brokerFees.params.has('startTime')).toBe(false);
      expect(allTime.items.params.has('timeRangeHours')).toBe(false);
      await expectWidgetsMatch(allTime, false);
      // From the first day with a profit to today.
      const first = allTime.daily.body[0]!.timestamp;
      const days = Math.floor(Date.now() / DAY_MS) - Math.floor(first / DAY_MS) + 1;
      expect(await attribute('daily-profit-chart', 'data-buckets')).toBe(String(days));
    });

    it('shows the balances and holds Refresh for 2 minutes after the latest wallet update', async () => {
      const updated = Date.now() - 30_000;
      amend = (value) => ({
        ...value,
        // walletBalance is in the spec's character (account-area §3) but not yet in the account's DTO.
        characters: value.characters.map(
          (character, index) =>
            ({
              ...character,
              walletBalance: 1_234_567.89 + index,
              lastWalletUpdate: new Date(updated - index * 600_000).toISOString(),
            }) as AccountDto['characters'][number],
        ),
      });
      await openOverview();
      const [first] = account.characters;
      const combined = account.characters.reduce((sum, _, index) => sum + cents(1_234_567.89 + index), 0);
      expect(await text('wallet-combined')).toBe(`${fullIsk(combined / 100)} ISK`);
      const row = (await tableRows('wallets-table'))[0]!;
      expect(row.slice(0, 2)).toEqual([first!.name, `${fullIsk(1_234_567.89)} ISK`]);
      const refresh = page.getByTestId(`wallet-refresh-${first!.id}`);
      expect(await refresh.isDisabled()).toBe(true);
      expect(await refresh.innerText()).toMatch(/^Refresh \(1:[2-3]\d\)$/);
      expect(await page.getByTestId('wallet-refresh').innerText()).toMatch(/^Refresh \(1:[2-3]\d\)$/);
      await saveScreenshot(page, 'overview-wallets', false);
    });

    it("lists the division balances of the corporations whose trade the account tracks beside the characters'", async () => {
      const read = new Date(Date.now() - 5 * 60_000).toISOString();
      amend = (value) => ({
        ...value,
        subscriptionTier: 'PRO',
        corporationWallets: [
          {
            corporationId: 98770002,
            corporationName: 'Forge Freight & Fabrication',
            divisions: [
              { division: 2, balance: 2_500_000_000 },
              { division: 1, balance: 40_123_456.78 },
            ],
            lastUpdate: read,
          },
        ],
      });
      await openOverview();
      expect(await tableRows('corporation-wallets-table')).toEqual([
        ['Forge Freight & Fabrication', 'Master Wallet', `${fullIsk(40_123_456.78)} ISK`, '5 minutes ago'],
        ['Forge Freight & Fabrication', 'Division 2', `${fullIsk(2_500_000_000)} ISK`, '5 minutes ago'],
      ]);
      // The combined wallet stays the characters' own.
      expect((await tableRows('wallets-table')).map((row) => row[0])).toEqual(
        account.characters.map((character) => character.name),
      );
      await saveScreenshot(page, 'overview-corporation-wallets', false);
      amend = (value) => value;
      await openOverview();
      expect(await page.getByTestId('corporation-wallets-table').count()).toBe(0);
    });

    it('refreshes the wallets after the cooldown: the server reads each balance from ESI', async () => {
      amend = (value) => ({
        ...value,
        characters: value.characters.map((character) => ({
          ...character,
          lastWalletUpdate: new Date(Date.now() - 10 * 60_000).toISOString(),
        })),
      });
      await openOverview();
      const refresh = page.getByTestId('wallet-refresh');
      expect(await refresh.innerText()).toBe('Refresh');
      expect(await refresh.isDisabled()).toBe(false);
      const answered = page.waitForResponse((response) =>
        /\/updateWallet$/.test(new URL(response.url()).pathname),
      );
      await refresh.click();
      const response = await answered;
      expect(response.status()).toBe(200);
      expect(await response.json()).toMatchObject({
        walletBalance: expect.any(Number),
        lastWalletBalanceUpdate: expect.any(String),
      });
    });
  });
});
