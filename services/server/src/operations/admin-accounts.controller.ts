import { Body, Controller, HttpCode, Inject, Param, ParseUUIDPipe, Post, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { staffBalanceEntrySchema, type StaffBalanceChangeOutcomeDto } from '@tradewise/contracts';
import { parseBody } from '@tradewise/platform';
import { StaffBalanceEntries } from '../staff/staff-balance-entries';
import { AdminTokenGuard } from './admin-token';

/**
 * Support staff credit or debit an account's balance with a reason (`npm run admin -- credit|debit`), recorded
 * with the actor `staff:<name>`. Operator-only: behind the admin token, and not in the public API document.
 */
@ApiExcludeController()
@Controller('admin/accounts')
@UseGuards(AdminTokenGuard)
export class AdminAccountsController {
  constructor(@Inject(StaffBalanceEntries) private readonly entries: StaffBalanceEntries) {}

  @Post(':accountId/credits')
  @HttpCode(200)
  credit(
    @Param('accountId', new ParseUUIDPipe()) accountId: string,
    @Body() body: unknown,
  ): Promise<StaffBalanceChangeOutcomeDto> {
    const { staff, ...change } = parseBody(staffBalanceEntrySchema, body);
    return this.entries.enter('CreditAccount', accountId, change, `staff:${staff}`);
  }

  @Post(':accountId/debits')
  @HttpCode(200)
  debit(
    @Param('accountId', new ParseUUIDPipe()) accountId: string,
    @Body() body: unknown,
  ): Promise<StaffBalanceChangeOutcomeDto> {
    const { staff, ...change } = parseBody(staffBalanceEntrySchema, body);
    return this.entries.enter('DebitAccount', accountId, change, `staff:${staff}`);
  }
}
