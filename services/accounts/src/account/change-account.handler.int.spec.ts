import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CommandBus } from '@nestjs/cqrs';
import { Test, type TestingModule } from '@nestjs/testing';
import { accountStream, eventCatalogue } from '@tradewise/contracts';
import {
  EVENT_STORE,
  ManualClock,
  PlatformModule,
  createAdapters,
  createLogger,
  loadDeciderState,
  loadPlatformConfig,
  runWithCorrelation,
  uuidV5,
  type EventStore,
} from '@tradewise/platform';
import { AccountWriteModule } from './account-write.module';
import { AccountRuleViolation, accountDecider } from './account.decider';
import { ChangeAccount } from './change-account.handler';

const ACCOUNT = '0b7f3c52-9d1e-4a6b-8c2f-5e4d3a2b1c0d';
const CHARACTER = 2119000099;
const character = {
  characterId: CHARACTER,
  characterName: 'Bus Pilot',
  ownerHash: 'owner-hash',
  scopes: ['esi-wallet.read_character_wallet.v1'],
};

/** The accounts' write side as the sync role runs it: the platform on embedded adapters and one CommandBus. */
describe('ChangeAccount through the CommandBus', () => {
  let dir: string;
  let moduleRef: TestingModule;
  let commands: CommandBus;
  let eventStore: EventStore;
  const clock = new ManualClock('2026-11-25T09:30:00.000Z');

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'tw-change-account-'));
    const config = loadPlatformConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', ROLES: 'sync' });
    const adapters = await createAdapters(config, eventCatalogue, clock);
    moduleRef = await Test.createTestingModule({
      imports: [
        PlatformModule.forRoot({
          config,
          catalogue: eventCatalogue,
          logger: createLogger('silent'),
          clock,
          adapters,
        }),
        AccountWriteModule,
      ],
    }).compile();
    await moduleRef.init();
    commands = moduleRef.get(CommandBus);
    eventStore = moduleRef.get<EventStore>(EVENT_STORE);
  });

  afterAll(async () => {
    await moduleRef?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appends the decided events with the full metadata set and answers their position', async () => {
    const outcome = await runWithCorrelation('request-17', () =>
      commands.execute(
        new ChangeAccount(
          ACCOUNT,
          { type: 'OpenAccount', accountId: ACCOUNT, character },
          `character:${CHARACTER}`,
        ),
      ),
    );

    const stored = await eventStore.readStream(accountStream(ACCOUNT));
    expect(stored.map((event) => event.type)).toEqual(['AccountOpened', 'CharacterLinked']);
    expect(outcome).toEqual({ position: stored.at(-1)!.position });
    for (const event of stored) {
      expect(event.metadata).toEqual({
        $correlationId: 'request-17',
        $causationId: 'request-17',
        actor: `character:${CHARACTER}`,
        schemaVersion: 1,
        recordedAt: '2026-11-25T09:30:00.000Z',
      });
    }
    const { state, revision } = await loadDeciderState(eventStore, accountStream(ACCOUNT), accountDecider);
    expect(state.accountId).toBe(ACCOUNT);
    expect(revision).toBe(1);
  });

  it("leaves the account's rule violations to the caller as they were thrown, appending nothing", async () => {
    const before = await eventStore.readStream(accountStream(ACCOUNT));

    const opened = commands.execute(
      new ChangeAccount(ACCOUNT, { type: 'OpenAccount', accountId: ACCOUNT, character }, 'system:test'),
    );

    await expect(opened).rejects.toBeInstanceOf(AccountRuleViolation);
    await expect(opened).rejects.toMatchObject({ code: 'ACCOUNT_EXISTS' });
    expect(await eventStore.readStream(accountStream(ACCOUNT))).toHaveLength(before.length);
  });

  it('charges once for two purchases racing from two tabs: the second is decided again after its conflict', async () => {
    const racing = '7c1d5e2a-3b4f-4a6b-9c8d-1e2f3a4b5c6d';
    const buyer = { ...character, characterId: CHARACTER + 1 };
    await commands.execute(
      new ChangeAccount(racing, { type: 'OpenAccount', accountId: racing, character: buyer }, 'system:test'),
    );
    await commands.execute(
      new ChangeAccount(
        racing,
        { type: 'CreditAccount', amountCents: 300_000_000_00, reason: 'Test', at: clock.now().toISOString() },
        'staff:tester',
      ),
    );
    // Appends the store refused: the second tab's, whose expected revision the first tab's purchase moved.
    const refusedAppends: unknown[] = [];
    const append = eventStore.append.bind(eventStore);
    const spy = jest.spyOn(eventStore, 'append').mockImplementation(async (...args) => {
      try {
        return await append(...args);
      } catch (error) {
        refusedAppends.push(error);
        throw error;
      }
    });
    try {
      const purchase = () =>
        commands.execute(
          new ChangeAccount(
            racing,
            { type: 'PurchaseSubscription', tier: 'SUPPORTER', at: clock.now().toISOString() },
            `account:${racing}`,
          ),
        );
      const outcomes = await Promise.allSettled([purchase(), purchase()]);

      expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(['fulfilled', 'rejected']);
      const refusal = outcomes.find((outcome) => outcome.status === 'rejected')!;
      expect(refusal.reason).toMatchObject({ code: 'ALREADY_SUBSCRIBED' });
      expect(refusedAppends).toHaveLength(1);
      expect(refusedAppends[0]).toMatchObject({ streamId: accountStream(racing) });
    } finally {
      spy.mockRestore();
    }
    const stored = await eventStore.readStream(accountStream(racing));
    expect(stored.filter((event) => event.type === 'SubscriptionPurchased')).toHaveLength(1);
    const { state } = await loadDeciderState(eventStore, accountStream(racing), accountDecider);
    expect(state.billing.balanceCents).toBe(200_000_000_00);
  });

  it('credits a deposit once, under an id derived from its corporation journal entry', async () => {
    const deposit = {
      type: 'CreditDeposit' as const,
      journalRefId: 18_000_000_001,
      characterId: CHARACTER,
      amountCents: 5_000_000_00,
      depositedAt: clock.now().toISOString(),
    };
    const first = await commands.execute(new ChangeAccount(ACCOUNT, deposit, 'system:deposits'));
    const again = await commands.execute(new ChangeAccount(ACCOUNT, deposit, 'system:deposits'));

    expect(first.position).not.toBeNull();
    expect(again.position).toBeNull();
    const deposits = (await eventStore.readStream(accountStream(ACCOUNT))).filter(
      (event) => event.type === 'DepositCredited',
    );
    expect(deposits.map((event) => event.id)).toEqual([uuidV5('esi:corporation-journal:18000000001')]);
  });
});
