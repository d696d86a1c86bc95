import { z } from 'zod';
import { staffBalanceEntrySchema } from '../accounts/account-billing.dto';

/** Who of the support staff asks, on the admin API (the staff console knows it from the session). */
const staff = staffBalanceEntrySchema.shape.staff;

/** Types only: the rules decider checks the values and says what is wrong in its own words. */
export const scheduleSalesTaxRateSchema = z
  .object({ from: z.string(), ratePpm: z.number(), reason: z.string() })
  .strict();
export type ScheduleSalesTaxRateRequest = z.infer<typeof scheduleSalesTaxRateSchema>;

export const changeBuiltInBrokerFeesSchema = z
  .object({ buyFeePpm: z.number(), sellFeePpm: z.number(), npcSellFeePpm: z.number(), reason: z.string() })
  .strict();

export const changePublicContractFeesSchema = z
  .object({ brokerFeePpm: z.number(), salesTaxPpm: z.number(), reason: z.string() })
  .strict();

export const adminScheduleSalesTaxRateSchema = scheduleSalesTaxRateSchema.extend({ staff }).strict();
export const adminChangeBuiltInBrokerFeesSchema = changeBuiltInBrokerFeesSchema.extend({ staff }).strict();
export const adminChangePublicContractFeesSchema = changePublicContractFeesSchema.extend({ staff }).strict();

/** A blue-green rebuild; with `diff` it waits for staff to switch or discard after its report. */
export const rebuildRequestSchema = z
  .object({ diff: z.boolean().optional(), staff: staff.optional() })
  .strict();

/** Staff's switch to a compared rebuild, or its discard, on the admin API. */
export const rebuildDecisionRequestSchema = z.object({ staff: staff.optional() }).strict();
