import { z } from 'zod';
import { STAFF_ROLES } from '../staff/staff-access-events';
import { SUBSCRIPTION_TIERS, SYNC_STATUSES } from './account-events';

const isoTime = z.string().datetime();

/** A character on the account as GET /account and GET /account/characters return it (account-area §3). */
export const accountCharacterSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ESI corporation roles, e.g. `Factory_Manager`. */
  roles: z.array(z.string()),
  syncStatus: z.enum(SYNC_STATUSES),
  /** The scopes the character granted, comma-separated. */
  esiScopes: z.string(),
  enableSync: z.boolean(),
  enableCorpIndustrySync: z.boolean(),
  /** Imports the corporation's wallets and orders for its trade profit (PRO, Accountant or Junior Accountant). */
  enableCorpTradeSync: z.boolean(),
  /** Its roles allow corporation industry sync (FACTORY_MANAGER): the Enable/Disable button is offered. */
  canSyncCorpIndustry: z.boolean(),
  /** Its roles read the corporation's wallets (Accountant, Junior Accountant, Director): corporation trade is offered. */
  canSyncCorpTrade: z.boolean(),
  defaultPriceRegion: z.number().int().nullable(),
  defaultPriceFactor: z.number().nullable(),
  reactionBonus: z.number().nullable(),
  lastWalletUpdate: isoTime.nullable(),
  lastCorpIndustryUpdate: isoTime.nullable(),
  lastIndustryUpdate: isoTime.nullable(),
  /** ISK, as last refreshed with POST .../updateWallet; absent before the first refresh. */
  walletBalance: z.number().optional(),
  /** When that balance was read; absent before the first refresh. */
  lastWalletBalanceUpdate: isoTime.optional(),
  /** Where the character was at its last location read (POST .../updateLocation); absent before the first. */
  systemId: z.number().int().optional(),
  systemName: z.string().optional(),
  /** When the owner last exported the character's transactions (CSV); null before the first export. */
  lastTransactionsExport: isoTime.nullable(),
  /** When the owner last exported the character's journal (CSV); null before the first export. */
  lastJournalExport: isoTime.nullable(),
});
export type AccountCharacterDto = z.infer<typeof accountCharacterSchema>;

/** The division balances of a corporation whose trade the account tracks, as the last sync read them. */
export const corporationWalletsSchema = z.object({
  corporationId: z.number().int(),
  corporationName: z.string(),
  /** Division 1 is the master wallet. */
  divisions: z.array(z.object({ division: z.number().int().min(1).max(7), balance: z.number() })),
  lastUpdate: isoTime,
});
export type CorporationWalletsDto = z.infer<typeof corporationWalletsSchema>;

/** The logged-in account (GET /account; also the logged-in check). */
export const accountSchema = z.object({
  id: z.string().uuid(),
  characters: z.array(accountCharacterSchema),
  /**
   * The corporations whose trade the account tracks (corporation trade sync), with their division balances. This
   * server always sends it; optional only until the web's account fixtures carry it.
   */
  corporationWallets: z.array(corporationWalletsSchema).optional(),
  syncEnabled: z.boolean(),
  autoRebill: z.boolean(),
  subscriptionTier: z.enum(SUBSCRIPTION_TIERS),
  /** The last subscription bought or the trial; null when the account never had one. */
  lastSubscription: z
    .object({ tier: z.enum(SUBSCRIPTION_TIERS), startDate: isoTime, endDate: isoTime })
    .nullable(),
  /** When the last account sync finished; null before the first. */
  lastUpdate: isoTime.nullable(),
  /** When the last account sync timed out; null when none did. */
  lastSyncTimeout: isoTime.nullable(),
  /**
   * The sum of the account's transactions in ISK (account-area §2 Subscription: the available balance). This
   * server always sends it; optional only until the web's account fixtures carry it.
   */
  balance: z.number().nonnegative().optional(),
  /** The name of the character the account logged in with. */
  characterName: z.string(),
  loginCharacterId: z.number().int(),
  /**
   * The staff console role of the character logged in (STAFF_CHARACTER_IDS, AUDITOR_CHARACTER_IDS): `staff` reads
   * and acts, `auditor` only reads; null for players. This server always sends it.
   */
  staffRole: z.enum(STAFF_ROLES).nullable().optional(),
});
export type AccountDto = z.infer<typeof accountSchema>;

/** PATCH /account/: only the fields sent change. */
export const accountSettingsPatchSchema = z
  .object({ syncEnabled: z.boolean(), autoRebill: z.boolean() })
  .partial()
  .strict();
export type AccountSettingsPatch = z.infer<typeof accountSettingsPatchSchema>;

/** PATCH /account/characters/{id}: only the fields sent change; null clears a setting. */
export const characterSettingsPatchSchema = z
  .object({
    enableSync: z.boolean(),
    enableCorpIndustrySync: z.boolean(),
    enableCorpTradeSync: z.boolean(),
    defaultPriceRegion: z.number().int().positive().nullable(),
    defaultPriceFactor: z.number().nonnegative().max(1000).nullable(),
    reactionBonus: z.number().min(0).max(100).nullable(),
  })
  .partial()
  .strict();
export type CharacterSettingsPatch = z.infer<typeof characterSettingsPatchSchema>;

/** A 4xx the UI shows: the HTTP error body, with a rule code for the dialogs that need one. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
  /** e.g. `INSUFFICIENT_SUBSCRIPTION` (the UI shows the Insufficient Subscription dialog). */
  code: z.string().optional(),
  /** For INSUFFICIENT_SUBSCRIPTION: how many characters the subscription lets sync. */
  limit: z.number().int().optional(),
  /** What the 'Purchase Error' and 'Error' dialogs show (e.g. 'Insufficient balance'). */
  title: z.string().optional(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
