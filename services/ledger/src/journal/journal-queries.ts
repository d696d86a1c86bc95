import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNTS_READ_MODEL,
  JOURNAL_ENTRIES_READ_MODEL,
  type AccountDocument,
  type JournalEntriesPage,
  type JournalEntryDocument,
} from '@tradewise/contracts';
import { READ_MODELS, type Filter, type ReadModels } from '@tradewise/platform';

export interface JournalEntriesQuery {
  readonly accountId: string;
  /** Offset of the first row. */
  readonly start: number;
  readonly count: number;
  /** ESI's ref type in lower case, e.g. `market_transaction`. */
  readonly refType?: string;
  readonly characterId?: number;
}

/** The Journal page's reads over the `journal-entries` read model. */
@Injectable()
export class JournalQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async entries(query: JournalEntriesQuery): Promise<JournalEntriesPage> {
    const entries = await this.readModels.serving<JournalEntryDocument>(JOURNAL_ENTRIES_READ_MODEL);
    if (!entries) return { total: 0, entries: [] };
    const filter: Filter<JournalEntryDocument> = {
      accountId: query.accountId,
      ...(query.refType !== undefined ? { refType: query.refType } : {}),
      ...(query.characterId !== undefined ? { characterId: query.characterId } : {}),
    };
    const [total, rows, names] = await Promise.all([
      entries.countDocuments(filter),
      entries.find(filter).sort({ date: -1, entryId: -1 }).skip(query.start).limit(query.count).toArray(),
      this.characterNames(query.accountId),
    ]);
    // Spec §2 Journal: only the names of the account's own characters are shown.
    const nameOf = (id: number | null): string | null => (id === null ? null : (names.get(id) ?? null));
    return {
      total,
      entries: rows.map((row) => ({
        id: row._id,
        date: row.date,
        characterId: row.characterId,
        firstPartyName: nameOf(row.firstPartyId),
        secondPartyName: nameOf(row.secondPartyId),
        amount: row.amountCents === null ? null : row.amountCents / 100,
        description: row.description,
        refType: row.refType,
      })),
    };
  }

  /** Every journal row of one of the account's characters, newest first (the CSV export). */
  async allOfCharacter(accountId: string, characterId: number): Promise<JournalEntryDocument[]> {
    const entries = await this.readModels.serving<JournalEntryDocument>(JOURNAL_ENTRIES_READ_MODEL);
    if (!entries) return [];
    return entries.find({ accountId, characterId }).sort({ date: -1, entryId: -1 }).toArray();
  }

  private async characterNames(accountId: string): Promise<Map<number, string>> {
    const accounts = await this.readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    const account = accounts ? await accounts.findOne({ _id: accountId }) : null;
    return new Map(account?.characters.map((c) => [c.characterId, c.characterName]) ?? []);
  }
}
