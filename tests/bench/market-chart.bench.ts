/**
 * `npm run bench -- market-chart`: how long the market browser's price history chart takes to render 400 days in
 * headless Chromium, against the product started as `npm start` does (the mounted ESI simulator has 400 days of
 * Tritanium in The Forge).
 *
 * Each load opens /market/34/history with the history call held back until the order tables are on screen, then
 * lets it through: the chart's own User Timing measure runs from the moment the component receives the days to
 * the first painted frame of the drawing, so neither the network nor the tables are counted. The main thread's
 * CPU time over the same span (Chrome's TaskDuration, thread ticks) is reported beside it: on a busy machine the
 * wall time includes waiting for a core.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureWebBuild } from '../../tools/build-web';
import { launchChromium, newContext } from '../browser/support/browser';
import { freePort, startServerProcess, waitForStatus } from '../support/server-process';
import type { Bench, BenchRow } from './bench';
import { median } from './support/samples';

const TRITANIUM = 34;
const EXPECTED_DAYS = 400;
const RENDER_TARGET_MS = 200;
const LOADS = 7;
const MEASURE = 'market-history-chart-render';

const bench: Bench = async (args) => {
  const loads = Number(args[0] ?? LOADS);
  ensureWebBuild();
  const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-market-chart-'));
  const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
  const chromium = await launchChromium();
  const wall: number[] = [];
  const cpu: number[] = [];
  let days = 0;
  try {
    await waitForStatus(server, '/healthz', 200, 90_000);
    for (let load = 0; load <= loads; load += 1) {
      const context = await newContext(chromium.browser, server.url);
      await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await context.route('**/api/v1/market/history/**', async (route) => {
        await released;
        await route.continue();
      });
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' } as never);
      const taskSeconds = async () =>
        (
          (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] }
        ).metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? Number.NaN;

      await page.goto(`/market/${TRITANIUM}/history`);
      await page.locator('[data-testid="market-sellers"] tbody tr.ant-table-row').first().waitFor();
      await page.waitForTimeout(300); // let the tables' layout settle
      const before = await taskSeconds();
      release();
      await page.waitForFunction(`performance.getEntriesByName('${MEASURE}').length > 0`, undefined, {
        timeout: 30_000,
      });
      const after = await taskSeconds();
      const duration = (await page.evaluate(
        `performance.getEntriesByName('${MEASURE}')[0].duration`,
      )) as number;
      days = Number(await page.getByTestId('market-history-chart').getAttribute('data-days'));
      // The first load warms the server's caches and Chromium's code cache; it is not counted.
      if (load > 0) {
        wall.push(duration);
        cpu.push((after - before) * 1000);
      }
      await context.close();
    }
  } finally {
    await chromium.close();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }

  const rows: BenchRow[] = [
    {
      metric: 'days in the chart',
      value: String(days),
      target: `= ${EXPECTED_DAYS}`,
      ok: days === EXPECTED_DAYS,
    },
    {
      metric: `chart render, days to painted (median of ${wall.length})`,
      value: `${median(wall).toFixed(1)} ms`,
      target: `<= ${RENDER_TARGET_MS} ms`,
      ok: median(wall) <= RENDER_TARGET_MS,
    },
    { metric: '  slowest load', value: `${Math.max(...wall).toFixed(1)} ms` },
    { metric: '  main-thread CPU over the same span (median)', value: `${median(cpu).toFixed(1)} ms` },
  ];
  return rows;
};

export default bench;
