import type { AccountEvent } from '@tradewise/contracts';
import {
  AccountRuleViolation,
  CORPORATION_JOBS_SCOPE,
  CORPORATION_TRADE_SCOPES,
  decideAccount,
  evolveAccount,
  initialAccountState,
  syncStatusOf,
  type AccountCommand,
  type AccountState,
  type AuthorizedCharacter,
} from './account.decider';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const pilot = (id: number, overrides: Partial<AuthorizedCharacter> = {}): AuthorizedCharacter => ({
  characterId: id,
  characterName: `Pilot ${id}`,
  ownerHash: `owner-${id}`,
  scopes: ['esi-wallet.read_character_wallet.v1'],
  ...overrides,
});

function given(...commands: AccountCommand[]): AccountState {
  return commands.reduce(
    (state, command) => decideAccount(state, command).reduce(evolveAccount, state),
    initialAccountState,
  );
}

function when(state: AccountState, command: AccountCommand): AccountEvent[] {
  return decideAccount(state, command);
}

function refused(state: AccountState, command: AccountCommand): AccountRuleViolation {
  try {
    decideAccount(state, command);
  } catch (error) {
    if (error instanceof AccountRuleViolation) return error;
    throw error;
  }
  throw new Error('the command was accepted');
}

const opened = (): AccountCommand => ({ type: 'OpenAccount', accountId: ACCOUNT, character: pilot(1) });
const authorize = (id: number, overrides: Partial<AuthorizedCharacter> = {}): AccountCommand => ({
  type: 'AuthorizeCharacter',
  character: pilot(id, overrides),
});

describe('account decider', () => {
  it('given nothing, when an account opens, then its login character is linked and syncing', () => {
    expect(when(initialAccountState, opened())).toEqual([
      { type: 'AccountOpened', data: { accountId: ACCOUNT, loginCharacterId: 1 } },
      { type: 'CharacterLinked', data: { ...pilot(1), enableSync: true } },
    ]);
    expect(refused(given(opened()), opened()).code).toBe('ACCOUNT_EXISTS');
  });

  it('given a FREE account syncing two characters, when a third is added, then it is linked without syncing', () => {
    const state = given(opened(), authorize(2));
    expect(when(state, authorize(3))).toEqual([
      { type: 'CharacterLinked', data: { ...pilot(3), enableSync: false } },
    ]);
  });

  it('given a FREE account at its limit, when another character is set to sync, then Insufficient Subscription', () => {
    const state = given(opened(), authorize(2), authorize(3));
    const violation = refused(state, {
      type: 'ChangeCharacterSettings',
      characterId: 3,
      changes: { enableSync: true },
    });
    expect(violation).toMatchObject({ code: 'INSUFFICIENT_SUBSCRIPTION', limit: 2 });
    expect(violation.message).toBe(
      'Your current subscription allows a maximum of 2 characters to be synced.',
    );
    const afterStopping = given(opened(), authorize(2), authorize(3), {
      type: 'ChangeCharacterSettings',
      characterId: 2,
      changes: { enableSync: false },
    });
    expect(
      when(afterStopping, { type: 'ChangeCharacterSettings', characterId: 3, changes: { enableSync: true } }),
    ).toEqual([{ type: 'CharacterSettingsChanged', data: { characterId: 3, enableSync: true } }]);
  });

  it('given a linked character, when it logs in again unchanged, then nothing is recorded; new scopes re-authorize it', () => {
    const state = given(opened());
    expect(when(state, authorize(1))).toEqual([]);
    expect(when(state, authorize(1, { scopes: ['a', 'b'] }))).toEqual([
      {
        type: 'CharacterReauthorized',
        data: { characterId: 1, characterName: 'Pilot 1', scopes: ['a', 'b'] },
      },
    ]);
  });

  it('given an ESI error, then the status says so until the character is re-authorized', () => {
    let state = given(opened(), { type: 'MarkCharacterEsiError', characterId: 1, reason: 'invalid_grant' });
    expect(syncStatusOf(state, 1)).toBe('NOT_SYNCING_ESI_ERROR');
    expect(when(state, { type: 'MarkCharacterEsiError', characterId: 1, reason: 'invalid_grant' })).toEqual(
      [],
    );
    state = decideAccount(state, authorize(1)).reduce(evolveAccount, state);
    expect(syncStatusOf(state, 1)).toBe('SYNCING');
  });

  it('given a character whose owner hash changed, then it is refused here and can be released to its new owner', () => {
    const state = given(opened(), authorize(2));
    expect(refused(state, authorize(2, { ownerHash: 'someone-else' })).code).toBe(
      'CHARACTER_HAS_ANOTHER_OWNER',
    );
    expect(when(state, { type: 'ReleaseCharacter', characterId: 2, reason: 'owner-changed' })).toEqual([
      { type: 'CharacterUnlinked', data: { characterId: 2, reason: 'owner-changed' } },
    ]);
    expect(when(state, { type: 'ReleaseCharacter', characterId: 99, reason: 'owner-changed' })).toEqual([]);
  });

  it('removes only characters on the account', () => {
    const state = given(opened(), authorize(2));
    expect(when(state, { type: 'RemoveCharacter', characterId: 2 })).toEqual([
      { type: 'CharacterUnlinked', data: { characterId: 2, reason: 'removed-by-owner' } },
    ]);
    expect(refused(state, { type: 'RemoveCharacter', characterId: 7 }).code).toBe('CHARACTER_NOT_ON_ACCOUNT');
  });

  it('allows corporation industry sync only for a Factory Manager on PRO, and drops it when the role goes', () => {
    const free = given(opened());
    const enable: AccountCommand = {
      type: 'ChangeCharacterSettings',
      characterId: 1,
      changes: { enableCorpIndustrySync: true },
    };
    expect(refused(free, enable).code).toBe('NOT_A_FACTORY_MANAGER');
    const manager = given(opened(), {
      type: 'UpdateCharacterRoles',
      characterId: 1,
      roles: ['Factory_Manager'],
    });
    expect(refused(manager, enable).code).toBe('CORPORATION_SYNC_NEEDS_PRO');
    const proWithoutScope: AccountState = { ...manager, tier: 'PRO' };
    expect(refused(proWithoutScope, enable).code).toBe('CORPORATION_SYNC_NEEDS_SCOPE');
    const pro = given(
      { type: 'OpenAccount', accountId: ACCOUNT, character: pilot(1, { scopes: [CORPORATION_JOBS_SCOPE] }) },
      { type: 'UpdateCharacterRoles', characterId: 1, roles: ['Factory_Manager'] },
    );
    const proState: AccountState = { ...pro, tier: 'PRO' };
    const syncing = decideAccount(proState, enable).reduce(evolveAccount, proState);
    expect(syncing.characters.get(1)!.enableCorpIndustrySync).toBe(true);
    expect(when(syncing, { type: 'UpdateCharacterRoles', characterId: 1, roles: [] })).toEqual([
      { type: 'CharacterRolesUpdated', data: { characterId: 1, roles: [] } },
      { type: 'CharacterSettingsChanged', data: { characterId: 1, enableCorpIndustrySync: false } },
    ]);
  });

  it('allows corporation trade sync only for a wallet reader on PRO with both scopes, and drops it with the role', () => {
    const enable: AccountCommand = {
      type: 'ChangeCharacterSettings',
      characterId: 1,
      changes: { enableCorpTradeSync: true },
    };
    const withRoles = (roles: string[], scopes: readonly string[], tier: AccountState['tier']) => ({
      ...given(
        { type: 'OpenAccount', accountId: ACCOUNT, character: pilot(1, { scopes: [...scopes] }) },
        { type: 'UpdateCharacterRoles', characterId: 1, roles },
      ),
      tier,
    });
    // A Trader reads the corporation's orders but not its wallets, where its trades are.
    expect(refused(withRoles(['Trader'], CORPORATION_TRADE_SCOPES, 'PRO'), enable).code).toBe(
      'NOT_AN_ACCOUNTANT',
    );
    expect(refused(withRoles(['Accountant'], CORPORATION_TRADE_SCOPES, 'SUPPORTER'), enable).code).toBe(
      'CORPORATION_SYNC_NEEDS_PRO',
    );
    expect(refused(withRoles(['Accountant'], [CORPORATION_TRADE_SCOPES[0]], 'PRO'), enable).message).toBe(
      'Update the scopes of Pilot 1 on the Account page to sync corporation wallets and orders.',
    );
    for (const roles of [['Accountant'], ['Junior_Accountant'], ['Director'], ['JUNIOR_ACCOUNTANT']]) {
      const state = withRoles(roles, CORPORATION_TRADE_SCOPES, 'PRO');
      expect(when(state, enable)).toEqual([
        { type: 'CharacterSettingsChanged', data: { characterId: 1, enableCorpTradeSync: true } },
      ]);
    }
    const syncing = given(
      {
        type: 'OpenAccount',
        accountId: ACCOUNT,
        character: pilot(1, { scopes: [...CORPORATION_TRADE_SCOPES] }),
      },
      { type: 'UpdateCharacterRoles', characterId: 1, roles: ['Accountant', 'Factory_Manager'] },
    );
    const pro: AccountState = { ...syncing, tier: 'PRO' };
    const tracking = decideAccount(pro, enable).reduce(evolveAccount, pro);
    expect(tracking.characters.get(1)!.enableCorpTradeSync).toBe(true);
    expect(
      when(tracking, { type: 'UpdateCharacterRoles', characterId: 1, roles: ['Factory_Manager'] }),
    ).toEqual([
      { type: 'CharacterRolesUpdated', data: { characterId: 1, roles: ['Factory_Manager'] } },
      { type: 'CharacterSettingsChanged', data: { characterId: 1, enableCorpTradeSync: false } },
    ]);
    expect(
      when(tracking, { type: 'UpdateCharacterRoles', characterId: 1, roles: ['Junior_Accountant'] }),
    ).toEqual([{ type: 'CharacterRolesUpdated', data: { characterId: 1, roles: ['Junior_Accountant'] } }]);
  });

  it('keeps a price factor only beside a price region, and records only what changed', () => {
    const state = given(opened());
    const set = (changes: object): AccountCommand => ({
      type: 'ChangeCharacterSettings',
      characterId: 1,
      changes,
    });
    expect(refused(state, set({ defaultPriceFactor: 0.9 })).code).toBe('PRICE_FACTOR_NEEDS_REGION');
    const priced = given(
      opened(),
      set({ defaultPriceRegion: 10000002, defaultPriceFactor: 0.95, reactionBonus: 2.4 }),
    );
    expect(when(priced, set({ defaultPriceRegion: 10000002, reactionBonus: 2.4 }))).toEqual([]);
    expect(when(priced, set({ defaultPriceRegion: null }))).toEqual([
      {
        type: 'CharacterSettingsChanged',
        data: { characterId: 1, defaultPriceRegion: null, defaultPriceFactor: null },
      },
    ]);
  });

  it('starts account syncing only with characters, and records only changed settings', () => {
    const state = given(opened());
    expect(
      when(state, { type: 'ChangeAccountSettings', changes: { syncEnabled: true, autoRebill: false } }),
    ).toEqual([{ type: 'AccountSettingsChanged', data: { syncEnabled: true } }]);
    const empty = given(opened(), { type: 'RemoveCharacter', characterId: 1 });
    expect(refused(empty, { type: 'ChangeAccountSettings', changes: { syncEnabled: true } }).code).toBe(
      'NO_CHARACTERS',
    );
    expect(refused(initialAccountState, { type: 'RemoveCharacter', characterId: 1 }).code).toBe('NO_ACCOUNT');
  });
});

describe('account decider: sync', () => {
  const started = '2026-11-21T12:00:00.000Z';
  const worker = { workerId: 'host-a#data', runId: 'run-1' };
  const start = (
    at = started,
    by: { workerId: string; runId: string } = worker,
    until = '2026-11-21T12:06:00.000Z',
  ): AccountCommand => ({
    type: 'StartAccountSync',
    startedAt: at,
    characterIds: [1],
    lease: { ...by, until },
  });

  it('given no sync under way, when one starts and completes, then both are recorded; a second start waits', () => {
    expect(when(given(opened()), start())).toEqual([
      {
        type: 'AccountSyncStarted',
        data: {
          startedAt: started,
          characterIds: [1],
          workerId: 'host-a#data',
          runId: 'run-1',
          leaseUntil: '2026-11-21T12:06:00.000Z',
        },
      },
    ]);
    const running = given(opened(), start());
    expect(refused(running, start('2026-11-21T12:01:00.000Z')).code).toBe('SYNC_IN_PROGRESS');
    expect(
      when(running, {
        type: 'EndAccountSync',
        outcome: {
          kind: 'completed',
          startedAt: started,
          completedAt: '2026-11-21T12:01:00.000Z',
          characters: [{ characterId: 1, transactions: 3, journalEntries: 7 }],
        },
      }),
    ).toEqual([
      {
        type: 'AccountSyncCompleted',
        data: {
          startedAt: started,
          completedAt: '2026-11-21T12:01:00.000Z',
          characters: [{ characterId: 1, transactions: 3, journalEntries: 7 }],
        },
      },
    ]);
  });

  it('given a live lease of another worker, when a sync starts, then it is refused; once the lease has run out, the old sync is interrupted and the new one starts', () => {
    const running = given(opened(), start());
    const other = { workerId: 'host-b#data', runId: 'run-9' };
    expect(refused(running, start('2026-11-21T12:05:59.999Z', other)).code).toBe('SYNC_IN_PROGRESS');
    expect(when(running, start('2026-11-21T12:06:00.000Z', other, '2026-11-21T12:12:00.000Z'))).toEqual([
      {
        type: 'AccountSyncInterrupted',
        data: { startedAt: started, at: '2026-11-21T12:06:00.000Z', reason: 'lease-expired' },
      },
      expect.objectContaining({ type: 'AccountSyncStarted' }),
    ]);
  });

  it('given a sync a worker started in an earlier run, when the same worker starts again, then that sync is interrupted at once', () => {
    const running = given(opened(), start());
    const restarted = { ...worker, runId: 'run-2' };
    expect(
      when(running, {
        type: 'InterruptAccountSync',
        startedAt: started,
        at: '2026-11-21T12:01:00.000Z',
        worker: restarted,
      }),
    ).toEqual([
      {
        type: 'AccountSyncInterrupted',
        data: { startedAt: started, at: '2026-11-21T12:01:00.000Z', reason: 'worker-restarted' },
      },
    ]);
    expect(when(running, start('2026-11-21T12:01:00.000Z', restarted))).toEqual([
      {
        type: 'AccountSyncInterrupted',
        data: { startedAt: started, at: '2026-11-21T12:01:00.000Z', reason: 'worker-restarted' },
      },
      expect.objectContaining({ type: 'AccountSyncStarted' }),
    ]);
    const interrupted = given(opened(), start(), {
      type: 'InterruptAccountSync',
      startedAt: started,
      at: '2026-11-21T12:01:00.000Z',
      worker: restarted,
    });
    expect(interrupted.syncStartedAt).toBeNull();
    expect(when(interrupted, start('2026-11-21T12:01:00.000Z', restarted))).toHaveLength(1);
  });

  it('interrupts nothing of a live run, of another worker, or of a sync that has ended', () => {
    const running = given(opened(), start());
    const interrupt = (by: { workerId: string; runId: string }, at = started): AccountCommand => ({
      type: 'InterruptAccountSync',
      startedAt: at,
      at: '2026-11-21T12:01:00.000Z',
      worker: by,
    });
    expect(when(running, interrupt(worker))).toEqual([]);
    expect(when(running, interrupt({ workerId: 'host-b#data', runId: 'run-2' }))).toEqual([]);
    expect(when(running, interrupt({ ...worker, runId: 'run-2' }, '2026-11-21T11:00:00.000Z'))).toEqual([]);
    expect(when(given(opened()), interrupt({ ...worker, runId: 'run-2' }))).toEqual([]);
  });

  it('refuses the end of a sync that is not the one under way', () => {
    const running = given(opened(), start());
    const otherEnd: AccountCommand = {
      type: 'EndAccountSync',
      outcome: { kind: 'failed', startedAt: '2026-11-21T11:00:00.000Z', at: started, reason: 'ESI 503' },
    };
    expect(refused(running, otherEnd).code).toBe('NO_SYNC_IN_PROGRESS');
  });
});

describe('account decider: wallet balance refresh', () => {
  const read = (characterId: number, readAt: string, balanceCents = 2_950_001): AccountCommand => ({
    type: 'RecordWalletBalance',
    characterId,
    balanceCents,
    readAt,
  });

  it('given a character never refreshed, when its balance is read, then the read is recorded in cents', () => {
    expect(when(given(opened()), read(1, '2026-11-21T12:00:00.000Z'))).toEqual([
      {
        type: 'CharacterWalletBalanceRead',
        data: { characterId: 1, balanceCents: 2_950_001, readAt: '2026-11-21T12:00:00.000Z' },
      },
    ]);
  });

  it('given a read, when another comes within 2 minutes, then it is refused with the seconds left; at 2 minutes it is taken', () => {
    const state = given(opened(), authorize(2), read(1, '2026-11-21T12:00:00.000Z'));
    const violation = refused(state, read(1, '2026-11-21T12:01:30.500Z'));
    expect(violation).toMatchObject({ code: 'WALLET_REFRESH_TOO_SOON', retryAfterSeconds: 30 });
    expect(violation.message).toBe('The wallet was refreshed less than 2 minutes ago; try again in 30 s.');
    expect(when(state, read(1, '2026-11-21T12:02:00.000Z', 100))).toEqual([
      {
        type: 'CharacterWalletBalanceRead',
        data: { characterId: 1, balanceCents: 100, readAt: '2026-11-21T12:02:00.000Z' },
      },
    ]);
    // The cooldown is per character.
    expect(when(state, read(2, '2026-11-21T12:00:01.000Z'))).toHaveLength(1);
  });

  it('keeps the latest balance and its time on the character', () => {
    const state = given(
      opened(),
      read(1, '2026-11-21T12:00:00.000Z'),
      read(1, '2026-11-21T12:05:00.000Z', -5),
    );
    expect(state.characters.get(1)).toMatchObject({
      walletBalanceCents: -5,
      lastWalletBalanceUpdate: '2026-11-21T12:05:00.000Z',
    });
  });

  it('refuses the read of a character that is not on the account', () => {
    expect(refused(given(opened()), read(9, '2026-11-21T12:00:00.000Z')).code).toBe(
      'CHARACTER_NOT_ON_ACCOUNT',
    );
  });
});

describe('account decider: CSV exports', () => {
  const mark = (characterId: number, kind: 'transactions' | 'journal'): AccountCommand => ({
    type: 'MarkCharacterExport',
    characterId,
    kind,
    exportedAt: '2026-11-22T01:00:00.000Z',
  });

  it('given a character on the account, when its journal is exported, then the export is recorded with its kind', () => {
    expect(when(given(opened()), mark(1, 'journal'))).toEqual([
      {
        type: 'CharacterDataExported',
        data: { characterId: 1, kind: 'journal', exportedAt: '2026-11-22T01:00:00.000Z' },
      },
    ]);
  });

  it('given a character not on the account, when an export is marked, then it is refused', () => {
    expect(refused(given(opened()), mark(99, 'transactions')).code).toBe('CHARACTER_NOT_ON_ACCOUNT');
  });
});
