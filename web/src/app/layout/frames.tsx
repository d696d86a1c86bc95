import { Layout, theme } from 'antd';
import { Suspense, lazy, useState } from 'react';
import { useSelector } from 'react-redux';
import { Outlet, ScrollRestoration } from 'react-router';
import { AccountRequiredModal, AccountSessionEffects } from '../../features/account';
import { WIDE_LAYOUT_QUERY } from '../../shared/config/constants';
import { useMediaQuery } from '../../shared/hooks/use-media-query';
import { selectAdsVisible } from '../../shared/session';
import { AppFooter } from './AppFooter';
import { AppHeader } from './AppHeader';
import { PageSpinner } from './PageSpinner';
import { RequestFeedback } from './RequestFeedback';
import { SideNavigation } from './SideNavigation';

const NavigationDrawer = lazy(() => import('./NavigationDrawer'));

/** Around every route: the account session, the app-wide dialogs and scroll restoration. */
export function RootFrame() {
  return (
    <>
      <AccountSessionEffects />
      <Outlet />
      <AccountRequiredModal />
      <RequestFeedback />
      <ScrollRestoration />
    </>
  );
}

/** Header, side navigation (a drawer below 60em), the page, and the footer with ads for free and anonymous views. */
export function ShellFrame() {
  const { token } = theme.useToken();
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerNeeded, setDrawerNeeded] = useState(false);
  if (drawerOpen && !drawerNeeded) setDrawerNeeded(true);
  const showAds = useSelector(selectAdsVisible);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader onOpenNavigation={() => setDrawerOpen(true)} />
      <Layout hasSider={wide}>
        {wide ? (
          <Layout.Sider width={248} style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}>
            <SideNavigation />
          </Layout.Sider>
        ) : drawerNeeded ? (
          <Suspense fallback={null}>
            <NavigationDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
          </Suspense>
        ) : null}
        <Layout>
          <Layout.Content>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
          <AppFooter showAds={showAds} />
        </Layout>
      </Layout>
    </Layout>
  );
}

/** The landing page's frame: the header without navigation, and the footer without ads. */
export function LandingFrame() {
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout.Content>
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </Layout.Content>
      <AppFooter showAds={false} />
    </Layout>
  );
}

/** A page on its own (the add-character popup). */
export function BareFrame() {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Outlet />
    </Suspense>
  );
}
