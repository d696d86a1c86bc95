import { Button, Table, Tag, Typography, theme, type TableColumnsType } from 'antd';
import type { HTMLAttributes } from 'react';
import { TIER_OFFERS, tierPriceText, type TierOffer } from '../../shared/config/tiers';
import type { SubscriptionTier } from '../../shared/session';
import { tierAction, type PaidTier } from './subscription-rules';

const priceText = (tier: SubscriptionTier): string => (tier === 'FREE' ? 'Free' : tierPriceText(tier));

interface TierTableProps {
  readonly current: SubscriptionTier;
  /** The tier being bought, whose button spins. */
  readonly buying: PaidTier | null;
  readonly onChoose: (tier: PaidTier) => void;
}

/**
 * Free, Supporter and Pro with their price and what they give; the button the current tier allows: Subscribe
 * from Free, 'Upgrade (Pro-rated)' from Supporter to Pro, none on Pro (account-area §2 Subscription, §4).
 */
export function TierTable({ current, buying, onChoose }: TierTableProps) {
  const { token } = theme.useToken();
  const columns: TableColumnsType<TierOffer> = [
    {
      title: 'Tier',
      key: 'tier',
      render: (_, offer) => (
        <>
          <Typography.Text strong>{offer.name}</Typography.Text>
          {offer.tier === current ? (
            <Tag color="gold" style={{ marginInlineStart: token.marginXS }} data-testid="current-tier-row">
              Current
            </Tag>
          ) : null}
        </>
      ),
    },
    {
      title: 'Price (30 days)',
      key: 'price',
      render: (_, offer) => <span style={{ whiteSpace: 'nowrap' }}>{priceText(offer.tier)}</span>,
    },
    {
      title: 'What it gives',
      key: 'features',
      render: (_, offer) => offer.features.join(', '),
    },
    {
      title: 'Action',
      key: 'action',
      align: 'right',
      render: (_, offer) => {
        const action = tierAction(current, offer.tier);
        if (!action || offer.tier === 'FREE') return null;
        const tier = offer.tier;
        return (
          <Button
            type="primary"
            loading={buying === tier}
            disabled={buying !== null && buying !== tier}
            onClick={() => onChoose(tier)}
            data-testid={`tier-action-${tier}`}
          >
            {action.label}
          </Button>
        );
      },
    },
  ];
  return (
    <div role="region" aria-label="Subscription tiers" tabIndex={0} style={{ overflowX: 'auto' }}>
      <Table<TierOffer>
        data-testid="tier-table"
        size="small"
        rowKey="tier"
        pagination={false}
        columns={columns}
        dataSource={[...TIER_OFFERS]}
        onRow={(offer) => ({ 'data-tier': offer.tier }) as HTMLAttributes<HTMLElement>}
      />
    </div>
  );
}
