import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AccountQueries, ChangeAccount, asHttpError } from '@tradewise/accounts';
import { iskToCents, type StaffBalanceChange, type StaffBalanceChangeOutcomeDto } from '@tradewise/contracts';
import { CLOCK, type Clock } from '@tradewise/platform';

/**
 * A credit or debit of an account's balance by support staff, with a reason, recorded with the staff member as
 * actor: from the staff console (the logged-in staff character) or the admin CLI (a named staff member).
 */
@Injectable()
export class StaffBalanceEntries {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountQueries) private readonly queries: AccountQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async enter(
    type: 'CreditAccount' | 'DebitAccount',
    accountId: string,
    { isk, reason }: StaffBalanceChange,
    actor: `staff:${string}`,
  ): Promise<StaffBalanceChangeOutcomeDto> {
    const amountCents = iskToCents(isk);
    if (Math.abs(isk * 100 - amountCents) > 1e-6) {
      throw new BadRequestException('The request is not valid: isk: at most two decimals.');
    }
    const { position } = await asHttpError(
      this.commands.execute(
        new ChangeAccount(
          accountId,
          { type, amountCents, reason, at: this.clock.now().toISOString() },
          actor,
        ),
      ),
    );
    const balanceCents = (await this.queries.balanceCents(accountId, position)) ?? 0;
    return { accountId, position, balance: balanceCents / 100 };
  }
}
