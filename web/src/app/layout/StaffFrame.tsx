import { Flex, Layout, Menu, Tag, theme } from 'antd';
import { Suspense, lazy } from 'react';
import { useSelector } from 'react-redux';
import { Link, Outlet, useLocation } from 'react-router';
import { STAFF_ROUTES } from '../../features/staff';
import { selectAccount } from '../../shared/session';
import { Text } from '../../shared/ui/text';
import { AppHeader } from './AppHeader';
import { PageSpinner } from './PageSpinner';

const NotFoundPage = lazy(() => import('../pages/NotFoundPage'));

const ROLE_TAGS = {
  staff: { color: 'gold', text: 'Support staff' },
  auditor: { color: 'blue', text: 'Auditor: read only' },
} as const;

/**
 * The staff console: its own menu beside the page. Players never see it: to them `/staff` is a page that does not
 * exist (the API refuses them as well).
 */
export function StaffFrame() {
  const { token } = theme.useToken();
  const account = useSelector(selectAccount);
  const { pathname } = useLocation();
  const role = account?.staffRole ?? null;
  const selected = STAFF_ROUTES.filter((route) => pathname === route.path).map((route) => route.path);
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      {role === null ? (
        <Layout.Content>
          <Suspense fallback={<PageSpinner />}>
            <NotFoundPage />
          </Suspense>
        </Layout.Content>
      ) : (
        <Layout hasSider>
          <Layout.Sider width={248} style={{ borderRight: `1px solid ${token.colorBorderSecondary}` }}>
            <Flex vertical gap={token.marginXS} style={{ padding: token.padding }}>
              <Text strong>Staff console</Text>
              <Tag color={ROLE_TAGS[role].color} style={{ width: 'fit-content' }} data-testid="staff-role">
                {ROLE_TAGS[role].text}
              </Tag>
            </Flex>
            <nav aria-label="Staff console">
              <Menu
                mode="inline"
                selectedKeys={selected}
                items={[
                  ...STAFF_ROUTES.map((route) => ({
                    key: route.path,
                    label: <Link to={route.path}>{route.label}</Link>,
                  })),
                  { key: 'back', label: <Link to="/index">Back to Tradewise</Link> },
                ]}
              />
            </nav>
          </Layout.Sider>
          <Layout.Content>
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Layout.Content>
        </Layout>
      )}
    </Layout>
  );
}
