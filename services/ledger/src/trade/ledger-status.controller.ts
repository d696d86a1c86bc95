import { Controller, Get, Inject, Param, UseGuards } from '@nestjs/common';
import {
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { TRADE_LEDGER_READ_MODEL, type LedgerStatus } from '@tradewise/contracts';
import { AccountSessionGuard, READ_MODELS, type ReadModels } from '@tradewise/platform';

/** Whether the account's ledger is current, so its pages can say when it stopped at an entry and why. */
@ApiTags('Profit')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@ApiForbiddenResponse({ description: 'Not your account' })
@UseGuards(AccountSessionGuard)
@Controller('profit/:account')
export class LedgerStatusController {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  @Get('status')
  @ApiOperation({ summary: "Whether the account's trade ledger is current, or the event it stopped at" })
  @ApiOkResponse({ schema: { $ref: '#/components/schemas/LedgerStatus' } })
  async ledgerStatus(@Param('account') accountId: string): Promise<LedgerStatus> {
    const failure = await this.readModels.failure(TRADE_LEDGER_READ_MODEL, accountId);
    if (!failure) return { stopped: null };
    const { position, eventType, reason, failedAt } = failure;
    return { stopped: { position, eventType, reason, failedAt } };
  }
}
