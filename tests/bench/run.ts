/**
 * `npm run bench -- <name> [args]`: runs tests/bench/<name>.bench.ts, whose default export is a {@link Bench}.
 * Each prints what it measured beside the target and the run exits non-zero when a target is missed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ensureStaticDataset, resolveStaticDataDir } from '@tradewise/market';
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
  // Benches that read the simulator's universe load the dataset without starting a product: build it first, as a
  // fresh checkout or a newer dataset format needs.
  await ensureStaticDataset({
    dir: resolveStaticDataDir(),
    logger: {
      info: (_fields, message) => console.log(message),
      warn: (_fields, message) => console.warn(message),
    },
  });
  const bench = (await import(join(__dirname, `${name}.bench.ts`))).default as Bench;
  const rows = await bench(args);
  printRows(`bench ${name}`, rows);
  process.exit(rows.some((row) => row.ok === false) ? 1 : 0);
}

void main();
