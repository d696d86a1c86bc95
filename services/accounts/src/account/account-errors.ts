import { HttpException, HttpStatus } from '@nestjs/common';
import { AccountRuleViolation, type AccountRuleCode } from './account.decider';

const STATUS: Readonly<Record<AccountRuleCode, HttpStatus>> = {
  ACCOUNT_EXISTS: HttpStatus.CONFLICT,
  NO_ACCOUNT: HttpStatus.NOT_FOUND,
  CHARACTER_NOT_ON_ACCOUNT: HttpStatus.NOT_FOUND,
  CHARACTER_HAS_ANOTHER_OWNER: HttpStatus.CONFLICT,
  INSUFFICIENT_SUBSCRIPTION: HttpStatus.FORBIDDEN,
  NOT_A_FACTORY_MANAGER: HttpStatus.FORBIDDEN,
  NOT_AN_ACCOUNTANT: HttpStatus.FORBIDDEN,
  CORPORATION_SYNC_NEEDS_PRO: HttpStatus.FORBIDDEN,
  CORPORATION_SYNC_NEEDS_SCOPE: HttpStatus.FORBIDDEN,
  PRICE_FACTOR_NEEDS_REGION: HttpStatus.BAD_REQUEST,
  NO_CHARACTERS: HttpStatus.BAD_REQUEST,
  SYNC_IN_PROGRESS: HttpStatus.CONFLICT,
  NO_SYNC_IN_PROGRESS: HttpStatus.CONFLICT,
  WALLET_REFRESH_TOO_SOON: HttpStatus.TOO_MANY_REQUESTS,
  INSUFFICIENT_BALANCE: HttpStatus.BAD_REQUEST,
  ALREADY_SUBSCRIBED: HttpStatus.BAD_REQUEST,
  TRIAL_NOT_ELIGIBLE: HttpStatus.BAD_REQUEST,
};

/** The headings of the Subscription page's 'Purchase Error' and 'Error' dialogs (account-area §8). */
const TITLE: Partial<Readonly<Record<AccountRuleCode, string>>> = {
  INSUFFICIENT_BALANCE: 'Insufficient balance',
  ALREADY_SUBSCRIBED: 'Already subscribed',
  TRIAL_NOT_ELIGIBLE: 'Not eligible for the free trial',
};

/**
 * An account rule the command broke, as the 4xx the UI shows (with its code, the tier's limit, a purchase's dialog
 * title, and for a refresh
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
        ...(TITLE[violation.code] !== undefined ? { title: TITLE[violation.code] } : {}),
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
