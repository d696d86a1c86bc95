import {
  iskToCents,
  type CorporationJournalEntryRecorded,
  type CorporationWalletTransactionRecorded,
  type EsiCorporationWalletTransaction,
  type EsiWalletJournalEntry,
  type EsiWalletTransaction,
  type JournalEntryRecorded,
  type WalletTransactionRecorded,
} from '@tradewise/contracts';

/** What a wallet stream has recorded so far: ESI ids only grow, and a stream holds them in ascending order. */
export interface ImportWatermark {
  readonly lastRecordedId: number | null;
}

export interface ImportContext {
  readonly accountId: string;
  readonly characterId: number;
}

/** Which division of which corporation's wallet, imported for which account. */
export interface CorporationImportContext {
  readonly accountId: string;
  readonly corporationId: number;
  readonly division: number;
}

export type RecordedWalletEvent =
  | {
      readonly type: 'WalletTransactionRecorded';
      readonly id: number;
      readonly data: WalletTransactionRecorded;
    }
  | { readonly type: 'JournalEntryRecorded'; readonly id: number; readonly data: JournalEntryRecorded }
  | {
      readonly type: 'CorporationWalletTransactionRecorded';
      readonly id: number;
      readonly data: CorporationWalletTransactionRecorded;
    }
  | {
      readonly type: 'CorporationJournalEntryRecorded';
      readonly id: number;
      readonly data: CorporationJournalEntryRecorded;
    };

/** Ids above the watermark, once each, ascending: a re-delivered or overlapping batch records nothing twice. */
function newRecords<T>(records: readonly T[], idOf: (record: T) => number, watermark: ImportWatermark): T[] {
  const seen = new Set<number>();
  return records
    .filter((record) => {
      const id = idOf(record);
      if (watermark.lastRecordedId !== null && id <= watermark.lastRecordedId) return false;
      if (seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .sort((a, b) => idOf(a) - idOf(b));
}

/** What the ledger computes with of a transaction, as both wallets' transaction events carry it. */
function transactionFields(esi: EsiCorporationWalletTransaction) {
  return {
    transactionId: esi.transaction_id,
    date: esi.date,
    typeId: esi.type_id,
    quantity: esi.quantity,
    unitPriceCents: iskToCents(esi.unit_price),
    isBuy: esi.is_buy,
  };
}

export function decideTransactionImport(
  watermark: ImportWatermark,
  context: ImportContext,
  transactions: readonly EsiWalletTransaction[],
): RecordedWalletEvent[] {
  return newRecords(transactions, (t) => t.transaction_id, watermark).map((esi) => ({
    type: 'WalletTransactionRecorded',
    id: esi.transaction_id,
    data: {
      accountId: context.accountId,
      characterId: context.characterId,
      ...transactionFields(esi),
      isPersonal: esi.is_personal,
      esi,
    },
  }));
}

export function decideCorporationTransactionImport(
  watermark: ImportWatermark,
  context: CorporationImportContext,
  transactions: readonly EsiCorporationWalletTransaction[],
): RecordedWalletEvent[] {
  const { accountId, corporationId, division } = context;
  return newRecords(transactions, (t) => t.transaction_id, watermark).map((esi) => ({
    type: 'CorporationWalletTransactionRecorded',
    id: esi.transaction_id,
    data: {
      accountId,
      corporationId,
      division,
      ...transactionFields(esi),
      esi,
    },
  }));
}

const optionalCents = (isk: number | undefined): number | null =>
  isk === undefined ? null : iskToCents(isk);

/** A journal row's amounts in cents, as both wallets' journal events carry them. */
function journalAmounts(esi: EsiWalletJournalEntry) {
  return {
    entryId: esi.id,
    date: esi.date,
    refType: esi.ref_type,
    amountCents: optionalCents(esi.amount),
    balanceCents: optionalCents(esi.balance),
    taxCents: optionalCents(esi.tax),
    esi,
  };
}

export function decideCorporationJournalImport(
  watermark: ImportWatermark,
  context: CorporationImportContext,
  entries: readonly EsiWalletJournalEntry[],
): RecordedWalletEvent[] {
  const { accountId, corporationId, division } = context;
  return newRecords(entries, (e) => e.id, watermark).map((esi) => ({
    type: 'CorporationJournalEntryRecorded',
    id: esi.id,
    data: { accountId, corporationId, division, ...journalAmounts(esi) },
  }));
}

export function decideJournalImport(
  watermark: ImportWatermark,
  context: ImportContext,
  entries: readonly EsiWalletJournalEntry[],
): RecordedWalletEvent[] {
  return newRecords(entries, (e) => e.id, watermark).map((esi) => ({
    type: 'JournalEntryRecorded',
    id: esi.id,
    data: { accountId: context.accountId, characterId: context.characterId, ...journalAmounts(esi) },
  }));
}
