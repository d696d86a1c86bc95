import { HttpException, HttpStatus } from '@nestjs/common';
import { AccountRuleViolation, type AccountRuleCode } from './account.decider';

const STATUS: Readonly<Record<AccountRuleCode, HttpStatus>> = {
  ACCOUNT_EXISTS: HttpStatus.CONFLICT,
  NO_ACCOUNT: HttpStatus.NOT_FOUND,
  CHARACTER_NOT_ON_ACCOUNT: HttpStatus.NOT_FOUND,
  CHARACTER_HAS_ANOTHER_OWNER: HttpStatus.CONFLICT,
  INSUFFICIENT_SUBSCRIPTION: HttpStatus.FORBIDDEN,
  NOT_A_FACTORY_MANAGER: HttpStatus.FORBIDDEN,
  CORPORATION_SYNC_NEEDS_PRO: HttpStatus.FORBIDDEN,
  CORPORATION_SYNC_NEEDS_SCOPE: HttpStatus.FORBIDDEN,
  PRICE_FACTOR_NEEDS_REGION: HttpStatus.BAD_REQUEST,
  NO_CHARACTERS: HttpStatus.BAD_REQUEST,
  SYNC_IN_PROGRESS: HttpStatus.CONFLICT,
  NO_SYNC_IN_PROGRESS: HttpStatus.CONFLICT,
  WALLET_REFRESH_TOO_SOON: HttpStatus.TOO_MANY_REQUESTS,
};

/**
 * An account rule the command broke, as the 4xx the UI shows (with its code, the tier's limit, and for a refresh
 * asked for too soon the Retry-After the exception filter sends).
 */
export class AccountRuleHttpException extends HttpException {
  readonly retryAfterSeconds: number | undefined;

  constructor(violation: AccountRuleViolation) {
    super(
      {
        message: violation.message,
        code: violation.code,
        ...(violation.limit !== undefined ? { limit: violation.limit } : {}),
      },
      STATUS[violation.code],
      { cause: violation },
    );
    this.retryAfterSeconds = violation.retryAfterSeconds;
  }
}

export async function asHttpError<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AccountRuleViolation) throw new AccountRuleHttpException(error);
    throw error;
  }
}
