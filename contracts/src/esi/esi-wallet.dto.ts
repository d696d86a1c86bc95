import { z } from 'zod';

/**
 * Payloads of ESI's wallet routes (OpenAPI 2026-08-18). Amounts are ISK as floats with two decimals: convert to
 * integer cents at once. Enumerations ESI may extend without a new compatibility date are plain strings here.
 */

/** GET /characters/{character_id}/wallet: the balance, a bare number. */
export const esiWalletBalanceSchema = z.number();

/** One row of GET /characters/{id}/wallet/journal and /corporations/{id}/wallets/{division}/journal. */
export const esiWalletJournalEntrySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  /** One of ESI_JOURNAL_REF_TYPES, or a newer one. */
  ref_type: z.string(),
  description: z.string(),
  /** Positive into the wallet, negative out of it. */
  amount: z.number().optional(),
  /** The wallet balance after this row. */
  balance: z.number().optional(),
  context_id: z.number().int().optional(),
  /** market_transaction_id links to a transaction's id; contract_id, industry_job_id, station_id, ... */
  context_id_type: z.string().optional(),
  first_party_id: z.number().int().optional(),
  second_party_id: z.number().int().optional(),
  reason: z.string().optional(),
  tax: z.number().optional(),
  tax_receiver_id: z.number().int().optional(),
});
export type EsiWalletJournalEntry = z.infer<typeof esiWalletJournalEntrySchema>;

/** One row of GET /characters/{id}/wallet/transactions (newest first; walk back with `from_id`). */
export const esiWalletTransactionSchema = z.object({
  transaction_id: z.number().int(),
  date: z.string(),
  type_id: z.number().int(),
  quantity: z.number().int(),
  unit_price: z.number(),
  client_id: z.number().int(),
  location_id: z.number().int(),
  is_buy: z.boolean(),
  is_personal: z.boolean(),
  /** The id of the `market_transaction` journal row. */
  journal_ref_id: z.number().int(),
});
export type EsiWalletTransaction = z.infer<typeof esiWalletTransactionSchema>;

/** One row of GET /corporations/{id}/wallets/{division}/transactions; `journal_ref_id` is -1 without a row. */
export const esiCorporationWalletTransactionSchema = esiWalletTransactionSchema.omit({ is_personal: true });
export type EsiCorporationWalletTransaction = z.infer<typeof esiCorporationWalletTransactionSchema>;

/** One row of GET /corporations/{id}/wallets. */
export const esiCorporationWalletSchema = z.object({
  division: z.number().int(),
  balance: z.number(),
});
export type EsiCorporationWallet = z.infer<typeof esiCorporationWalletSchema>;
