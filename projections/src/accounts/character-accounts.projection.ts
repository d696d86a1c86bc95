import {
  CHARACTER_ACCOUNTS_READ_MODEL,
  streamEntityId,
  type AccountEvent,
  type CharacterAccountDocument,
} from '@tradewise/contracts';
import type { Projection } from '../runner/projection';

/** Which account holds each character: the login finds the account of the character that logs in. */
export const characterAccountsProjection: Projection<CharacterAccountDocument> = {
  name: CHARACTER_ACCOUNTS_READ_MODEL,
  version: 1,
  eventTypes: ['CharacterLinked', 'CharacterUnlinked'],
  streamCategories: ['account'],
  indexes: [{ keys: { accountId: 1 }, name: 'by_account' }],
  documentIds: (event) => {
    const { type, data } = event as unknown as AccountEvent;
    return type === 'CharacterLinked' || type === 'CharacterUnlinked' ? [String(data.characterId)] : [];
  },
  evolve: (holder, recorded) => {
    const event = recorded as unknown as AccountEvent;
    const accountId = streamEntityId(recorded.streamId);
    if (event.type === 'CharacterLinked') {
      return { _id: String(event.data.characterId), accountId, ownerHash: event.data.ownerHash };
    }
    if (event.type === 'CharacterUnlinked') {
      // Only the account that holds the character releases it; an old unlink elsewhere changes nothing.
      return holder?.accountId === accountId ? null : holder;
    }
    return holder;
  },
};
