import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** The repository's tsconfig, which swc reads for decorators and paths when the parent did not name one. */
const TSCONFIG = join(__dirname, '..', '..', '..', '..', 'tsconfig.json');

// A worker starts with a bare module loader: it registers swc (as tools/run.js does for the process) before it
// loads its TypeScript entry, so the product needs no build step in threads either.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
process.env.SWC_NODE_PROJECT ??= workerData.tsconfig;
require(workerData.register);
require(workerData.entry);
`;

/**
 * Starts a worker thread on a TypeScript module. The module reads `workerData.data` from `node:worker_threads`;
 * whatever is passed must survive structured cloning.
 */
export function startTypeScriptWorker(entry: string, data: unknown): Worker {
  return new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { register: require.resolve('@swc-node/register'), tsconfig: TSCONFIG, entry, data },
  });
}
