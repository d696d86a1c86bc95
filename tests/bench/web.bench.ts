/**
 * `npm run bench -- web`: the web client numbers of docs/PERFORMANCE.md ("Web client").
 * - Initial JavaScript of the landing page: the entry chunk, the landing page's own chunk and every chunk they
 *   import statically, from the build manifest, gzip-compressed (zlib level 6); cross-checked against the
 *   scripts Chromium actually fetches for `/`.
 * - DOMContentLoaded of `/` on localhost in headless Chromium, cold cache, against the product started as
 *   `npm start` does; median of several loads. Also when the landing headline is on screen.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ensureWebBuild, WEB_DIST_DIR } from '../../tools/build-web';
import { launchChromium, newContext } from '../browser/support/browser';
import { freePort, startServerProcess, waitForStatus } from '../support/server-process';
import type { Bench, BenchRow } from './bench';
import { median } from './support/samples';

const LANDING_MODULE = 'src/features/landing/LandingPage.tsx';
const INITIAL_JS_TARGET_KB = 300;
const DCL_TARGET_MS = 1000;
const LOADS = 7;

interface ManifestChunk {
  readonly file: string;
  readonly isEntry?: boolean;
  readonly isDynamicEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
}
type Manifest = Record<string, ManifestChunk>;

const kb = (bytes: number) => bytes / 1024;

function gzipBytes(file: string): number {
  return gzipSync(readFileSync(join(WEB_DIST_DIR, file))).length;
}

/** A chunk and everything it imports statically (what the browser must fetch before it runs). */
function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key]?.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const bench: Bench = async () => {
  ensureWebBuild();
  const manifest = JSON.parse(readFileSync(join(WEB_DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entry || !manifest[LANDING_MODULE])
    throw new Error('build manifest without the entry or the landing page');
  const landingKeys = new Set([
    ...staticClosure(manifest, entry),
    ...staticClosure(manifest, LANDING_MODULE),
  ]);
  const landingFiles = [...landingKeys]
    .map((key) => manifest[key]!.file)
    .filter((file) => file.endsWith('.js'));
  const landingGzip = landingFiles.reduce((sum, file) => sum + gzipBytes(file), 0);
  const entryGzip = gzipBytes(manifest[entry]!.file);
  const routeChunks = Object.values(manifest).filter((chunk) => chunk.isDynamicEntry).length;
  const allJs = Object.values(manifest).filter((chunk) => chunk.file.endsWith('.js'));
  const allGzip = allJs.reduce((sum, chunk) => sum + gzipBytes(chunk.file), 0);

  const dataDir = mkdtempSync(join(tmpdir(), 'tw-bench-web-'));
  const server = startServerProcess({ DATA_DIR: dataDir, PORT: String(await freePort()) });
  const chromium = await launchChromium();
  const domContentLoaded: number[] = [];
  const headline: number[] = [];
  let fetchedScripts = new Set<string>();
  try {
    await waitForStatus(server, '/healthz', 200, 90_000);
    for (let load = 0; load <= LOADS; load += 1) {
      const context = await newContext(chromium.browser, server.url);
      const page = await context.newPage();
      const scripts = new Set<string>();
      page.on('response', (response) => {
        if (response.request().resourceType() === 'script') scripts.add(new URL(response.url()).pathname);
      });
      await page.goto('/', { waitUntil: 'domcontentloaded' });
      await page.locator('h1').waitFor();
      const timing = (await page.evaluate(`(() => {
        const [navigation] = performance.getEntriesByType('navigation');
        return { dcl: navigation.domContentLoadedEventEnd, headline: performance.now() };
      })()`)) as { dcl: number; headline: number };
      // The first load warms the server's file cache and the OS; it is not counted.
      if (load > 0) {
        domContentLoaded.push(timing.dcl);
        headline.push(timing.headline);
      }
      fetchedScripts = scripts;
      await context.close();
    }
  } finally {
    await chromium.close();
    server.child.kill('SIGTERM');
    await server.exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  const fetchedGzip = [...fetchedScripts].reduce((sum, path) => sum + gzipBytes(path.replace(/^\//, '')), 0);

  const rows: BenchRow[] = [
    {
      metric: 'landing initial JS (gzip)',
      value: `${kb(landingGzip).toFixed(1)} KB`,
      target: `<= ${INITIAL_JS_TARGET_KB} KB`,
      ok: kb(landingGzip) <= INITIAL_JS_TARGET_KB,
    },
    { metric: '  of which the entry chunk', value: `${kb(entryGzip).toFixed(1)} KB` },
    { metric: '  files', value: String(landingFiles.length) },
    { metric: 'scripts Chromium fetched for / (gzip)', value: `${kb(fetchedGzip).toFixed(1)} KB` },
    { metric: 'all JS of the build (gzip)', value: `${kb(allGzip).toFixed(1)} KB` },
    { metric: 'lazily loaded chunks (routes, dialogs)', value: String(routeChunks) },
    {
      metric: `landing DOMContentLoaded (median of ${LOADS})`,
      value: `${median(domContentLoaded).toFixed(0)} ms`,
      target: `<= ${DCL_TARGET_MS} ms`,
      ok: median(domContentLoaded) <= DCL_TARGET_MS,
    },
    { metric: '  slowest load', value: `${Math.max(...domContentLoaded).toFixed(0)} ms` },
    { metric: 'landing headline on screen (median)', value: `${median(headline).toFixed(0)} ms` },
  ];
  return rows;
};

export default bench;
