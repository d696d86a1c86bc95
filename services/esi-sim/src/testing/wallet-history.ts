import type { EsiWalletJournalEntry, EsiWalletTransaction } from '@tradewise/contracts';
import { characterTransactionBody, journalBody } from '../http/handlers/wallet.handlers';
import type { SimulatedWorld } from '../world/simulated-world';
import { characterWallet } from '../world/world-records';

const WINDOW_MS = 30 * 86_400_000;

/**
 * What ESI would have listed of a character's wallet over any span, oldest first: benchmarks feed a year to the
 * importer without a year of syncs (ESI itself keeps 30 days). Read in 30-day windows, as ESI answers.
 */
export function esiWalletHistory(
  world: SimulatedWorld,
  characterId: number,
  fromMs: number,
  toMs: number,
): { transactions: EsiWalletTransaction[]; journal: EsiWalletJournalEntry[] } {
  const wallet = characterWallet(characterId);
  const transactions = new Map<number, EsiWalletTransaction>();
  const journal = new Map<number, EsiWalletJournalEntry>();
  for (let atMs = toMs; atMs > fromMs - WINDOW_MS; atMs -= WINDOW_MS) {
    for (const record of world.transactions(wallet, atMs))
      if (record.timeMs >= fromMs && !transactions.has(record.id))
        transactions.set(record.id, characterTransactionBody(record));
    for (const row of world.journal(wallet, atMs))
      if (row.timeMs >= fromMs && !journal.has(row.id)) journal.set(row.id, journalBody(row));
  }
  return {
    transactions: [...transactions.values()].sort((a, b) => a.transaction_id - b.transaction_id),
    journal: [...journal.values()].sort((a, b) => a.id - b.id),
  };
}
