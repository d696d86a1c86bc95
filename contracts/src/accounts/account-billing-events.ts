import { z } from 'zod';
import { defineEvent } from '../events/event-catalogue';

/** The tiers that are bought: FREE is what an account has without a subscription. */
export const PAID_TIERS = ['SUPPORTER', 'PRO'] as const;
export type PaidTier = (typeof PAID_TIERS)[number];

const isoTime = z.string().datetime();
const cents = z.number().int().positive();
const paidTier = z.enum(PAID_TIERS);
/** The `Idempotency-Key` of the request that asked for it: a retry with the same key changes nothing. */
const idempotencyKey = z.string().min(1).max(100).optional();

/**
 * ISK a character sent to the product's corporation, credited to the account that owns the character.
 * `journalRefId` is the corporation journal entry's id: one entry is credited once.
 */
export const depositCredited = defineEvent({
  type: 'DepositCredited',
  schemaVersion: 1,
  schema: z.object({
    journalRefId: z.number().int().positive(),
    characterId: z.number().int().positive(),
    amountCents: cents,
    depositedAt: isoTime,
  }),
});

/** A FREE account bought a tier for 30 days, paid from its balance. */
export const subscriptionPurchased = defineEvent({
  type: 'SubscriptionPurchased',
  schemaVersion: 1,
  schema: z.object({
    tier: paidTier,
    priceCents: cents,
    startDate: isoTime,
    endDate: isoTime,
    idempotencyKey,
  }),
});

/**
 * A SUPPORTER account upgraded to PRO: the unused part of its subscription is credited against the PRO price,
 * and a new 30-day PRO subscription starts (docs/billing.md).
 */
export const subscriptionUpgraded = defineEvent({
  type: 'SubscriptionUpgraded',
  schemaVersion: 1,
  schema: z.object({
    fromTier: paidTier,
    tier: paidTier,
    priceCents: cents,
    /** What the unused days of the old subscription were worth, taken off the price. */
    creditCents: z.number().int().nonnegative(),
    startDate: isoTime,
    endDate: isoTime,
    idempotencyKey,
  }),
});

/** The free 3-day PRO trial of an account that never had a subscription. */
export const freeTrialStarted = defineEvent({
  type: 'FreeTrialStarted',
  schemaVersion: 1,
  schema: z.object({ tier: paidTier, startDate: isoTime, endDate: isoTime, idempotencyKey }),
});

/** Automatic Re-bill: the ended subscription's tier for another 30 days, from its end, paid from the balance. */
export const subscriptionRenewed = defineEvent({
  type: 'SubscriptionRenewed',
  schemaVersion: 1,
  schema: z.object({ tier: paidTier, priceCents: cents, startDate: isoTime, endDate: isoTime }),
});

/**
 * The subscription reached its end date and was not renewed: the account is FREE again, and the characters FREE
 * has no room for stop syncing until their owner starts them again.
 */
export const subscriptionExpired = defineEvent({
  type: 'SubscriptionExpired',
  schemaVersion: 1,
  schema: z.object({
    tier: paidTier,
    endDate: isoTime,
    expiredAt: isoTime,
    stoppedCharacterIds: z.array(z.number().int().positive()).default([]),
  }),
});

const staffEntry = z.object({ amountCents: cents, reason: z.string().trim().min(1).max(500), at: isoTime });

/** Support staff added ISK to the balance (the event's actor is `staff:<name>`). */
export const accountCredited = defineEvent({ type: 'AccountCredited', schemaVersion: 1, schema: staffEntry });

/** Support staff took ISK off the balance (the event's actor is `staff:<name>`). */
export const accountDebited = defineEvent({ type: 'AccountDebited', schemaVersion: 1, schema: staffEntry });

export const accountBillingEventDefinitions = [
  depositCredited,
  subscriptionPurchased,
  subscriptionUpgraded,
  freeTrialStarted,
  subscriptionRenewed,
  subscriptionExpired,
  accountCredited,
  accountDebited,
] as const;

export type DepositCredited = z.infer<typeof depositCredited.schema>;
export type SubscriptionPurchased = z.infer<typeof subscriptionPurchased.schema>;
export type SubscriptionUpgraded = z.infer<typeof subscriptionUpgraded.schema>;
export type FreeTrialStarted = z.infer<typeof freeTrialStarted.schema>;
export type SubscriptionRenewed = z.infer<typeof subscriptionRenewed.schema>;
export type SubscriptionExpired = z.infer<typeof subscriptionExpired.schema>;
export type AccountCredited = z.infer<typeof accountCredited.schema>;
export type AccountDebited = z.infer<typeof accountDebited.schema>;

export type AccountBillingEvent =
  | { type: 'DepositCredited'; data: DepositCredited }
  | { type: 'SubscriptionPurchased'; data: SubscriptionPurchased }
  | { type: 'SubscriptionUpgraded'; data: SubscriptionUpgraded }
  | { type: 'FreeTrialStarted'; data: FreeTrialStarted }
  | { type: 'SubscriptionRenewed'; data: SubscriptionRenewed }
  | { type: 'SubscriptionExpired'; data: SubscriptionExpired }
  | { type: 'AccountCredited'; data: AccountCredited }
  | { type: 'AccountDebited'; data: AccountDebited };
