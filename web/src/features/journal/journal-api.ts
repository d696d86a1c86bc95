import { tradewiseApi } from '../../shared/api';

export const JOURNAL_TAG = 'Journal';

/** The journal's reads carry the 'Journal' tag, invalidated when a new sync has imported more rows. */
export const journalApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: [JOURNAL_TAG],
  endpoints: {
    journalEntries: { providesTags: [JOURNAL_TAG] },
  },
});

export const { useJournalEntriesQuery } = journalApi;
