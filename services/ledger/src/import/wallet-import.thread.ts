import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { startTypeScriptWorker, type Consumer, type Logger, type PlatformConfig } from '@tradewise/platform';

export type WalletImportThreadMessage =
  { readonly type: 'started' } | { readonly type: 'log'; readonly line: string };

export interface WalletImportThreadOptions {
  readonly config: PlatformConfig;
  readonly logger: Logger;
  /** Wait before a thread that died is started again. */
  readonly restartDelayMs?: number;
  /** How long a stopping thread may take to finish its message before it is terminated. */
  readonly stopTimeoutMs?: number;
  /** Told of each thread once it consumes (the first and every restart). */
  readonly onThreadStarted?: (worker: Worker) => void;
}

const WORKER_ENTRY = join(__dirname, 'wallet-import.worker.ts');
const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;

/**
 * Runs the wallet import consumer on a worker thread: a heavy trader's first sync is hundreds of thousands of
 * records, and recording them (encoding, SQLite appends) would otherwise share one core with the projections
 * folding them. The thread opens its own bus and event store connections; the bus commits a message only after
 * its events are appended, so a thread that dies loses nothing, and it is started again after a pause.
 */
export function startWalletImportThread(options: WalletImportThreadOptions): Promise<Consumer> {
  const { config, logger } = options;
  const restartDelayMs = options.restartDelayMs ?? 1_000;
  const stopTimeoutMs = options.stopTimeoutMs ?? 30_000;
  const threadLogger = logger.child({ thread: 'wallet-import' });
  let worker: Worker | undefined;
  let stopping = false;
  let restartTimer: NodeJS.Timeout | undefined;

  const relayLog = (line: string): void => {
    try {
      // The platform's logger writes the level as its label.
      const {
        level,
        msg,
        time: _time,
        service: _service,
        ...fields
      } = JSON.parse(line) as { level: string; msg?: string; [field: string]: unknown };
      const method = LOG_LEVELS.find((known) => known === level) ?? 'info';
      threadLogger[method](fields, msg ?? '');
    } catch {
      threadLogger.info(line.trim());
    }
  };

  const start = (): Promise<void> =>
    new Promise((resolve, reject) => {
      let started = false;
      const current = startTypeScriptWorker(WORKER_ENTRY, { config });
      worker = current;
      current.on('message', (message: WalletImportThreadMessage) => {
        if (message.type === 'log') relayLog(message.line);
        else if (message.type === 'started') {
          started = true;
          options.onThreadStarted?.(current);
          resolve();
        }
      });
      current.on('error', (error) => {
        if (!started) reject(error);
        else threadLogger.error({ err: error }, 'The wallet import thread failed');
      });
      current.on('exit', (code) => {
        if (worker === current) worker = undefined;
        if (!started) {
          reject(new Error(`The wallet import thread exited with code ${code} before it started`));
          return;
        }
        if (stopping) return;
        threadLogger.error(
          { code },
          `The wallet import thread stopped; starting it again in ${restartDelayMs} ms`,
        );
        restartLater();
      });
    });

  const restartLater = (): void => {
    restartTimer = setTimeout(() => {
      restartTimer = undefined;
      if (stopping) return;
      start().catch((error: unknown) => {
        threadLogger.error(
          { err: error },
          `The wallet import thread did not start; trying again in ${restartDelayMs} ms`,
        );
        restartLater();
      });
    }, restartDelayMs);
  };

  return start().then(() => ({
    close: async () => {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const current = worker;
      if (!current) return;
      const exited = new Promise<void>((resolve) => current.once('exit', () => resolve()));
      current.postMessage({ type: 'stop' });
      const timeout = setTimeout(() => void current.terminate(), stopTimeoutMs);
      await exited;
      clearTimeout(timeout);
    },
  }));
}
