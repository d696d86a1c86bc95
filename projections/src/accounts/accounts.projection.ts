import {
  ACCOUNTS_READ_MODEL,
  TIER_NAMES,
  streamEntityId,
  syncLeaseOf,
  type AccountCharacterDocument,
  type AccountDocument,
  type AccountEvent,
  type AccountTransactionDocument,
  type SubscriptionPeriodDocument,
  presentFields,
  withSyncChoice,
} from '@tradewise/contracts';
import type { RecordedEvent } from '@tradewise/platform';
import type { Projection } from '../runner/projection';

function withCharacter(
  account: AccountDocument,
  characterId: number,
  change: (character: AccountCharacterDocument) => AccountCharacterDocument,
): AccountDocument {
  return {
    ...account,
    characters: account.characters.map((c) => (c.characterId === characterId ? change(c) : c)),
  };
}

function withTransaction(account: AccountDocument, transaction: AccountTransactionDocument): AccountDocument {
  return {
    ...account,
    balanceCents: account.balanceCents + transaction.amountCents,
    transactions: [...account.transactions, transaction],
  };
}

/** A new period in force: the tier, the subscription, and its row in the subscriptions list. */
function withPeriod(
  account: AccountDocument,
  period: SubscriptionPeriodDocument,
  id: string,
): AccountDocument {
  const { tier, startDate, endDate } = period;
  // An upgrade ends the period it replaces where the new one starts.
  const subscriptions = account.subscriptions.map((row) =>
    row.endDate > startDate && row.startDate <= startDate ? { ...row, endDate: startDate } : row,
  );
  return {
    ...account,
    tier,
    subscription: { tier, startDate, endDate },
    lastSubscription: { tier, startDate, endDate },
    subscriptions: [...subscriptions, { id, tier, startDate, endDate }],
  };
}

function evolveAccount(
  account: AccountDocument | null,
  event: AccountEvent,
  at: string,
  eventId: string,
): AccountDocument | null {
  if (event.type === 'AccountOpened') {
    return {
      _id: event.data.accountId,
      loginCharacterId: event.data.loginCharacterId,
      tier: 'FREE',
      syncEnabled: false,
      autoRebill: false,
      characters: [],
      openedAt: at,
      lastUpdate: null,
      lastSyncTimeout: null,
      syncStartedAt: null,
      syncLease: null,
      balanceCents: 0,
      subscription: null,
      lastSubscription: null,
      transactions: [],
      subscriptions: [],
    };
  }
  if (account === null) return null;
  switch (event.type) {
    case 'CharacterLinked': {
      const linked: AccountCharacterDocument = {
        characterId: event.data.characterId,
        characterName: event.data.characterName,
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
        lastWalletUpdate: null,
        walletBalanceCents: null,
        lastWalletBalanceUpdate: null,
        lastTransactionsExport: null,
        lastJournalExport: null,
      };
      const others = account.characters.filter((c) => c.characterId !== linked.characterId);
      return { ...account, characters: [...others, linked] };
    }
    case 'CharacterReauthorized':
      return withCharacter(account, event.data.characterId, (c) => ({
        ...c,
        characterName: event.data.characterName,
        scopes: event.data.scopes,
        esiError: null,
      }));
    case 'CharacterUnlinked':
      return {
        ...account,
        characters: account.characters.filter((c) => c.characterId !== event.data.characterId),
      };
    case 'CharacterSettingsChanged': {
      const { characterId, ...changes } = event.data;
      return withCharacter(account, characterId, (c) =>
        withSyncChoice({ ...c, ...presentFields(changes) }, changes.enableSync),
      );
    }
    case 'CharacterRolesUpdated':
      return withCharacter(account, event.data.characterId, (c) => ({ ...c, roles: event.data.roles }));
    case 'CharacterEsiErrorMarked':
      return withCharacter(account, event.data.characterId, (c) => ({ ...c, esiError: event.data.reason }));
    case 'AccountSettingsChanged':
      return { ...account, ...presentFields(event.data) };
    case 'AccountSyncStarted':
      return { ...account, syncStartedAt: event.data.startedAt, syncLease: syncLeaseOf(event.data) };
    case 'AccountSyncCompleted': {
      const { completedAt } = event.data;
      const synced = new Map(event.data.characters.map((c) => [c.characterId, c]));
      return {
        ...account,
        lastUpdate: completedAt,
        syncStartedAt: null,
        syncLease: null,
        characters: account.characters.map((c) => {
          const read = synced.get(c.characterId);
          if (!read) return c;
          return {
            ...c,
            lastWalletUpdate: completedAt,
            ...(read.industryRead ? { lastIndustryUpdate: completedAt } : {}),
            ...(read.corporationIndustryRead ? { lastCorpIndustryUpdate: completedAt } : {}),
          };
        }),
      };
    }
    case 'AccountSyncTimedOut':
      return { ...account, lastSyncTimeout: event.data.at, syncStartedAt: null, syncLease: null };
    case 'AccountSyncFailed':
    case 'AccountSyncInterrupted':
      return { ...account, syncStartedAt: null, syncLease: null };
    case 'CharacterWalletBalanceRead':
      return withCharacter(account, event.data.characterId, (c) => ({
        ...c,
        walletBalanceCents: event.data.balanceCents,
        lastWalletBalanceUpdate: event.data.readAt,
      }));
    case 'CorporationWalletsRead': {
      const others = (account.corporationWallets ?? []).filter(
        (wallets) => wallets.corporationId !== event.data.corporationId,
      );
      return { ...account, corporationWallets: [...others, event.data] };
    }
    case 'CharacterLocationRead':
      return withCharacter(account, event.data.characterId, (c) => ({
        ...c,
        systemId: event.data.systemId,
        systemName: event.data.systemName,
      }));
    case 'CharacterDataExported':
      return withCharacter(account, event.data.characterId, (c) => ({
        ...c,
        ...(event.data.kind === 'transactions'
          ? { lastTransactionsExport: event.data.exportedAt }
          : { lastJournalExport: event.data.exportedAt }),
      }));
    case 'DepositCredited':
      return withTransaction(account, {
        id: eventId,
        date: event.data.depositedAt,
        reason: 'DEPOSIT',
        amountCents: event.data.amountCents,
        description: `Deposit from ${
          account.characters.find((c) => c.characterId === event.data.characterId)?.characterName ??
          `character ${event.data.characterId}`
        }`,
      });
    case 'SubscriptionPurchased':
    case 'SubscriptionRenewed':
    case 'SubscriptionUpgraded': {
      const { tier, priceCents, startDate } = event.data;
      const description =
        event.type === 'SubscriptionPurchased'
          ? `${TIER_NAMES[tier]} subscription`
          : event.type === 'SubscriptionRenewed'
            ? `${TIER_NAMES[tier]} subscription renewed`
            : `Upgrade to ${TIER_NAMES[tier]} (pro-rated)`;
      const date = event.type === 'SubscriptionRenewed' ? at : startDate;
      return withPeriod(
        withTransaction(account, {
          id: eventId,
          date,
          reason: 'PURCHASE',
          amountCents: -priceCents,
          description,
        }),
        event.data,
        eventId,
      );
    }
    case 'FreeTrialStarted':
      return withPeriod(account, event.data, eventId);
    case 'SubscriptionExpired':
      return {
        ...account,
        tier: 'FREE',
        subscription: null,
        characters: account.characters.map((c) =>
          event.data.stoppedCharacterIds.includes(c.characterId)
            ? { ...c, enableSync: false, stoppedForTier: true }
            : c,
        ),
      };
    case 'AccountCredited':
    case 'AccountDebited':
      return withTransaction(account, {
        id: eventId,
        date: event.data.at,
        reason: event.type === 'AccountCredited' ? 'CREDIT' : 'WITHDRAWAL',
        amountCents: event.type === 'AccountCredited' ? event.data.amountCents : -event.data.amountCents,
        description: event.data.reason,
      });
  }
}

/** The account as its owner sees it: settings and characters (GET /account). */
export const accountsProjection: Projection<AccountDocument> = {
  name: ACCOUNTS_READ_MODEL,
  // 2: sync times (lastUpdate, lastSyncTimeout, a character's lastWalletUpdate).
  // 3: a character's refreshed wallet balance (walletBalanceCents, lastWalletBalanceUpdate).
  // 4: billing: the tier follows subscriptions; balance, transactions and subscription periods.
  // 5: characters stopped by a drop in tier (stoppedForTier) until their owner starts them again.
  // 6: corporation division balances (corporationWallets) and the corporation trade switch.
  version: 6,
  streamCategories: ['account'],
  indexes: [{ keys: { 'subscription.endDate': 1 }, name: 'by_subscription_end' }],
  documentIds: (event) => [streamEntityId(event.streamId)],
  evolve: (account, event: RecordedEvent) =>
    evolveAccount(account, event as unknown as AccountEvent, event.metadata.recordedAt, event.id),
};
