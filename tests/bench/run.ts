/**
 * `npm run bench -- <name> [args]`: runs tests/bench/<name>.bench.ts, whose default export is a {@link Bench}.
 * Each prints what it measured beside the target and the run exits non-zero when a target is missed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { printRows, type Bench } from './bench';

async function main(): Promise<void> {
  const [name, ...args] = process.argv.slice(2);
  const available = readdirSync(__dirname)
    .filter((file) => file.endsWith('.bench.ts'))
    .map((file) => file.replace('.bench.ts', ''));
  if (!name || !available.includes(name)) {
    console.error(`usage: npm run bench -- <${available.join('|')}> [args]`);
    process.exit(2);
  }
  const bench = (await import(join(__dirname, `${name}.bench.ts`))).default as Bench;
  const rows = await bench(args);
  printRows(`bench ${name}`, rows);
  process.exit(rows.some((row) => row.ok === false) ? 1 : 0);
}

void main();
