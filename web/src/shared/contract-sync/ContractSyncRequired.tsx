import { Alert, theme } from 'antd';
import { Link } from 'react-router';

/** What a FREE account sees on Contract Profits and Contracts instead of an empty list. */
export function ContractSyncRequired({ what }: { readonly what: string }) {
  const { token } = theme.useToken();
  return (
    <Alert
      type="info"
      showIcon
      data-testid="contract-sync-required"
      style={{ marginBottom: token.marginMD }}
      message="Contract syncing is part of SUPPORTER and PRO."
      description={
        <>
          Your account is on FREE, so the {what} of your characters are not synced. Subscribe or start the
          free Pro trial on the <Link to="/subscription">Subscription</Link> page to track them.
        </>
      }
    />
  );
}
