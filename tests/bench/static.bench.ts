/**
 * `npm run bench -- static [--skip-import]`: the static data numbers of docs/PERFORMANCE.md. Import time and peak
 * memory come from a child process running the real importer (`npm run sde:import`) into a temporary directory;
 * the load time from fresh processes loading that dataset; search and jump timings from this process, over the
 * real dataset. `--skip-import` measures against the default dataset directory instead.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ensureStaticDataset, resolveStaticDataDir, type StaticData } from '@tradewise/market';
import type { Bench, BenchRow } from './bench';
import { percentile } from './support/samples';

const ROOT = resolve(__dirname, '..', '..');
const IMPORTER = join(ROOT, 'services/market/src/static-data/import/cli.ts');
const LOADER = join(ROOT, 'services/market/src/static-data/dataset/dataset-loader.ts');
const GIB = 1024 ** 3;
const LOAD_RUNS = 3;
const SEARCH_SAMPLE_TYPES = 1500;
const JUMP_ORIGINS = 200;

interface ChildResult {
  readonly wallMs: number;
  readonly maxRssBytes: number;
  readonly stdout: string;
}

/** Runs a script in a fresh Node process that reports its own peak RSS (getrusage) when it exits. */
function runNode(script: string, args: readonly string[]): Promise<ChildResult> {
  const reporter = `process.on('exit', () => require('node:fs').writeSync(2, '\\nMAXRSS_KB ' + process.resourceUsage().maxRSS + '\\n'));`;
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, ['-e', reporter + script, ...args], {
      cwd: ROOT,
      env: { ...process.env, SWC_NODE_PROJECT: join(ROOT, 'tsconfig.json') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const wallMs = performance.now() - started;
      const maxRss = /MAXRSS_KB (\d+)/.exec(stderr);
      if (code !== 0 || !maxRss) {
        reject(new Error(`child exited with ${code}: ${stderr.slice(-2000)}`));
        return;
      }
      resolvePromise({ wallMs, maxRssBytes: Number(maxRss[1]) * 1024, stdout });
    });
  });
}

async function measureImport(outputDir: string): Promise<ChildResult> {
  // tools/run.js reads its entry point from argv[2]; with -e there is no script path, so one is put in its place.
  const script = `process.argv.splice(1, 0, 'bench'); require(${JSON.stringify(join(ROOT, 'tools/run.js'))});`;
  return runNode(script, [IMPORTER, '--out', outputDir]);
}

async function measureLoad(dir: string): Promise<number> {
  const script = `
    require('@swc-node/register');
    const { loadStaticData } = require(${JSON.stringify(LOADER)});
    const started = performance.now();
    loadStaticData(process.argv[1]).then(() => console.log('LOAD_MS ' + (performance.now() - started)));`;
  const { stdout } = await runNode(script, [dir]);
  return Number(/LOAD_MS ([\d.]+)/.exec(stdout)![1]);
}

/** A small deterministic generator, so every run asks the same questions. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function timeEach<T>(items: readonly T[], run: (item: T) => unknown): number[] {
  for (const item of items.slice(0, 200)) run(item);
  const timings = items.map((item) => {
    const started = performance.now();
    run(item);
    return performance.now() - started;
  });
  return timings.sort((a, b) => a - b);
}

/**
 * What people type: prefixes of names as an autocomplete sends them (1 to 12 characters), later words, inner
 * fragments, names in other languages, whole names, and text that matches nothing.
 */
function realisticQueries(staticData: StaticData): string[] {
  const next = random(42);
  const typeIds = sampleTypeIds(staticData, next);
  const queries: string[] = [];
  for (const typeId of typeIds) {
    const name = staticData.typeName(typeId)!;
    const length = 1 + Math.floor(next() * Math.min(12, name.length));
    queries.push(name.slice(0, length));
    const words = name.split(' ');
    if (words.length > 1) queries.push(words[1 + Math.floor(next() * (words.length - 1))]!.slice(0, 4));
    if (name.length > 6) {
      const start = 1 + Math.floor(next() * (name.length - 5));
      queries.push(name.slice(start, start + 3 + Math.floor(next() * 3)));
    }
    const language = staticData.languages()[Math.floor(next() * staticData.languages().length)]!;
    const translated = staticData.typeName(typeId, language)!;
    queries.push(translated.slice(0, Math.max(1, Math.ceil(translated.length / 2))));
    if (next() < 0.2) queries.push(name);
    if (next() < 0.05) queries.push(`${name.slice(0, 3)}qzx`);
  }
  return queries.filter((query) => query.trim().length > 0);
}

function sampleTypeIds(staticData: StaticData, next: () => number): number[] {
  const marketTypes = collectMarketTypeIds(staticData);
  return Array.from(
    { length: SEARCH_SAMPLE_TYPES },
    () => marketTypes[Math.floor(next() * marketTypes.length)]!,
  );
}

function collectMarketTypeIds(staticData: StaticData): number[] {
  const ids: number[] = [];
  const visit = (groups: ReturnType<StaticData['marketGroupTree']>): void => {
    for (const group of groups) {
      if (group.hasTypes)
        for (const type of staticData.marketGroupTypes(group.marketGroupID) ?? []) ids.push(type.typeID);
      visit(group.children);
    }
  };
  visit(staticData.marketGroupTree());
  return ids;
}

function directoryBytes(dir: string): number {
  return readdirSync(dir).reduce((sum, file) => sum + statSync(join(dir, file)).size, 0);
}

const ms = (value: number): string => `${value.toFixed(value < 10 ? 2 : 0)} ms`;

const bench: Bench = async (args) => {
  const rows: BenchRow[] = [];
  const skipImport = args.includes('--skip-import');
  const workDir = mkdtempSync(join(tmpdir(), 'static-bench-'));
  try {
    let datasetDir = resolveStaticDataDir();
    if (!skipImport) {
      datasetDir = join(workDir, 'static');
      const imported = await measureImport(datasetDir);
      rows.push({
        metric: 'import (SDE -> dataset)',
        value: `${(imported.wallMs / 1000).toFixed(1)} s`,
        target: '<= 90 s',
        ok: imported.wallMs <= 90_000,
      });
      rows.push({
        metric: 'import peak memory (RSS)',
        value: `${(imported.maxRssBytes / 1024 ** 2).toFixed(0)} MiB`,
        target: '<= 2048 MiB',
        ok: imported.maxRssBytes <= 2 * GIB,
      });
    }
    const staticData = await ensureStaticDataset({
      dir: datasetDir,
      logger: { info: () => undefined, warn: () => undefined },
    });
    rows.push({
      metric: 'dataset size on disk',
      value: `${(directoryBytes(datasetDir) / 1024 ** 2).toFixed(1)} MiB`,
    });

    const loads: number[] = [];
    for (let run = 0; run < LOAD_RUNS; run++) loads.push(await measureLoad(datasetDir));
    const slowestLoad = Math.max(...loads);
    rows.push({
      metric: `dataset load, fresh process (worst of ${LOAD_RUNS})`,
      value: ms(slowestLoad),
      target: '<= 1000 ms',
      ok: slowestLoad <= 1000,
    });

    const queries = realisticQueries(staticData);
    const allTypes = timeEach(queries, (query) => staticData.searchTypes({ query, scope: 'all', limit: 50 }));
    const marketTypes = timeEach(queries, (query) =>
      staticData.searchTypes({ query, scope: 'market', limit: 50 }),
    );
    rows.push({
      metric: `type search, all types: p50 (${queries.length} queries)`,
      value: ms(percentile(allTypes, 0.5)),
    });
    rows.push({
      metric: 'type search, all types: p99',
      value: ms(percentile(allTypes, 0.99)),
      target: '<= 5 ms',
      ok: percentile(allTypes, 0.99) <= 5,
    });
    rows.push({ metric: 'type search, all types: max', value: ms(allTypes.at(-1)!) });
    rows.push({
      metric: 'type search, market types: p99',
      value: ms(percentile(marketTypes, 0.99)),
      target: '<= 5 ms',
      ok: percentile(marketTypes, 0.99) <= 5,
    });
    const systemQueries = staticData
      .systems()
      .map((system) => system.systemName.slice(0, 1 + (system.systemId % 5)));
    const systems = timeEach(systemQueries, (query) => staticData.searchSystems(query, 50));
    rows.push({
      metric: 'system search: p99',
      value: ms(percentile(systems, 0.99)),
      target: '<= 5 ms',
      ok: percentile(systems, 0.99) <= 5,
    });

    const next = random(7);
    const knownSpace = staticData.systems().filter((system) => system.regionId < 11_000_000);
    const pick = (): number => knownSpace[Math.floor(next() * knownSpace.length)]!.systemId;
    const destinations = Array.from({ length: 1000 }, pick);
    const origins = Array.from({ length: JUMP_ORIGINS }, pick);
    // A running server has compiled this path long before; warm it up on other origins so the first asks below
    // measure the breadth-first search, not the JIT.
    for (const warmUp of knownSpace.slice(0, 50)) staticData.jumpCounts(warmUp.systemId, destinations);
    const firstAsk = origins.map((origin) => {
      const started = performance.now();
      staticData.jumpCounts(origin, destinations);
      return performance.now() - started;
    });
    firstAsk.sort((a, b) => a - b);
    const cached = timeEach(origins, (origin) => staticData.jumpCounts(origin, destinations));
    rows.push({
      metric: 'jumps to 1,000 systems, new origin: p99',
      value: ms(percentile(firstAsk, 0.99)),
      target: '<= 5 ms',
      ok: percentile(firstAsk, 0.99) <= 5,
    });
    rows.push({
      metric: 'jumps to 1,000 systems, cached origin: p99',
      value: ms(percentile(cached, 0.99)),
      target: '<= 5 ms',
      ok: percentile(cached, 0.99) <= 5,
    });
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  return rows;
};

export default bench;
