import { Alert } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { REQUIRED_ESI_SCOPES } from '../../shared/config/constants';
import type { Account } from '../../shared/session';
import { readDismissals, storeDismissal } from './banner-dismissals';
import { headerBanner } from './banner-priority';

/** The header's status banner for a logged-in account: the first that applies, in the spec's priority. */
export function HeaderBanner({ account }: { readonly account: Account }) {
  const [dismissals, setDismissals] = useState(readDismissals);
  const banner = headerBanner(account, dismissals, REQUIRED_ESI_SCOPES);
  if (!banner) return null;
  const dismiss = () => {
    storeDismissal(banner, account);
    setDismissals(readDismissals());
  };
  return (
    <Alert
      // A fresh alert per banner: a closed antd Alert stays closed, and the next banner must show.
      key={banner.kind}
      banner
      showIcon
      type={banner.type}
      data-testid="header-banner"
      data-banner={banner.kind}
      title={banner.text}
      action={<Link to={banner.link.to}>Open the {banner.link.label}</Link>}
      closable={banner.dismissKey ? { onClose: dismiss, 'aria-label': 'Dismiss' } : false}
    />
  );
}
