import { join } from 'node:path';
import { startTypeScriptWorker, type EventToAppend, type PlatformConfig } from '@tradewise/platform';

export type OrderAppendsMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'done' }
  | { readonly type: 'failed'; readonly reason: string };

export interface OrderAppends {
  /** Starts appending; settles once every event is stored. */
  append(): Promise<void>;
}

/** Starts the thread that will append a character's order read events (order-appends.worker.ts). */
export function startOrderAppends(
  config: PlatformConfig,
  streamId: string,
  events: readonly EventToAppend[],
  perAppend: number,
): Promise<OrderAppends> {
  const worker = startTypeScriptWorker(join(__dirname, 'order-appends.worker.ts'), {
    config,
    streamId,
    events,
    perAppend,
  });
  let finish: { resolve: () => void; reject: (error: Error) => void } | undefined;
  const finished = new Promise<void>((resolve, reject) => (finish = { resolve, reject }));
  // Awaited only once appending starts; a failure before that rejects `ready` instead.
  finished.catch(() => undefined);
  return new Promise((resolveReady, rejectReady) => {
    let ready = false;
    const fail = (error: Error): void => (ready ? finish!.reject(error) : rejectReady(error));
    worker.on('message', (message: OrderAppendsMessage) => {
      if (message.type === 'ready') {
        ready = true;
        resolveReady({
          append: () => {
            worker.postMessage('append');
            return finished;
          },
        });
      } else if (message.type === 'done') finish!.resolve();
      else fail(new Error(`The order appends failed: ${message.reason}`));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The order appends thread exited with code ${code}`)));
  });
}
