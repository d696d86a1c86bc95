import {
  UNSETTLED_DEPOSITS_READ_MODEL,
  type DepositEvent,
  type UnsettledDepositDocument,
} from '@tradewise/contracts';
import type { Projection } from '../runner/projection';

/** Deposits received and not yet credited (docs/billing.md): those waiting for their character's account. */
export const unsettledDepositsProjection: Projection<UnsettledDepositDocument> = {
  name: UNSETTLED_DEPOSITS_READ_MODEL,
  version: 1,
  eventTypes: ['DepositReceived', 'DepositAssigned', 'DepositSettled'],
  streamCategories: ['deposits'],
  indexes: [{ keys: { characterId: 1 }, name: 'by_character' }],
  documentIds: (event) => [String((event as unknown as DepositEvent).data.journalRefId)],
  evolve: (deposit, recorded) => {
    const event = recorded as unknown as DepositEvent;
    switch (event.type) {
      case 'DepositReceived':
        return {
          _id: String(event.data.journalRefId),
          characterId: event.data.characterId,
          amountCents: event.data.amountCents,
          depositedAt: event.data.depositedAt,
          accountId: null,
        };
      case 'DepositAssigned':
        return deposit ? { ...deposit, accountId: event.data.accountId } : deposit;
      case 'DepositSettled':
        return null;
      default:
        return deposit;
    }
  },
};
