/**
 * Builds the web client (web/dist) when it is missing or older than its sources, so `npm start` serves the whole
 * product on a fresh clone. Runs as `npm start`'s prestart; the browser tests and the web bench call
 * {@link ensureWebBuild} too. A lock directory keeps two processes from building at once.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..');
export const WEB_DIR = join(ROOT, 'web');
export const WEB_DIST_DIR = join(WEB_DIR, 'dist');
/** Written last by `vite build`: its time is the build's. */
const BUILD_STAMP = join(WEB_DIST_DIR, '.vite', 'manifest.json');
/** Outside the checkout (nothing to clean up there), one per checkout. */
const LOCK_DIR = join(
  tmpdir(),
  `tradewise-web-build-${createHash('sha1').update(ROOT).digest('hex').slice(0, 12)}.lock`,
);
const LOCK_STALE_MS = 10 * 60_000;
const SOURCES = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'tsconfig.json'];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, entry) => Math.max(newest, newestMtime(join(path, entry))),
    stat.mtimeMs,
  );
}

/** Why the build must run, or null when web/dist is current. */
export function webBuildNeeded(): string | null {
  if (!existsSync(join(WEB_DIST_DIR, 'index.html')) || !existsSync(BUILD_STAMP)) return 'web/dist is missing';
  const built = statSync(BUILD_STAMP).mtimeMs;
  const changed = SOURCES.find((source) => newestMtime(join(WEB_DIR, source)) > built);
  return changed ? `web/${changed} changed since the last build` : null;
}

function viteBin(): string {
  const manifest = require.resolve('vite/package.json', { paths: [WEB_DIR] });
  const bin = (JSON.parse(readFileSync(manifest, 'utf8')) as { bin: { vite: string } }).bin.vite;
  return join(dirname(manifest), bin);
}

function sleep(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function withBuildLock<T>(work: () => T): T {
  for (;;) {
    try {
      mkdirSync(LOCK_DIR);
      break;
    } catch {
      const age = existsSync(LOCK_DIR) ? Date.now() - statSync(LOCK_DIR).mtimeMs : 0;
      if (age > LOCK_STALE_MS) rmSync(LOCK_DIR, { recursive: true, force: true });
      else sleep(250);
    }
  }
  try {
    return work();
  } finally {
    rmSync(LOCK_DIR, { recursive: true, force: true });
  }
}

/** Builds web/dist if needed; returns what it did. Throws when the build fails. */
const printLine = (line: string) => process.stdout.write(`${line}\n`);

export function ensureWebBuild(log: (line: string) => void = printLine): 'built' | 'current' {
  if (!webBuildNeeded()) return 'current';
  return withBuildLock(() => {
    const reason = webBuildNeeded(); // another process may have built it while we waited
    if (!reason) return 'current';
    log(`Building the web client (${reason})...`);
    const started = Date.now();
    const result = spawnSync(process.execPath, [viteBin(), 'build', '--logLevel', 'warn'], {
      cwd: WEB_DIR,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
    log(`Built the web client in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return 'built';
  });
}

// Run as a script (tools/run.js puts the entry point in argv[1]), not when imported.
if (resolve(process.argv[1] ?? '') === __filename) {
  const roles = process.env.ROLES;
  if (
    roles !== undefined &&
    !roles
      .split(',')
      .map((role) => role.trim())
      .includes('api')
  ) {
    process.exit(0); // a process without the api role serves no client
  }
  try {
    ensureWebBuild();
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
}
