import { eventCatalogue } from '@tradewise/contracts';
import { SystemClock, createAdapters, loadPlatformConfig, type RecordedEvent } from '@tradewise/platform';

/** The stored events of some streams, read from the data directory of a stopped server. */
export async function storedStreams(dataDir: string, streams: readonly string[]): Promise<RecordedEvent[][]> {
  const adapters = await createAdapters(
    loadPlatformConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }),
    eventCatalogue,
    new SystemClock(),
  );
  try {
    return await Promise.all(streams.map((stream) => adapters.eventStore.readStream(stream)));
  } finally {
    await adapters.close();
  }
}
