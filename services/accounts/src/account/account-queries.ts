import { Inject, Injectable } from '@nestjs/common';
import {
  ACCOUNTS_READ_MODEL,
  CHARACTER_ACCOUNTS_READ_MODEL,
  isFactoryManager,
  readsCorporationWallets,
  syncStatusOf,
  type AccountCharacterDocument,
  type AccountCharacterDto,
  type AccountDocument,
  type AccountDto,
  type AccountTransactionDto,
  type CharacterAccountDocument,
  type StaffAccountSummaryDto,
  type SubscriptionRecordDto,
  type SubscriptionTier,
} from '@tradewise/contracts';
import { READ_MODELS, type ReadModels } from '@tradewise/platform';

/** The character the session logged in with, shown in the header. */
export interface LoginCharacter {
  readonly characterId: number;
  readonly characterName: string;
}

function characterDto(account: AccountDocument, character: AccountCharacterDocument): AccountCharacterDto {
  return {
    id: character.characterId,
    name: character.characterName,
    roles: [...character.roles],
    syncStatus: syncStatusOf(account.tier, account.characters, character.characterId),
    esiScopes: character.scopes.join(','),
    enableSync: character.enableSync,
    enableCorpIndustrySync: character.enableCorpIndustrySync,
    enableCorpTradeSync: character.enableCorpTradeSync ?? false,
    canSyncCorpIndustry: isFactoryManager(character.roles),
    canSyncCorpTrade: readsCorporationWallets(character.roles),
    defaultPriceRegion: character.defaultPriceRegion,
    defaultPriceFactor: character.defaultPriceFactor,
    reactionBonus: character.reactionBonus,
    lastWalletUpdate: character.lastWalletUpdate ?? null,
    lastCorpIndustryUpdate: character.lastCorpIndustryUpdate ?? null,
    lastIndustryUpdate: character.lastIndustryUpdate ?? null,
    lastTransactionsExport: character.lastTransactionsExport ?? null,
    lastJournalExport: character.lastJournalExport ?? null,
    ...(typeof character.walletBalanceCents === 'number' && character.lastWalletBalanceUpdate
      ? {
          walletBalance: character.walletBalanceCents / 100,
          lastWalletBalanceUpdate: character.lastWalletBalanceUpdate,
        }
      : {}),
    ...(typeof character.systemId === 'number' && character.systemName
      ? { systemId: character.systemId, systemName: character.systemName }
      : {}),
  };
}

function staffSummaryOf(document: AccountDocument): StaffAccountSummaryDto {
  return {
    id: document._id,
    characters: document.characters.map((character) => ({
      id: character.characterId,
      name: character.characterName,
    })),
    loginCharacterId: document.loginCharacterId,
    subscriptionTier: document.tier,
    subscriptionEnd: document.subscription?.endDate ?? null,
    balance: (document.balanceCents ?? 0) / 100,
    syncEnabled: document.syncEnabled,
    openedAt: document.openedAt,
    lastUpdate: document.lastUpdate ?? null,
  };
}

/** Reads of the account read models; each waits for a position when given one (read your own writes). */
@Injectable()
export class AccountQueries {
  constructor(@Inject(READ_MODELS) private readonly readModels: ReadModels) {}

  async account(accountId: string, login: LoginCharacter, after?: number | null): Promise<AccountDto | null> {
    const document = await this.document(accountId, after);
    if (!document) return null;
    return {
      id: document._id,
      characters: document.characters.map((character) => characterDto(document, character)),
      corporationWallets: (document.corporationWallets ?? []).map((wallets) => ({
        corporationId: wallets.corporationId,
        corporationName: wallets.corporationName,
        divisions: wallets.divisions.map(({ division, balanceCents }) => ({
          division,
          balance: balanceCents / 100,
        })),
        lastUpdate: wallets.readAt,
      })),
      syncEnabled: document.syncEnabled,
      autoRebill: document.autoRebill,
      subscriptionTier: document.tier,
      lastSubscription: document.lastSubscription ?? null,
      lastUpdate: document.lastUpdate ?? null,
      lastSyncTimeout: document.lastSyncTimeout ?? null,
      balance: (document.balanceCents ?? 0) / 100,
      characterName: login.characterName,
      loginCharacterId: login.characterId,
    };
  }

  /** The account's balance in ISK cents; null when there is no such account. */
  async balanceCents(accountId: string, after?: number | null): Promise<number | null> {
    const document = await this.document(accountId, after);
    return document ? (document.balanceCents ?? 0) : null;
  }

  /** The account's deposits, purchases, credits and withdrawals, newest first (account-area §2 Subscription). */
  async transactions(accountId: string, after?: number | null): Promise<AccountTransactionDto[]> {
    const document = await this.document(accountId, after);
    return (document?.transactions ?? [])
      .map((row) => ({
        id: row.id,
        date: row.date,
        reason: row.reason,
        amount: row.amountCents / 100,
        description: row.description,
      }))
      .reverse();
  }

  /** Every subscription period the account had, newest first. */
  async subscriptions(accountId: string, after?: number | null): Promise<SubscriptionRecordDto[]> {
    const document = await this.document(accountId, after);
    return (document?.subscriptions ?? []).map((row) => ({ ...row })).reverse();
  }

  async characters(accountId: string, after?: number | null): Promise<AccountCharacterDto[]> {
    const document = await this.document(accountId, after);
    return document ? document.characters.map((character) => characterDto(document, character)) : [];
  }

  async character(
    accountId: string,
    characterId: number,
    after?: number | null,
  ): Promise<AccountCharacterDto | null> {
    return (await this.characterWithTier(accountId, characterId, after))?.character ?? null;
  }

  /** The character and its account's subscription tier, from one read; null when it is not on the account. */
  async characterWithTier(
    accountId: string,
    characterId: number,
    after?: number | null,
  ): Promise<{ readonly character: AccountCharacterDto; readonly tier: SubscriptionTier } | null> {
    const document = await this.document(accountId, after);
    const character = document?.characters.find((c) => c.characterId === characterId);
    return document && character
      ? { character: characterDto(document, character), tier: document.tier }
      : null;
  }

  /** The account that holds a character, as the read model knows it. */
  async holderOf(characterId: number): Promise<CharacterAccountDocument | null> {
    const holders = await this.readModels.serving<CharacterAccountDocument>(CHARACTER_ACCOUNTS_READ_MODEL);
    return holders ? holders.findOne({ _id: String(characterId) }) : null;
  }

  /**
   * Characters that granted `scope` and whose grant has not failed, from at most `accountLimit` accounts: for
   * public data ESI serves only to a token (names of public structures).
   */
  async charactersWithScope(scope: string, accountLimit: number): Promise<number[]> {
    const accounts = await this.readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    if (!accounts) return [];
    const holding = await accounts.find({ 'characters.scopes': scope }, { limit: accountLimit }).toArray();
    return holding.flatMap((account) =>
      account.characters
        .filter((character) => character.scopes.includes(scope) && character.esiError === null)
        .map((character) => character.characterId),
    );
  }

  /** Waits until both account read models have applied the log up to `position`. */
  async settle(position: number | null): Promise<void> {
    if (position === null) return;
    await Promise.all([
      this.readModels.waitFor(ACCOUNTS_READ_MODEL, position),
      this.readModels.waitFor(CHARACTER_ACCOUNTS_READ_MODEL, position),
    ]);
  }

  /** The account as the staff console shows it; null when there is no such account. */
  async staffSummary(accountId: string, after?: number | null): Promise<StaffAccountSummaryDto | null> {
    const document = await this.document(accountId, after);
    return document ? staffSummaryOf(document) : null;
  }

  /**
   * The accounts holding a character whose name contains the text, in any case (the staff console's account
   * lookup): at most `limit`, by name.
   */
  async staffSearchByCharacterName(text: string, limit: number): Promise<StaffAccountSummaryDto[]> {
    const accounts = await this.readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    if (!accounts) return [];
    const pattern = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const found = await accounts
      .find({ 'characters.characterName': { $regex: pattern, $options: 'i' } })
      .limit(limit)
      .toArray();
    return found.map(staffSummaryOf);
  }

  private async document(accountId: string, after?: number | null): Promise<AccountDocument | null> {
    if (after !== undefined && after !== null) await this.readModels.waitFor(ACCOUNTS_READ_MODEL, after);
    const accounts = await this.readModels.serving<AccountDocument>(ACCOUNTS_READ_MODEL);
    return accounts ? accounts.findOne({ _id: accountId }) : null;
  }
}
