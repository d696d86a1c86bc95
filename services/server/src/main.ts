import { StaticDatasetError } from '@tradewise/market';
import { ConfigError, DataDirLockedError, DataFileError } from '@tradewise/platform';
import { startServer } from './bootstrap';

const SHUTDOWN_DEADLINE_MS = 20_000;

const started = startServer();

started.catch((error: Error) => {
  const expected =
    error instanceof ConfigError ||
    error instanceof DataFileError ||
    error instanceof DataDirLockedError ||
    error instanceof StaticDatasetError;
  console.error(expected ? `Cannot start: ${error.message}` : error);
  process.exit(1);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    setTimeout(() => {
      console.error(`Stopping took longer than ${SHUTDOWN_DEADLINE_MS / 1000} s: exiting without finishing`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    // A signal during start-up stops the server as soon as it has started. app.close() runs the shutdown hooks:
    // consumers drain, projectors flush checkpoints, adapters close. A start that failed exits above.
    started.then(
      (server) =>
        server.close().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(error);
            process.exit(1);
          },
        ),
      () => undefined,
    );
  });
}
