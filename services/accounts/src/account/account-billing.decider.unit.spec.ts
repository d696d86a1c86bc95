import type { AccountEvent } from '@tradewise/contracts';
import {
  AccountRuleViolation,
  decideAccount,
  evolveAccount,
  initialAccountState,
  syncStatusOf,
  type AccountCommand,
  type AccountState,
} from './account.decider';
import { unusedValueCents } from '../billing/account-billing';

const ACCOUNT = '4b0d4a8e-6f3e-4c1a-9d4f-2f6a8f1b0c11';
const ISK = 100;
const M = 1_000_000 * ISK;
const DAY = 86_400_000;
const T0 = '2026-01-01T00:00:00.000Z';
const at = (days: number): string => new Date(Date.parse(T0) + days * DAY).toISOString();

function given(...commands: AccountCommand[]): AccountState {
  return commands.reduce(
    (state, command) => decideAccount(state, command).reduce(evolveAccount, state),
    initialAccountState,
  );
}

const when = (state: AccountState, command: AccountCommand): AccountEvent[] => decideAccount(state, command);
const then = (state: AccountState, events: AccountEvent[]): AccountState =>
  events.reduce(evolveAccount, state);

function refused(state: AccountState, command: AccountCommand): AccountRuleViolation {
  try {
    decideAccount(state, command);
  } catch (error) {
    if (error instanceof AccountRuleViolation) return error;
    throw error;
  }
  throw new Error('the command was accepted');
}

const pilot = (id: number) => ({
  characterId: id,
  characterName: `Pilot ${id}`,
  ownerHash: `owner-${id}`,
  scopes: ['esi-wallet.read_character_wallet.v1'],
});
const opened: AccountCommand = { type: 'OpenAccount', accountId: ACCOUNT, character: pilot(1) };
const credit = (cents: number, day = 0): AccountCommand => ({
  type: 'CreditAccount',
  amountCents: cents,
  reason: 'Test credit',
  at: at(day),
});
const buy = (tier: 'SUPPORTER' | 'PRO', day = 0, idempotencyKey?: string): AccountCommand => ({
  type: 'PurchaseSubscription',
  tier,
  at: at(day),
  ...(idempotencyKey ? { idempotencyKey } : {}),
});
const end = (day: number): AccountCommand => ({ type: 'EndSubscription', at: at(day) });
const autoRebill = (on: boolean): AccountCommand => ({
  type: 'ChangeAccountSettings',
  changes: { autoRebill: on },
});

describe('account decider: billing', () => {
  it('given a FREE account with 150m ISK, when it buys Supporter, then 100m is charged for 30 days', () => {
    const state = given(opened, credit(150 * M));
    const events = when(state, buy('SUPPORTER'));
    expect(events).toEqual([
      {
        type: 'SubscriptionPurchased',
        data: { tier: 'SUPPORTER', priceCents: 100 * M, startDate: at(0), endDate: at(30) },
      },
    ]);
    const after = then(state, events);
    expect(after.tier).toBe('SUPPORTER');
    expect(after.billing.balanceCents).toBe(50 * M);
  });

  it('given a FREE account with 200m ISK, when it buys Pro, then the whole balance is charged', () => {
    const after = given(opened, credit(200 * M), buy('PRO'));
    expect(after.tier).toBe('PRO');
    expect(after.billing.balanceCents).toBe(0);
  });

  it('given a balance short of the price, when a tier is bought, then Insufficient balance and nothing changes', () => {
    const violation = refused(given(opened, credit(99_999_999_99)), buy('SUPPORTER'));
    expect(violation.code).toBe('INSUFFICIENT_BALANCE');
    expect(violation.message).toBe(
      "The Supporter subscription's price of 100,000,000.00 ISK is more than your balance of 99,999,999.99 ISK.",
    );
    expect(refused(given(opened), buy('PRO')).code).toBe('INSUFFICIENT_BALANCE');
  });

  it('given a subscription in force, when the same or a lower tier is bought, then Already subscribed', () => {
    const supporter = given(opened, credit(1000 * M), buy('SUPPORTER'));
    expect(refused(supporter, buy('SUPPORTER', 1))).toMatchObject({
      code: 'ALREADY_SUBSCRIBED',
      message: 'You already have a Supporter subscription until 2026-01-31.',
    });
    const pro = given(opened, credit(1000 * M), buy('PRO'));
    expect(refused(pro, buy('PRO', 1)).code).toBe('ALREADY_SUBSCRIBED');
    expect(refused(pro, buy('SUPPORTER', 1)).code).toBe('ALREADY_SUBSCRIBED');
  });

  it('given Supporter bought 10 days ago, when it upgrades to Pro, then it pays 200m less the unused 20 days and gets 30 days of Pro', () => {
    const state = given(opened, credit(300 * M), buy('SUPPORTER'));
    const events = when(state, buy('PRO', 10));
    // docs/billing.md: 20 of 30 days unused are worth 66,666,666.66 ISK (rounded down to the cent).
    expect(events).toEqual([
      {
        type: 'SubscriptionUpgraded',
        data: {
          fromTier: 'SUPPORTER',
          tier: 'PRO',
          creditCents: 6_666_666_666,
          priceCents: 13_333_333_334,
          startDate: at(10),
          endDate: at(40),
        },
      },
    ]);
    const after = then(state, events);
    expect(after.tier).toBe('PRO');
    expect(after.billing.balanceCents).toBe(300 * M - 100 * M - 13_333_333_334);
    expect(after.billing.subscription).toMatchObject({ tier: 'PRO', endDate: at(40) });
  });

  it('given an upgrade it cannot pay, when it upgrades, then Insufficient balance', () => {
    const state = given(opened, credit(150 * M), buy('SUPPORTER'));
    expect(refused(state, buy('PRO', 10)).code).toBe('INSUFFICIENT_BALANCE');
  });

  it('prices the unused part by the time left, never below nothing nor above what was paid', () => {
    const period = {
      tier: 'SUPPORTER' as const,
      startDate: at(0),
      endDate: at(30),
      paidCents: 100 * M,
      trial: false,
    };
    expect(unusedValueCents(period, Date.parse(at(0)))).toBe(100 * M);
    expect(unusedValueCents(period, Date.parse(at(15)))).toBe(50 * M);
    expect(unusedValueCents(period, Date.parse(at(30)))).toBe(0);
    expect(unusedValueCents(period, Date.parse(at(31)))).toBe(0);
    expect(unusedValueCents(period, Date.parse(at(-1)))).toBe(100 * M);
  });

  it('given an account that never subscribed, when it starts the trial, then 3 days of Pro for free', () => {
    const state = given(opened);
    const events = when(state, { type: 'StartFreeTrial', at: at(0) });
    expect(events).toEqual([
      { type: 'FreeTrialStarted', data: { tier: 'PRO', startDate: at(0), endDate: at(3) } },
    ]);
    const after = then(state, events);
    expect(after.tier).toBe('PRO');
    expect(after.billing.balanceCents).toBe(0);
  });

  it('offers the trial only while lastSubscription is empty: not during or after a trial or a purchase', () => {
    const trial: AccountCommand = { type: 'StartFreeTrial', at: at(5) };
    const tried = given(opened, { type: 'StartFreeTrial', at: at(0) });
    expect(refused(tried, trial)).toMatchObject({
      code: 'TRIAL_NOT_ELIGIBLE',
      message: 'The free trial is only for accounts that never had a subscription.',
    });
    expect(refused(given(opened, { type: 'StartFreeTrial', at: at(0) }, end(3)), trial).code).toBe(
      'TRIAL_NOT_ELIGIBLE',
    );
    expect(refused(given(opened, credit(100 * M), buy('SUPPORTER'), end(30)), trial).code).toBe(
      'TRIAL_NOT_ELIGIBLE',
    );
  });

  it('given a trial of Pro, when Pro is bought, then Already subscribed (Pro has no buy button)', () => {
    const state = given(opened, credit(300 * M), { type: 'StartFreeTrial', at: at(0) });
    expect(refused(state, buy('PRO', 1)).code).toBe('ALREADY_SUBSCRIBED');
  });

  it('given a subscription before its end date, when the scheduler looks, then nothing happens', () => {
    expect(when(given(opened, credit(100 * M), buy('SUPPORTER')), end(29.99))).toEqual([]);
    expect(when(given(opened), end(30))).toEqual([]);
  });

  it('given Automatic Re-bill and the balance, when the subscription ends, then it renews from its end date for 30 days', () => {
    const state = given(opened, credit(250 * M), buy('SUPPORTER'), autoRebill(true));
    const events = when(state, end(30.5));
    expect(events).toEqual([
      {
        type: 'SubscriptionRenewed',
        data: { tier: 'SUPPORTER', priceCents: 100 * M, startDate: at(30), endDate: at(60) },
      },
    ]);
    const after = then(state, events);
    expect(after.tier).toBe('SUPPORTER');
    expect(after.billing.balanceCents).toBe(50 * M);
    expect(when(after, end(31))).toEqual([]);
  });

  it('given Automatic Re-bill without the balance, when the subscription ends, then the account is FREE', () => {
    const state = given(opened, credit(150 * M), buy('SUPPORTER'), autoRebill(true));
    const events = when(state, end(30));
    expect(events).toEqual([
      {
        type: 'SubscriptionExpired',
        data: { tier: 'SUPPORTER', endDate: at(30), expiredAt: at(30), stoppedCharacterIds: [] },
      },
    ]);
    const after = then(state, events);
    expect(after.tier).toBe('FREE');
    expect(after.billing.balanceCents).toBe(50 * M);
    expect(when(after, end(31))).toEqual([]);
  });

  it('given the balance but no Automatic Re-bill, when the subscription ends, then the account is FREE', () => {
    const state = given(opened, credit(500 * M), buy('PRO'));
    expect(when(state, end(30)).map((e) => e.type)).toEqual(['SubscriptionExpired']);
  });

  it('never renews a trial: it was never bought', () => {
    const state = given(opened, credit(500 * M), autoRebill(true), { type: 'StartFreeTrial', at: at(0) });
    expect(when(state, end(3)).map((e) => e.type)).toEqual(['SubscriptionExpired']);
  });

  it('given Pro with five characters syncing, when it expires to FREE, then the two lowest ids keep syncing', () => {
    const authorize = (id: number): AccountCommand => ({ type: 'AuthorizeCharacter', character: pilot(id) });
    const pro = given(
      opened,
      credit(400 * M),
      buy('PRO'),
      authorize(50),
      authorize(7),
      authorize(30),
      authorize(2),
    );
    expect([...pro.characters.keys()].map((id) => syncStatusOf(pro, id))).toEqual([
      'SYNCING',
      'SYNCING',
      'SYNCING',
      'SYNCING',
      'SYNCING',
    ]);
    const expiry = when(pro, end(30));
    expect(expiry).toEqual([
      {
        type: 'SubscriptionExpired',
        data: { tier: 'PRO', endDate: at(30), expiredAt: at(30), stoppedCharacterIds: [7, 30, 50] },
      },
    ]);
    const free = then(pro, expiry);
    expect(free.tier).toBe('FREE');
    const statuses = (state: AccountState) =>
      Object.fromEntries([...state.characters.keys()].map((id) => [id, syncStatusOf(state, id)]));
    expect(statuses(free)).toEqual({
      1: 'SYNCING',
      2: 'SYNCING',
      7: 'NOT_SYNCING_SUB_INSUFFICIENT',
      30: 'NOT_SYNCING_SUB_INSUFFICIENT',
      50: 'NOT_SYNCING_SUB_INSUFFICIENT',
    });
    expect(free.characters.get(50)?.enableSync).toBe(false);
    // Until the owner upgrades, a stopped character cannot be started again.
    expect(
      refused(free, { type: 'ChangeCharacterSettings', characterId: 50, changes: { enableSync: true } }).code,
    ).toBe('INSUFFICIENT_SUBSCRIPTION');

    // After buying Pro again they stay stopped until their owner starts them, one by one.
    const again = given(
      opened,
      credit(400 * M),
      buy('PRO'),
      authorize(50),
      authorize(7),
      authorize(30),
      authorize(2),
      end(30),
      buy('PRO', 31),
    );
    expect(statuses(again)[30]).toBe('NOT_SYNCING_SUB_INSUFFICIENT');
    const started = then(
      again,
      when(again, { type: 'ChangeCharacterSettings', characterId: 30, changes: { enableSync: true } }),
    );
    expect(statuses(started)).toMatchObject({ 30: 'SYNCING', 7: 'NOT_SYNCING_SUB_INSUFFICIENT' });
    // Stopped by hand, a character shows as stopped by its owner, not by the tier.
    const stoppedByHand = then(
      started,
      when(started, { type: 'ChangeCharacterSettings', characterId: 30, changes: { enableSync: false } }),
    );
    expect(statuses(stoppedByHand)[30]).toBe('NOT_SYNCING_MANUAL');
  });

  it('given a purchase made with an idempotency key, when the request is retried with that key, then nothing is charged again', () => {
    const state = given(opened, credit(500 * M), buy('SUPPORTER', 0, 'tab-1-purchase'));
    expect(when(state, buy('SUPPORTER', 0, 'tab-1-purchase'))).toEqual([]);
    expect(when(state, buy('PRO', 1, 'tab-1-purchase'))).toEqual([]);
    expect(refused(state, buy('SUPPORTER', 0, 'tab-2-purchase')).code).toBe('ALREADY_SUBSCRIBED');
    const trial = given(opened, { type: 'StartFreeTrial', at: at(0), idempotencyKey: 'trial-1' });
    expect(when(trial, { type: 'StartFreeTrial', at: at(0), idempotencyKey: 'trial-1' })).toEqual([]);
  });

  it('forgets a refused request: its retry with the same key is decided again', () => {
    const poor = given(opened);
    expect(refused(poor, buy('SUPPORTER', 0, 'k1')).code).toBe('INSUFFICIENT_BALANCE');
    const funded = then(poor, when(poor, credit(100 * M)));
    expect(when(funded, buy('SUPPORTER', 0, 'k1')).map((e) => e.type)).toEqual(['SubscriptionPurchased']);
  });

  it('given a credited deposit, when the same journal entry comes again, then nothing is credited', () => {
    const deposit: AccountCommand = {
      type: 'CreditDeposit',
      journalRefId: 9_000_001,
      characterId: 1,
      amountCents: 125 * M,
      depositedAt: at(0),
    };
    const state = given(opened);
    const events = when(state, deposit);
    expect(events).toEqual([
      {
        type: 'DepositCredited',
        data: { journalRefId: 9_000_001, characterId: 1, amountCents: 125 * M, depositedAt: at(0) },
      },
    ]);
    const after = then(state, events);
    expect(after.billing.balanceCents).toBe(125 * M);
    expect(when(after, deposit)).toEqual([]);
    expect(when(after, { ...deposit, journalRefId: 9_000_002 })).toHaveLength(1);
  });

  it('lets staff credit and debit with a reason, never below a zero balance', () => {
    const state = given(opened, credit(10 * M));
    expect(
      when(state, { type: 'DebitAccount', amountCents: 4 * M, reason: 'Refund by ISK', at: at(1) }),
    ).toEqual([{ type: 'AccountDebited', data: { amountCents: 4 * M, reason: 'Refund by ISK', at: at(1) } }]);
    expect(
      refused(state, { type: 'DebitAccount', amountCents: 10 * M + 1, reason: 'Too much', at: at(1) }),
    ).toMatchObject({
      code: 'INSUFFICIENT_BALANCE',
      message: 'A debit of 10,000,000.01 ISK is more than your balance of 10,000,000.00 ISK.',
    });
    const debited = given(opened, credit(10 * M), {
      type: 'DebitAccount',
      amountCents: 10 * M,
      reason: 'All of it',
      at: at(1),
    });
    expect(debited.billing.balanceCents).toBe(0);
  });
});
