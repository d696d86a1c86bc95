import type { Account, AccountCharacter } from '../../shared/session';
import {
  NOT_A_FACTORY_MANAGER,
  NOT_SYNCED_YET,
  accountWriteFailure,
  addCharacterUrl,
  characterActions,
  corpIndustryUpdateText,
  exportButtonState,
  exportUrl,
  formatCountdown,
  grantedScopes,
  insufficientSubscriptionText,
  lastUpdateText,
  pageActions,
  syncStatusText,
} from './account-page';

const MINUTE = 60_000;
const now = Date.UTC(2026, 10, 21, 10, 30, 0);
const iso = (time: number) => new Date(time).toISOString();

function character(overrides: Partial<AccountCharacter> = {}): AccountCharacter {
  return {
    id: 1,
    name: 'Ava Trader',
    roles: [],
    syncStatus: 'SYNCING',
    esiScopes: 'esi-wallet.read_character_wallet.v1,esi-assets.read_assets.v1',
    enableSync: true,
    enableCorpIndustrySync: false,
    enableCorpTradeSync: false,
    canSyncCorpIndustry: false,
    canSyncCorpTrade: false,
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

function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 'acc-1',
    characters: [character()],
    syncEnabled: true,
    autoRebill: false,
    subscriptionTier: 'FREE',
    lastSubscription: null,
    lastUpdate: iso(now - 30 * MINUTE),
    lastSyncTimeout: null,
    characterName: 'Ava Trader',
    loginCharacterId: 1,
    ...overrides,
  };
}

describe('sync status texts (account-area §3)', () => {
  it.each<[AccountCharacter['syncStatus'], string]>([
    ['SYNCING', 'Enabled'],
    ['NOT_SYNCING_MANUAL', 'Disabled'],
    ['NOT_SYNCING_SUB_INSUFFICIENT', 'Disabled due to Insufficient subscription'],
    ['NOT_SYNCING_ESI_ERROR', 'Disabled due to ESI error, please re-authorize this character'],
  ])('%s reads %s', (status, text) => {
    expect(syncStatusText(status)).toBe(text);
  });
});

describe('the update columns', () => {
  it("shows 'Not synced yet' before the first wallet read, then how long ago", () => {
    expect(lastUpdateText(character(), now)).toBe(NOT_SYNCED_YET);
    expect(lastUpdateText(character({ lastWalletUpdate: iso(now - 5 * MINUTE) }), now)).toBe('5 minutes ago');
  });

  it("shows 'Not a Factory Manager' without the role", () => {
    expect(corpIndustryUpdateText(character({ lastCorpIndustryUpdate: iso(now) }), now)).toBe(
      NOT_A_FACTORY_MANAGER,
    );
  });

  it('shows the corporation industry update of a Factory Manager', () => {
    const manager = character({ roles: ['Factory_Manager'], canSyncCorpIndustry: true });
    expect(corpIndustryUpdateText(manager, now)).toBe('Disabled');
    expect(corpIndustryUpdateText({ ...manager, enableCorpIndustrySync: true }, now)).toBe(NOT_SYNCED_YET);
    expect(
      corpIndustryUpdateText(
        { ...manager, enableCorpIndustrySync: true, lastCorpIndustryUpdate: iso(now - 2 * 60 * MINUTE) },
        now,
      ),
    ).toBe('2 hours ago');
  });
});

describe('which page buttons show', () => {
  it('offers only Add Character without characters', () => {
    expect(pageActions(account({ characters: [], syncEnabled: false }))).toEqual({
      addCharacter: true,
      updateScopes: false,
      startSyncing: false,
    });
  });

  it('offers Update Scopes and Start Syncing with characters while syncing is off', () => {
    expect(pageActions(account({ syncEnabled: false }))).toEqual({
      addCharacter: true,
      updateScopes: true,
      startSyncing: true,
    });
  });

  it('hides Start Syncing once syncing is on', () => {
    expect(pageActions(account()).startSyncing).toBe(false);
  });
});

describe('which character buttons show', () => {
  it('toggles sync by enableSync', () => {
    expect(characterActions(character()).sync).toBe('stop');
    expect(characterActions(character({ enableSync: false, syncStatus: 'NOT_SYNCING_MANUAL' })).sync).toBe(
      'start',
    );
    // Stopped by a drop in tier: its owner starts it again once the tier has room.
    expect(
      characterActions(character({ enableSync: false, syncStatus: 'NOT_SYNCING_SUB_INSUFFICIENT' })).sync,
    ).toBe('start');
  });

  it('offers the corporation industry toggle where the server says the roles allow it', () => {
    expect(characterActions(character({ roles: ['Director'] })).corpIndustrySync).toBeNull();
    const manager = character({ roles: ['Factory_Manager'], canSyncCorpIndustry: true });
    expect(characterActions(manager).corpIndustrySync).toBe('enable');
    expect(characterActions({ ...manager, enableCorpIndustrySync: true }).corpIndustrySync).toBe('disable');
  });

  it('offers the corporation trade toggle where the server says the roles read the corporation wallets', () => {
    expect(characterActions(character({ roles: ['Trader'] })).corpTradeSync).toBeNull();
    const accountant = character({ roles: ['Accountant'], canSyncCorpTrade: true });
    expect(characterActions(accountant).corpTradeSync).toBe('enable');
    expect(characterActions({ ...accountant, enableCorpTradeSync: true }).corpTradeSync).toBe('disable');
  });
});

describe('scopes', () => {
  it('lists the comma-separated scopes sorted, without blanks', () => {
    expect(grantedScopes(' b.v1, a.v1,,')).toEqual(['a.v1', 'b.v1']);
    expect(grantedScopes('')).toEqual([]);
  });

  it('opens the add-character login, with the extended scopes for Update Scopes', () => {
    expect(addCharacterUrl(false)).toBe('/api/v1/account/addCharacter');
    expect(addCharacterUrl(true)).toBe('/api/v1/account/addCharacter?scopes=extended');
  });
});

describe('export buttons', () => {
  const exportedAt = (minutesAgo: number) => iso(now - minutesAgo * MINUTE);

  it('are enabled while the character was not exported since the last account update', () => {
    const enabled = { disabled: false, countdown: null, reason: null };
    expect(exportButtonState(account(), character(), 'transactions', now)).toEqual(enabled);
    const before = character({ lastTransactionsExport: exportedAt(45), lastJournalExport: exportedAt(31) });
    expect(exportButtonState(account(), before, 'transactions', now)).toEqual(enabled);
    expect(exportButtonState(account(), before, 'journal', now)).toEqual(enabled);
  });

  it('once exported since the last update, count down to the next one (last update + 1 h 1 min), per kind', () => {
    const exported = character({ lastTransactionsExport: exportedAt(5) });
    expect(exportButtonState(account(), exported, 'transactions', now)).toEqual({
      disabled: true,
      countdown: '31:00',
      reason: 'Available after the next account update',
    });
    expect(exportButtonState(account(), exported, 'journal', now).disabled).toBe(false);
  });

  it('count down 20 min 1 min after a timed-out sync', () => {
    const timeout = now - 10 * MINUTE;
    const exported = character({ lastJournalExport: exportedAt(5) });
    expect(
      exportButtonState(account({ lastSyncTimeout: iso(timeout) }), exported, 'journal', now).countdown,
    ).toBe('11:00');
  });

  it('enable again once the update time passed, and link to the CSV files', () => {
    const exported = character({ lastTransactionsExport: exportedAt(1) });
    const overdue = account({ lastUpdate: iso(now - 2 * 60 * MINUTE) });
    expect(exportButtonState(overdue, exported, 'transactions', now)).toEqual({
      disabled: false,
      countdown: null,
      reason: null,
    });
    expect(exportButtonState(account({ syncEnabled: false }), exported, 'transactions', now).disabled).toBe(
      false,
    );
    expect(exportUrl('a-1', 7, 'journal')).toBe('/api/v1/journal/a-1/characters/7/journal');
  });

  it('formats the countdown', () => {
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(61 * MINUTE)).toBe('1:01:00');
  });
});

describe('failed writes', () => {
  it("open 'Insufficient Subscription' with the server's limit", () => {
    const error = {
      status: 403,
      data: {
        statusCode: 403,
        error: 'Forbidden',
        message: 'Your current subscription allows a maximum of 2 characters to be synced.',
        code: 'INSUFFICIENT_SUBSCRIPTION',
        limit: 2,
      },
    };
    expect(accountWriteFailure(error)).toEqual({ kind: 'insufficientSubscription', limit: 2 });
    expect(insufficientSubscriptionText(2)).toBe(
      'Your current subscription allows a maximum of 2 characters to be synced.',
    );
  });

  it("falls back to the tier's limit when the body carries none", () => {
    const error = { status: 403, data: { code: 'INSUFFICIENT_SUBSCRIPTION' } };
    expect(accountWriteFailure(error, 'SUPPORTER')).toEqual({ kind: 'insufficientSubscription', limit: 4 });
  });

  it("shows the server's message for other 4xx", () => {
    const error = {
      status: 403,
      data: {
        code: 'CORPORATION_SYNC_NEEDS_PRO',
        message: 'Corporation industry sync needs a Pro subscription.',
      },
    };
    expect(accountWriteFailure(error)).toEqual({
      kind: 'error',
      message: 'Corporation industry sync needs a Pro subscription.',
    });
    expect(accountWriteFailure({ status: 400, data: { message: ['a', 'b'] } })).toEqual({
      kind: 'error',
      message: 'a b',
    });
    expect(accountWriteFailure({ status: 404, data: 'Not here' })).toEqual({
      kind: 'error',
      message: 'Not here',
    });
    expect(accountWriteFailure({ status: 500, data: null })).toEqual({
      kind: 'error',
      message: 'The request failed (500).',
    });
  });

  it('leaves 401, 420 and timeouts to the HTTP layer', () => {
    expect(accountWriteFailure({ status: 401, data: {} }).kind).toBe('handled');
    expect(accountWriteFailure({ status: 420, data: {} }).kind).toBe('handled');
    expect(accountWriteFailure({ status: 'TIMEOUT_ERROR', error: 'timeout' }).kind).toBe('handled');
  });
});
