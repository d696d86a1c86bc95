import {
  BadRequestException,
  Body,
  Controller,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Post,
  Req,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import {
  idempotencyKeySchema,
  subscriptionPurchaseSchema,
  type AccountDto,
  type AccountTransactionDto,
  type SubscriptionRecordDto,
} from '@tradewise/contracts';
import {
  AccountSessionGuard,
  CLOCK,
  CurrentSession,
  parseBody,
  type AccountSession,
  type Clock,
} from '@tradewise/platform';
import { AccountQueries } from '../account/account-queries';
import { asHttpError } from '../account/account-errors';
import type { AccountCommand } from '../account/account.decider';
import { ChangeAccount } from '../account/change-account.handler';

const one = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
const listOf = (schema: string) => ({ type: 'array', items: one(schema) });

const IDEMPOTENCY_KEY = {
  name: 'Idempotency-Key',
  required: false,
  // As idempotencyKeySchema reads it: printable ASCII without spaces, at most 100 characters.
  schema: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[!-~]+$' },
  description: 'A retried request with the same key charges once',
};
const PURCHASE_REFUSED = {
  description:
    "INSUFFICIENT_BALANCE, ALREADY_SUBSCRIBED or TRIAL_NOT_ELIGIBLE, with the dialog's `title`; or an invalid body",
  schema: one('ApiError'),
};

function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const parsed = idempotencyKeySchema.safeParse(header);
  if (!parsed.success) throw new BadRequestException(`Idempotency-Key: ${parsed.error.issues[0]!.message}`);
  return parsed.data;
}

/** The Subscription page's calls (account-area §2 Subscription, §7): balance movements, subscriptions, purchases. */
@ApiTags('Account')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@UseGuards(AccountSessionGuard)
@Controller('account')
export class BillingController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountQueries) private readonly queries: AccountQueries,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Get('transactions')
  @ApiOperation({ summary: "The account's deposits, purchases, credits and withdrawals, newest first" })
  @ApiOkResponse({ schema: listOf('AccountTransaction') })
  transactions(@CurrentSession() session: AccountSession): Promise<AccountTransactionDto[]> {
    return this.queries.transactions(session.accountId);
  }

  @Get('subscriptions')
  @ApiOperation({ summary: 'The subscriptions the account bought, renewed or tried, newest first' })
  @ApiOkResponse({ schema: listOf('SubscriptionRecord') })
  subscriptions(@CurrentSession() session: AccountSession): Promise<SubscriptionRecordDto[]> {
    return this.queries.subscriptions(session.accountId);
  }

  @Post('subscriptions')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Buys a tier for 30 days from the balance; from Supporter, Pro is a pro-rated upgrade',
  })
  @ApiHeader(IDEMPOTENCY_KEY)
  @ApiBody({ schema: one('SubscriptionPurchase') })
  @ApiOkResponse({ description: 'The account with its new tier and balance', schema: one('Account') })
  @ApiBadRequestResponse(PURCHASE_REFUSED)
  async purchase(
    @CurrentSession() session: AccountSession,
    @Body() body: unknown,
    @Req() request: Request,
  ): Promise<AccountDto> {
    const { tier } = parseBody(subscriptionPurchaseSchema, body);
    return this.change(session, {
      type: 'PurchaseSubscription',
      tier,
      at: this.now(),
      ...this.keyed(request),
    });
  }

  @Post('subscriptions/freeTrial')
  @HttpCode(200)
  @ApiOperation({ summary: 'Starts the free 3-day Pro trial of an account that never had a subscription' })
  @ApiHeader(IDEMPOTENCY_KEY)
  @ApiOkResponse({ description: 'The account on its trial', schema: one('Account') })
  @ApiBadRequestResponse(PURCHASE_REFUSED)
  async startFreeTrial(
    @CurrentSession() session: AccountSession,
    @Req() request: Request,
  ): Promise<AccountDto> {
    return this.change(session, { type: 'StartFreeTrial', at: this.now(), ...this.keyed(request) });
  }

  private now(): string {
    return this.clock.now().toISOString();
  }

  private keyed(request: Request): { idempotencyKey?: string } {
    const idempotencyKey = idempotencyKeyOf(request.header('idempotency-key'));
    return idempotencyKey === undefined ? {} : { idempotencyKey };
  }

  private async change(session: AccountSession, command: AccountCommand): Promise<AccountDto> {
    const { position } = await asHttpError(
      this.commands.execute(new ChangeAccount(session.accountId, command, `account:${session.accountId}`)),
    );
    const account = await this.queries.account(
      session.accountId,
      { characterId: session.characterId, characterName: session.characterName },
      position,
    );
    if (!account) throw new NotFoundException('This account no longer exists.');
    return account;
  }
}
