import type { BrowserContext, Page } from 'playwright-core';

/** Aria Venn: a simulator character who trades, so her wallet fills the ledger's pages. */
export const TRADER_CHARACTER_ID = 2119000011;

/** Lena Vasko: the simulator's contract trader (sells and buys through item exchange contracts). */
export const LENA_CHARACTER_ID = 2119000022;

/**
 * Where the simulated world stands when the product first reads Lena's contracts: they move with the world's time.
 * At this instant some items she bought have units left for Quantity Consumed, and one of her newest sold contracts
 * holds items bought before her wallet's 30 days (excluded from profit until its cost is edited).
 */
export const LENA_WORLD_AT = '2026-11-27T12:00:00.000Z';

/** Logs in as the web does: the landing page's button, the simulator's SSO page, back on /index. */
export async function logInThroughSimulator(page: Page, characterId = TRADER_CHARACTER_ID): Promise<void> {
  await page.goto('/');
  await page.getByText('Get started!').waitFor();
  await page.getByTestId('landing-main').click();
  await page.waitForURL((url) => url.pathname.startsWith('/esi-sim/'));
  await page.locator(`input[name="character_id"][value="${characterId}"]`).check();
  await page.getByRole('button', { name: 'Authorize', exact: true }).click();
  await page.waitForURL('**/index');
  await page.getByTestId('user-summary').waitFor();
}

export type PageApi = (
  method: 'GET' | 'PATCH' | 'POST' | 'DELETE',
  path: string,
  body?: unknown,
) => Promise<{ status: number; body: unknown }>;

/** Calls the API from the page, sending the tw_csrf cookie's value with a write as the client does. */
export function pageApi(context: () => BrowserContext, page: () => Page): PageApi {
  return async (method, path, body) => {
    const csrf = (await context().cookies()).find((cookie) => cookie.name === 'tw_csrf')?.value;
    return page().evaluate(
      async ([method, path, body, csrf]) => {
        const response = await fetch(path, {
          method,
          headers: {
            'content-type': 'application/json',
            ...(method === 'GET' || csrf === undefined ? {} : { 'x-csrf-token': decodeURIComponent(csrf) }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: response.status, body: (await response.json()) as unknown };
      },
      [method, path, body, csrf] as const,
    );
  };
}
