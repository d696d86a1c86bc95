import {
  PeriodicTask,
  StreamHeadsDigestRecorder,
  type EventStore,
  type Logger,
  type PlatformConfig,
} from '@tradewise/platform';

export interface StreamHeadsDigests {
  /**
   * Stops the timer and records a last digest, so a tail deleted while the server is down is detected; only after
   * a first run, since a shutdown should not read the whole log.
   */
  stop(): Promise<void>;
}

/**
 * The projections role signs the heads of every stream every AUDIT_DIGEST_INTERVAL_MINUTES and at shutdown
 * (docs/operator-guide.md, "Event log audit"). The first run waits one interval: it reads the whole log, and a
 * start-up should not wait behind it.
 */
export function startStreamHeadsDigests(options: {
  readonly config: PlatformConfig;
  readonly signingKey: Buffer;
  readonly eventStore: EventStore;
  readonly logger: Logger;
}): StreamHeadsDigests | undefined {
  const { config, logger } = options;
  if (!config.roles.includes('projections') || config.auditDigestIntervalMinutes === 0) return undefined;
  const recorder = new StreamHeadsDigestRecorder(options.eventStore, options.signingKey);
  const record = async (): Promise<void> => {
    const digest = await recorder.record();
    if (digest) logger.info(digest, 'Recorded the signed digest of the stream heads');
  };
  const task = new PeriodicTask(record, {
    intervalMs: config.auditDigestIntervalMinutes * 60_000,
    logger,
    failure: 'Recording the signed digest of the stream heads failed',
    runAtStart: false,
  });
  task.start();
  return {
    stop: async () => {
      await task.stop();
      if (recorder.hasReadTheLog) await task.runNow();
    },
  };
}
