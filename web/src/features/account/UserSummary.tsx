import { Flex, Tag, theme } from 'antd';
import { Link } from 'react-router';
import type { Account } from '../../shared/session';
import { Portrait } from '../../shared/ui/Portrait';
import { UtcClock } from '../../shared/ui/UtcClock';
import { Text } from '../../shared/ui/text';
import { EsiUpdateStatus } from './EsiUpdateStatus';
import { TIER_NAMES } from '../../shared/config/tiers';
import { TIER_COLORS } from './tier';

/**
 * The header's right side for a logged-in user: sync line, UTC clock, portrait, name and tier badge, and for staff
 * and auditors the way into the staff console.
 */
export function UserSummary({ account, compact }: { readonly account: Account; readonly compact: boolean }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={token.marginSM} data-testid="user-summary">
      {compact ? null : (
        <Flex vertical align="flex-end" style={{ lineHeight: 1.3 }}>
          <EsiUpdateStatus account={account} />
          <UtcClock />
        </Flex>
      )}
      <Portrait characterId={account.loginCharacterId} name={account.characterName} size={36} />
      <Flex vertical style={{ lineHeight: 1.3 }}>
        <Text strong data-testid="character-name">
          {account.characterName}
        </Text>
        <Flex gap={token.marginXXS}>
          <Tag
            color={TIER_COLORS[account.subscriptionTier]}
            style={{ marginInlineEnd: 0, width: 'fit-content' }}
            data-testid="tier-badge"
          >
            {TIER_NAMES[account.subscriptionTier]}
          </Tag>
          {account.staffRole ? (
            <Link to="/staff" data-testid="staff-console-link">
              <Tag color="gold" style={{ marginInlineEnd: 0 }}>
                Staff console
              </Tag>
            </Link>
          ) : null}
        </Flex>
      </Flex>
    </Flex>
  );
}
