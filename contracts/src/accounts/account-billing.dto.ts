import { z } from 'zod';
import { PAID_TIERS } from './account-billing-events';

const isoTime = z.string().datetime();

/** account-area §3: why the balance moved. */
export const ACCOUNT_TRANSACTION_REASONS = ['DEPOSIT', 'WITHDRAWAL', 'PURCHASE', 'CREDIT'] as const;
export type AccountTransactionReason = (typeof ACCOUNT_TRANSACTION_REASONS)[number];

/** A row of GET /account/transactions (account-area §3 Account transaction). */
export const accountTransactionSchema = z.object({
  id: z.string(),
  date: isoTime,
  reason: z.enum(ACCOUNT_TRANSACTION_REASONS),
  /** ISK; deposits and credits are positive, purchases and withdrawals negative. */
  amount: z.number(),
  description: z.string(),
});
export type AccountTransactionDto = z.infer<typeof accountTransactionSchema>;

/** A row of GET /account/subscriptions (account-area §3 Subscription record). */
export const subscriptionRecordSchema = z.object({
  id: z.string(),
  tier: z.enum(PAID_TIERS),
  startDate: isoTime,
  endDate: isoTime,
});
export type SubscriptionRecordDto = z.infer<typeof subscriptionRecordSchema>;

/** POST /account/subscriptions: the tier to buy (or, from SUPPORTER, PRO to upgrade to). */
export const subscriptionPurchaseSchema = z.object({ tier: z.enum(PAID_TIERS) }).strict();
export type SubscriptionPurchase = z.infer<typeof subscriptionPurchaseSchema>;

/** The `Idempotency-Key` header of a purchase or trial: a retry with the same key charges once. */
export const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[\x21-\x7e]+$/, 'An idempotency key is printable ASCII without spaces.');

/** A credit or debit of an account by support staff, from the staff console (the staff member is the one logged in). */
export const staffBalanceChangeSchema = z
  .object({
    /** ISK, at most two decimals. */
    isk: z.number().positive().max(1e13),
    reason: z.string().trim().min(1).max(500),
  })
  .strict();
export type StaffBalanceChange = z.infer<typeof staffBalanceChangeSchema>;

/** The admin API's credit or debit (`npm run admin -- credit|debit`), which names the staff member itself. */
export const staffBalanceEntrySchema = staffBalanceChangeSchema
  .extend({
    /** Who of the support staff: recorded as the actor `staff:<staff>`. */
    staff: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9._@-]{1,64}$/, 'A staff name is 1 to 64 letters, digits, dots, dashes or @.'),
  })
  .strict();
export type StaffBalanceEntry = z.infer<typeof staffBalanceEntrySchema>;
