/** The SSO refused a code or refresh token for good: the user must authorise the character again. */
export class InvalidGrantError extends Error {
  constructor(
    /** The OAuth error code the SSO sent (`invalid_grant`, or `invalid_token` for some revoked tokens). */
    readonly oauthError: string,
    description?: string,
  ) {
    super(`The SSO rejected the grant (${oauthError}${description ? `: ${description}` : ''})`);
    this.name = 'InvalidGrantError';
  }
}

/** Any other refusal by the SSO (for example `invalid_client`: the application's credentials are wrong). */
export class SsoRequestError extends Error {
  constructor(
    readonly status: number,
    readonly oauthError: string | undefined,
    message: string,
  ) {
    super(message);
    this.name = 'SsoRequestError';
  }
}

/** The SSO could not be reached or failed on its side (5xx, timeout); trying again later may succeed. */
export class SsoUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SsoUnavailableError';
  }
}

/** An access token that must not be trusted; `reason` says which check failed. */
export class InvalidAccessTokenError extends Error {
  constructor(readonly reason: string) {
    super(`Invalid access token: ${reason}`);
    this.name = 'InvalidAccessTokenError';
  }
}
