import { ConfigError, DataDirLockedError, DataFileError } from '@tradewise/platform';
import { startServer } from './bootstrap';

const SHUTDOWN_DEADLINE_MS = 20_000;

startServer().then(
  (server) => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        // Nest's shutdown hooks drain consumers and flush checkpoints; this only guards against a hang.
        setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS).unref();
        void server.app.close();
      });
    }
  },
  (error: Error) => {
    const expected = error instanceof ConfigError || error instanceof DataFileError || error instanceof DataDirLockedError;
    console.error(expected ? `Cannot start: ${error.message}` : error);
    process.exit(1);
  },
);
