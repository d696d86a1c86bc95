import { z } from 'zod';

export const JOURNAL_ENTRIES_READ_MODEL = 'journal-entries';

/** Read model `journal-entries`: one document per imported journal row. */
export interface JournalEntryDocument {
  /** `<characterId>:<entryId>`. */
  readonly _id: string;
  readonly _position?: number;
  readonly accountId: string;
  readonly characterId: number;
  readonly entryId: number;
  readonly date: string;
  readonly refType: string;
  readonly amountCents: number | null;
  readonly description: string;
  readonly firstPartyId: number | null;
  readonly secondPartyId: number | null;
}

/** A row of the Journal page (account-area §3 Journal entry). */
export const journalEntrySchema = z.object({
  id: z.string(),
  date: z.string(),
  characterId: z.number().int(),
  /** The name of the first party when it is a character on the account; null otherwise (shown as '--'). */
  firstPartyName: z.string().nullable(),
  secondPartyName: z.string().nullable(),
  /** ISK, two decimals; positive into the wallet. Null when ESI sent no amount. */
  amount: z.number().nullable(),
  description: z.string(),
  /** ESI's ref type, e.g. `market_transaction`. */
  refType: z.string(),
});
export type JournalEntryDto = z.infer<typeof journalEntrySchema>;

/** GET /journal/{account}/entries: one page, newest first, and how many rows the filter matches. */
export const journalEntriesPageSchema = z.object({
  total: z.number().int(),
  entries: z.array(journalEntrySchema),
});
export type JournalEntriesPage = z.infer<typeof journalEntriesPageSchema>;

/** List page sizes (account-area §5: 10 to 100, default 40). */
export const PAGE_SIZE = { min: 10, max: 100, default: 40 } as const;
