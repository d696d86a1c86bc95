import { theme } from 'antd';
import { Link } from 'react-router';
import { TIER_PRICES_ISK } from '../../shared/config/constants';
import { formatIsk } from '../../shared/format';
import { Text } from '../../shared/ui/text';

/** The ad slot of free and anonymous views. Without an ad network configured it carries our own offer. */
export function AdSlot() {
  const { token } = theme.useToken();
  return (
    <aside
      aria-label="Advertisement"
      data-testid="ad-slot"
      style={{
        alignSelf: 'center',
        width: '100%',
        maxWidth: 728,
        marginBottom: token.marginSM,
        boxSizing: 'border-box',
        padding: `${token.paddingSM}px ${token.padding}px`,
        border: `1px dashed ${token.colorBorder}`,
        borderRadius: token.borderRadiusLG,
        textAlign: 'center',
      }}
    >
      <Text tone="secondary" small style={{ display: 'block', letterSpacing: 1 }}>
        ADVERTISEMENT
      </Text>
      <Text>
        Trade without ads: Supporter removes them for {formatIsk(TIER_PRICES_ISK.SUPPORTER)} ISK per 30 days.{' '}
        <Link to="/subscription">See subscriptions</Link>
      </Text>
    </aside>
  );
}
