import {
  ESI_LOGIN_SCOPES,
  isFactoryManager,
  readsCorporationWallets,
  type AccountCharacterDto,
  type AccountDto,
  type SubscriptionTier,
} from '@tradewise/contracts';
import type { BrowserContext } from 'playwright-core';

/** Accounts as GET /api/v1/account returns them (account-area §3). */
export type StubCharacter = AccountCharacterDto;
export type StubAccount = AccountDto;

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** The server works out what the roles allow; a stub with other roles allows what they allow. */
export function character(overrides: Partial<StubCharacter> = {}): StubCharacter {
  const roles = overrides.roles ?? ['FACTORY_MANAGER'];
  return {
    id: 2112625428,
    name: 'Ava Tradewise',
    roles,
    syncStatus: 'SYNCING',
    esiScopes: ESI_LOGIN_SCOPES.join(','),
    enableSync: true,
    enableCorpIndustrySync: false,
    enableCorpTradeSync: false,
    canSyncCorpIndustry: isFactoryManager(roles),
    canSyncCorpTrade: readsCorporationWallets(roles),
    defaultPriceRegion: null,
    defaultPriceFactor: null,
    reactionBonus: null,
    lastWalletUpdate: null,
    lastCorpIndustryUpdate: null,
    lastIndustryUpdate: null,
    lastTransactionsExport: null,
    lastJournalExport: null,
    ...overrides,
  };
}

/** A 30-day subscription that started 10 days ago. */
export function subscription(tier: SubscriptionTier): NonNullable<StubAccount['lastSubscription']> {
  const start = Date.now() - 10 * DAY;
  return {
    tier,
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 30 * DAY).toISOString(),
  };
}

/** A healthy SUPPORTER account whose last sync finished 30 minutes ago. */
export function account(overrides: Partial<StubAccount> = {}): StubAccount {
  return {
    id: 'b3c1f1d2-5c7e-4a7e-9a53-2f3f8d1f0a11',
    characters: [character()],
    syncEnabled: true,
    autoRebill: true,
    subscriptionTier: 'SUPPORTER',
    lastSubscription: subscription('SUPPORTER'),
    lastUpdate: new Date(Date.now() - 30 * MINUTE).toISOString(),
    lastSyncTimeout: null,
    characterName: 'Ava Tradewise',
    loginCharacterId: 2112625428,
    ...overrides,
  };
}

export interface AccountStub {
  /** What GET /api/v1/account answers next: an account, or null for 401 (logged out). */
  set(next: StubAccount | null): void;
  /** How many times the client read the account. */
  reads(): number;
  /** What GET /api/v1/profit/{account}/status answers next: the record the ledger stopped at, or null. */
  setLedgerStopped(stopped: LedgerStopped | null): void;
}

export interface LedgerStopped {
  readonly position: number;
  readonly eventType: string | null;
  readonly reason: string;
  readonly failedAt: string;
}

/**
 * Answers the account calls in this browser context, and makes the game's image service unreachable (as it is
 * on a machine without internet) so portraits always show the default icon.
 */
export async function stubAccountCalls(
  context: BrowserContext,
  initial: StubAccount | null,
): Promise<AccountStub> {
  let current = initial;
  let reads = 0;
  let ledgerStopped: LedgerStopped | null = null;
  await context.route('**/api/v1/account', async (route) => {
    reads += 1;
    if (current) await route.fulfill({ status: 200, json: current });
    else
      await route.fulfill({
        status: 401,
        json: { statusCode: 401, error: 'Unauthorized', message: 'Log in first' },
      });
  });
  // The shell asks whether the ledger is current; a stubbed session must answer it too, or the 401 logs it out.
  await context.route('**/api/v1/profit/*/status', async (route) => {
    if (current) await route.fulfill({ status: 200, json: { stopped: ledgerStopped } });
    else
      await route.fulfill({
        status: 401,
        json: { statusCode: 401, error: 'Unauthorized', message: 'Log in first' },
      });
  });
  await context.route('**/api/v1/account/logout', async (route) => {
    current = null;
    await route.fulfill({ status: 204, body: '' });
  });
  await context.route('https://images.evetech.net/**', (route) => route.abort('internetdisconnected'));
  return {
    set: (next) => {
      current = next;
    },
    reads: () => reads,
    setLedgerStopped: (stopped) => {
      ledgerStopped = stopped;
    },
  };
}
