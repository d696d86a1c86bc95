import { randomUUID } from 'node:crypto';
import {
  CORPORATION_DEPOSITS_TOPIC,
  CORPORATION_WALLET_DIVISIONS,
  isDepositEntry,
  type CorporationDepositsImported,
  type EsiWalletJournalEntry,
} from '@tradewise/contracts';
import type { Clock, EsiClient, Logger, MessageBus, ReadStore } from '@tradewise/platform';

export const DEPOSIT_SYNC_STATE_COLLECTION = 'sync_deposit_state';
const ENTRIES_PER_MESSAGE = 1000;

interface DepositSyncState {
  /** The corporation id. */
  readonly _id: string;
  /** The newest journal id published, per division ('1'..'7'). */
  readonly lastJournalIds: Readonly<Record<string, number>>;
  readonly syncedAt: string;
}

/** Who reads the product corporation's journal: the operator's service character (accounts keeps its grant). */
export interface ServiceCharacterSource {
  current(): Promise<{ readonly characterId: number; readonly corporationId: number } | null>;
}

export interface DepositSyncResult {
  readonly published: number;
  /** Divisions ESI had nothing new for (answered from the cache or with a 304). */
  readonly unchanged: number;
}

/**
 * Deposits among a division's journal rows newer than `lastId`, grouped by the paying character, oldest first:
 * `player_donation` and `corporation_account_withdrawal` into the wallet, with a first party.
 */
export function newDepositsBySender(
  entries: readonly EsiWalletJournalEntry[],
  lastId: number | null,
): Map<number, EsiWalletJournalEntry[]> {
  const bySender = new Map<number, EsiWalletJournalEntry[]>();
  const sorted = [...entries].sort((a, b) => a.id - b.id);
  for (const entry of sorted) {
    if (lastId !== null && entry.id <= lastId) continue;
    if (!isDepositEntry(entry)) continue;
    const list = bySender.get(entry.first_party_id) ?? [];
    if (list.at(-1)?.id !== entry.id) list.push(entry);
    bySender.set(entry.first_party_id, list);
  }
  return bySender;
}

/**
 * The product corporation's wallet journal, all seven divisions, read with the service character's token (the
 * ESI client keeps to `Expires` and sends the ETag). A division's new deposits are published per paying
 * character (`esi.corporation-deposits.v1`), and only then is the division's newest id remembered: a crash in
 * between publishes them again, and accounts records each deposit once.
 */
export class CorporationDepositSync {
  constructor(
    private readonly esi: EsiClient,
    private readonly bus: MessageBus,
    private readonly readStore: ReadStore,
    private readonly clock: Clock,
    private readonly serviceCharacter: ServiceCharacterSource,
    private readonly logger: Logger,
  ) {}

  private get states() {
    return this.readStore.collection<DepositSyncState>(DEPOSIT_SYNC_STATE_COLLECTION);
  }

  async sync(): Promise<DepositSyncResult | null> {
    const service = await this.serviceCharacter.current();
    if (!service) return null;
    const { characterId, corporationId } = service;
    const key = String(corporationId);
    const state = await this.states.findOne({ _id: key });
    const lastJournalIds: Record<string, number> = { ...state?.lastJournalIds };
    let published = 0;
    let unchanged = 0;
    for (const division of CORPORATION_WALLET_DIVISIONS) {
      const journal = await this.esi.getCorporationWalletJournal(characterId, corporationId, division);
      const lastId = lastJournalIds[String(division)] ?? null;
      const newest = Math.max(lastId ?? 0, ...journal.data.map((entry) => entry.id));
      if (journal.unchanged && newest === (lastId ?? 0)) {
        unchanged += 1;
        continue;
      }
      const fetchedAt = this.clock.now().toISOString();
      const headers = { 'x-correlation-id': randomUUID() };
      for (const [sender, entries] of newDepositsBySender(journal.data, lastId)) {
        for (let start = 0; start < entries.length; start += ENTRIES_PER_MESSAGE) {
          const value: CorporationDepositsImported = {
            corporationId,
            division,
            characterId: sender,
            fetchedAt,
            entries: entries.slice(start, start + ENTRIES_PER_MESSAGE),
          };
          await this.bus.publish(CORPORATION_DEPOSITS_TOPIC, [{ key: String(sender), value, headers }]);
          published += value.entries.length;
        }
      }
      if (newest > 0) lastJournalIds[String(division)] = newest;
      await this.states.replaceOne(
        { _id: key },
        { _id: key, lastJournalIds: { ...lastJournalIds }, syncedAt: fetchedAt },
        { upsert: true },
      );
    }
    if (published > 0) this.logger.info({ corporationId, published }, 'Corporation deposits read');
    return { published, unchanged };
  }
}
