import type { AccountDto } from '@tradewise/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { saveScreenshot } from './support/artifacts';
import { launchChromium, newContext, type LaunchedBrowser } from './support/browser';
import { chromiumAvailable, startProduct, type RunningProduct } from './support/product';
import { TRADER_CHARACTER_ID, logInThroughSimulator, pageApi } from './support/session';

const describeInBrowser = chromiumAvailable() ? describe : describe.skip;

const THE_FORGE = { id: 10000002, name: 'The Forge' };
const CHARACTER_PATH = `/api/v1/account/characters/${TRADER_CHARACTER_ID}`;

/**
 * Settings → Character Settings (account-area §2): one login through the ESI simulator, then a character's Default
 * Price Region, Default Price Factor and Reaction Bonus % are changed in Chromium, stored by the real server and
 * shown again after a reload. The tests build on each other in order.
 */
describeInBrowser('Settings → Character Settings (/itemSettings, npm start, Chromium)', () => {
  jest.setTimeout(90_000);
  let product: RunningProduct;
  let chromium: LaunchedBrowser;
  let context: BrowserContext;
  let page: Page;
  const api = pageApi(
    () => context,
    () => page,
  );

  beforeAll(async () => {
    [product, chromium] = await Promise.all([startProduct(), launchChromium()]);
    context = await newContext(chromium.browser, product.url);
    await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
    page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await logInThroughSimulator(page);
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await chromium?.close();
    await product?.stop();
  });

  const section = () => page.getByTestId('character-settings');
  const row = () => section().getByTestId(`character-settings-row-${TRADER_CHARACTER_ID}`);
  const regionId = `character-settings-region-${TRADER_CHARACTER_ID}`;
  const factor = () => page.locator(`#character-settings-factor-${TRADER_CHARACTER_ID}`);
  const bonus = () => page.locator(`#character-settings-bonus-${TRADER_CHARACTER_ID}`);
  const saveButton = () => page.getByTestId(`character-settings-save-${TRADER_CHARACTER_ID}`);
  const regionShown = (name: string) =>
    page.locator(`.ant-select:has(#${regionId}) .ant-select-content[title="${name}"]`).waitFor();

  async function storedCharacter() {
    const { status, body } = await api('GET', '/api/v1/account');
    expect(status).toBe(200);
    const character = (body as AccountDto).characters.find(({ id }) => id === TRADER_CHARACTER_ID);
    if (!character) throw new Error('the login character is not on the account');
    return character;
  }

  async function chooseRegion(name: string) {
    const field = page.locator(`#${regionId}`);
    await field.click();
    await field.fill(name);
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .first()
      .click();
    await regionShown(name);
  }

  /** Save, and the PATCH body it sent. */
  async function save(): Promise<unknown> {
    const sent = page.waitForRequest(
      (request) => request.method() === 'PATCH' && new URL(request.url()).pathname === CHARACTER_PATH,
    );
    await saveButton().click();
    return (await sent).postDataJSON();
  }

  async function waitForSaved() {
    await page.waitForFunction(
      `document.querySelector('[data-testid="character-settings-save-${TRADER_CHARACTER_ID}"]')?.disabled === true &&
       !document.querySelector('[data-testid="character-settings-save-${TRADER_CHARACTER_ID}"].ant-btn-loading')`,
    );
  }

  async function reload() {
    await page.reload();
    await row().waitFor();
  }

  it("comes first on the Settings page, one row per character, with the region 'None'", async () => {
    await page.goto('/itemSettings');
    await row().waitFor();
    const titles = await page.locator('.ant-card-head-title').allInnerTexts();
    expect(titles.slice(0, 3)).toEqual(['Character Settings', 'Broker Fee Overrides', 'Structure Settings']);
    const headers = await section().locator('thead th').allInnerTexts();
    expect(headers.map((text) => text.trim()).filter(Boolean)).toEqual([
      'Character',
      'Default Price Region',
      'Default Price Factor',
      'Reaction Bonus %',
    ]);
    const { characters } = (await api('GET', '/api/v1/account')).body as AccountDto;
    expect(await section().locator('tbody tr.ant-table-row').count()).toBe(characters.length);
    expect(await row().innerText()).toContain('Aria Venn');
    // The portrait falls back to the default icon when the image service fails.
    await row().locator('.anticon-user').waitFor();
    await regionShown('None');
    expect(await factor().isDisabled()).toBe(true);
    expect(await factor().getAttribute('placeholder')).toBe('0.01');
    expect(await saveButton().isDisabled()).toBe(true);
  });

  it('stores a region, a price factor and a reaction bonus, and shows them after a reload', async () => {
    await chooseRegion(THE_FORGE.name);
    expect(await factor().isDisabled()).toBe(false);
    await factor().fill('0.95');
    await bonus().fill('2.4');
    expect(await save()).toEqual({
      defaultPriceRegion: THE_FORGE.id,
      defaultPriceFactor: 0.95,
      reactionBonus: 2.4,
    });
    await waitForSaved();
    expect(await storedCharacter()).toMatchObject({
      defaultPriceRegion: THE_FORGE.id,
      defaultPriceFactor: 0.95,
      reactionBonus: 2.4,
    });

    await reload();
    await regionShown(THE_FORGE.name);
    expect(await factor().inputValue()).toBe('0.95');
    expect(await factor().isDisabled()).toBe(false);
    expect(await bonus().inputValue()).toBe('2.4');
    await saveScreenshot(page, 'settings-character-settings');
  });

  it("keeps the factor within the server's bounds (0 to 1000)", async () => {
    await factor().fill('5000');
    await bonus().click();
    // antd clamps on leaving the field and shows the step's decimals.
    expect(await factor().inputValue()).toBe('1000.00');
    await bonus().fill('150');
    await factor().click();
    expect(await bonus().inputValue()).toBe('100.0');
    expect(await save()).toEqual({ defaultPriceFactor: 1000, reactionBonus: 100 });
    await waitForSaved();
    expect(await storedCharacter()).toMatchObject({ defaultPriceFactor: 1000, reactionBonus: 100 });
  });

  it("disables the factor with the region 'None', and the server clears it with the region", async () => {
    await chooseRegion('None');
    expect(await factor().isDisabled()).toBe(true);
    expect(await factor().inputValue()).toBe('');
    await bonus().fill('');
    expect(await save()).toEqual({ defaultPriceRegion: null, reactionBonus: null });
    await waitForSaved();
    expect(await storedCharacter()).toMatchObject({
      defaultPriceRegion: null,
      defaultPriceFactor: null,
      reactionBonus: null,
    });

    await reload();
    await regionShown('None');
    expect(await factor().isDisabled()).toBe(true);
    expect(await factor().inputValue()).toBe('');
    expect(await bonus().inputValue()).toBe('');
  });

  it("shows the server's message when it refuses a change, then what it stored", async () => {
    await chooseRegion(THE_FORGE.name);
    expect(await save()).toEqual({ defaultPriceRegion: THE_FORGE.id });
    await waitForSaved();
    await factor().fill('1.5');
    // Another tab clears the region meanwhile: this page's factor now has no region to go with.
    expect((await api('PATCH', CHARACTER_PATH, { defaultPriceRegion: null })).status).toBe(200);
    expect(await save()).toEqual({ defaultPriceFactor: 1.5 });
    const error = page.getByTestId('character-settings-error-dialog').getByRole('dialog');
    await error.waitFor();
    expect(await error.innerText()).toContain('Error');
    expect(await error.innerText()).toContain('Choose a default price region before a price factor.');
    await error.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();
    await error.waitFor({ state: 'hidden' });
    await regionShown('None');
    expect(await factor().isDisabled()).toBe(true);
    expect(await factor().inputValue()).toBe('');
  });
});
