import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res, UseGuards } from '@nestjs/common';
import {
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBody,
  ApiCookieAuth,
  ApiForbiddenResponse,
  ApiNoContentResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { Response } from 'express';
import type {
  CharacterLocation,
  CharacterMarketOrders,
  CharacterSimilarOrders,
  CharacterSimilarPrivateOrders,
  CharacterSkills,
  CharacterWalletBalance,
} from '@tradewise/contracts';
import { AccountSessionGuard, CurrentSession, type AccountSession } from '@tradewise/platform';
import {
  CHARACTER_ID_SCHEMA,
  TYPE_ID_SCHEMA,
  characterIdParam,
  typeIdParam,
} from '../account/request-validation';
import { CharacterMarketOrdersService } from '../market-orders/character-market-orders';
import { CharacterActions } from './character-actions';

const one = (schema: string) => ({ $ref: `#/components/schemas/${schema}` });
const characterParam = ApiParam({ name: 'id', schema: CHARACTER_ID_SCHEMA, description: 'Character id' });
const badId = ApiBadRequestResponse({
  description: 'An id in the path is not a character (or item type) id',
});
const scopeMissing = ApiForbiddenResponse({
  description:
    "ESI_SCOPE_REQUIRED: the character has not granted the route's ESI scope (the message names it), or " +
    'ESI_AUTHORIZATION_REQUIRED: the SSO no longer accepts its grant',
  schema: one('ApiError'),
});
const notOnAccount = ApiNotFoundResponse({ description: 'The character is not on this account' });
const esiDown = ApiBadGatewayResponse({ description: "The game's API (ESI) or its login did not answer" });
const tooFast = ApiResponse({
  status: 420,
  description:
    "More than one UI request a second from the account: 'Please limit UI requests to once per second'",
  schema: one('ApiError'),
});

/** Actions in the game through a character's own ESI token (account-area §7). */
@ApiTags('Account')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@UseGuards(AccountSessionGuard)
@Controller('account/characters')
export class CharacterActionsController {
  constructor(
    @Inject(CharacterActions) private readonly actions: CharacterActions,
    @Inject(CharacterMarketOrdersService) private readonly marketOrders: CharacterMarketOrdersService,
  ) {}

  @Post(':id/updateMarketOrders')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Reads the character's open market orders from ESI anew (Refresh Orders), including those it placed for " +
      "its corporation; refused until ESI's expiry of the last read",
  })
  @characterParam
  @badId
  @ApiOkResponse({
    schema: one('CharacterMarketOrders'),
    headers: { Expires: { description: "ESI's expiry of the orders", schema: { type: 'string' } } },
  })
  @ApiTooManyRequestsResponse({
    description:
      "MARKET_ORDERS_REFRESH_TOO_SOON: the last read is still within ESI's cache time (Retry-After says when " +
      'it may be read again)',
    schema: one('ApiError'),
  })
  @scopeMissing
  @notOnAccount
  @esiDown
  async characterUpdateMarketOrders(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CharacterMarketOrders> {
    return expiringPrivately(response, await this.marketOrders.refresh(session, characterIdParam(id)));
  }

  @Post(':id/updateWallet')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Reads the character's wallet balance from ESI and keeps it on the account; at most every 2 minutes",
  })
  @characterParam
  @badId
  @ApiOkResponse({ schema: one('CharacterWalletBalance') })
  @ApiTooManyRequestsResponse({
    description:
      'WALLET_REFRESH_TOO_SOON: read less than 2 minutes ago (Retry-After says when it may be again)',
    schema: one('ApiError'),
  })
  @scopeMissing
  @notOnAccount
  @esiDown
  characterUpdateWallet(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
  ): Promise<CharacterWalletBalance> {
    return this.actions.updateWallet(session, characterIdParam(id));
  }

  @Post(':id/updateLocation')
  @HttpCode(200)
  @ApiOperation({ summary: 'Reads the solar system the character is in (esi-location.read_location.v1)' })
  @characterParam
  @badId
  @ApiOkResponse({ schema: one('CharacterLocation') })
  @scopeMissing
  @notOnAccount
  @esiDown
  characterUpdateLocation(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
  ): Promise<CharacterLocation> {
    return this.actions.updateLocation(session, characterIdParam(id));
  }

  @Get(':id/skills')
  @ApiOperation({
    summary:
      "Reads the character's skill sheet from ESI (esi-skills.read_skills.v1): each trained skill's active level, " +
      "for the industry calculator's skills",
  })
  @characterParam
  @badId
  @ApiOkResponse({ schema: one('CharacterSkills') })
  @scopeMissing
  @notOnAccount
  @esiDown
  characterSkills(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
  ): Promise<CharacterSkills> {
    return this.actions.skills(session, characterIdParam(id));
  }

  @Post(':id/updateRoute')
  @HttpCode(204)
  @ApiOperation({
    summary:
      "Sets the autopilot's destination (clearOtherWaypoints) or adds a waypoint in the game client " +
      '(esi-ui.write_waypoint.v1); one UI request a second',
  })
  @characterParam
  @ApiBody({ schema: one('CharacterRouteUpdate') })
  @ApiNoContentResponse({ description: 'Sent to the game client' })
  @ApiBadRequestResponse({
    description: 'id is not a character id, or the body does not match its schema or names no solar system',
  })
  @scopeMissing
  @notOnAccount
  @tooFast
  @esiDown
  async characterUpdateRoute(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
    @Body() body: unknown,
  ): Promise<void> {
    await this.actions.updateRoute(session, characterIdParam(id), body);
  }

  @Post(':id/ui/openwindow/marketdetails/:typeId')
  @HttpCode(204)
  @ApiOperation({
    summary:
      "Opens the item's market window in the game client (esi-ui.open_window.v1); one UI request a second",
  })
  @characterParam
  @badId
  @ApiParam({ name: 'typeId', schema: TYPE_ID_SCHEMA, description: 'Item type id' })
  @ApiNoContentResponse({ description: 'Sent to the game client' })
  @scopeMissing
  @ApiNotFoundResponse({ description: 'The character is not on this account, or there is no such item type' })
  @tooFast
  @esiDown
  async characterOpenMarketDetails(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
    @Param('typeId') typeId: string,
  ): Promise<void> {
    await this.actions.openMarketDetails(session, characterIdParam(id), typeIdParam(typeId));
  }
}

/** A character's open market orders, read with its own token (account-area §7, public-tools §2 'my orders'). */
@ApiTags('Market')
@ApiCookieAuth('tw_session')
@ApiUnauthorizedResponse({ description: 'Not logged in' })
@UseGuards(AccountSessionGuard)
@Controller('market/characters')
export class CharacterOrdersController {
  constructor(
    @Inject(CharacterActions) private readonly actions: CharacterActions,
    @Inject(CharacterMarketOrdersService) private readonly marketOrders: CharacterMarketOrdersService,
  ) {}

  @Get(':id/orders')
  @ApiOperation({
    summary:
      "The character's open market orders as the last read found them (the first call reads them); Expires " +
      'says when ESI may have newer ones',
  })
  @characterParam
  @badId
  @ApiOkResponse({
    schema: one('CharacterMarketOrders'),
    headers: { Expires: { description: "ESI's expiry of the orders", schema: { type: 'string' } } },
  })
  @scopeMissing
  @notOnAccount
  @esiDown
  async characterMarketOrders(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CharacterMarketOrders> {
    const orders = await this.marketOrders.orders(session, characterIdParam(id));
    return expiringPrivately(response, orders);
  }

  @Get(':id/similar')
  @ApiOperation({
    summary:
      "The public order books of each type the character has an open order of, in that order's region, from the " +
      'shared market data cache; Expires says when Refresh Prices may read again',
  })
  @characterParam
  @badId
  @ApiOkResponse({
    schema: one('CharacterSimilarOrders'),
    headers: {
      Expires: { description: "The earliest region's expiry of its books", schema: { type: 'string' } },
    },
  })
  @scopeMissing
  @notOnAccount
  @esiDown
  async characterSimilarOrders(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CharacterSimilarOrders> {
    return expiringPrivately(response, await this.marketOrders.similar(session, characterIdParam(id)));
  }

  @Get(':id/similarPrivate')
  @ApiOperation({
    summary:
      "Private prices (subscribers): the orders on the markets of the structures where the character has open orders, of the types it trades in the structure's region, read with its own token; Expires says when Refresh Private Prices may read again",
  })
  @characterParam
  @badId
  @ApiOkResponse({
    schema: one('CharacterSimilarPrivateOrders'),
    headers: {
      Expires: {
        description: 'When any of the markets or the orders may change',
        schema: { type: 'string' },
      },
    },
  })
  @ApiForbiddenResponse({
    description:
      'SUBSCRIBER_ONLY: the account is on the FREE tier; ESI_SCOPE_REQUIRED: the character has not granted ' +
      'esi-markets.read_character_orders.v1 or esi-markets.structure_markets.v1; ESI_AUTHORIZATION_REQUIRED: ' +
      'the SSO no longer accepts its grant',
    schema: one('ApiError'),
  })
  @notOnAccount
  @esiDown
  async characterSimilarPrivateOrders(
    @CurrentSession() session: AccountSession,
    @Param('id') id: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<CharacterSimilarPrivateOrders> {
    const orders = await this.actions.similarPrivateOrders(session, characterIdParam(id));
    return expiringPrivately(response, orders);
  }
}

/** A browser may keep the answer until ESI's expiry (ours would be the same until then), a shared cache never. */
function expiringPrivately<T extends { readonly expires: string }>(response: Response, answer: T): T {
  response.setHeader('Cache-Control', 'private');
  response.setHeader('Expires', new Date(answer.expires).toUTCString());
  return answer;
}
