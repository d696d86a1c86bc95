/**
 * The ledger bench's order reads, appended from a thread of their own as the order-history import appends them in
 * production (on the wallet import thread, with its own event store connection), so they do not take the
 * projections' core. Asked by {@link startOrderAppends}: `open` once its event store is open, then `append`.
 */
import { workerData } from 'node:worker_threads';
import { eventCatalogue } from '@tradewise/contracts';
import {
  SystemClock,
  answerRequests,
  createEventStore,
  type EventToAppend,
  type PlatformConfig,
} from '@tradewise/platform';
import type { OrderAppendsRequest } from './order-appends';

const { config, streamId, events, perAppend } = (
  workerData as {
    data: { config: PlatformConfig; streamId: string; events: EventToAppend[]; perAppend: number };
  }
).data;
const eventStore = createEventStore(config, eventCatalogue, new SystemClock());

answerRequests<OrderAppendsRequest, null>(async (request) => {
  if (request === 'append')
    for (let start = 0; start < events.length; start += perAppend)
      await eventStore.append(streamId, events.slice(start, start + perAppend), { expectedRevision: 'any' });
  return null;
});
