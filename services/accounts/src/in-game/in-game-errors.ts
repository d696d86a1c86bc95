import {
  BadGatewayException,
  BadRequestException,
  ForbiddenException,
  HttpException,
  ServiceUnavailableException,
} from '@nestjs/common';
import {
  CharacterGrantError,
  EsiCallError,
  EsiMissingScopeError,
  EsiThrottledError,
  SsoRequestError,
  SsoUnavailableError,
  type Clock,
} from '@tradewise/platform';

/** 420, as ESI answers the same excess: the web shows 'Too fast!' and holds its UI buttons for a second. */
export class UiRequestTooFastException extends HttpException {
  /** The reason phrase of the error body (420 has no standard one). */
  override readonly name = 'Too Fast';

  constructor() {
    super({ message: 'Please limit UI requests to once per second', code: 'UI_REQUEST_LIMIT' }, 420);
  }
}

/** A 503 that says when to come back (sent as Retry-After by the API's exception filter). */
class RetryLaterException extends ServiceUnavailableException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/** The character has not granted a scope the action needs: the web offers its 'Additional ESI scopes' dialog. */
export function scopeRequired(characterName: string, scope: string): ForbiddenException {
  return new ForbiddenException({
    message: `Additional ESI scopes required: ${characterName} has not granted ${scope}. Update the character's scopes on the Account page.`,
    code: 'ESI_SCOPE_REQUIRED',
  });
}

/** Private structure prices come with the paid tiers (account-area §1, §9): the web shows 'Subscriber-only feature'. */
export function subscriberOnly(): ForbiddenException {
  return new ForbiddenException({
    message:
      'Subscriber-only feature: private structure prices come with the Supporter and Pro subscriptions.',
    code: 'SUBSCRIBER_ONLY',
  });
}

/** An ESI or SSO failure of a character's call, as the 4xx or 5xx the UI shows; anything else stays as it is. */
export function esiFailure(error: unknown, characterName: string, clock: Clock): unknown {
  if (error instanceof EsiMissingScopeError) return scopeRequired(characterName, error.scope);
  if (error instanceof CharacterGrantError) {
    return new ForbiddenException({
      message: `${characterName} must be authorised again: please add the character again on the Account page.`,
      code: 'ESI_AUTHORIZATION_REQUIRED',
    });
  }
  if (error instanceof EsiThrottledError) {
    const seconds = Math.max(1, Math.ceil((error.retryAt.getTime() - clock.now().getTime()) / 1000));
    return new RetryLaterException(
      `The game's API (ESI) asks us to slow down; try again in ${seconds} s.`,
      seconds,
    );
  }
  if (error instanceof SsoUnavailableError || error instanceof SsoRequestError) {
    return new BadGatewayException("EVE's login server did not answer; try again in a moment.");
  }
  if (error instanceof EsiCallError) {
    if (error.transient || error.status === undefined || error.status >= 500) {
      return new BadGatewayException("The game's API (ESI) did not answer; try again in a moment.");
    }
    if (error.status === 403) {
      return new ForbiddenException(`ESI refused the request of ${characterName} (HTTP 403).`);
    }
    return new BadRequestException(`ESI refused the request of ${characterName} (HTTP ${error.status}).`);
  }
  return error;
}
