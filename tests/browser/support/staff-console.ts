import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium, newContext, type LaunchedBrowser } from './browser';
import { startProduct, type RunningProduct } from './product';
import { logInThroughSimulator } from './session';

/** The simulator's characters the staff console specs log in as: staff, an auditor and a player. */
export const STAFF_CHARACTER = 2119000001;
export const AUDITOR_CHARACTER = 2119000011;
export const PLAYER_CHARACTER = 2119000013;

export interface StaffConsoleSession {
  readonly product: RunningProduct;
  /** The page of the last {@link logInAs}. */
  readonly page: Page;
  readonly context: BrowserContext;
  /** A fresh browser context logged in through the simulator's SSO as the character; closed after each test. */
  logInAs(characterId: number): Promise<Page>;
}

/**
 * For a describe block: the product as `npm start` runs it with one staff character and one auditor configured,
 * and Chromium beside it (started before the block, stopped after it).
 */
export function staffConsoleSession(): StaffConsoleSession {
  let product: RunningProduct | undefined;
  let chromium: LaunchedBrowser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;

  beforeAll(async () => {
    [product, chromium] = await Promise.all([
      startProduct({
        STAFF_CHARACTER_IDS: String(STAFF_CHARACTER),
        AUDITOR_CHARACTER_IDS: String(AUDITOR_CHARACTER),
      }),
      launchChromium(),
    ]);
  });

  afterEach(async () => {
    await context?.close();
    context = undefined;
  });

  afterAll(async () => {
    await chromium?.close();
    await product?.stop();
  });

  const started = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`The staff console session has no ${what} yet`);
    return value;
  };
  return {
    get product() {
      return started(product, 'product');
    },
    get page() {
      return started(page, 'page');
    },
    get context() {
      return started(context, 'browser context');
    },
    async logInAs(characterId) {
      await context?.close();
      context = await newContext(started(chromium, 'browser').browser, started(product, 'product').url);
      page = await context.newPage();
      await logInThroughSimulator(page, characterId);
      return page;
    },
  };
}
