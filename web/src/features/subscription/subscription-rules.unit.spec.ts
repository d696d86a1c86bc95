import {
  NON_REFUNDABLE_TEXT,
  attemptFor,
  balanceOf,
  billingFailure,
  freeTrialOffered,
  newIdempotencyKey,
  tierAction,
  transactionTypeLabel,
  upgradePriceEstimate,
} from './subscription-rules';
import { dateTimeText } from '../../shared/ui/editable-list/list-format';

describe('the tier table button (account-area §2 Subscription, §4)', () => {
  it.each([
    ['FREE', 'FREE', null],
    ['FREE', 'SUPPORTER', 'Subscribe'],
    ['FREE', 'PRO', 'Subscribe'],
    ['SUPPORTER', 'FREE', null],
    ['SUPPORTER', 'SUPPORTER', null],
    ['SUPPORTER', 'PRO', 'Upgrade (Pro-rated)'],
    ['PRO', 'FREE', null],
    ['PRO', 'SUPPORTER', null],
    ['PRO', 'PRO', null],
  ] as const)('a %s account sees on the %s row: %s', (current, row, label) => {
    expect(tierAction(current, row)?.label ?? null).toBe(label);
  });

  it('calls the Supporter to Pro button an upgrade, the others subscriptions', () => {
    expect(tierAction('SUPPORTER', 'PRO')?.kind).toBe('upgrade');
    expect(tierAction('FREE', 'PRO')?.kind).toBe('subscribe');
  });
});

describe('the free trial offer', () => {
  it('shows only while the account never had a subscription', () => {
    expect(freeTrialOffered({ lastSubscription: null })).toBe(true);
    const trial = {
      tier: 'PRO' as const,
      startDate: '2026-01-01T00:00:00Z',
      endDate: '2026-01-04T00:00:00Z',
    };
    expect(freeTrialOffered({ lastSubscription: trial })).toBe(false);
    expect(freeTrialOffered({ lastSubscription: { ...trial, tier: 'SUPPORTER' } })).toBe(false);
  });
});

describe('the available balance', () => {
  it('is the sum of the transaction amounts, without drift', () => {
    expect(balanceOf([])).toBe(0);
    expect(balanceOf([{ amount: 0.1 }, { amount: 0.2 }])).toBe(0.3);
    expect(balanceOf([{ amount: 300_000_000 }, { amount: -100_000_000 }, { amount: 12.34 }])).toBe(
      200_000_012.34,
    );
    expect(balanceOf(Array.from({ length: 1000 }, () => ({ amount: 0.01 })))).toBe(10);
    expect(balanceOf([{ amount: 200_000_000 }, { amount: -133_333_333.34 }])).toBe(66_666_666.66);
  });
});

describe('transaction type labels', () => {
  it.each([
    ['DEPOSIT', 'Deposit'],
    ['WITHDRAWAL', 'Withdrawal'],
    ['PURCHASE', 'Purchase'],
    ['CREDIT', 'Credit'],
    ['REFUND', 'Unknown'],
    ['', 'Unknown'],
    ['toString', 'Unknown'],
  ])('%s is %s', (reason, label) => {
    expect(transactionTypeLabel(reason)).toBe(label);
  });
});

describe('the Confirm Purchase dialog', () => {
  it("warns with the spec's words", () => {
    expect(NON_REFUNDABLE_TEXT).toBe('All subscription purchases are non-refundable...');
  });

  it("estimates the upgrade as docs/billing.md's example: 133,333,333.34 ISK after 10 of 30 days", () => {
    const supporter = {
      tier: 'SUPPORTER' as const,
      startDate: '2026-01-01T00:00:00.000Z',
      endDate: '2026-01-31T00:00:00.000Z',
    };
    expect(upgradePriceEstimate(supporter, Date.parse('2026-01-11T00:00:00Z'))).toBe(133_333_333.34);
    expect(upgradePriceEstimate(supporter, Date.parse('2026-01-01T00:00:00Z'))).toBe(100_000_000);
    expect(upgradePriceEstimate(supporter, Date.parse('2026-02-01T00:00:00Z'))).toBe(200_000_000);
    expect(upgradePriceEstimate(null, Date.now())).toBeNull();
    expect(upgradePriceEstimate({ ...supporter, tier: 'PRO' }, Date.now())).toBeNull();
  });

  it('shows dates in UTC as YYYY-MM-DD HH:mm', () => {
    expect(dateTimeText('2026-02-10T07:05:00.000Z')).toBe('2026-02-10 07:05');
  });
});

describe('idempotency keys', () => {
  let counter = 0;
  const key = () => `key-${(counter += 1)}`;

  it('gives each confirmed click its own key, and a retry of an unsettled request the same one', () => {
    const first = attemptFor(null, 'SUPPORTER', key);
    expect(first).toEqual({ what: 'SUPPORTER', idempotencyKey: 'key-1' });
    expect(attemptFor(first, 'SUPPORTER', key)).toBe(first);
    expect(attemptFor(first, 'PRO', key).idempotencyKey).toBe('key-2');
    expect(attemptFor(first, 'trial', key).idempotencyKey).toBe('key-3');
  });

  it('are UUID-shaped printable ASCII, different each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });
});

describe('a failed purchase or trial (account-area §8)', () => {
  it("opens the dialog on a 400 with the server's title and message", () => {
    const error = {
      status: 400,
      data: {
        statusCode: 400,
        error: 'Bad Request',
        code: 'INSUFFICIENT_BALANCE',
        title: 'Insufficient balance',
        message: 'The balance of 0.00 ISK does not cover 100,000,000.00 ISK.',
      },
    };
    expect(billingFailure(error)).toEqual({
      kind: 'refused',
      title: 'Insufficient balance',
      message: 'The balance of 0.00 ISK does not cover 100,000,000.00 ISK.',
    });
  });

  it('uses the message as the title of a 400 without one', () => {
    expect(billingFailure({ status: 400, data: { message: 'Idempotency-Key: too long' } })).toEqual({
      kind: 'refused',
      title: 'Idempotency-Key: too long',
      message: null,
    });
  });

  it('leaves 401, 420 and timeouts to the HTTP layer, and anything else to the app', () => {
    expect(billingFailure({ status: 401, data: {} }).kind).toBe('handled');
    expect(billingFailure({ status: 420, data: {} }).kind).toBe('handled');
    expect(billingFailure({ status: 'TIMEOUT_ERROR', error: 'timeout' }).kind).toBe('handled');
    expect(billingFailure({ status: 500, data: {} }).kind).toBe('unexpected');
    expect(billingFailure({ status: 'FETCH_ERROR', error: 'offline' }).kind).toBe('unexpected');
    expect(billingFailure(new Error('boom')).kind).toBe('unexpected');
  });
});
