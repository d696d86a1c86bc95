import type { AccountCharacter } from '../../shared/session';
import {
  WALLET_REFRESH_COOLDOWN_MS,
  combinedBalance,
  cooldownLeft,
  corporationWalletRows,
  formatCooldown,
  latestUpdate,
  latestWalletUpdate,
  refreshButtonState,
  walletRows,
  type WalletCharacter,
} from './wallets';

const NOW = Date.parse('2026-11-21T12:00:00Z');

function character(overrides: Partial<WalletCharacter>): WalletCharacter {
  const base: AccountCharacter = {
    id: 1,
    name: 'Ava',
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
  return { ...base, ...overrides };
}

describe('wallets', () => {
  it('read the balance where the account has one, and the latest wallet update', () => {
    const rows = walletRows([
      character({
        id: 1,
        name: 'Ava',
        walletBalance: 1234.56,
        lastWalletUpdate: '2026-11-21T11:00:00Z',
        lastWalletBalanceUpdate: '2026-11-21T11:30:00Z',
      }),
      character({ id: 2, name: 'Bo', lastWalletUpdate: '2026-11-21T10:00:00Z' }),
      character({ id: 3, name: 'Cy' }),
    ]);
    expect(rows).toEqual([
      { characterId: 1, name: 'Ava', balance: 1234.56, updatedAt: Date.parse('2026-11-21T11:30:00Z') },
      { characterId: 2, name: 'Bo', balance: null, updatedAt: Date.parse('2026-11-21T10:00:00Z') },
      { characterId: 3, name: 'Cy', balance: null, updatedAt: null },
    ]);
    expect(latestWalletUpdate(character({ lastWalletUpdate: 'not a date' }))).toBeNull();
    expect(latestUpdate(rows)).toBe(Date.parse('2026-11-21T11:30:00Z'));
    expect(latestUpdate([])).toBeNull();
  });

  it('combine the known balances in cents', () => {
    const rows = walletRows([
      character({ id: 1, walletBalance: 0.1 }),
      character({ id: 2, walletBalance: 0.2 }),
      character({ id: 3 }),
    ]);
    expect(combinedBalance(rows)).toBe(0.3);
    expect(combinedBalance(walletRows([character({})]))).toBeNull();
  });
});

describe('corporation wallets', () => {
  it('list each tracked corporation by name, master wallet first, with the time of the read', () => {
    const read = '2026-11-21T11:00:00Z';
    const rows = corporationWalletRows({
      corporationWallets: [
        {
          corporationId: 98770003,
          corporationName: 'Amarr Arbitrage Collective',
          divisions: [
            { division: 2, balance: 400_000_000 },
            { division: 1, balance: 8_123_456.78 },
          ],
          lastUpdate: read,
        },
        {
          corporationId: 98770002,
          corporationName: 'Forge Freight & Fabrication',
          divisions: [{ division: 1, balance: 0 }],
          lastUpdate: read,
        },
      ],
    });
    expect(rows.map((row) => [row.corporationName, row.division, row.balance])).toEqual([
      ['Amarr Arbitrage Collective', 'Master Wallet', 8_123_456.78],
      ['Amarr Arbitrage Collective', 'Division 2', 400_000_000],
      ['Forge Freight & Fabrication', 'Master Wallet', 0],
    ]);
    expect(rows[0]!.updatedAt).toBe(Date.parse(read));
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
    expect(corporationWalletRows({})).toEqual([]);
  });
});

describe('wallet Refresh (account-area §4: 120000 ms after the latest wallet update)', () => {
  const updated = NOW - 30_000;

  it('waits 2 minutes after the update, counting down', () => {
    expect(WALLET_REFRESH_COOLDOWN_MS).toBe(120_000);
    expect(cooldownLeft(updated, NOW)).toBe(90_000);
    expect(cooldownLeft(updated, updated + 120_000)).toBe(0);
    expect(cooldownLeft(null, NOW)).toBe(0);
    expect(refreshButtonState(updated, NOW, { available: true, running: false })).toEqual({
      disabled: true,
      countdown: '1:30',
      reason: 'Wallets can be refreshed 2 minutes after their last update',
    });
    expect(refreshButtonState(updated, updated + 119_001, { available: true, running: false })).toMatchObject(
      { disabled: true, countdown: '0:01' },
    );
  });

  it('enables after the cooldown, or at once for a wallet never read', () => {
    expect(refreshButtonState(updated, updated + 120_000, { available: true, running: false })).toEqual({
      disabled: false,
      countdown: null,
      reason: null,
    });
    expect(refreshButtonState(null, NOW, { available: true, running: false }).disabled).toBe(false);
    expect(refreshButtonState(null, NOW, { available: true, running: true }).disabled).toBe(true);
  });

  it('stays disabled, saying why, while the API has no wallet refresh', () => {
    expect(refreshButtonState(null, NOW, { available: false, running: false })).toEqual({
      disabled: true,
      countdown: null,
      reason: 'Refreshing wallets is not possible right now',
    });
  });

  it('formats the countdown as m:ss, rounded up', () => {
    expect(formatCooldown(120_000)).toBe('2:00');
    expect(formatCooldown(61_001)).toBe('1:02');
    expect(formatCooldown(999)).toBe('0:01');
    expect(formatCooldown(-5)).toBe('0:00');
  });
});
