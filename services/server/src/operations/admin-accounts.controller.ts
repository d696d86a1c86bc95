import {
  BadRequestException,
  Body,
  Controller,
  HttpCode,
  Inject,
  Param,
  ParseUUIDPipe,
  Post,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { AccountQueries, ChangeAccount, asHttpError } from '@tradewise/accounts';
import { iskToCents, staffBalanceEntrySchema } from '@tradewise/contracts';
import { CLOCK, parseBody, type Clock } from '@tradewise/platform';
import { AdminTokenGuard } from './admin-token';

export interface StaffBalanceEntryOutcome {
  readonly accountId: string;
  /** Global position of the recorded event. */
  readonly position: number | null;
  /** The account's balance after it, in ISK. */
  readonly balance: number;
}

/**
 * Support staff credit or debit an account's balance with a reason (`npm run admin -- credit|debit`), recorded
 * with the actor `staff:<name>`. Operator-only: behind the admin token, and not in the public API document.
 */
@ApiExcludeController()
@Controller('admin/accounts')
@UseGuards(AdminTokenGuard)
export class AdminAccountsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountQueries) private readonly queries: AccountQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post(':accountId/credits')
  @HttpCode(200)
  credit(
    @Param('accountId', new ParseUUIDPipe()) accountId: string,
    @Body() body: unknown,
  ): Promise<StaffBalanceEntryOutcome> {
    return this.enter('CreditAccount', accountId, body);
  }

  @Post(':accountId/debits')
  @HttpCode(200)
  debit(
    @Param('accountId', new ParseUUIDPipe()) accountId: string,
    @Body() body: unknown,
  ): Promise<StaffBalanceEntryOutcome> {
    return this.enter('DebitAccount', accountId, body);
  }

  private async enter(
    type: 'CreditAccount' | 'DebitAccount',
    accountId: string,
    body: unknown,
  ): Promise<StaffBalanceEntryOutcome> {
    const { isk, reason, staff } = parseBody(staffBalanceEntrySchema, body);
    const amountCents = iskToCents(isk);
    if (Math.abs(isk * 100 - amountCents) > 1e-6) {
      throw new BadRequestException('The request is not valid: isk: at most two decimals.');
    }
    const { position } = await asHttpError(
      this.commands.execute(
        new ChangeAccount(
          accountId,
          { type, amountCents, reason, at: this.clock.now().toISOString() },
          `staff:${staff}`,
        ),
      ),
    );
    const balanceCents = (await this.queries.balanceCents(accountId, position)) ?? 0;
    return { accountId, position, balance: balanceCents / 100 };
  }
}
