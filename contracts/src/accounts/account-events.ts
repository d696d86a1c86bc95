import { z } from 'zod';
import { defineEvent } from '../events/event-catalogue';
import { streamName } from '../events/streams';
import { accountBillingEventDefinitions, type AccountBillingEvent } from './account-billing-events';

/** One stream per account: `account-<uuid>`. */
export function accountStream(accountId: string): string {
  return streamName('account', accountId);
}

export const SUBSCRIPTION_TIERS = ['FREE', 'SUPPORTER', 'PRO'] as const;
export type SubscriptionTier = (typeof SUBSCRIPTION_TIERS)[number];

export const SYNC_STATUSES = [
  'SYNCING',
  'NOT_SYNCING_MANUAL',
  'NOT_SYNCING_SUB_INSUFFICIENT',
  'NOT_SYNCING_ESI_ERROR',
] as const;
export type SyncStatus = (typeof SYNC_STATUSES)[number];

const characterId = z.number().int().positive();
const scopes = z.array(z.string().min(1));

/**
 * Why a character left an account: its owner removed it; the SSO says another EVE account owns it now; or its
 * owner added it to another of their accounts.
 */
export const CHARACTER_UNLINK_REASONS = [
  'removed-by-owner',
  'owner-changed',
  'moved-to-another-account',
] as const;
export type CharacterUnlinkReason = (typeof CHARACTER_UNLINK_REASONS)[number];

export const accountOpened = defineEvent({
  type: 'AccountOpened',
  schemaVersion: 1,
  schema: z.object({ accountId: z.string().uuid(), loginCharacterId: characterId }),
});

export const characterLinked = defineEvent({
  type: 'CharacterLinked',
  schemaVersion: 1,
  schema: z.object({
    characterId,
    characterName: z.string().min(1),
    ownerHash: z.string().min(1),
    scopes,
    enableSync: z.boolean(),
  }),
});

export const characterReauthorized = defineEvent({
  type: 'CharacterReauthorized',
  schemaVersion: 1,
  schema: z.object({ characterId, characterName: z.string().min(1), scopes }),
});

export const characterUnlinked = defineEvent({
  type: 'CharacterUnlinked',
  schemaVersion: 1,
  schema: z.object({ characterId, reason: z.enum(CHARACTER_UNLINK_REASONS) }),
});

export const characterSettingsChanged = defineEvent({
  type: 'CharacterSettingsChanged',
  schemaVersion: 1,
  schema: z.object({
    characterId,
    enableSync: z.boolean().optional(),
    enableCorpIndustrySync: z.boolean().optional(),
    enableCorpTradeSync: z.boolean().optional(),
    defaultPriceRegion: z.number().int().positive().nullable().optional(),
    defaultPriceFactor: z.number().nonnegative().nullable().optional(),
    reactionBonus: z.number().min(0).max(100).nullable().optional(),
  }),
});

export const characterRolesUpdated = defineEvent({
  type: 'CharacterRolesUpdated',
  schemaVersion: 1,
  schema: z.object({ characterId, roles: z.array(z.string().min(1)) }),
});

export const characterEsiErrorMarked = defineEvent({
  type: 'CharacterEsiErrorMarked',
  schemaVersion: 1,
  schema: z.object({ characterId, reason: z.string().min(1) }),
});

export const accountSettingsChanged = defineEvent({
  type: 'AccountSettingsChanged',
  schemaVersion: 1,
  schema: z.object({ syncEnabled: z.boolean().optional(), autoRebill: z.boolean().optional() }),
});

const isoTime = z.string().datetime();

/**
 * The sync worker began reading the account's characters from ESI. `workerId`, `runId` and `leaseUntil` (absent
 * before leases) say which worker holds the account, and until when if that worker dies.
 */
export const accountSyncStarted = defineEvent({
  type: 'AccountSyncStarted',
  schemaVersion: 1,
  schema: z.object({
    startedAt: isoTime,
    characterIds: z.array(characterId),
    workerId: z.string().min(1).optional(),
    runId: z.string().min(1).optional(),
    leaseUntil: isoTime.optional(),
  }),
});

/** Every syncing character was read and published; `characters` names what each brought. */
export const accountSyncCompleted = defineEvent({
  type: 'AccountSyncCompleted',
  schemaVersion: 1,
  schema: z.object({
    startedAt: isoTime,
    completedAt: isoTime,
    characters: z.array(
      z.object({
        characterId,
        transactions: z.number().int().nonnegative(),
        journalEntries: z.number().int(),
        /** Absent on syncs recorded before the industry times were kept. */
        industryRead: z.boolean().optional(),
        corporationIndustryRead: z.boolean().optional(),
      }),
    ),
  }),
});

/** The sync ran out of time (ESI slow or throttling): the next one comes sooner (spec §4 Sync). */
export const accountSyncTimedOut = defineEvent({
  type: 'AccountSyncTimedOut',
  schemaVersion: 1,
  schema: z.object({ startedAt: isoTime, at: isoTime }),
});

/** The sync failed (ESI down, no character's grant accepted); nothing of it counts as complete. */
export const accountSyncFailed = defineEvent({
  type: 'AccountSyncFailed',
  schemaVersion: 1,
  schema: z.object({ startedAt: isoTime, at: isoTime, reason: z.string().min(1) }),
});

/** Why a sync ended without an outcome: its worker started again, or another worker found its lease run out. */
export const SYNC_INTERRUPTION_REASONS = ['worker-restarted', 'lease-expired'] as const;
export type SyncInterruptionReason = (typeof SYNC_INTERRUPTION_REASONS)[number];

/** The sync's worker died before it ended: nothing of it counts as an update, and the account is due again. */
export const accountSyncInterrupted = defineEvent({
  type: 'AccountSyncInterrupted',
  schemaVersion: 1,
  schema: z.object({ startedAt: isoTime, at: isoTime, reason: z.enum(SYNC_INTERRUPTION_REASONS) }),
});

/** The owner refreshed a character's wallet balance from ESI (spec §4: at most every 2 minutes). */
export const characterWalletBalanceRead = defineEvent({
  type: 'CharacterWalletBalanceRead',
  schemaVersion: 1,
  schema: z.object({ characterId, balanceCents: z.number().int(), readAt: isoTime }),
});

/**
 * A sync read the division balances of a corporation the account tracks the trade of (Overview's wallets). The
 * corporation's name is kept as ESI gave it then, so the read model needs no lookup.
 */
export const corporationWalletsRead = defineEvent({
  type: 'CorporationWalletsRead',
  schemaVersion: 1,
  schema: z.object({
    corporationId: z.number().int().positive(),
    corporationName: z.string().min(1),
    divisions: z.array(
      z.object({ division: z.number().int().min(1).max(7), balanceCents: z.number().int() }),
    ),
    readAt: isoTime,
  }),
});

/**
 * The owner's client read where a character is (spec §3: systemId, systemName), to count jumps from it. The name
 * is kept as the static data had it then, so the read model needs no static data.
 */
export const characterLocationRead = defineEvent({
  type: 'CharacterLocationRead',
  schemaVersion: 1,
  schema: z.object({
    characterId,
    systemId: z.number().int().positive(),
    systemName: z.string(),
    readAt: isoTime,
  }),
});

/** What Export Transactions and Export Journal download (account-area §4). */
export const CHARACTER_EXPORT_KINDS = ['transactions', 'journal'] as const;
export type CharacterExportKind = (typeof CHARACTER_EXPORT_KINDS)[number];

/** The owner downloaded a character's transactions or journal (spec §4: clicking marks the export as done). */
export const characterDataExported = defineEvent({
  type: 'CharacterDataExported',
  schemaVersion: 1,
  schema: z.object({ characterId, kind: z.enum(CHARACTER_EXPORT_KINDS), exportedAt: isoTime }),
});

export const accountEventDefinitions = [
  accountOpened,
  characterLinked,
  characterReauthorized,
  characterUnlinked,
  characterSettingsChanged,
  characterRolesUpdated,
  characterEsiErrorMarked,
  accountSettingsChanged,
  accountSyncStarted,
  accountSyncCompleted,
  accountSyncTimedOut,
  accountSyncFailed,
  accountSyncInterrupted,
  characterWalletBalanceRead,
  corporationWalletsRead,
  characterLocationRead,
  characterDataExported,
  ...accountBillingEventDefinitions,
] as const;

export type AccountOpened = z.infer<typeof accountOpened.schema>;
export type CharacterLinked = z.infer<typeof characterLinked.schema>;
export type CharacterReauthorized = z.infer<typeof characterReauthorized.schema>;
export type CharacterUnlinked = z.infer<typeof characterUnlinked.schema>;
export type CharacterSettingsChanged = z.infer<typeof characterSettingsChanged.schema>;
export type CharacterRolesUpdated = z.infer<typeof characterRolesUpdated.schema>;
export type CharacterEsiErrorMarked = z.infer<typeof characterEsiErrorMarked.schema>;
export type AccountSettingsChanged = z.infer<typeof accountSettingsChanged.schema>;
export type AccountSyncStarted = z.infer<typeof accountSyncStarted.schema>;
export type AccountSyncCompleted = z.infer<typeof accountSyncCompleted.schema>;
export type AccountSyncTimedOut = z.infer<typeof accountSyncTimedOut.schema>;
export type AccountSyncFailed = z.infer<typeof accountSyncFailed.schema>;
export type AccountSyncInterrupted = z.infer<typeof accountSyncInterrupted.schema>;
export type CharacterWalletBalanceRead = z.infer<typeof characterWalletBalanceRead.schema>;
export type CorporationWalletsRead = z.infer<typeof corporationWalletsRead.schema>;
export type CharacterLocationRead = z.infer<typeof characterLocationRead.schema>;
export type CharacterDataExported = z.infer<typeof characterDataExported.schema>;

/** An account event as a decider sees it: the stored type with its data. */
export type AccountEvent =
  | { type: 'AccountOpened'; data: AccountOpened }
  | { type: 'CharacterLinked'; data: CharacterLinked }
  | { type: 'CharacterReauthorized'; data: CharacterReauthorized }
  | { type: 'CharacterUnlinked'; data: CharacterUnlinked }
  | { type: 'CharacterSettingsChanged'; data: CharacterSettingsChanged }
  | { type: 'CharacterRolesUpdated'; data: CharacterRolesUpdated }
  | { type: 'CharacterEsiErrorMarked'; data: CharacterEsiErrorMarked }
  | { type: 'AccountSettingsChanged'; data: AccountSettingsChanged }
  | { type: 'AccountSyncStarted'; data: AccountSyncStarted }
  | { type: 'AccountSyncCompleted'; data: AccountSyncCompleted }
  | { type: 'AccountSyncTimedOut'; data: AccountSyncTimedOut }
  | { type: 'AccountSyncFailed'; data: AccountSyncFailed }
  | { type: 'AccountSyncInterrupted'; data: AccountSyncInterrupted }
  | { type: 'CharacterWalletBalanceRead'; data: CharacterWalletBalanceRead }
  | { type: 'CorporationWalletsRead'; data: CorporationWalletsRead }
  | { type: 'CharacterLocationRead'; data: CharacterLocationRead }
  | { type: 'CharacterDataExported'; data: CharacterDataExported }
  | AccountBillingEvent;

/**
 * The fields a settings event carries: `CharacterSettingsChanged` and `AccountSettingsChanged` hold only what
 * changed, so every reader applies just the fields present.
 */
export function presentFields<T extends object>(changes: T): Partial<T> {
  return Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined)) as Partial<T>;
}
