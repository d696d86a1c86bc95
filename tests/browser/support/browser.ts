import { chromium, type Browser, type BrowserContext } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it). Override with CHROMIUM_PATH. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export interface LaunchedBrowser {
  readonly browser: Browser;
  close(): Promise<void>;
}

/**
 * Headless Chromium that never talks to Google's services. Playwright gives every launch a fresh temporary
 * profile (its own --user-data-dir, removed on close), so no state carries over between runs.
 */
export async function launchChromium(): Promise<LaunchedBrowser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  return {
    browser,
    close: () => browser.close(),
  };
}

export const WIDE = { width: 1366, height: 900 } as const;
export const NARROW = { width: 390, height: 844 } as const;

/**
 * A fresh context (own local storage): wide desktop by default. It bypasses the product's Content-Security-Policy
 * unless asked not to: Playwright evaluates a string given to waitForFunction with the page's eval, which the
 * policy refuses. content-security-policy.spec.ts runs the pages under the policy.
 */
export function newContext(
  browser: Browser,
  baseURL: string,
  viewport: { width: number; height: number } = WIDE,
  options: { enforceCsp?: boolean } = {},
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport,
    reducedMotion: 'reduce',
    colorScheme: 'dark',
    bypassCSP: !options.enforceCsp,
  });
}
