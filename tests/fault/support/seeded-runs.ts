import { join } from 'node:path';
import { eventCatalogue } from '@tradewise/contracts';
import { SystemClock, createAdapters, loadPlatformConfig, type PlatformConfig } from '@tradewise/platform';
import type { AdapterSet } from '../../support/adapter-sets';

/** What a kill test feeds the ledger: the sync's messages, published on a run's own bus. */
export interface BusSeed {
  publish(bus: { publish: (topic: string, messages: never[]) => Promise<void> }): Promise<void>;
}

/**
 * How many kill runs a test makes on a set: six embedded; three on Kafka + FerretDB, one of each kind of kill,
 * where a run takes about four times as long (the contract test: 221 s for six runs against 58 s embedded) and six
 * runs kept the whole suite past CI's limit.
 */
export const killRunsOn = (set: AdapterSet): number => (set.slow ? 3 : 6);

/** The platform configuration of a run's data dir and adapters, quiet. */
export function runConfigOf(dataDir: string, adapterEnv: Record<string, string>): PlatformConfig {
  return loadPlatformConfig({ ...adapterEnv, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
}

/**
 * A kill test's runs, each on its own data dir under `dir()` and, on the scale-out set, its own topics and
 * database: the function answered publishes the seed for a run there, nothing recorded yet.
 */
export function seededRuns(
  set: AdapterSet,
  dir: () => string,
  seed: () => BusSeed,
): (run: string) => Promise<{ dataDir: string; adapterEnv: Record<string, string> }> {
  const adapterEnvOf = (run: string): Record<string, string> =>
    set.slow
      ? {
          ...set.env,
          MONGODB_DB: `${set.env.MONGODB_DB}_${run}`,
          KAFKA_TOPIC_PREFIX: `${set.env.KAFKA_TOPIC_PREFIX}${run}.`,
        }
      : set.env;

  async function seeded(run: string): Promise<{ dataDir: string; adapterEnv: Record<string, string> }> {
    const dataDir = join(dir(), run);
    const adapterEnv = adapterEnvOf(run);
    const adapters = await createAdapters(
      runConfigOf(dataDir, adapterEnv),
      eventCatalogue,
      new SystemClock(),
    );
    try {
      await seed().publish(adapters.bus as never);
    } finally {
      await adapters.close();
    }
    return { dataDir, adapterEnv };
  }

  return seeded;
}
