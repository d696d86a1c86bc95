import {
  ProductScope,
  TIER_NAMES,
  formatIskCents,
  isFactoryManager,
  readsCorporationWallets,
  tierPolicy,
  type AccountBillingEvent,
  type AccountEvent,
  type AccountSyncOutcome,
  type CharacterExportKind,
  type CharacterSettingsChanged,
  type CharacterUnlinkReason,
  type PaidTier,
  type SubscriptionTier,
  type SyncLease,
  type SyncStatus,
  type SyncWorkerIdentity,
  syncHeld,
  syncLeaseOf,
  syncStatusOf as syncStatusFor,
  charactersBeyondLimit,
  presentFields,
  withSyncChoice,
} from '@tradewise/contracts';
import type { Decider } from '@tradewise/platform';
import {
  FREE_TRIAL_DAYS,
  FREE_TRIAL_TIER,
  SUBSCRIPTION_DAYS,
  SUBSCRIPTION_PRICE_CENTS,
  addDays,
  evolveBilling,
  initialBillingState,
  unusedValueCents,
  type BillingState,
} from '../billing/account-billing';

/** The scope corporation industry sync reads jobs with. */
export const CORPORATION_JOBS_SCOPE = 'esi-industry.read_corporation_jobs.v1';
/** The scopes corporation trade sync reads the corporation's wallets and market orders with. */
export const CORPORATION_TRADE_SCOPES = [
  ProductScope.corporationWallets,
  ProductScope.corporationOrders,
] as const;
/** Spec §4 and §9: a wallet balance is refreshed at most once in this long (ESI caches it as long). */
export const WALLET_REFRESH_COOLDOWN_MS = 120_000;

export interface AuthorizedCharacter {
  readonly characterId: number;
  readonly characterName: string;
  readonly ownerHash: string;
  readonly scopes: readonly string[];
}

export interface CharacterState {
  readonly characterId: number;
  readonly characterName: string;
  readonly ownerHash: string;
  readonly scopes: readonly string[];
  readonly roles: readonly string[];
  readonly enableSync: boolean;
  readonly stoppedForTier: boolean;
  readonly enableCorpIndustrySync: boolean;
  readonly enableCorpTradeSync: boolean;
  readonly esiError: string | null;
  readonly defaultPriceRegion: number | null;
  readonly defaultPriceFactor: number | null;
  readonly reactionBonus: number | null;
  readonly walletBalanceCents: number | null;
  readonly lastWalletBalanceUpdate: string | null;
  readonly systemId: number | null;
}

export interface AccountState {
  readonly accountId: string | null;
  readonly loginCharacterId: number | null;
  readonly tier: SubscriptionTier;
  readonly syncEnabled: boolean;
  readonly autoRebill: boolean;
  readonly characters: ReadonlyMap<number, CharacterState>;
  /** The sync under way, if any: its outcome must name this start. */
  readonly syncStartedAt: string | null;
  /** Its worker and how long it holds the account; null for a sync recorded without one. */
  readonly syncLease: SyncLease | null;
  /** Balance, subscription and what makes purchases and deposits count once. */
  readonly billing: BillingState;
}

export type CharacterSettingChanges = Omit<CharacterSettingsChanged, 'characterId'>;

export type AccountCommand =
  | { readonly type: 'OpenAccount'; readonly accountId: string; readonly character: AuthorizedCharacter }
  | { readonly type: 'AuthorizeCharacter'; readonly character: AuthorizedCharacter }
  | { readonly type: 'RemoveCharacter'; readonly characterId: number }
  | {
      readonly type: 'ReleaseCharacter';
      readonly characterId: number;
      readonly reason: Exclude<CharacterUnlinkReason, 'removed-by-owner'>;
    }
  | {
      readonly type: 'ChangeCharacterSettings';
      readonly characterId: number;
      readonly changes: CharacterSettingChanges;
    }
  | { readonly type: 'UpdateCharacterRoles'; readonly characterId: number; readonly roles: readonly string[] }
  | { readonly type: 'MarkCharacterEsiError'; readonly characterId: number; readonly reason: string }
  | {
      readonly type: 'ChangeAccountSettings';
      readonly changes: { syncEnabled?: boolean; autoRebill?: boolean };
    }
  | {
      readonly type: 'StartAccountSync';
      readonly startedAt: string;
      readonly characterIds: readonly number[];
      readonly lease: SyncLease;
    }
  | { readonly type: 'EndAccountSync'; readonly outcome: AccountSyncOutcome }
  /** A worker starting again ends the syncs its earlier run left under way. */
  | {
      readonly type: 'InterruptAccountSync';
      readonly startedAt: string;
      readonly at: string;
      readonly worker: SyncWorkerIdentity;
    }
  | {
      readonly type: 'RecordWalletBalance';
      readonly characterId: number;
      readonly balanceCents: number;
      readonly readAt: string;
    }
  /** A sync read the division balances of a corporation whose trade the account tracks. */
  | {
      readonly type: 'RecordCorporationWallets';
      readonly corporationId: number;
      readonly corporationName: string;
      readonly divisions: readonly { readonly division: number; readonly balanceCents: number }[];
      readonly readAt: string;
    }
  | {
      readonly type: 'RecordLocation';
      readonly characterId: number;
      readonly systemId: number;
      readonly systemName: string;
      readonly readAt: string;
    }
  | {
      readonly type: 'MarkCharacterExport';
      readonly characterId: number;
      readonly kind: CharacterExportKind;
      readonly exportedAt: string;
    }
  /** ISK a character sent to the product's corporation (one corporation journal entry). */
  | {
      readonly type: 'CreditDeposit';
      readonly journalRefId: number;
      readonly characterId: number;
      readonly amountCents: number;
      readonly depositedAt: string;
    }
  /** Buy `tier` for 30 days; from SUPPORTER, PRO is a pro-rated upgrade. */
  | {
      readonly type: 'PurchaseSubscription';
      readonly tier: PaidTier;
      readonly at: string;
      readonly idempotencyKey?: string;
    }
  | { readonly type: 'StartFreeTrial'; readonly at: string; readonly idempotencyKey?: string }
  /** The subscription scheduler: a subscription past its end date is renewed (Automatic Re-bill) or expires. */
  | { readonly type: 'EndSubscription'; readonly at: string }
  /** Support staff move the balance by hand, with a reason. */
  | {
      readonly type: 'CreditAccount' | 'DebitAccount';
      readonly amountCents: number;
      readonly reason: string;
      readonly at: string;
    };

export type AccountRuleCode =
  | 'ACCOUNT_EXISTS'
  | 'NO_ACCOUNT'
  | 'CHARACTER_NOT_ON_ACCOUNT'
  | 'CHARACTER_HAS_ANOTHER_OWNER'
  | 'INSUFFICIENT_SUBSCRIPTION'
  | 'NOT_A_FACTORY_MANAGER'
  | 'NOT_AN_ACCOUNTANT'
  | 'CORPORATION_SYNC_NEEDS_PRO'
  | 'CORPORATION_SYNC_NEEDS_SCOPE'
  | 'PRICE_FACTOR_NEEDS_REGION'
  | 'NO_CHARACTERS'
  | 'SYNC_IN_PROGRESS'
  | 'NO_SYNC_IN_PROGRESS'
  | 'WALLET_REFRESH_TOO_SOON'
  | 'INSUFFICIENT_BALANCE'
  | 'ALREADY_SUBSCRIBED'
  | 'TRIAL_NOT_ELIGIBLE';

/** A command the account's rules refuse; the API turns it into a 4xx the UI can show. */
export class AccountRuleViolation extends Error {
  constructor(
    readonly code: AccountRuleCode,
    message: string,
    /** For INSUFFICIENT_SUBSCRIPTION: how many characters the tier lets sync. */
    readonly limit?: number,
    /** For WALLET_REFRESH_TOO_SOON: how long until the command would be accepted. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AccountRuleViolation';
  }
}

export const initialAccountState: AccountState = {
  accountId: null,
  loginCharacterId: null,
  tier: 'FREE',
  syncEnabled: false,
  autoRebill: false,
  characters: new Map(),
  syncStartedAt: null,
  syncLease: null,
  billing: initialBillingState,
};

function tierAfter(tier: SubscriptionTier, event: AccountBillingEvent): SubscriptionTier {
  switch (event.type) {
    case 'SubscriptionPurchased':
    case 'SubscriptionUpgraded':
    case 'SubscriptionRenewed':
    case 'FreeTrialStarted':
      return event.data.tier;
    default:
      return tier;
  }
}

function withCharacter(
  state: AccountState,
  characterId: number,
  change: (c: CharacterState) => CharacterState,
): AccountState {
  const character = state.characters.get(characterId);
  if (!character) return state;
  const characters = new Map(state.characters);
  characters.set(characterId, change(character));
  return { ...state, characters };
}

export function evolveAccount(state: AccountState, event: AccountEvent): AccountState {
  switch (event.type) {
    case 'AccountOpened':
      return { ...state, accountId: event.data.accountId, loginCharacterId: event.data.loginCharacterId };
    case 'CharacterLinked': {
      const characters = new Map(state.characters);
      characters.set(event.data.characterId, {
        characterId: event.data.characterId,
        characterName: event.data.characterName,
        ownerHash: event.data.ownerHash,
        scopes: event.data.scopes,
        roles: [],
        enableSync: event.data.enableSync,
        stoppedForTier: false,
        enableCorpIndustrySync: false,
        enableCorpTradeSync: false,
        esiError: null,
        defaultPriceRegion: null,
        defaultPriceFactor: null,
        reactionBonus: null,
        walletBalanceCents: null,
        lastWalletBalanceUpdate: null,
        systemId: null,
      });
      return { ...state, characters };
    }
    case 'CharacterReauthorized':
      return withCharacter(state, event.data.characterId, (c) => ({
        ...c,
        characterName: event.data.characterName,
        scopes: event.data.scopes,
        esiError: null,
      }));
    case 'CharacterUnlinked': {
      const characters = new Map(state.characters);
      characters.delete(event.data.characterId);
      return { ...state, characters };
    }
    case 'CharacterSettingsChanged': {
      const { characterId, ...changes } = event.data;
      return withCharacter(state, characterId, (c) =>
        withSyncChoice({ ...c, ...presentFields(changes) }, changes.enableSync),
      );
    }
    case 'CharacterRolesUpdated':
      return withCharacter(state, event.data.characterId, (c) => ({ ...c, roles: event.data.roles }));
    case 'CharacterEsiErrorMarked':
      return withCharacter(state, event.data.characterId, (c) => ({ ...c, esiError: event.data.reason }));
    case 'AccountSettingsChanged':
      return { ...state, ...presentFields(event.data) };
    case 'AccountSyncStarted':
      return { ...state, syncStartedAt: event.data.startedAt, syncLease: syncLeaseOf(event.data) };
    case 'AccountSyncCompleted':
    case 'AccountSyncTimedOut':
    case 'AccountSyncFailed':
    case 'AccountSyncInterrupted':
      return { ...state, syncStartedAt: null, syncLease: null };
    case 'CharacterWalletBalanceRead':
      return withCharacter(state, event.data.characterId, (c) => ({
        ...c,
        walletBalanceCents: event.data.balanceCents,
        lastWalletBalanceUpdate: event.data.readAt,
      }));
    case 'CharacterLocationRead':
      return withCharacter(state, event.data.characterId, (c) => ({ ...c, systemId: event.data.systemId }));
    case 'CharacterDataExported':
    case 'CorporationWalletsRead':
      return state;
    case 'SubscriptionExpired':
      return {
        ...state,
        tier: 'FREE',
        billing: evolveBilling(state.billing, event),
        characters: new Map(
          [...state.characters].map(([id, c]) => [
            id,
            event.data.stoppedCharacterIds.includes(id)
              ? { ...c, enableSync: false, stoppedForTier: true }
              : c,
          ]),
        ),
      };
    default:
      return {
        ...state,
        tier: tierAfter(state.tier, event),
        billing: evolveBilling(state.billing, event),
      };
  }
}

/** When a character's wallet balance may be refreshed again (epoch ms); null when it never was. */
export function walletRefreshAllowedAt(lastWalletBalanceUpdate: string | null | undefined): number | null {
  if (!lastWalletBalanceUpdate) return null;
  return Date.parse(lastWalletBalanceUpdate) + WALLET_REFRESH_COOLDOWN_MS;
}

/** The refusal of a wallet refresh asked for at `atMs` before the cooldown ran out, or null when it may run. */
export function walletRefreshTooSoon(
  lastWalletBalanceUpdate: string | null | undefined,
  atMs: number,
): AccountRuleViolation | null {
  const allowedAt = walletRefreshAllowedAt(lastWalletBalanceUpdate);
  if (allowedAt === null || atMs >= allowedAt) return null;
  const seconds = Math.ceil((allowedAt - atMs) / 1000);
  return new AccountRuleViolation(
    'WALLET_REFRESH_TOO_SOON',
    `The wallet was refreshed less than 2 minutes ago; try again in ${seconds} s.`,
    undefined,
    seconds,
  );
}

/** Spec §3: the status shown per character, derived from the account's state. */
export function syncStatusOf(state: AccountState, characterId: number): SyncStatus {
  return syncStatusFor(state.tier, [...state.characters.values()], characterId);
}

function syncingCount(state: AccountState): number {
  return [...state.characters.values()].filter((c) => c.enableSync).length;
}

function hasRoomToSync(state: AccountState): boolean {
  const limit = tierPolicy(state.tier).syncingCharacterLimit;
  return limit === null || syncingCount(state) < limit;
}

function characterOf(state: AccountState, characterId: number): CharacterState {
  const character = state.characters.get(characterId);
  if (!character) {
    throw new AccountRuleViolation(
      'CHARACTER_NOT_ON_ACCOUNT',
      `Character ${characterId} is not on this account.`,
    );
  }
  return character;
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');
}

/** The account's rules: which events a command produces, or why it is refused. Pure; no I/O. */
export function decideAccount(state: AccountState, command: AccountCommand): AccountEvent[] {
  if (command.type === 'OpenAccount') {
    if (state.accountId !== null)
      throw new AccountRuleViolation('ACCOUNT_EXISTS', 'This account is already open.');
    const { character } = command;
    return [
      {
        type: 'AccountOpened',
        data: { accountId: command.accountId, loginCharacterId: character.characterId },
      },
      {
        type: 'CharacterLinked',
        data: { ...character, scopes: [...character.scopes], enableSync: true },
      },
    ];
  }
  if (state.accountId === null) throw new AccountRuleViolation('NO_ACCOUNT', 'There is no such account.');

  switch (command.type) {
    case 'AuthorizeCharacter': {
      const { character } = command;
      const existing = state.characters.get(character.characterId);
      if (!existing) {
        return [
          {
            type: 'CharacterLinked',
            data: { ...character, scopes: [...character.scopes], enableSync: hasRoomToSync(state) },
          },
        ];
      }
      if (existing.ownerHash !== character.ownerHash) {
        throw new AccountRuleViolation(
          'CHARACTER_HAS_ANOTHER_OWNER',
          `${character.characterName} has changed owner; release it from this account first.`,
        );
      }
      const unchanged =
        existing.characterName === character.characterName &&
        sameList(existing.scopes, character.scopes) &&
        existing.esiError === null;
      if (unchanged) return [];
      return [
        {
          type: 'CharacterReauthorized',
          data: {
            characterId: character.characterId,
            characterName: character.characterName,
            scopes: [...character.scopes],
          },
        },
      ];
    }
    case 'RemoveCharacter':
      characterOf(state, command.characterId);
      return [
        { type: 'CharacterUnlinked', data: { characterId: command.characterId, reason: 'removed-by-owner' } },
      ];
    case 'ReleaseCharacter':
      if (!state.characters.has(command.characterId)) return [];
      return [
        { type: 'CharacterUnlinked', data: { characterId: command.characterId, reason: command.reason } },
      ];
    case 'ChangeCharacterSettings':
      return decideCharacterSettings(state, characterOf(state, command.characterId), command.changes);
    case 'UpdateCharacterRoles': {
      const character = characterOf(state, command.characterId);
      if (sameList(character.roles, command.roles)) return [];
      const events: AccountEvent[] = [
        {
          type: 'CharacterRolesUpdated',
          data: { characterId: character.characterId, roles: [...command.roles] },
        },
      ];
      const lost = {
        ...(character.enableCorpIndustrySync && !isFactoryManager(command.roles)
          ? { enableCorpIndustrySync: false }
          : {}),
        ...(character.enableCorpTradeSync && !readsCorporationWallets(command.roles)
          ? { enableCorpTradeSync: false }
          : {}),
      };
      if (Object.keys(lost).length > 0) {
        events.push({
          type: 'CharacterSettingsChanged',
          data: { characterId: character.characterId, ...lost },
        });
      }
      return events;
    }
    case 'MarkCharacterEsiError': {
      const character = characterOf(state, command.characterId);
      if (character.esiError === command.reason) return [];
      return [
        {
          type: 'CharacterEsiErrorMarked',
          data: { characterId: character.characterId, reason: command.reason },
        },
      ];
    }
    case 'StartAccountSync': {
      const { lease, startedAt } = command;
      if (syncHeld(state.syncStartedAt, state.syncLease, Date.parse(startedAt), lease)) {
        throw new AccountRuleViolation('SYNC_IN_PROGRESS', 'This account is being synced already.');
      }
      const started: AccountEvent = {
        type: 'AccountSyncStarted',
        data: {
          startedAt,
          characterIds: [...command.characterIds],
          workerId: lease.workerId,
          runId: lease.runId,
          leaseUntil: lease.until,
        },
      };
      if (state.syncStartedAt === null) return [started];
      // The sync under way lost its worker: it ends here, so every start is followed by exactly one end.
      const restarted = state.syncLease?.workerId === lease.workerId && state.syncLease.runId !== lease.runId;
      return [
        {
          type: 'AccountSyncInterrupted',
          data: {
            startedAt: state.syncStartedAt,
            at: startedAt,
            reason: restarted ? 'worker-restarted' : 'lease-expired',
          },
        },
        started,
      ];
    }
    case 'InterruptAccountSync': {
      const { syncStartedAt, syncLease } = state;
      const orphaned =
        syncStartedAt === command.startedAt &&
        syncLease?.workerId === command.worker.workerId &&
        syncLease.runId !== command.worker.runId;
      if (!orphaned) return [];
      return [
        {
          type: 'AccountSyncInterrupted',
          data: { startedAt: syncStartedAt, at: command.at, reason: 'worker-restarted' },
        },
      ];
    }
    case 'EndAccountSync': {
      const { outcome } = command;
      if (state.syncStartedAt !== outcome.startedAt) {
        throw new AccountRuleViolation('NO_SYNC_IN_PROGRESS', 'This sync was not the one under way.');
      }
      if (outcome.kind === 'completed') {
        const { kind: _kind, ...data } = outcome;
        return [{ type: 'AccountSyncCompleted', data: { ...data, characters: [...data.characters] } }];
      }
      if (outcome.kind === 'timed-out') {
        return [{ type: 'AccountSyncTimedOut', data: { startedAt: outcome.startedAt, at: outcome.at } }];
      }
      return [
        {
          type: 'AccountSyncFailed',
          data: { startedAt: outcome.startedAt, at: outcome.at, reason: outcome.reason },
        },
      ];
    }
    case 'RecordCorporationWallets': {
      const { corporationId, corporationName, divisions, readAt } = command;
      return [
        {
          type: 'CorporationWalletsRead',
          data: { corporationId, corporationName, divisions: [...divisions], readAt },
        },
      ];
    }
    case 'RecordWalletBalance': {
      const character = characterOf(state, command.characterId);
      const refused = walletRefreshTooSoon(character.lastWalletBalanceUpdate, Date.parse(command.readAt));
      if (refused) throw refused;
      return [
        {
          type: 'CharacterWalletBalanceRead',
          data: {
            characterId: character.characterId,
            balanceCents: command.balanceCents,
            readAt: command.readAt,
          },
        },
      ];
    }
    case 'RecordLocation': {
      const character = characterOf(state, command.characterId);
      if (character.systemId === command.systemId) return [];
      const { systemId, systemName, readAt } = command;
      return [
        {
          type: 'CharacterLocationRead',
          data: { characterId: character.characterId, systemId, systemName, readAt },
        },
      ];
    }
    case 'MarkCharacterExport': {
      const character = characterOf(state, command.characterId);
      return [
        {
          type: 'CharacterDataExported',
          data: { characterId: character.characterId, kind: command.kind, exportedAt: command.exportedAt },
        },
      ];
    }
    case 'ChangeAccountSettings': {
      const changes = presentFields(command.changes);
      if (changes.syncEnabled === true && state.characters.size === 0) {
        throw new AccountRuleViolation('NO_CHARACTERS', 'Add a character before you start syncing.');
      }
      const changed = Object.fromEntries(
        Object.entries(changes).filter(
          ([key, value]) => state[key as 'syncEnabled' | 'autoRebill'] !== value,
        ),
      );
      return Object.keys(changed).length === 0 ? [] : [{ type: 'AccountSettingsChanged', data: changed }];
    }
    case 'CreditDeposit': {
      if (state.billing.depositRefIds.has(command.journalRefId)) return [];
      const { type: _type, ...deposit } = command;
      return [{ type: 'DepositCredited', data: deposit }];
    }
    case 'PurchaseSubscription':
      return decidePurchase(state, command);
    case 'StartFreeTrial':
      return decideFreeTrial(state, command);
    case 'EndSubscription':
      return decideEndOfSubscription(state, command.at);
    case 'CreditAccount':
      return [{ type: 'AccountCredited', data: staffEntry(command) }];
    case 'DebitAccount':
      requireBalance(state, command.amountCents, 'A debit of');
      return [{ type: 'AccountDebited', data: staffEntry(command) }];
  }
}

function staffEntry(command: { amountCents: number; reason: string; at: string }) {
  return { amountCents: command.amountCents, reason: command.reason, at: command.at };
}

function requireBalance(state: AccountState, priceCents: number, what: string): void {
  const { balanceCents } = state.billing;
  if (priceCents > balanceCents) {
    throw new AccountRuleViolation(
      'INSUFFICIENT_BALANCE',
      `${what} ${formatIskCents(priceCents)} is more than your balance of ${formatIskCents(balanceCents)}.`,
    );
  }
}

function seen(state: AccountState, idempotencyKey: string | undefined): boolean {
  return idempotencyKey !== undefined && state.billing.recentIdempotencyKeys.includes(idempotencyKey);
}

/** account-area §4 Subscriptions: FREE buys either tier; SUPPORTER upgrades to PRO, pro-rated; PRO buys nothing. */
function decidePurchase(
  state: AccountState,
  command: Extract<AccountCommand, { type: 'PurchaseSubscription' }>,
): AccountEvent[] {
  if (seen(state, command.idempotencyKey)) return [];
  const { subscription } = state.billing;
  const key = command.idempotencyKey !== undefined ? { idempotencyKey: command.idempotencyKey } : {};
  const startDate = command.at;
  const endDate = addDays(startDate, SUBSCRIPTION_DAYS);
  const price = SUBSCRIPTION_PRICE_CENTS[command.tier];
  if (subscription === null) {
    requireBalance(state, price, `The ${TIER_NAMES[command.tier]} subscription's price of`);
    return [
      {
        type: 'SubscriptionPurchased',
        data: { tier: command.tier, priceCents: price, startDate, endDate, ...key },
      },
    ];
  }
  const upgrade = subscription.tier === 'SUPPORTER' && command.tier === 'PRO' && !subscription.trial;
  if (!upgrade) {
    throw new AccountRuleViolation(
      'ALREADY_SUBSCRIBED',
      `You already have a ${TIER_NAMES[subscription.tier]} subscription until ${subscription.endDate.slice(0, 10)}.`,
    );
  }
  const creditCents = unusedValueCents(subscription, Date.parse(command.at));
  const priceCents = price - creditCents;
  requireBalance(state, priceCents, 'The pro-rated upgrade to Pro of');
  return [
    {
      type: 'SubscriptionUpgraded',
      data: {
        fromTier: subscription.tier,
        tier: command.tier,
        priceCents,
        creditCents,
        startDate,
        endDate,
        ...key,
      },
    },
  ];
}

function decideFreeTrial(
  state: AccountState,
  command: Extract<AccountCommand, { type: 'StartFreeTrial' }>,
): AccountEvent[] {
  if (seen(state, command.idempotencyKey)) return [];
  if (state.billing.lastSubscription !== null) {
    throw new AccountRuleViolation(
      'TRIAL_NOT_ELIGIBLE',
      'The free trial is only for accounts that never had a subscription.',
    );
  }
  return [
    {
      type: 'FreeTrialStarted',
      data: {
        tier: FREE_TRIAL_TIER,
        startDate: command.at,
        endDate: addDays(command.at, FREE_TRIAL_DAYS),
        ...(command.idempotencyKey !== undefined ? { idempotencyKey: command.idempotencyKey } : {}),
      },
    },
  ];
}

/**
 * A subscription past its end date: with Automatic Re-bill and the balance for it, the same tier for another 30
 * days from its end (so a late scheduler charges no gap); otherwise the account is FREE again. A trial never
 * renews: it was never bought.
 */
function decideEndOfSubscription(state: AccountState, at: string): AccountEvent[] {
  const { subscription, balanceCents } = state.billing;
  if (subscription === null || Date.parse(at) < Date.parse(subscription.endDate)) return [];
  const price = SUBSCRIPTION_PRICE_CENTS[subscription.tier];
  if (state.autoRebill && !subscription.trial && balanceCents >= price) {
    return [
      {
        type: 'SubscriptionRenewed',
        data: {
          tier: subscription.tier,
          priceCents: price,
          startDate: subscription.endDate,
          endDate: addDays(subscription.endDate, SUBSCRIPTION_DAYS),
        },
      },
    ];
  }
  return [
    {
      type: 'SubscriptionExpired',
      data: {
        tier: subscription.tier,
        endDate: subscription.endDate,
        expiredAt: at,
        stoppedCharacterIds: charactersBeyondLimit('FREE', [...state.characters.values()]),
      },
    },
  ];
}

function decideCharacterSettings(
  state: AccountState,
  character: CharacterState,
  requested: CharacterSettingChanges,
): AccountEvent[] {
  const changes = presentFields(requested);
  if (changes.enableSync === true && !character.enableSync && !hasRoomToSync(state)) {
    const limit = tierPolicy(state.tier).syncingCharacterLimit!;
    throw new AccountRuleViolation(
      'INSUFFICIENT_SUBSCRIPTION',
      `Your current subscription allows a maximum of ${limit} characters to be synced.`,
      limit,
    );
  }
  if (changes.enableCorpIndustrySync === true) {
    if (!isFactoryManager(character.roles)) {
      throw new AccountRuleViolation(
        'NOT_A_FACTORY_MANAGER',
        `${character.characterName} is not a Factory Manager.`,
      );
    }
    if (!tierPolicy(state.tier).corporationFeatures) {
      throw new AccountRuleViolation(
        'CORPORATION_SYNC_NEEDS_PRO',
        'Corporation industry sync needs a Pro subscription.',
      );
    }
    if (!character.scopes.includes(CORPORATION_JOBS_SCOPE)) {
      throw new AccountRuleViolation(
        'CORPORATION_SYNC_NEEDS_SCOPE',
        `Update the scopes of ${character.characterName} on the Account page to sync corporation industry jobs.`,
      );
    }
  }
  if (changes.enableCorpTradeSync === true) {
    if (!readsCorporationWallets(character.roles)) {
      throw new AccountRuleViolation(
        'NOT_AN_ACCOUNTANT',
        `${character.characterName} cannot read the corporation's wallets: that needs the Accountant or Junior Accountant role.`,
      );
    }
    if (!tierPolicy(state.tier).corporationFeatures) {
      throw new AccountRuleViolation(
        'CORPORATION_SYNC_NEEDS_PRO',
        'Corporation trade sync needs a Pro subscription.',
      );
    }
    if (!CORPORATION_TRADE_SCOPES.every((scope) => character.scopes.includes(scope))) {
      throw new AccountRuleViolation(
        'CORPORATION_SYNC_NEEDS_SCOPE',
        `Update the scopes of ${character.characterName} on the Account page to sync corporation wallets and orders.`,
      );
    }
  }
  const region =
    changes.defaultPriceRegion !== undefined ? changes.defaultPriceRegion : character.defaultPriceRegion;
  if (region === null && changes.defaultPriceFactor !== undefined && changes.defaultPriceFactor !== null) {
    throw new AccountRuleViolation(
      'PRICE_FACTOR_NEEDS_REGION',
      'Choose a default price region before a price factor.',
    );
  }
  // Without a region the factor means nothing (the settings page disables it), so clearing one clears both.
  if (region === null && character.defaultPriceFactor !== null) changes.defaultPriceFactor = null;
  const changed = Object.fromEntries(
    Object.entries(changes).filter(([key, value]) => character[key as keyof CharacterState] !== value),
  );
  if (Object.keys(changed).length === 0) return [];
  return [{ type: 'CharacterSettingsChanged', data: { characterId: character.characterId, ...changed } }];
}

export const accountDecider: Decider<AccountState, AccountCommand, AccountEvent> = {
  initialState: initialAccountState,
  evolve: evolveAccount,
  decide: decideAccount,
};
