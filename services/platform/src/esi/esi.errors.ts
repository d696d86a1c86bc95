/** A call to ESI that did not produce data. `transient`: the same call may succeed later without any change. */
export class EsiCallError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status: number | undefined,
    readonly transient: boolean,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** 5xx answers, timeouts or network errors on every attempt. */
export class EsiUnavailableError extends EsiCallError {}

/**
 * The error limit (420) or a rate limit (429) asks for a longer pause than a call may wait. `retryAt` is when the
 * scheduler may try again.
 */
export class EsiThrottledError extends EsiCallError {
  constructor(
    message: string,
    url: string,
    status: number,
    readonly retryAt: Date,
  ) {
    super(message, url, status, true);
  }
}

/** 403: the character lacks a scope or a corporation role the route needs. */
export class EsiForbiddenError extends EsiCallError {}

export class EsiNotFoundError extends EsiCallError {}

/** Any other 4xx, with ESI's `error` text. */
export class EsiRequestError extends EsiCallError {}

/** The paged resource kept changing between its pages (its Last-Modified or X-Pages moved) on every walk. */
export class EsiInconsistentPagesError extends EsiCallError {}

/** The character's token does not grant the route's scope; nothing was sent (a 403 would spend error budget). */
export class EsiMissingScopeError extends EsiCallError {
  constructor(
    readonly characterId: number,
    readonly scope: string,
    url: string,
  ) {
    super(`Character ${characterId} has not granted ${scope}`, url, undefined, false);
  }
}
