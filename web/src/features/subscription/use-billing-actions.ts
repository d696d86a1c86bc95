import { useRef, useState } from 'react';
import {
  attemptFor,
  billingFailure,
  newIdempotencyKey,
  type BillingAttempt,
  type PaidTier,
} from './subscription-rules';
import { usePurchaseMutation, useStartFreeTrialMutation } from './subscription-api';

/** A refused purchase ('Purchase Error') or trial ('Error'): the server's title and message. */
export interface BillingRefusal {
  readonly dialog: 'Purchase Error' | 'Error';
  readonly title: string;
  readonly message: string | null;
}

/**
 * Purchases and the trial with their Idempotency-Key: one key per confirmed click, kept while the request's
 * outcome is unknown (timeout, network failure, 5xx) so that clicking again retries it and charges once; dropped
 * once the server settled it (done, or refused with a 400, which stores nothing).
 */
export function useBillingActions() {
  const [purchase] = usePurchaseMutation();
  const [startFreeTrial] = useStartFreeTrialMutation();
  const attempt = useRef<BillingAttempt | null>(null);
  const [running, setRunning] = useState<BillingAttempt['what'] | null>(null);
  const [refusal, setRefusal] = useState<BillingRefusal | null>(null);

  async function run(
    what: BillingAttempt['what'],
    call: (key: string) => Promise<unknown>,
  ): Promise<boolean> {
    const current = attemptFor(attempt.current, what, newIdempotencyKey);
    attempt.current = current;
    setRunning(what);
    try {
      await call(current.idempotencyKey);
      attempt.current = null;
      return true;
    } catch (error) {
      const failure = billingFailure(error);
      if (failure.kind === 'refused') {
        attempt.current = null;
        setRefusal({
          dialog: what === 'trial' ? 'Error' : 'Purchase Error',
          title: failure.title,
          message: failure.message,
        });
        return true;
      }
      if (failure.kind === 'unexpected') throw error;
      return false;
    } finally {
      setRunning(null);
    }
  }

  return {
    running,
    refusal,
    closeRefusal: () => setRefusal(null),
    /** Buys `tier` (from SUPPORTER, PRO is the upgrade). Resolves true once settled, false to let the user retry. */
    buy: (tier: PaidTier) =>
      run(tier, (key) => purchase({ 'Idempotency-Key': key, subscriptionPurchase: { tier } }).unwrap()),
    startTrial: () => run('trial', (key) => startFreeTrial({ 'Idempotency-Key': key }).unwrap()),
  };
}
