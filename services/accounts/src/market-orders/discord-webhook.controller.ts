import { Body, Controller, Delete, Get, HttpCode, Inject, Put, UseGuards } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { discordWebhookUpdateSchema, type DiscordWebhookSetting } from '@tradewise/contracts';
import { AccountSessionGuard, CurrentSession, parseBody, type AccountSession } from '@tradewise/platform';
import { DiscordWebhooks } from './discord-webhooks';

const one = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });

/** The account's Discord webhook: order fills (and undercuts) are posted there by the sync and Refresh Orders. */
@ApiTags('Account')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@UseGuards(AccountSessionGuard)
@Controller('account/discordWebhook')
export class DiscordWebhookController {
  constructor(@Inject(DiscordWebhooks) private readonly webhooks: DiscordWebhooks) {}

  @Get()
  @ApiOperation({
    summary: 'Whether the account has a Discord webhook for order alerts, and a hint of which',
  })
  @ApiOkResponse({ schema: one('DiscordWebhookSetting') })
  accountDiscordWebhook(@CurrentSession() session: AccountSession): Promise<DiscordWebhookSetting> {
    return this.webhooks.setting(session.accountId);
  }

  @Put()
  @ApiOperation({ summary: 'Sets the Discord webhook order alerts are posted to (stored encrypted)' })
  @ApiBody({ schema: one('DiscordWebhookUpdate') })
  @ApiOkResponse({ schema: one('DiscordWebhookSetting') })
  @ApiBadRequestResponse({
    description: 'Not a Discord webhook URL (https://discord.com/api/webhooks/<id>/<token>)',
  })
  setAccountDiscordWebhook(
    @CurrentSession() session: AccountSession,
    @Body() body: unknown,
  ): Promise<DiscordWebhookSetting> {
    const { url } = parseBody(discordWebhookUpdateSchema, body);
    return this.webhooks.save(session.accountId, url);
  }

  @Delete()
  @HttpCode(204)
  @ApiOperation({ summary: 'Removes the Discord webhook: no more order alerts' })
  @ApiNoContentResponse({ description: 'Removed (or there was none)' })
  async removeAccountDiscordWebhook(@CurrentSession() session: AccountSession): Promise<void> {
    await this.webhooks.remove(session.accountId);
  }
}
