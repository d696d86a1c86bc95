import type { BrowserContext, Page, Request, Route } from 'playwright-core';
import type { AccountTransactionDto, SubscriptionRecordDto } from '@tradewise/contracts';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import {
  account,
  character,
  stubAccountCalls,
  subscription,
  type AccountStub,
  type StubAccount,
} from './support/accounts';
import { launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';
import { logInThroughSimulator, pageApi } from './support/session';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;
const ADMIN_TOKEN = 'browser-test-admin-token';
const DAY = 24 * 60 * 60_000;
/** Pip Newcomb: a simulator character who never deposits ISK, so staff credits are his whole balance. */
const NON_DEPOSITING_CHARACTER_ID = 2119000031;

const FREE = (overrides: Partial<StubAccount> = {}) =>
  account({ subscriptionTier: 'FREE', lastSubscription: null, ...overrides });
const SUPPORTER = (overrides: Partial<StubAccount> = {}) =>
  account({ subscriptionTier: 'SUPPORTER', lastSubscription: subscription('SUPPORTER'), ...overrides });
const PRO = (overrides: Partial<StubAccount> = {}) =>
  account({ subscriptionTier: 'PRO', lastSubscription: subscription('PRO'), ...overrides });
/** On the free trial: PRO for 3 days, which counts as the earlier subscription. */
const ON_TRIAL = (overrides: Partial<StubAccount> = {}) =>
  account({
    subscriptionTier: 'PRO',
    lastSubscription: {
      tier: 'PRO',
      startDate: new Date(Date.now() - DAY).toISOString(),
      endDate: new Date(Date.now() + 2 * DAY).toISOString(),
    },
    ...overrides,
  });

/** The rows of GET /account/transactions; a reason from a newer server shows as Unknown. */
type StubTransaction = Omit<AccountTransactionDto, 'reason'> & { reason: string };

const DEPOSIT: StubTransaction = {
  id: 'tx-deposit',
  date: '2026-11-20T10:15:00.000Z',
  reason: 'DEPOSIT',
  amount: 150_000_000,
  description: "Ava Tradewise deposited cash into Tradewise Ledger Services's account",
};
const CREDIT: StubTransaction = {
  id: 'tx-credit',
  date: '2026-11-21T08:00:00.000Z',
  reason: 'CREDIT',
  amount: 25_000_000.5,
  description: 'Compensation for the outage',
};
const NEWER_KIND: StubTransaction = {
  id: 'tx-newer',
  date: '2026-11-22T09:30:00.000Z',
  reason: 'REFUND',
  amount: 0,
  description: 'A kind this client does not know',
};

async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out waiting for the condition');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

interface Answer {
  readonly status: number;
  readonly json: unknown;
}

/** The billing calls answered in the browser, with what the page sent. */
interface BillingStub {
  transactions: StubTransaction[];
  subscriptions: SubscriptionRecordDto[];
  readonly purchases: { readonly key: string | null; readonly body: unknown }[];
  readonly trials: { readonly key: string | null }[];
  readonly patches: unknown[];
  onPurchase: (tier: string) => Answer;
  onTrial: () => Answer;
}

async function stubBilling(context: BrowserContext, accounts: AccountStub, who: () => StubAccount) {
  const stub: BillingStub = {
    transactions: [DEPOSIT, CREDIT],
    subscriptions: [],
    purchases: [],
    trials: [],
    patches: [],
    onPurchase: () => ({ status: 200, json: who() }),
    onTrial: () => ({ status: 200, json: who() }),
  };
  const keyOf = (request: Request) => request.headers()['idempotency-key'] ?? null;
  await context.route('**/api/v1/account/transactions', (route) =>
    route.fulfill({ status: 200, json: stub.transactions }),
  );
  await context.route('**/api/v1/account/subscriptions', async (route: Route) => {
    const request = route.request();
    if (request.method() === 'POST') {
      const body = request.postDataJSON() as { tier: string };
      stub.purchases.push({ key: keyOf(request), body });
      return route.fulfill(stub.onPurchase(body.tier));
    }
    return route.fulfill({ status: 200, json: stub.subscriptions });
  });
  // The Account page's Discord card asks too; the stubbed account has no webhook.
  await context.route('**/api/v1/account/discordWebhook', (route) =>
    route.fulfill({ status: 200, json: { configured: false, hint: null, updatedAt: null } }),
  );
  await context.route('**/api/v1/account/subscriptions/freeTrial', (route) => {
    stub.trials.push({ key: keyOf(route.request()) });
    return route.fulfill(stub.onTrial());
  });
  // Registered after the account stub, so it sees the PATCH first; GET goes on to the account stub.
  await context.route('**/api/v1/account', async (route) => {
    const request = route.request();
    if (request.method() !== 'PATCH') return route.fallback();
    const patch = request.postDataJSON() as Partial<StubAccount>;
    stub.patches.push(patch);
    accounts.set({ ...who(), ...patch });
    return route.fulfill({ status: 200, json: who() });
  });
  return stub;
}

describeInBrowser('Subscription page and upsell paths (npm start, Chromium)', () => {
  jest.setTimeout(90_000);
  let product: RunningProduct;
  let chromium: LaunchedBrowser;

  beforeAll(async () => {
    [product, chromium] = await Promise.all([startProduct({ ADMIN_TOKEN }), launchChromium()]);
  });

  afterAll(async () => {
    await chromium?.close();
    await product?.stop();
  });

  describe('each tier, with the account and billing calls answered in the browser', () => {
    let context: BrowserContext;
    let page: Page;
    let accounts: AccountStub;
    let current: StubAccount;
    let billing: BillingStub;

    async function openAs(who: StubAccount, path = '/subscription') {
      current = who;
      context = await newContext(chromium.browser, product.url);
      accounts = await stubAccountCalls(context, who);
      const set = accounts.set;
      accounts.set = (next) => {
        if (next) current = next;
        set(next);
      };
      billing = await stubBilling(context, accounts, () => current);
      page = await context.newPage();
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      if (path === '/subscription') await page.getByTestId('subscription-summary').waitFor();
    }

    afterEach(async () => {
      await context?.close();
    });

    const tierRow = (tier: string) => page.getByTestId('tier-table').locator(`tr[data-tier="${tier}"]`);
    const tierButtons = async () =>
      Object.fromEntries(
        await Promise.all(
          ['FREE', 'SUPPORTER', 'PRO'].map(
            async (tier) => [tier, await tierRow(tier).getByRole('button').allInnerTexts()] as const,
          ),
        ),
      );
    const balance = () => page.getByTestId('available-balance').innerText();
    const transactionTypes = () => page.getByTestId('transaction-type').allInnerTexts();
    const confirmDialog = () => page.getByTestId('confirm-purchase-dialog').getByRole('dialog');
    const refusalDialog = () => page.getByTestId('billing-refusal-dialog').getByRole('dialog');
    const waitForBalance = (text: string) =>
      page
        .getByTestId('available-balance')
        .filter({ hasText: new RegExp(`^${text}$`) })
        .waitFor();

    it('FREE: Subscribe on Supporter and Pro, the trial offer, the balance as the sum of the transactions', async () => {
      await openAs(FREE());
      billing.transactions = [NEWER_KIND, CREDIT, DEPOSIT];
      await page.reload();
      await page.getByTestId('transactions-table').locator('tbody tr', { hasText: 'Unknown' }).waitFor();
      expect(await page.getByTestId('current-tier').innerText()).toBe('Free');
      expect(await balance()).toBe('175,000,000.50 ISK');
      expect(await page.getByTestId('auto-rebill').getAttribute('aria-checked')).toBe('true');
      expect(await tierButtons()).toEqual({ FREE: [], SUPPORTER: ['Subscribe'], PRO: ['Subscribe'] });
      expect(await tierRow('SUPPORTER').innerText()).toContain('100,000,000 ISK');
      expect(await tierRow('PRO').innerText()).toContain('200,000,000 ISK');
      expect(await page.getByTestId('start-free-trial').innerText()).toBe('Start your free trial');
      expect(await page.getByTestId('free-trial-offer').innerText()).toContain('3 days');
      const deposit = await page.getByTestId('deposit-instructions').innerText();
      expect(deposit).toContain('Tradewise Ledger Services');
      expect(deposit).toContain('personal wallet');
      expect(deposit).toContain('after the next sync');
      const headers = await page.getByTestId('transactions-table').locator('thead th').allInnerTexts();
      expect(headers).toEqual(['Date', 'Type', 'Amount', 'Note']);
      expect(await transactionTypes()).toEqual(['Unknown', 'Credit', 'Deposit']);
      expect(await page.getByTestId('transactions-table').innerText()).toContain('2026-11-20 10:15');
      expect(await page.getByTestId('transactions-table').innerText()).toContain('25,000,000.50');
      expect(await page.getByTestId('subscriptions-table').locator('thead th').allInnerTexts()).toEqual([
        'Tier',
        'Start Date',
        'End Date',
      ]);
      expect(await page.getByTestId('tier-badge').innerText()).toBe('Free');
      await saveScreenshot(page, 'subscription-free');
    });

    it("SUPPORTER: only 'Upgrade (Pro-rated)' on Pro, no trial offer, the purchased subscriptions", async () => {
      await openAs(SUPPORTER());
      billing.subscriptions = [
        {
          id: 's1',
          tier: 'SUPPORTER',
          startDate: current.lastSubscription!.startDate,
          endDate: current.lastSubscription!.endDate,
        },
      ];
      await page.reload();
      await page.getByTestId('subscriptions-table').locator('tbody tr', { hasText: 'Supporter' }).waitFor();
      expect(await page.getByTestId('current-tier').innerText()).toBe('Supporter');
      expect(await page.getByTestId('current-tier-end').innerText()).toMatch(
        /^until \d{4}-\d\d-\d\d \d\d:\d\d UTC$/,
      );
      expect(await tierButtons()).toEqual({ FREE: [], SUPPORTER: [], PRO: ['Upgrade (Pro-rated)'] });
      expect(await page.getByTestId('free-trial-offer').count()).toBe(0);
      expect(await page.getByTestId('tier-badge').innerText()).toBe('Supporter');
      await saveScreenshot(page, 'subscription-supporter');
    });

    it('PRO (bought or on the trial): no button to buy, no trial offer', async () => {
      for (const who of [PRO(), ON_TRIAL()]) {
        await openAs(who);
        expect(await page.getByTestId('current-tier').innerText()).toBe('Pro');
        expect(await tierButtons()).toEqual({ FREE: [], SUPPORTER: [], PRO: [] });
        expect(await page.getByTestId('free-trial-offer').count()).toBe(0);
        expect(await page.getByTestId('tier-badge').innerText()).toBe('Pro');
        await context.close();
      }
    });

    it("asks 'Confirm Purchase' (non-refundable), buys with an Idempotency-Key and refreshes tier and tables", async () => {
      await openAs(FREE());
      billing.onPurchase = (tier) => {
        const start = Date.now();
        const period = {
          startDate: new Date(start).toISOString(),
          endDate: new Date(start + 30 * DAY).toISOString(),
        };
        accounts.set({
          ...current,
          subscriptionTier: 'SUPPORTER',
          lastSubscription: { tier: 'SUPPORTER', ...period },
        });
        billing.transactions = [
          {
            id: 'tx-buy',
            date: period.startDate,
            reason: 'PURCHASE',
            amount: -100_000_000,
            description: `${tier} for 30 days`,
          },
          ...billing.transactions,
        ];
        billing.subscriptions = [{ id: 's-new', tier: 'SUPPORTER', ...period }];
        return { status: 200, json: current };
      };
      await tierRow('SUPPORTER').getByRole('button', { name: 'Subscribe' }).click();
      await confirmDialog().waitFor();
      const text = await confirmDialog().innerText();
      expect(text).toContain('Confirm Purchase');
      expect(await page.getByTestId('non-refundable').innerText()).toBe(
        'All subscription purchases are non-refundable...',
      );
      expect(text).toContain('Buy Supporter for 100,000,000.00 ISK from your balance. It runs 30 days');
      await saveScreenshot(page, 'subscription-confirm-purchase', false);
      await confirmDialog().getByRole('button', { name: 'Purchase' }).click();
      await confirmDialog().waitFor({ state: 'hidden' });
      await waitForBalance('75,000,000.50 ISK');
      expect(await transactionTypes()).toEqual(['Purchase', 'Deposit', 'Credit']);
      expect(await page.getByTestId('transactions-table').innerText()).toContain('-100,000,000.00');
      await page.getByTestId('subscriptions-table').locator('tbody tr', { hasText: 'Supporter' }).waitFor();
      expect(await page.getByTestId('current-tier').innerText()).toBe('Supporter');
      expect(await page.getByTestId('tier-badge').innerText()).toBe('Supporter');
      expect(await tierButtons()).toEqual({ FREE: [], SUPPORTER: [], PRO: ['Upgrade (Pro-rated)'] });
      expect(billing.purchases).toHaveLength(1);
      expect(billing.purchases[0]!.body).toEqual({ tier: 'SUPPORTER' });
      expect(billing.purchases[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('retries a purchase whose answer was lost with the same Idempotency-Key; a new click gets a new key', async () => {
      await openAs(SUPPORTER());
      let calls = 0;
      billing.onPurchase = () => {
        calls += 1;
        return calls === 1
          ? { status: 503, json: { statusCode: 503, error: 'Service Unavailable', message: 'Try again' } }
          : { status: 200, json: current };
      };
      await tierRow('PRO').getByRole('button', { name: 'Upgrade (Pro-rated)' }).click();
      await confirmDialog().waitFor();
      expect(await confirmDialog().innerText()).toContain(
        'less the unused part of your Supporter subscription',
      );
      await confirmDialog().getByRole('button', { name: 'Upgrade' }).click();
      await until(() => calls === 1);
      await confirmDialog().locator('.ant-btn-loading').waitFor({ state: 'detached' });
      expect(await confirmDialog().isVisible()).toBe(true);
      await confirmDialog().getByRole('button', { name: 'Upgrade' }).click();
      await confirmDialog().waitFor({ state: 'hidden' });
      await tierRow('PRO').getByRole('button', { name: 'Upgrade (Pro-rated)' }).click();
      await confirmDialog().getByRole('button', { name: 'Upgrade' }).click();
      await confirmDialog().waitFor({ state: 'hidden' });
      const keys = billing.purchases.map((purchase) => purchase.key);
      expect(keys).toHaveLength(3);
      expect(keys[0]).toBeTruthy();
      expect(keys[1]).toBe(keys[0]);
      expect(keys[2]).not.toBe(keys[0]);
      expect(billing.purchases.every((purchase) => (purchase.body as { tier: string }).tier === 'PRO')).toBe(
        true,
      );
    });

    it("shows a refused purchase in 'Purchase Error' with the server's title, closed with Ok", async () => {
      await openAs(FREE());
      billing.onPurchase = () => ({
        status: 400,
        json: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'INSUFFICIENT_BALANCE',
          title: 'Insufficient balance',
          message: 'The balance of 175,000,000.50 ISK does not cover 200,000,000.00 ISK.',
        },
      });
      await tierRow('PRO').getByRole('button', { name: 'Subscribe' }).click();
      await confirmDialog().getByRole('button', { name: 'Purchase' }).click();
      await refusalDialog().waitFor();
      const text = await refusalDialog().innerText();
      expect(text).toContain('Purchase Error');
      expect(await page.getByTestId('refusal-title').innerText()).toBe('Insufficient balance');
      expect(text).toContain('does not cover 200,000,000.00 ISK');
      expect(await confirmDialog().isVisible()).toBe(false);
      await saveScreenshot(page, 'subscription-purchase-error', false);
      await refusalDialog().getByRole('button', { name: 'Ok' }).click();
      await refusalDialog().waitFor({ state: 'hidden' });
      expect(await page.getByTestId('current-tier').innerText()).toBe('Free');
    });

    it("starts the free trial (the offer goes, the tier is Pro) and shows a refused one in 'Error'", async () => {
      await openAs(FREE());
      billing.onTrial = () => ({
        status: 400,
        json: {
          statusCode: 400,
          error: 'Bad Request',
          code: 'TRIAL_NOT_ELIGIBLE',
          title: 'Not eligible for the free trial',
          message: 'The free trial is only for accounts that never had a subscription.',
        },
      });
      await page.getByTestId('start-free-trial').click();
      await refusalDialog().waitFor();
      expect(await refusalDialog().locator('.ant-modal-title').innerText()).toBe('Error');
      expect(await page.getByTestId('refusal-title').innerText()).toBe('Not eligible for the free trial');
      await refusalDialog().getByRole('button', { name: 'Ok' }).click();
      await refusalDialog().waitFor({ state: 'hidden' });

      billing.onTrial = () => {
        accounts.set({ ...current, subscriptionTier: 'PRO', lastSubscription: ON_TRIAL().lastSubscription });
        billing.subscriptions = [
          {
            id: 's-trial',
            tier: 'PRO',
            ...(current.lastSubscription as { startDate: string; endDate: string }),
          },
        ];
        return { status: 200, json: current };
      };
      await page.getByTestId('start-free-trial').click();
      await page.getByTestId('free-trial-offer').waitFor({ state: 'detached' });
      await page.getByTestId('subscriptions-table').locator('tbody tr', { hasText: 'Pro' }).waitFor();
      expect(await page.getByTestId('tier-badge').innerText()).toBe('Pro');
      expect(await tierButtons()).toEqual({ FREE: [], SUPPORTER: [], PRO: [] });
      expect(billing.trials).toHaveLength(2);
      expect(billing.trials[1]!.key).toBeTruthy();
      expect(billing.trials[1]!.key).not.toBe(billing.trials[0]!.key);
    });

    it('turns Automatic Re-bill off and on (PATCH /account autoRebill)', async () => {
      await openAs(SUPPORTER());
      const toggle = page.getByTestId('auto-rebill');
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await toggle.click();
      await page.locator('[data-testid="auto-rebill"][aria-checked="false"]').waitFor();
      await toggle.click();
      await page.locator('[data-testid="auto-rebill"][aria-checked="true"]').waitFor();
      expect(billing.patches).toEqual([{ autoRebill: false }, { autoRebill: true }]);
    });

    it('badge and banners follow the tier, and each upsell banner opens /subscription', async () => {
      const five = [1, 2, 3, 4, 5].map((id) => character({ id, name: `Trader ${id}` }));
      const cases: [StubAccount, string, string | null][] = [
        [FREE(), 'Free', 'freeTrialEligible'],
        [
          FREE({ lastSubscription: subscription('SUPPORTER'), characters: five.slice(0, 3) }),
          'Free',
          'tooFewSyncSlots',
        ],
        [SUPPORTER({ characters: five }), 'Supporter', 'tooFewSyncSlots'],
        [
          SUPPORTER({ characters: [character({ enableCorpIndustrySync: true })] }),
          'Supporter',
          'corpSyncNeedsPro',
        ],
        [PRO({ characters: five.map((c) => ({ ...c, enableCorpIndustrySync: true })) }), 'Pro', null],
        [ON_TRIAL({ characters: five.map((c) => ({ ...c, enableCorpIndustrySync: true })) }), 'Pro', null],
      ];
      for (const [who, badge, banner] of cases) {
        await openAs(who, '/updates');
        await page.getByTestId('tier-badge').waitFor();
        expect([banner, await page.getByTestId('tier-badge').innerText()]).toEqual([banner, badge]);
        const header = page.getByTestId('header-banner');
        if (banner === null) {
          expect(await header.count()).toBe(0);
        } else {
          expect(await header.getAttribute('data-banner')).toBe(banner);
          await header.getByRole('link', { name: 'Open the Subscription page' }).click();
          await page.waitForURL('**/subscription');
          await page.getByTestId('tier-table').waitFor();
        }
        await context.close();
      }
    });

    it("lands on /subscription from the ad's link and the 'Insufficient Subscription' dialog", async () => {
      await openAs(FREE({ lastSubscription: subscription('SUPPORTER') }), '/updates');
      await page.getByTestId('ad-slot').getByRole('link', { name: 'See subscriptions' }).click();
      await page.waitForURL('**/subscription');
      await page.getByTestId('tier-table').waitFor();
      await context.close();

      const stopped = character({
        id: 3,
        name: 'Third Trader',
        enableSync: false,
        syncStatus: 'NOT_SYNCING_MANUAL',
      });
      await openAs(
        FREE({
          lastSubscription: subscription('SUPPORTER'),
          characters: [
            character({ id: 1, name: 'First Trader' }),
            character({ id: 2, name: 'Second Trader' }),
            stopped,
          ],
        }),
        '/account',
      );
      await context.route('**/api/v1/account/characters/*', (route) =>
        route.fulfill({
          status: 403,
          json: {
            statusCode: 403,
            error: 'Forbidden',
            code: 'INSUFFICIENT_SUBSCRIPTION',
            limit: 2,
            message: 'Your current subscription allows a maximum of 2 characters to be synced.',
          },
        }),
      );
      await page
        .getByTestId('characters-table')
        .locator('tr', { hasText: 'Third Trader' })
        .getByRole('button', { name: 'Start syncing' })
        .click();
      const dialog = page.getByTestId('insufficient-subscription-dialog').getByRole('dialog');
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Go to Subscriptions' }).click();
      await page.waitForURL('**/subscription');
      await page.getByTestId('tier-table').waitFor();
    });

    it('has no serious or critical accessibility violations', async () => {
      await openAs(FREE());
      await page.getByTestId('transactions-table').locator('tbody tr', { hasText: 'Deposit' }).waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await tierRow('SUPPORTER').getByRole('button', { name: 'Subscribe' }).click();
      await confirmDialog().waitFor();
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    });
  });

  describe('end to end: staff credit the account through the admin API, the owner buys Supporter', () => {
    let context: BrowserContext;
    let page: Page;

    beforeAll(async () => {
      context = await newContext(chromium.browser, product.url);
      await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
      page = await context.newPage();
      await logInThroughSimulator(page, NON_DEPOSITING_CHARACTER_ID);
    });

    afterAll(async () => {
      await context?.close();
    });

    it('shows the credit, buys Supporter from it, and refuses an upgrade the balance does not cover', async () => {
      const api = pageApi(
        () => context,
        () => page,
      );
      const { body } = await api('GET', '/api/v1/account');
      const { id, subscriptionTier } = body as StubAccount;
      expect(subscriptionTier).toBe('FREE');
      const credit = await fetch(`${product.url}/api/v1/admin/accounts/${id}/credits`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ isk: 150_000_000, reason: 'Browser test funds', staff: 'tester' }),
      });
      expect(credit.status).toBe(200);
      expect(((await credit.json()) as { balance: number }).balance).toBe(150_000_000);

      await page.getByTestId('side-navigation').getByRole('link', { name: 'Subscription' }).click();
      await page.waitForURL('**/subscription');
      const transactions = page.getByTestId('transactions-table');
      await transactions.locator('tbody tr', { hasText: 'Browser test funds' }).waitFor();
      expect(await page.getByTestId('available-balance').innerText()).toBe('150,000,000.00 ISK');
      expect(await page.getByTestId('transaction-type').allInnerTexts()).toEqual(['Credit']);
      expect(await page.getByTestId('free-trial-offer').count()).toBe(1);

      const row = (tier: string) => page.getByTestId('tier-table').locator(`tr[data-tier="${tier}"]`);
      const confirm = page.getByTestId('confirm-purchase-dialog').getByRole('dialog');
      await row('SUPPORTER').getByRole('button', { name: 'Subscribe' }).click();
      await confirm.getByRole('button', { name: 'Purchase' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await page
        .getByTestId('tier-badge')
        .filter({ hasText: /^Supporter$/ })
        .waitFor();
      await transactions.locator('tbody tr', { hasText: 'Purchase' }).waitFor();
      expect(await page.getByTestId('available-balance').innerText()).toBe('50,000,000.00 ISK');
      expect(await transactions.innerText()).toContain('-100,000,000.00');
      await page.getByTestId('subscriptions-table').locator('tbody tr', { hasText: 'Supporter' }).waitFor();
      expect(await page.getByTestId('current-tier').innerText()).toBe('Supporter');
      expect(await page.getByTestId('free-trial-offer').count()).toBe(0);
      await saveScreenshot(page, 'subscription-e2e-supporter');

      await row('PRO').getByRole('button', { name: 'Upgrade (Pro-rated)' }).click();
      expect(await confirm.innerText()).toMatch(/about 10\d,\d{3},\d{3}\.\d\d ISK now/);
      await confirm.getByRole('button', { name: 'Upgrade' }).click();
      const refusal = page.getByTestId('billing-refusal-dialog').getByRole('dialog');
      await refusal.waitFor();
      expect(await refusal.locator('.ant-modal-title').innerText()).toBe('Purchase Error');
      expect(await page.getByTestId('refusal-title').innerText()).toBe('Insufficient balance');
      await refusal.getByRole('button', { name: 'Ok' }).click();
      expect(await page.getByTestId('available-balance').innerText()).toBe('50,000,000.00 ISK');
      expect(await page.getByTestId('current-tier').innerText()).toBe('Supporter');
    });
  });
});
