import type { Account, AccountCharacter } from '../../shared/session';
import {
  BANNER_TEXTS,
  NO_DISMISSALS,
  headerBanner,
  type BannerDismissals,
  type BannerKind,
} from './banner-priority';

const SCOPES = ['esi-wallet.read_character_wallet.v1', 'esi-markets.read_character_orders.v1'];

function character(overrides: Partial<AccountCharacter> = {}): AccountCharacter {
  return {
    id: 90000001,
    name: 'Ava Trader',
    roles: [],
    syncStatus: 'SYNCING',
    esiScopes: SCOPES.join(','),
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

function subscription(tier: Account['subscriptionTier']): Account['lastSubscription'] {
  return { tier, startDate: '2026-10-01T00:00:00Z', endDate: '2026-10-31T00:00:00Z' };
}

function account(overrides: Partial<Account> = {}): Account {
  return {
    id: 'acc-1',
    characters: [character()],
    syncEnabled: true,
    autoRebill: false,
    subscriptionTier: 'SUPPORTER',
    lastSubscription: subscription('SUPPORTER'),
    lastUpdate: '2026-11-21T10:00:00Z',
    lastSyncTimeout: null,
    characterName: 'Ava Trader',
    loginCharacterId: 90000001,
    ...overrides,
  };
}

const three = [character({ id: 1 }), character({ id: 2 }), character({ id: 3 })];
const five = [1, 2, 3, 4, 5].map((id) => character({ id }));
const timedOut = { lastUpdate: '2026-11-21T10:00:00Z', lastSyncTimeout: '2026-11-21T11:01:00Z' };

/** Every condition at once, so each row below switches conditions off to reach the next banner. */
const everything: Partial<Account> = {
  characters: [
    character({ esiScopes: SCOPES[0], syncStatus: 'NOT_SYNCING_ESI_ERROR', enableCorpIndustrySync: true }),
    ...three,
  ],
  syncEnabled: false,
  subscriptionTier: 'FREE',
  lastSubscription: null,
  ...timedOut,
};

describe('header banner priority (first match wins)', () => {
  const cases: [string, Partial<Account>, BannerKind | null][] = [
    ['no characters, even with every other condition', { ...everything, characters: [] }, 'noCharacters'],
    ['syncing not yet started', everything, 'syncNotStarted'],
    ['missing scopes before sync errors', { ...everything, syncEnabled: true }, 'missingScopes'],
    [
      'missing scopes when granted scopes are space-separated too',
      { characters: [character({ esiScopes: `${SCOPES[0]} ${SCOPES[1]}` })] },
      null,
    ],
    [
      'sync error before a timeout',
      {
        ...everything,
        syncEnabled: true,
        characters: [
          character({ syncStatus: 'NOT_SYNCING_ESI_ERROR', enableCorpIndustrySync: true }),
          ...three,
        ],
      },
      'syncError',
    ],
    [
      'last-sync timeout before the free trial',
      {
        ...everything,
        syncEnabled: true,
        characters: [character({ enableCorpIndustrySync: true }), ...three],
      },
      'lastSyncTimeout',
    ],
    [
      'a timeout with no completed update yet',
      { lastUpdate: null, lastSyncTimeout: '2026-11-21T11:01:00Z' },
      'lastSyncTimeout',
    ],
    [
      'no timeout banner once a later sync completed',
      { lastUpdate: '2026-11-21T12:00:00Z', lastSyncTimeout: '2026-11-21T11:01:00Z' },
      null,
    ],
    [
      'free trial before too few sync slots',
      {
        ...everything,
        syncEnabled: true,
        characters: [character({ enableCorpIndustrySync: true }), ...three],
        lastSyncTimeout: null,
      },
      'freeTrialEligible',
    ],
    [
      'no free trial after an earlier subscription',
      { subscriptionTier: 'FREE', lastSubscription: subscription('PRO') },
      null,
    ],
    ['no free trial on a paid tier', { subscriptionTier: 'PRO', lastSubscription: null }, null],
    [
      'too few sync slots before corporation sync',
      {
        subscriptionTier: 'FREE',
        lastSubscription: subscription('SUPPORTER'),
        characters: [character({ enableCorpIndustrySync: true }), ...three],
      },
      'tooFewSyncSlots',
    ],
    ['FREE syncs 2 characters: 2 is fine', { subscriptionTier: 'FREE', characters: three.slice(0, 2) }, null],
    ['SUPPORTER syncs 4: 5 is too many', { characters: five }, 'tooFewSyncSlots'],
    ['SUPPORTER syncs 4: 4 is fine', { characters: five.slice(0, 4) }, null],
    ['PRO syncs any number', { subscriptionTier: 'PRO', characters: [...five, ...five] }, null],
    [
      'corporation sync needs Pro',
      { subscriptionTier: 'SUPPORTER', characters: [character({ enableCorpIndustrySync: true })] },
      'corpSyncNeedsPro',
    ],
    [
      'corporation trade sync needs Pro too',
      { subscriptionTier: 'SUPPORTER', characters: [character({ enableCorpTradeSync: true })] },
      'corpSyncNeedsPro',
    ],
    [
      'corporation sync on Pro is fine',
      { subscriptionTier: 'PRO', characters: [character({ enableCorpIndustrySync: true })] },
      null,
    ],
    ['a healthy account shows none', {}, null],
  ];

  it.each(cases)('%s', (_name, overrides, expected) => {
    expect(headerBanner(account(overrides), NO_DISMISSALS, SCOPES)?.kind ?? null).toBe(expected);
  });

  it('uses the spec texts word for word', () => {
    expect(BANNER_TEXTS.syncNotStarted).toBe(
      "Once you've added all your characters and broker fees, initiate syncing on the Account page.",
    );
    expect(BANNER_TEXTS.missingScopes).toBe(
      'New features require additional ESI scopes, please re-add your characters on the Account page.',
    );
    expect(BANNER_TEXTS.syncError).toBe(
      'One of your characters has an ESI sync error. Please re-authorize them on the Account page.',
    );
    expect(BANNER_TEXTS.lastSyncTimeout).toBe(
      'Due to an ESI timeout during the last account sync, account information may be out of date',
    );
  });
});

describe('dismissed banners', () => {
  const dismissed = (overrides: Partial<BannerDismissals>): BannerDismissals => ({
    ...NO_DISMISSALS,
    ...overrides,
  });
  const allDismissible: Partial<Account> = {
    ...timedOut,
    subscriptionTier: 'FREE',
    lastSubscription: null,
    characters: [character({ enableCorpIndustrySync: true }), ...three],
  };

  it.each<[string, Partial<BannerDismissals>, BannerKind | null]>([
    ['none dismissed: the timeout shows', {}, 'lastSyncTimeout'],
    [
      'timeout dismissed for this sync: the trial shows',
      { lastSyncTimeout: timedOut.lastSyncTimeout },
      'freeTrialEligible',
    ],
    [
      'timeout dismissed for an older sync: it shows again',
      { lastSyncTimeout: '2026-11-20T09:00:00Z' },
      'lastSyncTimeout',
    ],
    [
      'trial dismissed too: upgrade shows',
      { lastSyncTimeout: timedOut.lastSyncTimeout, freeTrial: true },
      'tooFewSyncSlots',
    ],
    [
      'upgrade dismissed too: corporation upgrade shows',
      { lastSyncTimeout: timedOut.lastSyncTimeout, freeTrial: true, upgrade: true },
      'corpSyncNeedsPro',
    ],
    [
      'all dismissed: none',
      { lastSyncTimeout: timedOut.lastSyncTimeout, freeTrial: true, upgrade: true, upgradeCorp: true },
      null,
    ],
  ])('%s', (_name, dismissals, expected) => {
    expect(headerBanner(account(allDismissible), dismissed(dismissals), SCOPES)?.kind ?? null).toBe(expected);
  });

  it('cannot dismiss the banners that need action', () => {
    const everythingDismissed = dismissed({ freeTrial: true, upgrade: true, upgradeCorp: true });
    for (const overrides of [
      { characters: [] },
      { syncEnabled: false },
      { characters: [character({ esiScopes: '' })] },
      { characters: [character({ syncStatus: 'NOT_SYNCING_ESI_ERROR' })] },
    ] satisfies Partial<Account>[]) {
      const shown = headerBanner(account(overrides), everythingDismissed, SCOPES);
      expect(shown).not.toBeNull();
      expect(shown?.dismissKey).toBeNull();
    }
  });

  it('stores dismissals under the spec keys', () => {
    const keys = (overrides: Partial<Account>, dismissals: Partial<BannerDismissals> = {}) =>
      headerBanner(account(overrides), dismissed(dismissals), SCOPES)?.dismissKey;
    expect(keys(allDismissible)).toBe('dismiss-last-sync-timeout');
    expect(keys(allDismissible, { lastSyncTimeout: timedOut.lastSyncTimeout })).toBe('dismiss-free-trial');
    expect(keys({ characters: five })).toBe('dismiss-upgrade');
    expect(keys({ characters: [character({ enableCorpIndustrySync: true })] })).toBe('dismiss-upgrade-corp');
  });
});
