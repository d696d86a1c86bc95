/**
 * The ledger bench's order reads, appended from a thread of their own as the order-history import appends them in
 * production (on the wallet import thread, with its own event store connection), so they do not take the
 * projections' core. Started by {@link startOrderAppends}: says `ready` once its event store is open, appends on
 * the first message, then says `done`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { eventCatalogue } from '@tradewise/contracts';
import { SystemClock, createEventStore, type EventToAppend, type PlatformConfig } from '@tradewise/platform';
import type { OrderAppendsMessage } from './order-appends';

const port = parentPort!;
const { config, streamId, events, perAppend } = (
  workerData as {
    data: { config: PlatformConfig; streamId: string; events: EventToAppend[]; perAppend: number };
  }
).data;
const send = (message: OrderAppendsMessage): void => port.postMessage(message);

const eventStore = createEventStore(config, eventCatalogue, new SystemClock());
port.once('message', () => {
  void (async () => {
    try {
      for (let start = 0; start < events.length; start += perAppend)
        await eventStore.append(streamId, events.slice(start, start + perAppend), {
          expectedRevision: 'any',
        });
      send({ type: 'done' });
    } catch (error) {
      send({ type: 'failed', reason: (error as Error).stack ?? String(error) });
    } finally {
      await eventStore.close();
      port.close();
    }
  })();
});
send({ type: 'ready' });
