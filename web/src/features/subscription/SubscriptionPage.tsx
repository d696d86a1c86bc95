import { Col, Flex, Row, Typography, message, theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { AccountLoadingPage, errorStatus, serverErrorText } from '../../shared/ui/editable-list';
import { useGetAccountQuery } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import { PurchasedSubscriptionsTable, TransactionsTable } from './BillingTables';
import { DepositInstructions } from './DepositInstructions';
import { FreeTrialOffer } from './FreeTrialOffer';
import { BillingRefusalDialog, ConfirmPurchaseDialog, type PurchaseChoice } from './SubscriptionDialogs';
import { SubscriptionSummary } from './SubscriptionSummary';
import { TierTable } from './TierTable';
import {
  useChangeAccountSettingsMutation,
  useSubscriptionsQuery,
  useTransactionsQuery,
} from './subscription-api';
import {
  balanceOf,
  freeTrialOffered,
  subscriptionEnd,
  tierAction,
  upgradePriceEstimate,
  type PaidTier,
} from './subscription-rules';
import { useBillingActions } from './use-billing-actions';

const DESCRIPTION =
  'Your tier, your ISK balance and what it paid for. Subscriptions are paid in ISK from your balance and last 30 days.';

/**
 * /subscription (account-area §2 Subscription): current tier, balance, Automatic Re-bill, the tiers with the
 * button the current tier allows, the free trial, how to deposit ISK, and the transactions and subscriptions.
 */
export default function SubscriptionPage() {
  const { token } = theme.useToken();
  const { data: account, isLoading } = useGetAccountQuery();
  // Each visit reads the lists again: deposits arrive on the server's schedule, not on this page's.
  const transactions = useTransactionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const subscriptions = useSubscriptionsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [changeAccountSettings, rebill] = useChangeAccountSettingsMutation();
  const billing = useBillingActions();
  const [choice, setChoice] = useState<PurchaseChoice | null>(null);

  // A sync may have credited a deposit (or the scheduler renewed or ended a subscription): read the lists again.
  const syncMark = account ? `${account.lastUpdate}|${account.balance}|${account.subscriptionTier}` : null;
  const seenMark = useRef(syncMark);
  const { refetch: refetchTransactions } = transactions;
  const { refetch: refetchSubscriptions } = subscriptions;
  useEffect(() => {
    if (syncMark === null || seenMark.current === syncMark) return;
    const first = seenMark.current === null;
    seenMark.current = syncMark;
    if (first) return;
    void refetchTransactions();
    void refetchSubscriptions();
  }, [syncMark, refetchTransactions, refetchSubscriptions]);

  if (!account) return <AccountLoadingPage title="Subscription" loading={isLoading} />;

  const choose = (tier: PaidTier) => {
    const now = Date.now();
    const upgrade = tierAction(account.subscriptionTier, tier)?.kind === 'upgrade';
    setChoice({
      tier,
      upgrade,
      upgradePrice: upgrade ? upgradePriceEstimate(account.lastSubscription, now) : null,
      endsAt: subscriptionEnd(now),
    });
  };

  const confirm = async () => {
    if (!choice) return;
    if (await billing.buy(choice.tier)) setChoice(null);
  };

  const changeRebill = async (autoRebill: boolean) => {
    try {
      await changeAccountSettings({ accountSettingsPatch: { autoRebill } }).unwrap();
    } catch (failure) {
      const status = errorStatus(failure);
      if (status === 401 || status === 420 || status === null) return;
      void message.error(serverErrorText(failure));
    }
  };

  const heading = (text: string) => (
    <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4, margin: 0 }}>
      {text}
    </Typography.Title>
  );

  return (
    <PageContainer title="Subscription" description={DESCRIPTION}>
      <Flex vertical gap={token.marginLG}>
        <SubscriptionSummary
          account={account}
          balance={transactions.data ? balanceOf(transactions.data) : null}
          rebillSaving={rebill.isLoading}
          onRebillChange={(value) => void changeRebill(value)}
        />
        {freeTrialOffered(account) ? (
          <FreeTrialOffer starting={billing.running === 'trial'} onStart={() => void billing.startTrial()} />
        ) : null}
        <Flex vertical gap={token.marginSM}>
          {heading('Tiers')}
          <TierTable
            current={account.subscriptionTier}
            buying={billing.running === 'trial' ? null : billing.running}
            onChoose={choose}
          />
        </Flex>
        <DepositInstructions />
        <Row gutter={[token.marginLG, token.marginLG]}>
          <Col xs={24} lg={14}>
            <Flex vertical gap={token.marginSM}>
              {heading('Transactions')}
              <TransactionsTable transactions={transactions.data} loading={transactions.isFetching} />
            </Flex>
          </Col>
          <Col xs={24} lg={10}>
            <Flex vertical gap={token.marginSM}>
              {heading('Purchased Subscriptions')}
              <PurchasedSubscriptionsTable
                subscriptions={subscriptions.data}
                loading={subscriptions.isFetching}
              />
            </Flex>
          </Col>
        </Row>
      </Flex>

      <ConfirmPurchaseDialog
        choice={choice}
        purchasing={choice !== null && billing.running === choice.tier}
        onConfirm={() => void confirm()}
        onCancel={() => setChoice(null)}
      />
      <BillingRefusalDialog refusal={billing.refusal} onClose={billing.closeRefusal} />
    </PageContainer>
  );
}
