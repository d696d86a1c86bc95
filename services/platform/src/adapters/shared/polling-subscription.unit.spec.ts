import type { EventBatch, ReadAllOptions, RecordedEvent } from '../../ports/event-store.port';
import { PollingSubscription } from './polling-subscription';

const event = (position: number): RecordedEvent => ({
  id: `e${position}`,
  streamId: 'notes-1',
  revision: position - 1,
  position,
  type: 'TestNoted',
  data: { position },
  metadata: {
    $correlationId: 'c',
    $causationId: 'c',
    actor: 'system:test',
    schemaVersion: 1,
    recordedAt: '',
  },
});

describe('a polling subscription', () => {
  it('reads again at once when an append was announced while it applied a batch, not at the next poll', async () => {
    let head = 1;
    const readAll = async ({ fromPosition = 0 }: ReadAllOptions): Promise<EventBatch> => {
      const events: RecordedEvent[] = [];
      for (let position = fromPosition + 1; position <= head; position++) events.push(event(position));
      return { events, position: head, caughtUp: true };
    };
    // A poll an hour away: only the announcement can bring the second event in time.
    const subscription = new PollingSubscription(readAll, {}, 3_600_000, () => undefined);
    const delivered: number[] = [];
    for await (const batch of subscription) {
      delivered.push(...batch.events.map((e) => e.position));
      if (delivered.length === 1) {
        // Appended and announced while the subscriber is still busy with the first batch.
        head = 2;
        subscription.notify();
        await new Promise((resolve) => setTimeout(resolve, 10));
      } else break;
    }
    await subscription.close();
    expect(delivered).toEqual([1, 2]);
  });
});
