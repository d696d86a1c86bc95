import type {
  EsiCorporationWallet,
  EsiCorporationWalletTransaction,
  EsiWalletJournalEntry,
  EsiWalletTransaction,
} from '@tradewise/contracts';
import { centsToIsk } from '../../world/money';
import {
  characterWallet,
  corporationWallet,
  type JournalRow,
  type TransactionRecord,
  type WalletKey,
} from '../../world/world-records';
import {
  esiDate,
  EsiHttpError,
  integerParam,
  optionalIntegerParam,
  paginate,
  type EsiAnswer,
  type EsiCall,
} from '../esi-call';

export const JOURNAL_PAGE_SIZE = 2500;
export const TRANSACTIONS_PER_CALL = 2500;
const DIVISIONS = [1, 2, 3, 4, 5, 6, 7];

export function characterWalletBalance(call: EsiCall): EsiAnswer {
  const characterId = integerParam(call.params['character_id'], 'character_id');
  return { body: centsToIsk(call.world.walletBalance(characterWallet(characterId), call.snapshotMs)) };
}

export function characterJournal(call: EsiCall): EsiAnswer {
  const characterId = integerParam(call.params['character_id'], 'character_id');
  return journalPage(call, characterWallet(characterId));
}

export function characterTransactions(call: EsiCall): EsiAnswer {
  const characterId = integerParam(call.params['character_id'], 'character_id');
  const transactions = transactionsFrom(call, characterWallet(characterId));
  return { json: `[${transactions.map((t) => JSON.stringify(transactionBody(t, true))).join(',')}]` };
}

export function corporationWallets(call: EsiCall): EsiAnswer {
  const corporationId = integerParam(call.params['corporation_id'], 'corporation_id');
  const body: EsiCorporationWallet[] = DIVISIONS.map((division) => ({
    division,
    balance: centsToIsk(
      call.world.walletBalance(corporationWallet(corporationId, division), call.snapshotMs),
    ),
  }));
  return { body };
}

export function corporationJournal(call: EsiCall): EsiAnswer {
  const corporationId = integerParam(call.params['corporation_id'], 'corporation_id');
  return journalPage(call, corporationWallet(corporationId, divisionOf(call)));
}

export function corporationTransactions(call: EsiCall): EsiAnswer {
  const corporationId = integerParam(call.params['corporation_id'], 'corporation_id');
  const wallet = corporationWallet(corporationId, divisionOf(call));
  return { body: transactionsFrom(call, wallet).map((t) => transactionBody(t, false)) };
}

function divisionOf(call: EsiCall): number {
  const division = integerParam(call.params['division'], 'division');
  if (division < 1 || division > 7) throw new EsiHttpError(400, 'division must be between 1 and 7');
  return division;
}

function journalPage(call: EsiCall, wallet: WalletKey): EsiAnswer {
  const rows = call.world.journal(wallet, call.snapshotMs);
  const page = paginate(rows, call.query.get('page'), JOURNAL_PAGE_SIZE);
  return { pages: page.pages, json: `[${page.body.map(journalJson).join(',')}]` };
}

/** Newest first, at most 2,500; `from_id` starts at that transaction and goes back in time. */
function transactionsFrom(call: EsiCall, wallet: WalletKey): readonly TransactionRecord[] {
  const all = call.world.transactions(wallet, call.snapshotMs);
  const fromId = optionalIntegerParam(call.query.get('from_id'), 'from_id');
  let start = 0;
  if (fromId !== undefined) {
    let low = 0;
    let high = all.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (all[middle]!.id > fromId) low = middle + 1;
      else high = middle;
    }
    start = low;
  }
  return all.slice(start, start + TRANSACTIONS_PER_CALL);
}

/**
 * One row as JSON text, the same as `JSON.stringify(journalBody(row))` without building the object: a heavy
 * trader's sync serialises some 30,000 of them.
 */
export function journalJson(row: JournalRow): string {
  let json = `{"id":${row.id},"date":"${esiDate(row.timeMs)}","ref_type":"${row.refType}","description":${JSON.stringify(row.description)},"amount":${centsToIsk(row.amount)},"balance":${centsToIsk(row.balance)}`;
  if (row.contextId !== undefined)
    json += `,"context_id":${row.contextId},"context_id_type":"${row.contextIdType}"`;
  if (row.firstPartyId !== undefined) json += `,"first_party_id":${row.firstPartyId}`;
  if (row.secondPartyId !== undefined) json += `,"second_party_id":${row.secondPartyId}`;
  if (row.reason !== undefined) json += `,"reason":${JSON.stringify(row.reason)}`;
  return `${json}}`;
}

export function journalBody(row: JournalRow): EsiWalletJournalEntry {
  return {
    id: row.id,
    date: esiDate(row.timeMs),
    ref_type: row.refType,
    description: row.description,
    amount: centsToIsk(row.amount),
    balance: centsToIsk(row.balance),
    ...(row.contextId !== undefined ? { context_id: row.contextId, context_id_type: row.contextIdType } : {}),
    ...(row.firstPartyId !== undefined ? { first_party_id: row.firstPartyId } : {}),
    ...(row.secondPartyId !== undefined ? { second_party_id: row.secondPartyId } : {}),
    ...(row.reason !== undefined ? { reason: row.reason } : {}),
  };
}

/** A character's transaction as ESI lists it. */
export function characterTransactionBody(transaction: TransactionRecord): EsiWalletTransaction {
  return transactionBody(transaction, true);
}

function transactionBody(transaction: TransactionRecord, personal: true): EsiWalletTransaction;
function transactionBody(transaction: TransactionRecord, personal: false): EsiCorporationWalletTransaction;
function transactionBody(
  transaction: TransactionRecord,
  personal: boolean,
): EsiWalletTransaction | EsiCorporationWalletTransaction {
  const body: EsiCorporationWalletTransaction = {
    transaction_id: transaction.id,
    date: esiDate(transaction.timeMs),
    type_id: transaction.typeId,
    quantity: transaction.quantity,
    unit_price: centsToIsk(transaction.unitPrice),
    client_id: transaction.clientId,
    location_id: transaction.locationId,
    is_buy: transaction.isBuy,
    journal_ref_id: transaction.journalRefId,
  };
  return personal ? { ...body, is_personal: transaction.isPersonal } : body;
}
