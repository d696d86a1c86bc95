import {
  ACCOUNTS_READ_MODEL,
  SYNC_LEASE_MS,
  SYNC_TIMEOUT_MS,
  nextSyncDueAt,
  syncHeld,
  syncStatusOf,
  type AccountDocument,
  type AccountSyncOutcome,
  type SyncLease,
  type SyncWorkerIdentity,
} from '@tradewise/contracts';
import {
  CharacterGrantError,
  EsiThrottledError,
  type Clock,
  type Logger,
  type ReadModels,
} from '@tradewise/platform';
import type { CharacterContractsSync } from '../contracts/character-contracts.sync';
import type { CharacterIndustrySync } from '../industry/character-industry.sync';
import type { CharacterOrderHistorySync } from '../orders/character-order-history.sync';
import type { CorporationOrderHistorySync } from '../orders/corporation-order-history.sync';
import type { CharacterOrdersSync } from '../orders/character-orders.sync';
import type { CharacterRolesSync } from '../roles/character-roles.sync';
import type { CharacterWalletSync, WalletSyncResult } from '../wallet/character-wallet.sync';
import type { CorporationWalletSync } from '../wallet/corporation-wallet.sync';

/** Records a sync's start and end on the account (accounts implements it: account events). */
export interface AccountSyncRecorder {
  /** False when another sync holds the account (a live lease of another worker or run). */
  started(
    accountId: string,
    sync: { startedAt: string; characterIds: readonly number[]; lease: SyncLease },
  ): Promise<boolean>;
  ended(accountId: string, outcome: AccountSyncOutcome): Promise<void>;
  /** Ends a sync an earlier run of `worker` left under way; nothing when it has ended since. */
  interrupted(accountId: string, startedAt: string, at: string, worker: SyncWorkerIdentity): Promise<void>;
}

export interface AccountSyncSchedulerOptions {
  readonly readModels: ReadModels;
  readonly wallets: Pick<CharacterWalletSync, 'sync'>;
  /** Reads each synced character's corporation roles again; without it roles are only read at login. */
  readonly roles?: Pick<CharacterRolesSync, 'refresh'>;
  /** Reads each synced character's open orders; without it orders are read only on Refresh Orders. */
  readonly orders?: Pick<CharacterOrdersSync, 'refresh'>;
  /**
   * Reads each synced character's order history (the closed orders of the last 90 days), after its open orders;
   * without it the order history is not imported.
   */
  readonly orderHistory?: Pick<CharacterOrderHistorySync, 'refresh'>;
  /**
   * Reads each synced character's industry jobs and blueprints (and its corporation's jobs where allowed), after
   * its roles; without it industry is not imported.
   */
  readonly industry?: Pick<CharacterIndustrySync, 'refresh'>;
  /** Reads each synced character's contracts where the account's tier allows; without it contracts are not imported. */
  readonly contracts?: Pick<CharacterContractsSync, 'refresh'>;
  /**
   * Reads, once per account after its characters, the wallets of the corporations whose trade it tracks; without it
   * corporation wallets are not imported.
   */
  readonly corporationWallets?: Pick<CorporationWalletSync, 'refresh'>;
  /**
   * Reads, once per account after its corporations' wallets, the market orders of the corporations whose trade it
   * tracks; without it corporation orders are not imported.
   */
  readonly corporationOrderHistory?: Pick<CorporationOrderHistorySync, 'refresh'>;
  readonly recorder: AccountSyncRecorder;
  readonly clock: Clock;
  readonly logger: Logger;
  /** This worker: the lease each of its syncs holds names it. */
  readonly worker: SyncWorkerIdentity;
  /** How often due accounts are looked for (default 30 s). */
  readonly pollIntervalMs?: number;
  /** A sync still running this long after its start is recorded as timed out (default 5 minutes). */
  readonly timeoutMs?: number;
}

export interface AccountToSync {
  readonly accountId: string;
  readonly characterIds: readonly number[];
}

class SyncTimedOut extends Error {}

/** Not one character could be read (every grant refused): nothing was updated. */
class NoCharacterRead extends Error {}

/**
 * Syncs each account when it is due (spec §4 Sync: an hour and a minute after its last update, 21 minutes after a
 * timeout): every character whose status is SYNCING, then one outcome on the account. Only a sync that read at
 * least one character and published all it read is recorded as completed.
 */
type SyncedCharacter = Extract<AccountSyncOutcome, { kind: 'completed' }>['characters'][number];

export class AccountSyncScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: AccountSyncSchedulerOptions) {}

  /** Runs a round at once, so a restart resumes what its earlier run left, then one every poll interval. */
  start(): void {
    void this.round(async () => {
      await this.recoverInterrupted();
      await this.syncDueAccounts();
    });
    this.timer = setInterval(() => void this.runDue(), this.options.pollIntervalMs ?? 30_000);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  /** Syncs every account that is due now; a call while one runs waits for it instead of starting another. */
  runDue(): Promise<void> {
    return this.round(() => this.syncDueAccounts());
  }

  private round(work: () => Promise<void>): Promise<void> {
    this.running ??= work()
      .catch((error: unknown) => this.options.logger.error({ err: error }, 'The sync scheduler failed'))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  /**
   * The syncs an earlier run of this worker started and never ended died with it: each is recorded as interrupted,
   * which leaves its account due at once. One the read model has not seen yet is ended when its account next
   * starts (the start takes over a dead run's lease).
   */
  async recoverInterrupted(): Promise<void> {
    const { readModels, recorder, clock, logger, worker } = this.options;
    const accounts = await readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    if (!accounts) return;
    for (const account of await accounts.find({ 'syncLease.workerId': worker.workerId }).toArray()) {
      const startedAt = account.syncStartedAt;
      if (startedAt === null || account.syncLease?.runId === worker.runId) continue;
      await recorder.interrupted(account._id, startedAt, clock.now().toISOString(), worker);
      logger.warn(
        { accountId: account._id, startedAt },
        'An account sync ended with the run that started it',
      );
    }
  }

  async dueAccounts(): Promise<AccountToSync[]> {
    const accounts = await this.options.readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    if (!accounts) return [];
    const now = this.options.clock.now().getTime();
    const due: AccountToSync[] = [];
    for (const account of await accounts.find({ syncEnabled: true }).toArray()) {
      if (syncHeld(account.syncStartedAt, account.syncLease, now, this.options.worker)) continue;
      if (nextSyncDueAt(account.lastUpdate ?? null, account.lastSyncTimeout ?? null) > now) continue;
      const characterIds = account.characters
        .filter((c) => syncStatusOf(account.tier, account.characters, c.characterId) === 'SYNCING')
        .map((c) => c.characterId);
      if (characterIds.length > 0) due.push({ accountId: account._id, characterIds });
    }
    return due;
  }

  private async syncDueAccounts(): Promise<void> {
    for (const account of await this.dueAccounts()) await this.syncAccount(account);
  }

  async syncAccount(account: AccountToSync): Promise<AccountSyncOutcome | null> {
    const { recorder, clock, logger, worker } = this.options;
    const timeoutMs = this.options.timeoutMs ?? SYNC_TIMEOUT_MS;
    const startedMs = clock.now().getTime();
    const startedAt = new Date(startedMs).toISOString();
    // As long past the timeout as the default lease is, so the outcome is recorded before the lease runs out.
    const until = new Date(startedMs + timeoutMs + SYNC_LEASE_MS - SYNC_TIMEOUT_MS).toISOString();
    const lease: SyncLease = { ...worker, until };
    const { accountId, characterIds } = account;
    if (!(await recorder.started(accountId, { startedAt, characterIds, lease }))) return null;
    logger.info({ accountId, characterIds }, 'Account sync started');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      const left = Math.max(0, startedMs + timeoutMs - clock.now().getTime());
      timer = setTimeout(() => reject(new SyncTimedOut()), left);
    });
    let outcome: AccountSyncOutcome;
    try {
      const characters = await Promise.race([this.syncCharacters(account), deadline]);
      outcome = { kind: 'completed', startedAt, completedAt: clock.now().toISOString(), characters };
    } catch (error) {
      const at = clock.now().toISOString();
      if (error instanceof SyncTimedOut || error instanceof EsiThrottledError) {
        outcome = { kind: 'timed-out', startedAt, at };
      } else {
        logger.warn({ err: error, accountId }, 'An account sync failed');
        outcome = {
          kind: 'failed',
          startedAt,
          at,
          reason: error instanceof Error ? error.message : String(error),
        };
      }
    } finally {
      clearTimeout(timer);
    }
    await recorder.ended(accountId, outcome);
    logger.info({ accountId, outcome: outcome.kind }, 'Account sync ended');
    return outcome;
  }

  /** One character after another (their ESI limits are per character; the bus keeps order per character). */
  private async syncCharacters(account: AccountToSync): Promise<SyncedCharacter[]> {
    const results: SyncedCharacter[] = [];
    const refused: string[] = [];
    for (const characterId of account.characterIds) {
      let result: WalletSyncResult;
      try {
        result = await this.options.wallets.sync(account.accountId, characterId);
      } catch (error) {
        // The grant is gone: the token provider has marked the character; the others still sync.
        if (!(error instanceof CharacterGrantError)) throw error;
        refused.push(error.message);
        continue;
      }
      await this.options.roles?.refresh(account.accountId, characterId);
      await this.options.orders?.refresh(account.accountId, characterId);
      await this.options.orderHistory?.refresh(account.accountId, characterId);
      const industry = await this.options.industry?.refresh(account.accountId, characterId);
      await this.options.contracts?.refresh(account.accountId, characterId);
      results.push({
        characterId,
        ...result,
        ...(industry
          ? { industryRead: industry.industry, corporationIndustryRead: industry.corporationIndustry }
          : {}),
      });
    }
    if (results.length === 0) {
      const why = refused.length > 0 ? `: ${refused.join('; ')}` : '';
      throw new NoCharacterRead(`No character could be read${why}`);
    }
    const readIds = results.map((result) => result.characterId);
    await this.options.corporationWallets?.refresh(account.accountId, readIds);
    await this.options.corporationOrderHistory?.refresh(account.accountId, readIds);
    return results;
  }
}
