import {
  JOURNAL_ENTRIES_READ_MODEL,
  type JournalEntryDocument,
  type JournalEntryRecorded,
} from '@tradewise/contracts';
import type { Projection } from '../runner/projection';

/** The Journal page's rows: each imported journal row of an account's characters. */
export const journalEntriesProjection: Projection<JournalEntryDocument> = {
  name: JOURNAL_ENTRIES_READ_MODEL,
  version: 1,
  eventTypes: ['JournalEntryRecorded'],
  indexes: [
    { keys: { accountId: 1, date: -1 }, name: 'by_account_date' },
    { keys: { accountId: 1, refType: 1, date: -1 }, name: 'by_account_type_date' },
  ],
  documentIds: (event) => {
    const data = event.data as JournalEntryRecorded;
    return [`${data.characterId}:${data.entryId}`];
  },
  evolve: (_entry, event) => {
    const data = event.data as JournalEntryRecorded;
    return {
      _id: `${data.characterId}:${data.entryId}`,
      accountId: data.accountId,
      characterId: data.characterId,
      entryId: data.entryId,
      date: data.date,
      refType: data.refType,
      amountCents: data.amountCents,
      description: data.esi.description,
      firstPartyId: data.esi.first_party_id ?? null,
      secondPartyId: data.esi.second_party_id ?? null,
    };
  },
};
