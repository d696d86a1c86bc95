import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  freePort,
  startServerProcess,
  waitForStatus,
  type ServerProcess,
} from '../../support/server-process';

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
