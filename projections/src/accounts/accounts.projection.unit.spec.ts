import type { AccountEvent, AccountSyncCompleted } from '@tradewise/contracts';
import type { RecordedEvent } from '@tradewise/platform';
import type { Projection } from '../runner/projection';
import { accountsProjection } from './accounts.projection';
import { characterAccountsProjection } from './character-accounts.projection';

const A = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const B = '9a1e2c3d-1111-4c1a-9d4f-2f6a8f1b0c22';
let position = 0;

function recorded(accountId: string, event: AccountEvent): RecordedEvent {
  position += 1;
  return {
    id: `e${position}`,
    streamId: `account-${accountId}`,
    revision: position - 1,
    position,
    type: event.type,
    data: event.data,
    metadata: {
      $correlationId: 'c',
      $causationId: 'c',
      actor: 'system:test',
      schemaVersion: 1,
      recordedAt: '2026-11-21T12:00:00.000Z',
    },
  };
}

/** Applies the events to the documents they touch, as the runner does. */
function project<T extends { _id: string }>(
  projection: Projection<T & { _position?: number }>,
  events: readonly RecordedEvent[],
): Map<string, T> {
  const documents = new Map<string, T>();
  for (const event of events) {
    for (const id of projection.documentIds(event)) {
      const next = projection.evolve((documents.get(id) as T) ?? null, event);
      if (next === null) documents.delete(id);
      else documents.set(id, next as T);
    }
  }
  return documents;
}

const linked = (characterId: number, ownerHash = `owner-${characterId}`): AccountEvent => ({
  type: 'CharacterLinked',
  data: { characterId, characterName: `Pilot ${characterId}`, ownerHash, scopes: ['s1'], enableSync: true },
});
const opened = (accountId: string, loginCharacterId: number): AccountEvent => ({
  type: 'AccountOpened',
  data: { accountId, loginCharacterId },
});

describe('accounts projection', () => {
  it('given an opened account, when characters are linked, changed and unlinked, then the document follows', () => {
    const accounts = project(accountsProjection, [
      recorded(A, opened(A, 1)),
      recorded(A, linked(1)),
      recorded(A, linked(2)),
      recorded(A, { type: 'CharacterRolesUpdated', data: { characterId: 2, roles: ['Factory_Manager'] } }),
      recorded(A, {
        type: 'CharacterSettingsChanged',
        data: { characterId: 1, enableSync: false, defaultPriceRegion: 10000002 },
      }),
      recorded(A, { type: 'CharacterEsiErrorMarked', data: { characterId: 2, reason: 'invalid_grant' } }),
      recorded(A, { type: 'AccountSettingsChanged', data: { syncEnabled: true } }),
      recorded(A, { type: 'CharacterUnlinked', data: { characterId: 1, reason: 'removed-by-owner' } }),
    ]);
    expect(accounts.get(A)).toEqual({
      _id: A,
      loginCharacterId: 1,
      tier: 'FREE',
      syncEnabled: true,
      autoRebill: false,
      openedAt: '2026-11-21T12:00:00.000Z',
      lastUpdate: null,
      lastSyncTimeout: null,
      syncStartedAt: null,
      syncLease: null,
      balanceCents: 0,
      subscription: null,
      lastSubscription: null,
      transactions: [],
      subscriptions: [],
      characters: [
        {
          characterId: 2,
          characterName: 'Pilot 2',
          scopes: ['s1'],
          roles: ['Factory_Manager'],
          enableSync: true,
          stoppedForTier: false,
          enableCorpIndustrySync: false,
          enableCorpTradeSync: false,
          esiError: 'invalid_grant',
          defaultPriceRegion: null,
          defaultPriceFactor: null,
          reactionBonus: null,
          lastWalletUpdate: null,
          walletBalanceCents: null,
          lastWalletBalanceUpdate: null,
          lastTransactionsExport: null,
          lastJournalExport: null,
        },
      ],
    });
  });

  it('given a sync under way, when it completes, then the account and its synced characters show the update', () => {
    const at = '2026-11-21T13:00:00.000Z';
    const accounts = project(accountsProjection, [
      recorded(A, opened(A, 1)),
      recorded(A, linked(1)),
      recorded(A, linked(2)),
      recorded(A, { type: 'AccountSyncStarted', data: { startedAt: at, characterIds: [1] } }),
      recorded(A, {
        type: 'AccountSyncTimedOut',
        data: { startedAt: at, at: '2026-11-21T13:05:00.000Z' },
      }),
      recorded(A, { type: 'AccountSyncStarted', data: { startedAt: at, characterIds: [1] } }),
      recorded(A, {
        type: 'AccountSyncCompleted',
        data: {
          startedAt: at,
          completedAt: '2026-11-21T13:30:00.000Z',
          characters: [{ characterId: 1, transactions: 5, journalEntries: 9 }],
        },
      }),
    ]);
    expect(accounts.get(A)).toMatchObject({
      lastUpdate: '2026-11-21T13:30:00.000Z',
      lastSyncTimeout: '2026-11-21T13:05:00.000Z',
      syncStartedAt: null,
    });
    expect(accounts.get(A)!.characters.map((c) => c.lastWalletUpdate)).toEqual([
      '2026-11-21T13:30:00.000Z',
      null,
    ]);
  });

  it('given syncs that read industry jobs, when they complete, then each character shows when its personal and its corporation jobs were last read', () => {
    const at = '2026-11-21T13:00:00.000Z';
    const completed = (completedAt: string, characters: AccountSyncCompleted['characters']) =>
      recorded(A, { type: 'AccountSyncCompleted', data: { startedAt: at, completedAt, characters } });
    const accounts = project(accountsProjection, [
      recorded(A, opened(A, 1)),
      recorded(A, linked(1)),
      recorded(A, linked(2)),
      completed('2026-11-21T13:30:00.000Z', [
        {
          characterId: 1,
          transactions: 0,
          journalEntries: 0,
          industryRead: true,
          corporationIndustryRead: true,
        },
        {
          characterId: 2,
          transactions: 0,
          journalEntries: 0,
          industryRead: true,
          corporationIndustryRead: false,
        },
      ]),
      // The next hour the corporation's jobs could not be read, and a sync from before industry said nothing.
      completed('2026-11-21T14:31:00.000Z', [
        {
          characterId: 1,
          transactions: 0,
          journalEntries: 0,
          industryRead: true,
          corporationIndustryRead: false,
        },
        { characterId: 2, transactions: 0, journalEntries: 0 },
      ]),
    ]);
    expect(
      accounts.get(A)!.characters.map(({ lastWalletUpdate, lastIndustryUpdate, lastCorpIndustryUpdate }) => ({
        lastWalletUpdate,
        lastIndustryUpdate,
        lastCorpIndustryUpdate,
      })),
    ).toEqual([
      {
        lastWalletUpdate: '2026-11-21T14:31:00.000Z',
        lastIndustryUpdate: '2026-11-21T14:31:00.000Z',
        lastCorpIndustryUpdate: '2026-11-21T13:30:00.000Z',
      },
      {
        lastWalletUpdate: '2026-11-21T14:31:00.000Z',
        lastIndustryUpdate: '2026-11-21T13:30:00.000Z',
        lastCorpIndustryUpdate: undefined,
      },
    ]);
  });

  it('given a sync under way, then the document names its lease; when it is interrupted, then the account is free and its update unchanged', () => {
    const at = '2026-11-21T13:00:00.000Z';
    const started = recorded(A, {
      type: 'AccountSyncStarted',
      data: {
        startedAt: at,
        characterIds: [1],
        workerId: 'host-a#data',
        runId: 'run-1',
        leaseUntil: '2026-11-21T13:06:00.000Z',
      },
    });
    const running = project(accountsProjection, [recorded(A, opened(A, 1)), recorded(A, linked(1)), started]);
    expect(running.get(A)).toMatchObject({
      syncStartedAt: at,
      syncLease: { workerId: 'host-a#data', runId: 'run-1', until: '2026-11-21T13:06:00.000Z' },
    });
    const interrupted = project(accountsProjection, [
      recorded(A, opened(A, 1)),
      recorded(A, linked(1)),
      started,
      recorded(A, {
        type: 'AccountSyncInterrupted',
        data: { startedAt: at, at: '2026-11-21T13:01:00.000Z', reason: 'worker-restarted' },
      }),
    ]);
    expect(interrupted.get(A)).toMatchObject({ syncStartedAt: null, syncLease: null, lastUpdate: null });
    expect(interrupted.get(A)!.characters[0]!.lastWalletUpdate).toBeNull();
  });

  it('given linked characters, when one wallet balance is read twice, then that character shows the latest read', () => {
    const accounts = project(accountsProjection, [
      recorded(A, opened(A, 1)),
      recorded(A, linked(1)),
      recorded(A, linked(2)),
      recorded(A, {
        type: 'CharacterWalletBalanceRead',
        data: { characterId: 2, balanceCents: 2_950_001, readAt: '2026-11-21T13:00:00.000Z' },
      }),
      recorded(A, {
        type: 'CharacterWalletBalanceRead',
        data: { characterId: 2, balanceCents: 3_000_000_012, readAt: '2026-11-21T13:02:00.000Z' },
      }),
    ]);
    expect(
      accounts.get(A)!.characters.map(({ characterId, walletBalanceCents, lastWalletBalanceUpdate }) => ({
        characterId,
        walletBalanceCents,
        lastWalletBalanceUpdate,
      })),
    ).toEqual([
      { characterId: 1, walletBalanceCents: null, lastWalletBalanceUpdate: null },
      {
        characterId: 2,
        walletBalanceCents: 3_000_000_012,
        lastWalletBalanceUpdate: '2026-11-21T13:02:00.000Z',
      },
    ]);
  });

  it('given linked characters, when one exports its journal and then its transactions, then each mark is kept by kind', () => {
    const exported = (kind: 'transactions' | 'journal', exportedAt: string) =>
      recorded(A, { type: 'CharacterDataExported', data: { characterId: 2, kind, exportedAt } });
    const accounts = project(accountsProjection, [
      recorded(A, opened(A, 1)),
      recorded(A, linked(1)),
      recorded(A, linked(2)),
      exported('journal', '2026-11-22T01:00:00.000Z'),
      exported('transactions', '2026-11-22T01:05:00.000Z'),
    ]);
    expect(
      accounts.get(A)!.characters.map(({ characterId, lastTransactionsExport, lastJournalExport }) => ({
        characterId,
        lastTransactionsExport,
        lastJournalExport,
      })),
    ).toEqual([
      { characterId: 1, lastTransactionsExport: null, lastJournalExport: null },
      {
        characterId: 2,
        lastTransactionsExport: '2026-11-22T01:05:00.000Z',
        lastJournalExport: '2026-11-22T01:00:00.000Z',
      },
    ]);
  });

  it("given corporation wallet reads, when a corporation is read again, then its divisions are the latest read's, beside the others", () => {
    const read = (corporationId: number, balanceCents: number, readAt: string): AccountEvent => ({
      type: 'CorporationWalletsRead',
      data: {
        corporationId,
        corporationName: `Corporation ${corporationId}`,
        divisions: [{ division: 1, balanceCents }],
        readAt,
      },
    });
    const accounts = project(accountsProjection, [
      recorded(A, opened(A, 1)),
      recorded(A, read(98770002, 100, '2026-11-21T10:00:00Z')),
      recorded(A, read(98770003, 200, '2026-11-21T10:00:00Z')),
      recorded(A, read(98770002, 150, '2026-11-21T11:00:00Z')),
    ]);
    expect(accounts.get(A)!.corporationWallets).toEqual([
      {
        corporationId: 98770003,
        corporationName: 'Corporation 98770003',
        divisions: [{ division: 1, balanceCents: 200 }],
        readAt: '2026-11-21T10:00:00Z',
      },
      {
        corporationId: 98770002,
        corporationName: 'Corporation 98770002',
        divisions: [{ division: 1, balanceCents: 150 }],
        readAt: '2026-11-21T11:00:00Z',
      },
    ]);
  });

  it('ignores a wallet balance read of a character that has left the account', () => {
    const accounts = project(accountsProjection, [
      recorded(A, opened(A, 1)),
      recorded(A, linked(1)),
      recorded(A, { type: 'CharacterUnlinked', data: { characterId: 1, reason: 'removed-by-owner' } }),
      recorded(A, {
        type: 'CharacterWalletBalanceRead',
        data: { characterId: 1, balanceCents: 100, readAt: '2026-11-21T13:00:00.000Z' },
      }),
    ]);
    expect(accounts.get(A)!.characters).toEqual([]);
  });

  it('given a character with an ESI error, when it is re-authorised, then the error clears and scopes update', () => {
    const accounts = project(accountsProjection, [
      recorded(A, opened(A, 1)),
      recorded(A, linked(1)),
      recorded(A, { type: 'CharacterEsiErrorMarked', data: { characterId: 1, reason: 'invalid_grant' } }),
      recorded(A, {
        type: 'CharacterReauthorized',
        data: { characterId: 1, characterName: 'Renamed', scopes: ['s1', 's2'] },
      }),
    ]);
    expect(accounts.get(A)!.characters[0]).toMatchObject({
      characterName: 'Renamed',
      scopes: ['s1', 's2'],
      esiError: null,
    });
  });

  it('given an expiry that stopped characters, then they stay stopped for the tier until their owner starts one', () => {
    const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString();
    const expired = [
      recorded(A, opened(A, 1)),
      recorded(A, linked(1)),
      recorded(A, linked(2)),
      recorded(A, linked(3)),
      recorded(A, {
        type: 'SubscriptionExpired',
        data: { tier: 'PRO', endDate: day(30), expiredAt: day(30), stoppedCharacterIds: [3] },
      }),
    ];
    const stopped = project(accountsProjection, expired).get(A)!;
    expect(stopped.tier).toBe('FREE');
    expect(stopped.characters.map((c) => [c.characterId, c.enableSync, c.stoppedForTier])).toEqual([
      [1, true, false],
      [2, true, false],
      [3, false, true],
    ]);
    const started = project(accountsProjection, [
      ...expired,
      recorded(A, { type: 'CharacterSettingsChanged', data: { characterId: 3, enableSync: true } }),
    ]).get(A)!;
    expect(started.characters[2]).toMatchObject({ enableSync: true, stoppedForTier: false });
  });
});

describe('character-accounts projection', () => {
  it('given a character on account A, when it moves to B, then B holds it, and a late unlink from A changes nothing', () => {
    const holders = project(characterAccountsProjection, [
      recorded(A, linked(7)),
      recorded(A, {
        type: 'CharacterUnlinked',
        data: { characterId: 7, reason: 'moved-to-another-account' },
      }),
      recorded(B, linked(7, 'new-owner')),
      recorded(A, { type: 'CharacterUnlinked', data: { characterId: 7, reason: 'removed-by-owner' } }),
    ]);
    expect(holders.get('7')).toEqual({ _id: '7', accountId: B, ownerHash: 'new-owner' });
  });

  it('ignores account events that do not move characters', () => {
    expect(characterAccountsProjection.documentIds(recorded(A, opened(A, 1)))).toEqual([]);
  });
  it('given deposits, purchases, an upgrade, a renewal, an expiry and staff entries, then the balance, tier and both lists follow', () => {
    const M = 100_000_000;
    const day = (n: number) =>
      new Date(Date.parse('2026-01-01T00:00:00.000Z') + n * 86_400_000).toISOString();
    const events = [
      recorded(A, opened(A, 1)),
      recorded(A, linked(1)),
      recorded(A, {
        type: 'DepositCredited',
        data: { journalRefId: 77, characterId: 1, amountCents: 300 * M, depositedAt: day(0) },
      }),
      recorded(A, {
        type: 'SubscriptionPurchased',
        data: { tier: 'SUPPORTER', priceCents: 100 * M, startDate: day(0), endDate: day(30) },
      }),
      recorded(A, {
        type: 'SubscriptionUpgraded',
        data: {
          fromTier: 'SUPPORTER',
          tier: 'PRO',
          priceCents: 13_333_333_334,
          creditCents: 6_666_666_666,
          startDate: day(10),
          endDate: day(40),
        },
      }),
      recorded(A, { type: 'AccountCredited', data: { amountCents: 50 * M, reason: 'Outage', at: day(11) } }),
      recorded(A, { type: 'AccountDebited', data: { amountCents: 1 * M, reason: 'Paid back', at: day(12) } }),
      recorded(A, {
        type: 'SubscriptionRenewed',
        data: { tier: 'PRO', priceCents: 200 * M, startDate: day(40), endDate: day(70) },
      }),
      recorded(A, {
        type: 'SubscriptionExpired',
        data: { tier: 'PRO', endDate: day(70), expiredAt: day(70), stoppedCharacterIds: [] },
      }),
    ];
    const account = project(accountsProjection, events).get(A)!;
    const id = (index: number) => events[index]!.id;
    expect(account.tier).toBe('FREE');
    expect(account.subscription).toBeNull();
    expect(account.lastSubscription).toEqual({ tier: 'PRO', startDate: day(40), endDate: day(70) });
    expect(account.balanceCents).toBe(300 * M - 100 * M - 13_333_333_334 + 50 * M - 1 * M - 200 * M);
    expect(account.transactions).toEqual([
      {
        id: id(2),
        date: day(0),
        reason: 'DEPOSIT',
        amountCents: 300 * M,
        description: 'Deposit from Pilot 1',
      },
      {
        id: id(3),
        date: day(0),
        reason: 'PURCHASE',
        amountCents: -100 * M,
        description: 'Supporter subscription',
      },
      {
        id: id(4),
        date: day(10),
        reason: 'PURCHASE',
        amountCents: -13_333_333_334,
        description: 'Upgrade to Pro (pro-rated)',
      },
      { id: id(5), date: day(11), reason: 'CREDIT', amountCents: 50 * M, description: 'Outage' },
      { id: id(6), date: day(12), reason: 'WITHDRAWAL', amountCents: -1 * M, description: 'Paid back' },
      {
        id: id(7),
        date: '2026-11-21T12:00:00.000Z',
        reason: 'PURCHASE',
        amountCents: -200 * M,
        description: 'Pro subscription renewed',
      },
    ]);
    expect(account.subscriptions).toEqual([
      { id: id(3), tier: 'SUPPORTER', startDate: day(0), endDate: day(10) },
      { id: id(4), tier: 'PRO', startDate: day(10), endDate: day(40) },
      { id: id(7), tier: 'PRO', startDate: day(40), endDate: day(70) },
    ]);
  });
});
