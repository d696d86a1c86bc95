import type { BrowserContext } from 'playwright-core';

/** The scopes the client expects (web/src/shared/config/constants.ts): fewer raise the missing-scopes banner. */
const REQUIRED_ESI_SCOPES = [
  'esi-wallet.read_character_wallet.v1',
  'esi-markets.read_character_orders.v1',
  'esi-markets.structure_markets.v1',
  'esi-contracts.read_character_contracts.v1',
  'esi-industry.read_character_jobs.v1',
  'esi-characters.read_corporation_roles.v1',
  'esi-characters.read_blueprints.v1',
  'esi-universe.read_structures.v1',
  'esi-ui.open_window.v1',
];

/**
 * Accounts as GET /api/v1/account returns them (account-area §3). Until the ESI/SSO issue serves that call, the
 * logged-in frame is exercised by answering it in the browser; the real login is in the skipped tests.
 */
export interface StubCharacter {
  id: number;
  name: string;
  roles: string[];
  syncStatus: 'SYNCING' | 'NOT_SYNCING_MANUAL' | 'NOT_SYNCING_SUB_INSUFFICIENT' | 'NOT_SYNCING_ESI_ERROR';
  esiScopes: string;
  enableSync: boolean;
  enableCorpIndustrySync: boolean;
}

export interface StubAccount {
  id: string;
  characters: StubCharacter[];
  syncEnabled: boolean;
  autoRebill: boolean;
  subscriptionTier: 'FREE' | 'SUPPORTER' | 'PRO';
  lastSubscription: unknown;
  lastUpdate: string | null;
  lastSyncTimeout: string | null;
  characterName: string;
  loginCharacterId: number;
}

const MINUTE = 60_000;

export function character(overrides: Partial<StubCharacter> = {}): StubCharacter {
  return {
    id: 2112625428,
    name: 'Ava Tradewise',
    roles: ['FACTORY_MANAGER'],
    syncStatus: 'SYNCING',
    esiScopes: REQUIRED_ESI_SCOPES.join(','),
    enableSync: true,
    enableCorpIndustrySync: false,
    ...overrides,
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
    lastSubscription: { tier: 'SUPPORTER' },
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
  await context.route('**/api/v1/account', async (route) => {
    reads += 1;
    if (current) await route.fulfill({ status: 200, json: current });
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
  };
}
