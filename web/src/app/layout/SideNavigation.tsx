import { LockOutlined } from '@ant-design/icons';
import { Button, theme } from 'antd';
import type { MouseEvent } from 'react';
import { useSelector } from 'react-redux';
import { useLocation, useNavigate } from 'react-router';
import { accountRequired } from '../../features/account';
import { NewUpdateBadge } from '../../features/news';
import { selectLoginState } from '../../shared/session';
import { Text } from '../../shared/ui/text';
import { refreshLogin } from '../access';
import { useAppDispatch } from '../hooks';
import { activeNavPath, navigationGroups, type NavItem } from '../navigation';
import { NAV_ICONS } from './nav-icons';

function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The navigation groups. A visitor's click on a login-required page refreshes the account first and, still logged
 * out, stays where it is and opens 'Account required'.
 */
export function SideNavigation({ onNavigate }: { readonly onNavigate?: () => void }) {
  const { token } = theme.useToken();
  const loggedIn = useSelector(selectLoginState) === 'loggedIn';
  const groups = navigationGroups(loggedIn);
  const { pathname } = useLocation();
  const active = activeNavPath(pathname, groups);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const open = async (event: MouseEvent<HTMLElement>, item: NavItem) => {
    if (!isPlainClick(event)) return;
    event.preventDefault();
    if (item.access === 'account' && !loggedIn && !(await refreshLogin(dispatch))) {
      dispatch(accountRequired({ pageLabel: item.label }));
      return;
    }
    void navigate(item.path);
    onNavigate?.();
  };

  return (
    <nav
      aria-label="Main navigation"
      data-testid="side-navigation"
      style={{ padding: `${token.paddingSM}px ${token.paddingXS}px` }}
    >
      {groups.map((group) => (
        <div key={group.name} style={{ marginBottom: token.marginXS }} data-nav-group={group.name}>
          <Text
            id={`nav-group-${group.name}`}
            tone="secondary"
            style={{
              display: 'block',
              padding: `${token.paddingXS}px ${token.paddingSM}px ${token.paddingXXS}px`,
              fontSize: token.fontSizeSM,
              fontWeight: 600,
              letterSpacing: 1,
            }}
          >
            {group.name}
          </Text>
          <ul
            aria-labelledby={`nav-group-${group.name}`}
            style={{ listStyle: 'none', margin: 0, padding: 0 }}
          >
            {group.items.map((item) => {
              const current = item.path === active;
              const locked = item.access === 'account' && !loggedIn;
              return (
                <li key={item.path}>
                  <Button
                    block
                    href={item.path}
                    icon={NAV_ICONS[item.path]}
                    color={current ? 'primary' : 'default'}
                    variant={current ? 'filled' : 'text'}
                    aria-current={current ? 'page' : undefined}
                    onClick={(event) => void open(event, item)}
                    style={{
                      justifyContent: 'flex-start',
                      marginBottom: token.marginXXS,
                      // The current page: full-contrast text on the primary tint (the tint's own blue is too faint).
                      ...(current ? { color: token.colorText, fontWeight: token.fontWeightStrong } : {}),
                    }}
                  >
                    <span style={{ flex: 1, textAlign: 'start' }}>{item.label}</span>
                    {item.path === '/updates' ? <NewUpdateBadge /> : null}
                    {locked ? (
                      <LockOutlined aria-label="needs login" style={{ color: token.colorTextTertiary }} />
                    ) : null}
                  </Button>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
