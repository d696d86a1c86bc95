import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  startServerProcess,
  waitForStatus,
  type ServerProcess,
} from '../../support/server-process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Clock } from '@tradewise/platform';
import { startServer, type RunningServer } from '../../../services/server/src/bootstrap';
import { launchChromium, newContext } from './browser';
import { logInThroughSimulator } from './session';

export interface RunningProduct {
  readonly url: string;
  readonly server: ServerProcess;
  stop(): Promise<void>;
}

/** Whether the browser project's global setup found Chromium (suites are declared before it could be probed). */
export function chromiumAvailable(): boolean {
  return process.env.TW_TEST_CHROMIUM === '1';
}

/**
 * The product as `npm start` runs it (same entry point, web/dist built by global setup), on its own data, with
 * extra environment if given (e.g. ADMIN_TOKEN for a test that acts as support staff).
 */
export async function startProduct(env: Record<string, string> = {}): Promise<RunningProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-browser-'));
  const port = await freePort();
  const server = startServerProcess({ ...env, DATA_DIR: dataDir, PORT: String(port) });
  await waitForStatus(server, '/healthz', 200, 90_000);
  await waitForStatus(server, '/', 200, 30_000);
  return {
    url: server.url,
    server,
    stop: async () => {
      server.child.kill('SIGTERM');
      await server.exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The product in this test's process (its sync worker and simulator at hand) beside Chromium, a character logged in. */
export interface InProcessSession {
  readonly server: RunningServer;
  /** For another context (another user) beside the logged-in one. */
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  close(): Promise<void>;
}

/**
 * Starts the product in this process on its own data (no product corporation: no deposit sync) and Chromium, and
 * logs `characterId` in through the simulator's SSO page. Item images are cut off, as there is no internet here.
 * A `clock` puts the product, and the simulated world it reads, at the instant a test needs.
 */
export async function startInProcessSession(
  characterId: number,
  options: { readonly clock?: Clock } = {},
): Promise<InProcessSession> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-browser-'));
  const [server, chromium] = await Promise.all([
    startServer({
      clock: options.clock,
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: String(await freePort()),
        LOG_LEVEL: 'silent',
        PRODUCT_CORPORATION_ID: 'none',
      },
    }),
    launchChromium(),
  ]);
  const context = await newContext(chromium.browser, server.url);
  const close = async () => {
    await context.close();
    await chromium.close();
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
    await logInThroughSimulator(page, characterId);
    return { server, browser: chromium.browser, context, page, close };
  } catch (error) {
    await close();
    throw error;
  }
}
