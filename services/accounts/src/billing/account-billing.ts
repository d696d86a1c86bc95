import type { AccountBillingEvent, PaidTier } from '@tradewise/contracts';

/** account-area §9: what a 30-day subscription costs, in ISK cents. */
export const SUBSCRIPTION_PRICE_CENTS: Readonly<Record<PaidTier, number>> = {
  SUPPORTER: 10_000_000_000,
  PRO: 20_000_000_000,
};
export const SUBSCRIPTION_DAYS = 30;
export const FREE_TRIAL_DAYS = 3;
export const FREE_TRIAL_TIER: PaidTier = 'PRO';
/** How many of the latest purchase requests' idempotency keys the account remembers. */
export const REMEMBERED_IDEMPOTENCY_KEYS = 50;

const DAY_MS = 86_400_000;

export interface SubscriptionPeriod {
  readonly tier: PaidTier;
  readonly startDate: string;
  readonly endDate: string;
  /** What was paid for it (0 for the trial): the base of a pro-rated upgrade. */
  readonly paidCents: number;
  readonly trial: boolean;
}

export interface BillingState {
  /** The sum of the account's transactions in cents; never below zero. */
  readonly balanceCents: number;
  /** The subscription in force; null on FREE. */
  readonly subscription: SubscriptionPeriod | null;
  /** The last subscription bought or tried, also after it ended: the trial is offered only while it is null. */
  readonly lastSubscription: SubscriptionPeriod | null;
  /** Corporation journal entries already credited. */
  readonly depositRefIds: ReadonlySet<number>;
  /** The idempotency keys of the latest purchases and trials, oldest first. */
  readonly recentIdempotencyKeys: readonly string[];
}

export const initialBillingState: BillingState = {
  balanceCents: 0,
  subscription: null,
  lastSubscription: null,
  depositRefIds: new Set(),
  recentIdempotencyKeys: [],
};

export function addDays(iso: string, days: number): string {
  return new Date(Date.parse(iso) + days * DAY_MS).toISOString();
}

/**
 * A pro-rated upgrade (docs/billing.md): the unused part of the period in force, in proportion of time left to
 * its length, is worth that share of what was paid for it, rounded down to the cent.
 */
export function unusedValueCents(period: SubscriptionPeriod, atMs: number): number {
  const start = Date.parse(period.startDate);
  const end = Date.parse(period.endDate);
  const left = Math.min(Math.max(0, end - atMs), end - start);
  if (end <= start || left === 0) return 0;
  return Number((BigInt(period.paidCents) * BigInt(left)) / BigInt(end - start));
}

function remembered(keys: readonly string[], key: string | undefined): readonly string[] {
  return key === undefined ? keys : [...keys, key].slice(-REMEMBERED_IDEMPOTENCY_KEYS);
}

export function evolveBilling(state: BillingState, event: AccountBillingEvent): BillingState {
  switch (event.type) {
    case 'DepositCredited':
      return {
        ...state,
        balanceCents: state.balanceCents + event.data.amountCents,
        depositRefIds: new Set([...state.depositRefIds, event.data.journalRefId]),
      };
    case 'SubscriptionPurchased':
    case 'SubscriptionUpgraded':
    case 'SubscriptionRenewed': {
      const { tier, startDate, endDate, priceCents } = event.data;
      const period: SubscriptionPeriod = { tier, startDate, endDate, paidCents: priceCents, trial: false };
      return {
        ...state,
        balanceCents: state.balanceCents - priceCents,
        subscription: period,
        lastSubscription: period,
        recentIdempotencyKeys:
          event.type === 'SubscriptionRenewed'
            ? state.recentIdempotencyKeys
            : remembered(state.recentIdempotencyKeys, event.data.idempotencyKey),
      };
    }
    case 'FreeTrialStarted': {
      const { tier, startDate, endDate } = event.data;
      const period: SubscriptionPeriod = { tier, startDate, endDate, paidCents: 0, trial: true };
      return {
        ...state,
        subscription: period,
        lastSubscription: period,
        recentIdempotencyKeys: remembered(state.recentIdempotencyKeys, event.data.idempotencyKey),
      };
    }
    case 'SubscriptionExpired':
      return { ...state, subscription: null };
    case 'AccountCredited':
      return { ...state, balanceCents: state.balanceCents + event.data.amountCents };
    case 'AccountDebited':
      return { ...state, balanceCents: state.balanceCents - event.data.amountCents };
  }
}
