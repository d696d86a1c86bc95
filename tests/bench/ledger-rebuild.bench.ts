/**
 * `npm run bench -- ledger-rebuild <dir> [--runs 3]`: rebuilds the trade ledger of a year the ledger bench kept
 * (`npm run bench -- ledger --profile heavy-trader --keep-data <parent>` keeps it as `<parent>/heavy-trader`), each
 * run on a fresh copy and in a process of its own. The whole ledger bench's rebuild figure moves by 15 to 20% from
 * run to run with what came before it in the process; these runs by about 5%, so a change to the fold can be
 * measured here (docs/PERFORMANCE.md). A fresh process starts with its code not yet optimised, which shows on a short
 * year (30 days of the heavy trader: 2.3 s here, 1.2 s inside the ledger bench) and little on a whole one.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../support/server-process';
import type { Bench, BenchRow } from './bench';
import { numberOption } from './support/bench-args';
import { median } from './support/samples';

/** One rebuild of a copy of `dataDir`, in a child process started with this process's Node flags. */
function rebuildOnce(dataDir: string): Promise<number> {
  const copy = mkdtempSync(join(tmpdir(), 'tw-ledger-rebuild-'));
  cpSync(dataDir, copy, { recursive: true });
  return new Promise<number>((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      [...process.execArgv, join(ROOT, 'tools/run.js'), 'tests/bench/support/rebuild-child.ts', copy],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const rebuilt = /rebuilt (\d+)/.exec(output);
      if (code === 0 && rebuilt) resolvePromise(Number(rebuilt[1]));
      else reject(new Error(`the rebuild of ${dataDir} failed (exit ${code})`));
    });
  }).finally(() => rmSync(copy, { recursive: true, force: true }));
}

const ledgerRebuildBench: Bench = async (args) => {
  const [dataDir] = args;
  if (!dataDir || !existsSync(join(dataDir, 'events.sqlite')))
    throw new Error(
      'usage: npm run bench -- ledger-rebuild <a data directory the ledger bench kept> [--runs 3]',
    );
  const runs = Math.max(1, numberOption(args, 'runs', 3));
  const times: number[] = [];
  for (let run = 0; run < runs; run++) times.push(await rebuildOnce(dataDir));
  const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rows: BenchRow[] = [
    { metric: `rebuild of the trade ledger, each run`, value: times.map(seconds).join(', ') },
    {
      metric: `rebuild of the trade ledger, median of ${runs}`,
      value: seconds(median(times)),
      target: '<= 10 s',
      ok: median(times) <= 10_000,
    },
  ];
  return rows;
};

export default ledgerRebuildBench;
