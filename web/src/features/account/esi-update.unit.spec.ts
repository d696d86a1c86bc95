import type { Account, AccountCharacter } from '../../shared/session';
import { accountPollDelay, esiUpdateLabel, nextEsiUpdate } from './esi-update';

const MINUTE = 60_000;
const lastUpdate = Date.UTC(2026, 10, 21, 10, 0, 0);
const iso = (time: number) => new Date(time).toISOString();

const syncing: AccountCharacter = {
  id: 1,
  name: 'Ava Trader',
  roles: [],
  syncStatus: 'SYNCING',
  esiScopes: '',
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
};

function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 'acc-1',
    characters: [syncing],
    syncEnabled: true,
    autoRebill: false,
    subscriptionTier: 'FREE',
    lastSubscription: null,
    lastUpdate: iso(lastUpdate),
    lastSyncTimeout: null,
    characterName: 'Ava Trader',
    loginCharacterId: 1,
    ...overrides,
  };
}

describe('the next ESI update', () => {
  it('is 1 h 1 min after the last update', () => {
    expect(nextEsiUpdate(account())).toEqual({ kind: 'scheduled', at: lastUpdate + 61 * MINUTE });
  });

  it('is 20 min 1 min after a timed-out sync', () => {
    const timeout = lastUpdate + 61 * MINUTE;
    expect(nextEsiUpdate(account({ lastSyncTimeout: iso(timeout) }))).toEqual({
      kind: 'scheduled',
      at: timeout + 21 * MINUTE,
    });
  });

  it('ignores a timeout older than the last completed update', () => {
    expect(nextEsiUpdate(account({ lastSyncTimeout: iso(lastUpdate - MINUTE) }))).toEqual({
      kind: 'scheduled',
      at: lastUpdate + 61 * MINUTE,
    });
  });

  it('is not scheduled while syncing is off or no character syncs', () => {
    expect(nextEsiUpdate(account({ syncEnabled: false }))).toEqual({ kind: 'none' });
    expect(nextEsiUpdate(account({ characters: [] }))).toEqual({ kind: 'none' });
    expect(nextEsiUpdate(account({ characters: [{ ...syncing, enableSync: false }] }))).toEqual({
      kind: 'none',
    });
  });

  it('is unknown before the first sync', () => {
    expect(nextEsiUpdate(account({ lastUpdate: null }))).toEqual({ kind: 'unknown' });
  });
});

describe('the header sync line', () => {
  it.each<[string, Partial<Account>, number, string]>([
    ['before the update', {}, lastUpdate + 49 * MINUTE, 'ESI updates in 12 minutes'],
    ['long before', {}, lastUpdate + MINUTE, 'ESI updates in an hour'],
    ['at the update', {}, lastUpdate + 61 * MINUTE, 'Update pending...'],
    ['overdue', {}, lastUpdate + 90 * MINUTE, 'Update pending...'],
    ['before the first sync', { lastUpdate: null }, lastUpdate, 'Update pending...'],
    ['syncing off', { syncEnabled: false }, lastUpdate, 'No ESI update scheduled'],
  ])('%s', (_name, overrides, now, text) => {
    expect(esiUpdateLabel(account(overrides), now)).toBe(text);
  });
});

describe('account polling', () => {
  it('reads the account 10 s after the expected update', () => {
    expect(accountPollDelay(account(), lastUpdate + 60 * MINUTE)).toBe(MINUTE + 10_000);
  });

  it('falls back to every 30 s when overdue or unknown', () => {
    expect(accountPollDelay(account(), lastUpdate + 62 * MINUTE)).toBe(30_000);
    expect(accountPollDelay(account({ lastUpdate: null }), lastUpdate)).toBe(30_000);
  });

  it('does not poll when no update is scheduled', () => {
    expect(accountPollDelay(account({ syncEnabled: false }), lastUpdate)).toBeNull();
  });
});
