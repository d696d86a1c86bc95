import type { AccountTransaction, SubscriptionPurchase } from '../../shared/api';
import { SUBSCRIPTION_DAYS, TIER_PRICES_ISK } from '../../shared/config/constants';
import type { Account, SubscriptionTier } from '../../shared/session';

export type PaidTier = SubscriptionPurchase['tier'];

/** What a row of the tier table offers the account's current tier (account-area §2 Subscription, §4). */
export type TierAction =
  | { readonly kind: 'subscribe'; readonly label: 'Subscribe' }
  | { readonly kind: 'upgrade'; readonly label: 'Upgrade (Pro-rated)' }
  | null;

/** FREE subscribes to either paid tier; SUPPORTER upgrades to PRO, pro-rated; PRO (also on trial) buys nothing. */
export function tierAction(current: SubscriptionTier, row: SubscriptionTier): TierAction {
  if (row === 'FREE') return null;
  if (current === 'FREE') return { kind: 'subscribe', label: 'Subscribe' };
  if (current === 'SUPPORTER' && row === 'PRO') return { kind: 'upgrade', label: 'Upgrade (Pro-rated)' };
  return null;
}

/** The free trial is offered only while the account never had a subscription (not even a trial). */
export function freeTrialOffered(account: Pick<Account, 'lastSubscription'>): boolean {
  return account.lastSubscription == null;
}

const toCents = (isk: number): number => Math.round(isk * 100);

/** The available balance: the sum of the transaction amounts, added in cents so many rows never drift. */
export function balanceOf(transactions: readonly Pick<AccountTransaction, 'amount'>[]): number {
  return transactions.reduce((cents, transaction) => cents + toCents(transaction.amount), 0) / 100;
}

const TRANSACTION_TYPES: Readonly<Record<string, string>> = {
  DEPOSIT: 'Deposit',
  WITHDRAWAL: 'Withdrawal',
  PURCHASE: 'Purchase',
  CREDIT: 'Credit',
};

/** The Type column of the Transactions table; a reason this client does not know is 'Unknown'. */
export function transactionTypeLabel(reason: string): string {
  return Object.hasOwn(TRANSACTION_TYPES, reason) ? TRANSACTION_TYPES[reason]! : 'Unknown';
}

/** The Confirm Purchase dialog's warning, word for word from account-area §2 Subscription. */
export const NON_REFUNDABLE_TEXT = 'All subscription purchases are non-refundable...';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What upgrading SUPPORTER to PRO costs now, as the server computes it (docs/billing.md): the unused share of
 * the Supporter price, rounded down to the cent, comes off the Pro price. The client's clock is not the
 * server's, so the page calls it an estimate. Null when the account has no Supporter period running.
 */
export function upgradePriceEstimate(
  lastSubscription: Account['lastSubscription'],
  now: number,
): number | null {
  if (!lastSubscription || lastSubscription.tier !== 'SUPPORTER') return null;
  const start = BigInt(Date.parse(lastSubscription.startDate));
  const end = BigInt(Date.parse(lastSubscription.endDate));
  const at = BigInt(Math.trunc(now));
  if (end <= start || at >= end) return TIER_PRICES_ISK.PRO;
  const left = at <= start ? end - start : end - at;
  const paidCents = BigInt(TIER_PRICES_ISK.SUPPORTER * 100);
  const creditCents = (paidCents * left) / (end - start);
  return Number(BigInt(TIER_PRICES_ISK.PRO * 100) - creditCents) / 100;
}

/** When a subscription bought now ends. */
export function subscriptionEnd(now: number): Date {
  return new Date(now + SUBSCRIPTION_DAYS * DAY_MS);
}

/** A purchase or trial request, keyed so that a retry of the same request charges once. */
export interface BillingAttempt {
  /** 'trial', or the tier bought. */
  readonly what: PaidTier | 'trial';
  readonly idempotencyKey: string;
}

/**
 * The key for a confirmed click: a new one, unless the previous request for the same thing ended without an
 * answer that settles it (a timeout, a network failure, a 5xx), which the click then retries under its key.
 */
export function attemptFor(
  previous: BillingAttempt | null,
  what: BillingAttempt['what'],
  newKey: () => string,
): BillingAttempt {
  return previous && previous.what === what ? previous : { what, idempotencyKey: newKey() };
}

/** A random key (UUID v4 form); `crypto.getRandomValues` also works outside secure contexts. */
export function newIdempotencyKey(
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
) {
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** How a failed purchase or trial is shown (account-area §8). */
export type BillingFailure =
  /** A 400: the dialog ('Purchase Error' or 'Error') with the server's title and message; the attempt is over. */
  | { readonly kind: 'refused'; readonly title: string; readonly message: string | null }
  /** The HTTP layer already told the user (401 ends the session, 420 'Too fast!', a timeout); retry may follow. */
  | { readonly kind: 'handled' }
  /** Anything else goes to the app's error handling; the outcome is unknown, so a retry keeps the key. */
  | { readonly kind: 'unexpected' };

interface FailedCall {
  readonly status?: unknown;
  readonly data?: unknown;
}

const textOf = (value: unknown): string | null => {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (Array.isArray(value) && value.every((line) => typeof line === 'string') && value.length > 0) {
    return value.join(' ');
  }
  return null;
};

export function billingFailure(error: unknown): BillingFailure {
  const { status, data } = (typeof error === 'object' && error !== null ? error : {}) as FailedCall;
  if (status === 401 || status === 420 || status === 'TIMEOUT_ERROR') return { kind: 'handled' };
  if (status !== 400) return { kind: 'unexpected' };
  const body = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const message = textOf(body.message) ?? textOf(data);
  const title = textOf(body.title) ?? message ?? 'The request was refused.';
  return { kind: 'refused', title, message: message === title ? null : message };
}
