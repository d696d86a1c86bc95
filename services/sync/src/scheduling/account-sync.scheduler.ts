import {
  ACCOUNTS_READ_MODEL,
  nextSyncDueAt,
  syncStatusOf,
  type AccountDocument,
  type AccountSyncOutcome,
} from '@tradewise/contracts';
import {
  CharacterGrantError,
  EsiThrottledError,
  type Clock,
  type Logger,
  type ReadModels,
} from '@tradewise/platform';
import type { CharacterWalletSync, WalletSyncResult } from '../wallet/character-wallet.sync';

/** Records a sync's start and end on the account (accounts implements it: account events). */
export interface AccountSyncRecorder {
  /** False when the account is being synced already (by another worker). */
  started(accountId: string, startedAt: string, characterIds: readonly number[]): Promise<boolean>;
  ended(accountId: string, outcome: AccountSyncOutcome): Promise<void>;
}

export interface AccountSyncSchedulerOptions {
  readonly readModels: ReadModels;
  readonly wallets: Pick<CharacterWalletSync, 'sync'>;
  readonly recorder: AccountSyncRecorder;
  readonly clock: Clock;
  readonly logger: Logger;
  /** How often due accounts are looked for (default 30 s). */
  readonly pollIntervalMs?: number;
  /** A sync still running after this is recorded as timed out (default 5 minutes). */
  readonly timeoutMs?: number;
  /** A sync started this long ago without an end died with its process (default 30 minutes). */
  readonly staleAfterMs?: number;
}

export interface AccountToSync {
  readonly accountId: string;
  readonly characterIds: readonly number[];
}

class SyncTimedOut extends Error {}

/**
 * Syncs each account when it is due (spec §4 Sync: an hour and a minute after its last update, 21 minutes after a
 * timeout): every character whose status is SYNCING, then one outcome on the account. Only a sync that read and
 * published every character is recorded as completed.
 */
export class AccountSyncScheduler {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly options: AccountSyncSchedulerOptions) {}

  start(): void {
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
    this.running ??= this.syncDueAccounts().finally(() => (this.running = undefined));
    return this.running;
  }

  async dueAccounts(): Promise<AccountToSync[]> {
    const accounts = await this.options.readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    if (!accounts) return [];
    const now = this.options.clock.now().getTime();
    const staleAfter = this.options.staleAfterMs ?? 30 * 60_000;
    const due: AccountToSync[] = [];
    for (const account of await accounts.find({ syncEnabled: true }).toArray()) {
      if (account.syncStartedAt !== null && now - Date.parse(account.syncStartedAt) < staleAfter) continue;
      if (nextSyncDueAt(account.lastUpdate ?? null, account.lastSyncTimeout ?? null) > now) continue;
      const characterIds = account.characters
        .filter((c) => syncStatusOf(account.tier, account.characters, c.characterId) === 'SYNCING')
        .map((c) => c.characterId);
      if (characterIds.length > 0) due.push({ accountId: account._id, characterIds });
    }
    return due;
  }

  private async syncDueAccounts(): Promise<void> {
    try {
      for (const account of await this.dueAccounts()) await this.syncAccount(account);
    } catch (error) {
      this.options.logger.error({ err: error }, 'The sync scheduler failed');
    }
  }

  async syncAccount(account: AccountToSync): Promise<AccountSyncOutcome | null> {
    const { recorder, clock, logger } = this.options;
    const startedAt = clock.now().toISOString();
    if (!(await recorder.started(account.accountId, startedAt, account.characterIds))) return null;
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new SyncTimedOut()), this.options.timeoutMs ?? 5 * 60_000);
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
        logger.warn({ err: error, accountId: account.accountId }, 'An account sync failed');
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
    await recorder.ended(account.accountId, outcome);
    return outcome;
  }

  /** One character after another (their ESI limits are per character; the bus keeps order per character). */
  private async syncCharacters(
    account: AccountToSync,
  ): Promise<{ characterId: number; transactions: number; journalEntries: number }[]> {
    const results = [];
    for (const characterId of account.characterIds) {
      let result: WalletSyncResult;
      try {
        result = await this.options.wallets.sync(account.accountId, characterId);
      } catch (error) {
        // The grant is gone: the token provider has marked the character; the others still sync.
        if (error instanceof CharacterGrantError) continue;
        throw error;
      }
      results.push({ characterId, ...result });
    }
    return results;
  }
}
