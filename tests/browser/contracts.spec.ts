import type {
  BoughtContractItemRowDto,
  BoughtContractItemsPage,
  ContractDetailDto,
} from '@tradewise/contracts';
import type { BrowserContext, Locator, Page, Response, Route } from 'playwright-core';
import { AdvancingClock } from '@tradewise/platform';
import type { RunningServer } from '../../services/server/src/bootstrap';
import { saveScreenshot, seriousAccessibilityViolations } from './support/artifacts';
import { chromiumAvailable, startInProcessSession, type InProcessSession } from './support/product';
import { LENA_CHARACTER_ID as LENA, LENA_WORLD_AT, pageApi } from './support/session';
import { cents, fullIsk, plainIsk, utcMinute } from './support/isk';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

/** Cells after the selection column (account-area §2 Contracts). */
const CELL = {
  time: 1,
  character: 2,
  item: 3,
  unitPrice: 4,
  units: 5,
  total: 6,
  sold: 7,
  consumed: 8,
  remaining: 9,
  actions: 10,
} as const;

/** Appraisal method labels (account-area §3). */
const METHOD_LABELS: Record<string, string> = {
  NONE: 'Not appraised',
  ESI_PRICE: 'ESI Average',
  INSUFFICIENT_DATA: 'Not appraised, no orders.',
};

const HELP_TEXTS = [
  'Items are valued by their appraised share of the contract price using The Forge region (Jita)',
  'contracts accepted before 30 July 2021 are not shown',
  'blueprint copies are not appraised',
];

/**
 * Contracts over a real sync (account-area §2 Contracts, §3 Bought contract item row and Contract detail, §4
 * Quantity rules): the product runs in this process; Lena logs in, starts the Pro trial and her first sync imports
 * the contracts she accepted. The tests build on each other in order.
 */
describeInBrowser('Contracts over a real sync (Chromium)', () => {
  jest.setTimeout(90_000);
  let session: InProcessSession;
  let server: RunningServer;
  let context: BrowserContext;
  let page: Page;
  const api = pageApi(
    () => context,
    () => page,
  );
  let accountId: string;

  beforeAll(async () => {
    session = await startInProcessSession(LENA, { clock: new AdvancingClock(LENA_WORLD_AT) });
    ({ server, context, page } = session);
    accountId = ((await api('GET', '/api/v1/account')).body as { id: string }).id;
    expect((await api('POST', '/api/v1/account/subscriptions/freeTrial')).status).toBe(200);
    const outcome = await server.syncWorker!.scheduler.syncAccount({ accountId, characterIds: [LENA] });
    expect(outcome?.kind).toBe('completed');
    await waitForItems();
  }, 300_000);

  afterAll(async () => {
    await session?.close();
  });

  async function items(query = 'count=40'): Promise<BoughtContractItemsPage> {
    const { status, body } = await api('GET', `/api/v1/journal/${accountId}/boughtContractItems?${query}`);
    expect(status).toBe(200);
    return body as BoughtContractItemsPage;
  }

  /** Polls until the sync's bought items are listed, some of them sold, and the list has stopped changing. */
  async function waitForItems() {
    const deadline = Date.now() + 120_000;
    let previous = '';
    for (;;) {
      const page = await items('count=100');
      const seen = JSON.stringify(page);
      if (page.total > 3 && page.rows.some((r) => r.quantitySold > 0) && seen === previous) return;
      if (Date.now() > deadline) throw new Error(`the contract items are not ready: ${seen.slice(0, 200)}`);
      previous = seen;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  const responseTo = (method: string, path: string): Promise<Response> =>
    page.waitForResponse(
      (response) => response.request().method() === method && new URL(response.url()).pathname.endsWith(path),
    );

  async function waitForRowIds(ids: readonly number[]) {
    const expected = JSON.stringify(ids.map(String));
    await page.waitForFunction(
      `!document.querySelector('[data-testid="contract-items"] .ant-spin-spinning') &&
       JSON.stringify([...document.querySelectorAll('[data-testid="contract-items"] tbody tr.ant-table-row')]
         .map((row) => row.getAttribute('data-row-id'))) === ${JSON.stringify(expected)}`,
    );
  }

  const row = (id: number): Locator => page.getByTestId('contract-items').locator(`tr[data-row-id="${id}"]`);
  const cellTexts = (line: Locator): Promise<string[]> =>
    line.locator('td').evaluateAll((cells) => cells.map((cell) => (cell.textContent ?? '').trim()));

  async function openContracts(): Promise<BoughtContractItemsPage> {
    const expected = await items();
    await page.goto('about:blank');
    await page.goto('/contracts');
    await page.locator('h1', { hasText: 'Contracts' }).waitFor();
    await waitForRowIds(expected.rows.map((r) => r.id));
    return expected;
  }

  const priceShown = (r: BoughtContractItemRowDto) =>
    r.appraisalMethod === 'MARKET_ORDERS' || r.appraisalMethod === 'SINGLE_ITEM_TYPE';

  it('is in the navigation and lists the bought items with unit prices per appraisal method', async () => {
    await page.goto('/index');
    await page.getByTestId('side-navigation').locator('a[href="/contracts"]').click();
    await page.waitForURL((url) => url.pathname === '/contracts');
    const expected = await openContracts();
    expect(await page.title()).toContain('Contracts');
    expect(await page.getByText('Coming soon').count()).toBe(0);
    const description = await page.locator('h1 + div').innerText();
    for (const help of HELP_TEXTS) expect(description).toContain(help);
    expect(expected.rows.some((r) => r.appraisalMethod === 'MARKET_ORDERS')).toBe(true);
    for (const shown of expected.rows) {
      const cells = await cellTexts(row(shown.id));
      expect(cells[CELL.time]).toBe(utcMinute(shown.date));
      expect(cells[CELL.character]).toBe('Lena Vasko');
      expect(cells[CELL.item]).toBe(shown.typeName);
      expect(cells[CELL.unitPrice]).toBe(
        priceShown(shown) ? fullIsk(cents(shown.computedUnitPrice)) : 'Not appraised',
      );
      expect(cells[CELL.units]).toBe(shown.quantity.toLocaleString('en-US'));
      expect(cells[CELL.total]).toBe(
        shown.appraisalMethod === 'MARKET_ORDERS' ? fullIsk(cents(shown.totalCost)) : '-',
      );
      expect(cells[CELL.sold]).toBe(shown.quantitySold.toLocaleString('en-US'));
      expect(cells[CELL.consumed]).toBe(shown.quantityConsumed.toLocaleString('en-US'));
      expect(cells[CELL.remaining]).toBe(shown.quantityRemaining.toLocaleString('en-US'));
      expect(cells[CELL.actions]).toBe('View Contract');
    }
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await saveScreenshot(page, 'contracts');
  });

  it("shows 'Not appraised' with the method's label for the other methods, and Total only for market orders (answer amended)", async () => {
    const base = await items();
    const methods = ['NONE', 'ESI_PRICE', 'INSUFFICIENT_DATA', 'BLUEPRINT', 'SINGLE_ITEM_TYPE'] as const;
    const amended = new Map(base.rows.slice(0, methods.length).map((r, index) => [r.id, methods[index]!]));
    await context.route('**/api/v1/journal/*/boughtContractItems?*', async (route: Route) => {
      const response = await route.fetch();
      const body = (await response.json()) as BoughtContractItemsPage;
      await route.fulfill({
        response,
        json: {
          ...body,
          rows: body.rows.map((r) => (amended.has(r.id) ? { ...r, appraisalMethod: amended.get(r.id)! } : r)),
        },
      });
    });
    try {
      await openContracts();
      for (const [id, method] of amended) {
        const original = base.rows.find((r) => r.id === id)!;
        const cells = await cellTexts(row(id));
        if (method === 'SINGLE_ITEM_TYPE') {
          expect(cells[CELL.unitPrice]).toBe(fullIsk(cents(original.computedUnitPrice)));
          expect(cells[CELL.total]).toBe('-');
          continue;
        }
        expect(cells[CELL.unitPrice]).toBe('Not appraised');
        expect(cells[CELL.total]).toBe('-');
        const label = METHOD_LABELS[method] ?? 'Blueprint';
        const note = row(id).getByTestId('contract-item-not-appraised');
        expect(await note.getAttribute('data-method')).toBe(method);
        await note.hover();
        await page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').filter({ hasText: label }).waitFor();
        await page.mouse.move(0, 0);
        // Checked once the tooltip has gone: mid-animation its colours are neither state's.
        await page.waitForFunction("!document.querySelector('.ant-tooltip:not(.ant-tooltip-hidden)')");
      }
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
    } finally {
      await context.unroute('**/api/v1/journal/*/boughtContractItems?*');
    }
  });

  it('copies the set percentage of a unit price and remembers the percentage', async () => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    const expected = await openContracts();
    const priced = expected.rows.find(priceShown)!;
    const field = page.locator('#contracts-copy-percent');
    await field.fill('90');
    await field.blur();
    await row(priced.id).getByTestId('contract-item-unit-price').click();
    const copied = plainIsk((cents(priced.computedUnitPrice) * 90n + 50n) / 100n);
    await page
      .getByTestId('contracts-copied')
      .filter({ hasText: `Copied ${copied}` })
      .waitFor();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(copied);
    // Above 100 is held at 100.
    await field.fill('150');
    await field.blur();
    expect(await field.inputValue()).toBe('100');
    await field.fill('75');
    await field.blur();
    await openContracts();
    expect(await page.locator('#contracts-copy-percent').inputValue()).toBe('75');
  });

  it("raises Quantity Consumed up to quantity − sold; a value above it shows the API's message", async () => {
    const expected = await openContracts();
    const left = (r: (typeof expected.rows)[number]) => r.quantity - r.quantitySold - r.quantityConsumed;
    const target = expected.rows.reduce((most, r) => (left(r) > left(most) ? r : most));
    expect(left(target)).toBeGreaterThan(0);
    const line = row(target.id);
    await line.locator('.ant-checkbox-input').check();
    await page.getByTestId('contract-items-edit').click();
    const raised = target.quantityConsumed + Math.min(5, left(target));
    await line.getByTestId('contract-item-consumed').fill(String(raised));
    expect(await line.getByTestId('contract-item-remaining').innerText()).toBe(
      (target.quantity - target.quantitySold - raised).toLocaleString('en-US'),
    );
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    const saved = responseTo('PATCH', '/boughtContractItems');
    await page.getByTestId('contract-items-save').click();
    const answer = await saved;
    expect(answer.status()).toBe(200);
    expect(answer.request().postDataJSON()).toEqual([{ id: target.id, quantityConsumed: raised }]);
    await line
      .locator('td')
      .nth(CELL.consumed)
      .filter({ hasText: new RegExp(`^${raised.toLocaleString('en-US')}$`) })
      .waitFor();
    const stored = (await items('count=100')).rows.find((r) => r.id === target.id)!;
    expect(stored).toMatchObject({
      quantityConsumed: raised,
      quantityRemaining: target.quantity - target.quantitySold - raised,
    });

    // One above the bound: the server refuses and its message shows.
    const tooMany = stored.quantity - stored.quantitySold + 1;
    const refusal = await api('PATCH', `/api/v1/journal/${accountId}/boughtContractItems`, [
      { id: target.id, quantityConsumed: tooMany },
    ]);
    expect(refusal.status).toBe(400);
    const message = (refusal.body as { message: string }).message;
    expect(typeof message).toBe('string');
    await line.locator('.ant-checkbox-input').check();
    await page.getByTestId('contract-items-edit').click();
    await line.getByTestId('contract-item-consumed').fill(String(tooMany));
    await line.getByTestId('contract-item-consumed-hint').waitFor();
    const rejected = responseTo('PATCH', '/boughtContractItems');
    await page.getByTestId('contract-items-save').click();
    expect((await rejected).status()).toBe(400);
    const error = page.getByTestId('contract-items-error-dialog').getByRole('dialog');
    await error.waitFor();
    expect(await error.innerText()).toContain(message);
    await error.getByRole('button', { name: 'Close' }).first().click();
    await page.getByTestId('contract-items-edit').click();
  });

  it('View Contract shows every field and sorts its items; items the issuer asked for are marked', async () => {
    const expected = await openContracts();
    const counts = new Map<number, number>();
    for (const r of expected.rows)
      counts.set(r.characterContractId, (counts.get(r.characterContractId) ?? 0) + 1);
    const target = expected.rows.find((r) => (counts.get(r.characterContractId) ?? 0) >= 3)!;
    expect(target).toBeDefined();
    const { status, body } = await api(
      'GET',
      `/api/v1/journal/${accountId}/contracts/${target.characterContractId}`,
    );
    expect(status).toBe(200);
    const contract = body as ContractDetailDto;
    const asked = contract.items[0]!.id;
    await context.route(`**/api/v1/journal/*/contracts/${target.characterContractId}*`, async (route) => {
      const response = await route.fetch();
      const detail = (await response.json()) as ContractDetailDto;
      await route.fulfill({
        response,
        json: {
          ...detail,
          items: detail.items.map((item) => (item.id === asked ? { ...item, isIncluded: false } : item)),
        },
      });
    });
    try {
      await row(target.id).getByTestId('contract-item-view').click();
      const dialog = page.getByTestId('contract-dialog').getByRole('dialog');
      await dialog.getByTestId('contract-info').waitFor();
      const field = (name: string) => dialog.locator(`[data-field="${name}"]`).innerText();
      expect(await field('info')).toBe(contract.title);
      expect(await field('type')).toBe('Item Exchange');
      expect(await field('issuer')).toBe(contract.issuerName);
      expect(await field('corp')).toBe(contract.issuerCorporationName);
      expect(await field('acceptor')).toBe('Lena Vasko');
      expect(await field('status')).toBe('Finished');
      expect(await field('issued')).toBe(utcMinute(contract.dateIssued));
      expect(await field('completed')).toBe(utcMinute(contract.dateCompleted!));
      expect(await field('cost')).toBe(`${fullIsk(cents(contract.price!))} ISK`);
      const labels = await dialog.locator('.ant-descriptions-item-label').allInnerTexts();
      expect(labels).toEqual([
        'Info by Issuer',
        'Type',
        'Issued By',
        "Issuer's Corp",
        'Accepted By',
        'Status',
        'Date Issued',
        'Date Completed',
        'Cost',
      ]);

      const table = dialog.getByTestId('contract-dialog-items');
      const shownItems = () =>
        table
          .locator('tbody tr.ant-table-row')
          .evaluateAll((lines) =>
            lines.map((line) => [...line.querySelectorAll('td')].map((c) => (c.textContent ?? '').trim())),
          );
      const mark = 'Asked for by the issuer';
      const asListed = (item: ContractDetailDto['items'][number]) => [
        `${item.typeName}${item.id === asked ? mark : ''}`,
        item.quantity.toLocaleString('en-US'),
      ];
      expect(await shownItems()).toEqual(contract.items.map(asListed));
      expect(await table.getByTestId('contract-item-asked').count()).toBe(1);

      await table.locator('th', { hasText: 'Item' }).click();
      expect(await shownItems()).toEqual(
        [...contract.items].sort((a, b) => a.typeName.localeCompare(b.typeName)).map(asListed),
      );
      await table.locator('th', { hasText: 'Quantity' }).click();
      expect(await shownItems()).toEqual(
        [...contract.items].sort((a, b) => a.quantity - b.quantity).map(asListed),
      );
      await table.locator('th', { hasText: 'Quantity' }).click();
      expect(await shownItems()).toEqual(
        [...contract.items].sort((a, b) => b.quantity - a.quantity).map(asListed),
      );
      expect(await seriousAccessibilityViolations(page)).toEqual([]);
      await saveScreenshot(page, 'contracts-view-contract', false);
      await dialog.getByRole('button', { name: 'Close' }).first().click();
      await page.getByTestId('contract-dialog').getByRole('dialog').waitFor({ state: 'hidden' });
    } finally {
      await context.unroute(`**/api/v1/journal/*/contracts/${target.characterContractId}*`);
    }
  });
});
