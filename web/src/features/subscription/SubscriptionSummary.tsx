import { Card, Descriptions, Flex, Switch, Tag, Typography, theme } from 'antd';
import { TIER_NAMES } from '../../shared/config/tiers';
import { formatIskFull } from '../../shared/format';
import type { Account } from '../../shared/session';
import { dateTimeText } from '../../shared/ui/editable-list';

interface SubscriptionSummaryProps {
  readonly account: Account;
  /** The sum of the transactions; null while they load. */
  readonly balance: number | null;
  readonly rebillSaving: boolean;
  readonly onRebillChange: (autoRebill: boolean) => void;
}

/** Current tier, available balance and the Automatic Re-bill toggle (account-area §2 Subscription). */
export function SubscriptionSummary({
  account,
  balance,
  rebillSaving,
  onRebillChange,
}: SubscriptionSummaryProps) {
  const { token } = theme.useToken();
  const running = account.subscriptionTier !== 'FREE' ? account.lastSubscription : null;
  return (
    <Card size="small" data-testid="subscription-summary">
      <Descriptions
        column={{ xs: 1, md: 3 }}
        items={[
          {
            key: 'tier',
            label: 'Current tier',
            children: (
              <Flex vertical gap={token.marginXXS}>
                <span>
                  <Tag
                    color={account.subscriptionTier === 'FREE' ? 'default' : 'gold'}
                    data-testid="current-tier"
                  >
                    {TIER_NAMES[account.subscriptionTier]}
                  </Tag>
                </span>
                {running ? (
                  <Typography.Text type="secondary" data-testid="current-tier-end">
                    until {dateTimeText(running.endDate)} UTC
                  </Typography.Text>
                ) : null}
              </Flex>
            ),
          },
          {
            key: 'balance',
            label: 'Available balance',
            children: (
              <Typography.Text strong data-testid="available-balance">
                {balance === null ? '...' : `${formatIskFull(balance)} ISK`}
              </Typography.Text>
            ),
          },
          {
            key: 'rebill',
            label: 'Automatic Re-bill',
            children: (
              <Flex vertical gap={token.marginXXS}>
                <span>
                  <Switch
                    checked={account.autoRebill}
                    loading={rebillSaving}
                    onChange={onRebillChange}
                    aria-label="Automatic Re-bill"
                    data-testid="auto-rebill"
                  />
                </span>
                <Typography.Text type="secondary">
                  Renews the same tier from your balance when it ends.
                </Typography.Text>
              </Flex>
            ),
          },
        ]}
      />
    </Card>
  );
}
