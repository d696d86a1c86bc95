import { MenuOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, theme } from 'antd';
import { useSelector } from 'react-redux';
import { Link } from 'react-router';
import { LoginPrompt, UserSummary } from '../../features/account';
import { HeaderBanner } from '../../features/banners';
import { LedgerStatusNotice } from '../../features/ledger-status';
import { selectRequestsRunning } from '../../shared/api';
import { WIDE_LAYOUT_QUERY } from '../../shared/config/constants';
import { PRODUCT_NAME } from '../../shared/config/product';
import { useMediaQuery } from '../../shared/hooks/use-media-query';
import { selectAccount } from '../../shared/session';
import { PALETTE } from '../theme';
import { Logo } from './Logo';

interface AppHeaderProps {
  /** Shown on narrow screens where the navigation is a drawer; absent where there is no navigation (landing). */
  readonly onOpenNavigation?: () => void;
}

/** The fixed header: product name, request spinner, the user (or a login prompt), and the status banner. */
export function AppHeader({ onOpenNavigation }: AppHeaderProps) {
  const { token } = theme.useToken();
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const account = useSelector(selectAccount);
  const busy = useSelector(selectRequestsRunning);
  return (
    <header
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        background: PALETTE.chrome,
        borderBottom: `1px solid ${token.colorBorderSecondary}`,
      }}
    >
      <Flex align="center" gap={token.marginSM} style={{ height: 60, padding: `0 ${token.padding}px` }}>
        {onOpenNavigation && !wide ? (
          <Button
            type="text"
            icon={<MenuOutlined />}
            aria-label="Open navigation"
            data-testid="open-navigation"
            onClick={onOpenNavigation}
          />
        ) : null}
        <Link
          to="/"
          className="tw-brand"
          aria-label={`${PRODUCT_NAME} start page`}
          style={{ display: 'flex', alignItems: 'center' }}
        >
          <Flex align="center" gap={token.marginXS}>
            <Logo />
            <span style={{ color: token.colorText, fontWeight: 600, fontSize: token.fontSizeHeading4 }}>
              {PRODUCT_NAME}
            </span>
          </Flex>
        </Link>
        <div style={{ flex: 1 }} />
        {busy ? (
          <span role="status" aria-label="Loading" data-testid="request-spinner">
            <Spin size="small" />
          </span>
        ) : null}
        {account ? <UserSummary account={account} compact={!wide} /> : <LoginPrompt compact={!wide} />}
      </Flex>
      {account ? <HeaderBanner account={account} /> : null}
      {account ? <LedgerStatusNotice accountId={account.id} /> : null}
    </header>
  );
}
