import { createHash, randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { resolve } from 'node:path';
import type { SyncWorkerIdentity } from '@tradewise/contracts';

/**
 * This process as a sync worker: the worker is its host and data directory, which a restart keeps (so the new run
 * ends the syncs the old one left at once) and two live workers do not share; the run is this process.
 */
export function syncWorkerIdentity(dataDir: string): SyncWorkerIdentity {
  const directory = createHash('sha256').update(resolve(dataDir)).digest('hex').slice(0, 12);
  return { workerId: `${hostname()}#${directory}`, runId: randomUUID() };
}
