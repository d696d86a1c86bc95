import { randomUUID } from 'node:crypto';
import {
  CORPORATION_WALLET_JOURNAL_TOPIC,
  CORPORATION_WALLET_ROLES,
  CORPORATION_WALLET_TRANSACTIONS_TOPIC,
  WALLET_RECORDS_PER_MESSAGE,
  iskToCents,
  type CorporationWalletJournalImported,
  type CorporationWalletsRead,
  type CorporationWalletTransactionsImported,
} from '@tradewise/contracts';
import {
  type Clock,
  type EsiClient,
  type Logger,
  type MessageBus,
  type ReadModels,
  type ReadStore,
} from '@tradewise/platform';
import { readTrackedCorporations } from '../corporations/tracked-corporations';
import { chunks, newerThan } from './wallet-records';

export const CORPORATION_WALLET_SYNC_STATE_COLLECTION = 'sync_corporation_wallet_state';

/** ESI's wallet divisions: 1 is the master wallet. */
export const CORPORATION_WALLET_DIVISIONS = [1, 2, 3, 4, 5, 6, 7] as const;

/** What the sync last published of one division for one account: `<accountId>:<corporationId>:<division>`. */
interface CorporationWalletSyncState {
  readonly _id: string;
  readonly lastTransactionId: number | null;
  readonly lastJournalId: number | null;
  readonly syncedAt: string;
}

/** Records the division balances a sync read on the account (accounts implements it: an account command). */
export interface CorporationWalletsRecorder {
  corporationWalletsRead(accountId: string, wallets: CorporationWalletsRead): Promise<void>;
}

export type CorporationWalletEsi = Pick<
  EsiClient,
  | 'getCharacter'
  | 'resolveNames'
  | 'getCorporationWallets'
  | 'getCorporationWalletTransactions'
  | 'getCorporationWalletJournal'
>;

/**
 * The wallets of the corporations whose trade an account tracks ({@link trackedCorporations}, through a character
 * with a role that reads its wallets, read again by this sync before it runs). Per division, like a character's wallet:
 * transactions (walking `from_id` back to the last one published) and journal are read in full, published oldest
 * first keyed by corporation and division, and only then remembered, so a failed read publishes them again and the
 * ledger records each once. The balances go to the account. A corporation that cannot be read (a role or scope gone
 * since, an ESI error) is logged and skipped, and what was imported stays; throttling ends the sync.
 */
export class CorporationWalletSync {
  constructor(
    private readonly esi: CorporationWalletEsi,
    private readonly bus: MessageBus,
    private readonly readStore: ReadStore,
    private readonly readModels: ReadModels,
    private readonly recorder: CorporationWalletsRecorder,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  private get states() {
    return this.readStore.collection<CorporationWalletSyncState>(CORPORATION_WALLET_SYNC_STATE_COLLECTION);
  }

  /** Reads the corporations tracked through `characterIds`, the account's characters this sync read. */
  async refresh(accountId: string, characterIds: readonly number[]): Promise<void> {
    await readTrackedCorporations(
      {
        readModels: this.readModels,
        esi: this.esi,
        logger: this.logger,
        roles: CORPORATION_WALLET_ROLES,
        what: 'a corporation wallet',
      },
      accountId,
      characterIds,
      (corporationId, readerId) => this.corporation(accountId, corporationId, readerId),
    );
  }

  private async corporation(accountId: string, corporationId: number, readerId: number): Promise<void> {
    const balances = await this.esi.getCorporationWallets(readerId, corporationId);
    for (const division of CORPORATION_WALLET_DIVISIONS) {
      await this.division(accountId, corporationId, division, readerId);
    }
    const [named] = (await this.esi.resolveNames([corporationId])).data;
    await this.recorder.corporationWalletsRead(accountId, {
      corporationId,
      corporationName: named?.name ?? `Corporation ${corporationId}`,
      divisions: balances.data
        .map(({ division, balance }) => ({ division, balanceCents: iskToCents(balance) }))
        .sort((a, b) => a.division - b.division),
      readAt: this.clock.now().toISOString(),
    });
  }

  private async division(
    accountId: string,
    corporationId: number,
    division: number,
    readerId: number,
  ): Promise<void> {
    const stateId = `${accountId}:${corporationId}:${division}`;
    const state = await this.states.findOne({ _id: stateId });
    const lastTransactionId = state?.lastTransactionId ?? null;
    const lastJournalId = state?.lastJournalId ?? null;
    const [transactions, journal] = await Promise.all([
      this.esi.getCorporationWalletTransactions(
        readerId,
        corporationId,
        division,
        lastTransactionId === null ? {} : { newerThanId: lastTransactionId },
      ),
      this.esi.getCorporationWalletJournal(readerId, corporationId, division),
    ]);
    const newTransactions = newerThan(transactions.data, (t) => t.transaction_id, lastTransactionId);
    const newEntries = newerThan(journal.data, (e) => e.id, lastJournalId);
    const fetchedAt = this.clock.now().toISOString();
    const batch = { accountId, corporationId, division, readByCharacterId: readerId, fetchedAt };
    const key = `${corporationId}:${division}`;
    const headers = { 'x-correlation-id': randomUUID() };
    for (const records of chunks(newTransactions, WALLET_RECORDS_PER_MESSAGE)) {
      const value: CorporationWalletTransactionsImported = { ...batch, transactions: records };
      await this.bus.publish(CORPORATION_WALLET_TRANSACTIONS_TOPIC, [{ key, value, headers }]);
    }
    for (const records of chunks(newEntries, WALLET_RECORDS_PER_MESSAGE)) {
      const value: CorporationWalletJournalImported = { ...batch, entries: records };
      await this.bus.publish(CORPORATION_WALLET_JOURNAL_TOPIC, [{ key, value, headers }]);
    }
    await this.states.replaceOne(
      { _id: stateId },
      {
        _id: stateId,
        lastTransactionId: newTransactions.at(-1)?.transaction_id ?? lastTransactionId,
        lastJournalId: newEntries.at(-1)?.id ?? lastJournalId,
        syncedAt: fetchedAt,
      },
      { upsert: true },
    );
  }
}
