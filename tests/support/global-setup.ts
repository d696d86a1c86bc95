import { ensureStaticDataset, resolveStaticDataDir } from '@tradewise/market';
import { probeServers } from './servers';

const quiet = { info: () => undefined, warn: () => undefined };

/**
 * Before any test: which servers are up, and the static dataset built once. A product started by a test builds it
 * too, but the fault tests read the simulator's universe from it without starting one, and on a fresh checkout they
 * may run first.
 */
export default async function globalSetup(): Promise<void> {
  await probeServers();
  await ensureStaticDataset({ dir: resolveStaticDataDir(), logger: quiet });
}
