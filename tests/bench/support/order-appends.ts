import { join } from 'node:path';
import { ThreadRequests, type EventToAppend, type PlatformConfig } from '@tradewise/platform';

/** `open` answers once the thread's event store is open; `append` once every event is stored. */
export type OrderAppendsRequest = 'open' | 'append';

export interface OrderAppends {
  /** Appends the events; settles once every one is stored, and stops the thread. */
  append(): Promise<void>;
}

/** Starts the thread that will append a character's order read events (order-appends.worker.ts) and waits until it can. */
export async function startOrderAppends(
  config: PlatformConfig,
  streamId: string,
  events: readonly EventToAppend[],
  perAppend: number,
): Promise<OrderAppends> {
  const thread = new ThreadRequests<OrderAppendsRequest, null>(
    join(__dirname, 'order-appends.worker.ts'),
    { config, streamId, events, perAppend },
    'The order appends thread',
  );
  await thread.ask('open');
  return {
    append: async () => {
      await thread.ask('append');
      await thread.close();
    },
  };
}
