/**
 * Rebuilds the trade ledger read model of an embedded data directory in a process of its own, and prints
 * `rebuilt <ms>`: the ledger-rebuild bench's one run. Argument: the data directory (a copy: the rebuild writes it).
 */
import { eventCatalogue } from '@tradewise/contracts';
import { createAdapters, createLogger, loadPlatformConfig } from '@tradewise/platform';
import { rebuildOffline, tradeLedgerProjection, type AnyProjection } from '@tradewise/projections';

async function main(): Promise<void> {
  const config = loadPlatformConfig({ DATA_DIR: process.argv[2]!, LOG_LEVEL: 'silent' });
  const clock = { now: () => new Date() };
  const adapters = await createAdapters(config, eventCatalogue, clock);
  const dependencies = { ...adapters, catalogue: eventCatalogue, logger: createLogger('silent'), clock };
  const started = performance.now();
  await rebuildOffline(tradeLedgerProjection as unknown as AnyProjection, dependencies, () => undefined);
  process.stdout.write(`rebuilt ${(performance.now() - started).toFixed(0)}\n`);
  await adapters.close();
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
