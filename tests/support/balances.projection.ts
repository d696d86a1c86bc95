import type { RecordedEvent } from '@tradewise/platform';
import type { Projection } from '@tradewise/projections';
import { counterIncremented } from './test-events';

/** Test read model: a running balance and count per stream, where applying an event twice or never shows at once. */
export interface Balance {
  readonly _id: string;
  readonly _position?: number;
  readonly balanceCents: number;
  readonly increments: number;
}

export function balancesProjection(version = 1): Projection<Balance> {
  return {
    name: 'test-balances',
    version,
    eventTypes: [counterIncremented.type],
    documentIds: (event: RecordedEvent) => [event.streamId],
    evolve: (balance, event) => ({
      _id: event.streamId,
      balanceCents:
        (balance?.balanceCents ?? 0) + (event.data as { amountCents: number }).amountCents * version,
      increments: (balance?.increments ?? 0) + 1,
    }),
  };
}
