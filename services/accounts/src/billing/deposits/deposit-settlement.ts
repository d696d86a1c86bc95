import type { CommandBus } from '@nestjs/cqrs';
import {
  CORPORATION_DEPOSITS_TOPIC,
  UNSETTLED_DEPOSITS_READ_MODEL,
  corporationDepositsImportedSchema,
  depositsStream,
  type UnsettledDepositDocument,
} from '@tradewise/contracts';
import {
  PeriodicTask,
  loadDeciderState,
  type Consumer,
  type DeliveredMessage,
  type EventStore,
  type Logger,
  type MessageBus,
  type ReadModels,
} from '@tradewise/platform';
import { AccountQueries } from '../../account/account-queries';
import { ChangeAccount } from '../../account/change-account.handler';
import { ChangeCharacterDeposits } from './change-character-deposits.handler';
import { characterDepositsDecider } from './character-deposits.decider';

export const DEPOSIT_IMPORT_GROUP = 'accounts-corporation-deposits';

export interface DepositSettlementOptions {
  readonly commands: Pick<CommandBus, 'execute'>;
  /** Read only: every change is a command. */
  readonly eventStore: EventStore;
  readonly readModels: ReadModels;
  readonly logger: Logger;
  /** How often deposits waiting for their character's account are looked at (default 30 s). */
  readonly pollIntervalMs?: number;
}

/**
 * Credits deposits to the account that owns the sending character, exactly once, in three idempotent steps on
 * the character's `deposits-<characterId>` stream and the account's stream:
 *
 * 1. assign: the character's holder (read model `character-accounts`) is written on the deposit, once;
 * 2. credit: `CreditDeposit` on that account (its decider and the event id keep one journal entry once);
 * 3. settle: the deposit is marked done.
 *
 * A crash between any two steps leaves the deposit unsettled in the log; the next pass (the redelivered message,
 * or the sweep over `unsettled-deposits`) does the remaining steps again, to the account assigned before.
 */
export class DepositSettlement {
  private readonly queries: AccountQueries;
  private readonly sweep: PeriodicTask<number>;

  constructor(private readonly options: DepositSettlementOptions) {
    this.queries = new AccountQueries(options.readModels);
    this.sweep = new PeriodicTask(() => this.settleWaiting(), {
      intervalMs: options.pollIntervalMs ?? 30_000,
      logger: options.logger,
      failure: 'Waiting deposits could not be credited',
    });
  }

  /** Records a character's deposits as the sync read them, then credits those an account can take. */
  async record(message: unknown): Promise<number> {
    const batch = corporationDepositsImportedSchema.parse(message);
    await this.options.commands.execute(
      new ChangeCharacterDeposits(batch.characterId, {
        type: 'RecordDeposits',
        characterId: batch.characterId,
        corporationId: batch.corporationId,
        division: batch.division,
        entries: batch.entries,
      }),
    );
    return this.settle(batch.characterId);
  }

  /** Credits the character's unsettled deposits to its account; answers how many were settled now. */
  async settle(characterId: number): Promise<number> {
    const { commands, logger } = this.options;
    const { state } = await loadDeciderState(
      this.options.eventStore,
      depositsStream(characterId),
      characterDepositsDecider,
    );
    const open = [...state.deposits.values()].filter((deposit) => !deposit.settled);
    if (open.length === 0) return 0;
    const holder = open.some((deposit) => deposit.accountId === null)
      ? await this.queries.holderOf(characterId)
      : undefined;
    let settled = 0;
    for (const deposit of open) {
      const { journalRefId } = deposit.received;
      let accountId = deposit.accountId;
      if (accountId === null) {
        if (!holder) continue;
        const assigned = await commands.execute(
          new ChangeCharacterDeposits(characterId, {
            type: 'AssignDeposit',
            journalRefId,
            accountId: holder.accountId,
          }),
        );
        accountId = assigned.state.deposits.get(journalRefId)!.accountId!;
      }
      const { characterId: sender, amountCents, depositedAt } = deposit.received;
      await commands.execute(
        new ChangeAccount(
          accountId,
          { type: 'CreditDeposit', journalRefId, characterId: sender, amountCents, depositedAt },
          'system:deposits',
        ),
      );
      await commands.execute(
        new ChangeCharacterDeposits(characterId, { type: 'SettleDeposit', journalRefId }),
      );
      settled += 1;
      logger.info({ journalRefId, characterId, accountId, amountCents }, 'A deposit was credited');
    }
    return settled;
  }

  /** Every character with deposits waiting whose account is known now (it was added since), or assigned. */
  async settleWaiting(): Promise<number> {
    const waiting = await this.options.readModels.serving<UnsettledDepositDocument>(
      UNSETTLED_DEPOSITS_READ_MODEL,
    );
    if (!waiting) return 0;
    const assignedByCharacter = new Map<number, boolean>();
    for (const { characterId, accountId } of await waiting.find({}).toArray()) {
      assignedByCharacter.set(
        characterId,
        assignedByCharacter.get(characterId) === true || accountId !== null,
      );
    }
    let settled = 0;
    for (const [characterId, assigned] of assignedByCharacter) {
      if (assigned || (await this.queries.holderOf(characterId))) settled += await this.settle(characterId);
    }
    return settled;
  }

  /** Sweeps at once and then every poll interval. */
  start(): void {
    this.sweep.start();
  }

  async runDue(): Promise<number> {
    return (await this.sweep.runNow()) ?? 0;
  }

  stop(): Promise<void> {
    return this.sweep.stop();
  }

  /**
   * Consumes `esi.corporation-deposits.v1`: each message is recorded and credited before the bus commits it, so a
   * crash redelivers it, and the steps above make the repeat harmless.
   */
  consume(bus: MessageBus): Promise<Consumer> {
    return bus.consume(
      { groupId: DEPOSIT_IMPORT_GROUP, topics: [CORPORATION_DEPOSITS_TOPIC] },
      async (message: DeliveredMessage) => {
        await this.record(message.value);
      },
    );
  }
}
