import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type {
  AccountSyncOutcome,
  CorporationWalletsRead,
  SyncLease,
  SyncWorkerIdentity,
} from '@tradewise/contracts';
import { LOGGER, type Logger } from '@tradewise/platform';
import { AccountQueries } from './account-queries';
import { AccountRuleViolation } from './account.decider';
import { ChangeAccount } from './change-account.handler';

/** The sync worker's record of each account sync (its `AccountSyncRecorder` port), as account events. */
@Injectable()
export class AccountSyncRecords {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountQueries) private readonly queries: AccountQueries,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async started(
    accountId: string,
    sync: { startedAt: string; characterIds: readonly number[]; lease: SyncLease },
  ): Promise<boolean> {
    try {
      const { position } = await this.commands.execute(
        new ChangeAccount(accountId, { type: 'StartAccountSync', ...sync }, 'system:sync'),
      );
      await this.queries.settle(position);
      return true;
    } catch (error) {
      if (error instanceof AccountRuleViolation && error.code === 'SYNC_IN_PROGRESS') return false;
      throw error;
    }
  }

  async ended(accountId: string, outcome: AccountSyncOutcome): Promise<void> {
    try {
      const { position } = await this.commands.execute(
        new ChangeAccount(accountId, { type: 'EndAccountSync', outcome }, 'system:sync'),
      );
      await this.queries.settle(position);
    } catch (error) {
      // Another worker took the account over when this sync's lease ran out; its own end will be recorded.
      if (!(error instanceof AccountRuleViolation && error.code === 'NO_SYNC_IN_PROGRESS')) throw error;
      this.logger.warn({ accountId, outcome: outcome.kind }, 'A superseded account sync ended');
    }
  }

  async rolesRead(accountId: string, characterId: number, roles: readonly string[]): Promise<void> {
    const { position } = await this.commands.execute(
      new ChangeAccount(accountId, { type: 'UpdateCharacterRoles', characterId, roles }, 'system:sync'),
    );
    await this.queries.settle(position);
  }

  async corporationWalletsRead(accountId: string, wallets: CorporationWalletsRead): Promise<void> {
    const { position } = await this.commands.execute(
      new ChangeAccount(accountId, { type: 'RecordCorporationWallets', ...wallets }, 'system:sync'),
    );
    await this.queries.settle(position);
  }

  async interrupted(
    accountId: string,
    startedAt: string,
    at: string,
    worker: SyncWorkerIdentity,
  ): Promise<void> {
    const { position } = await this.commands.execute(
      new ChangeAccount(accountId, { type: 'InterruptAccountSync', startedAt, at, worker }, 'system:sync'),
    );
    await this.queries.settle(position);
  }
}
