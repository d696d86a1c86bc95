import { ReloadOutlined } from '@ant-design/icons';
import { Button, Flex, Typography, theme } from 'antd';
import { useNow } from '../../shared/hooks/use-now';
import { cooldownText } from './market-orders';

export interface RefreshAction {
  readonly label: string;
  /** When its last read expires: until then it is held (account-area §4 Refresh cooldowns). */
  readonly expires: string | null | undefined;
  readonly running: boolean;
  readonly onClick: () => void;
}

function RefreshButton({ action, now }: { readonly action: RefreshAction; readonly now: number }) {
  const wait = cooldownText(action.expires, now);
  return (
    <Button
      icon={<ReloadOutlined />}
      disabled={wait !== null}
      loading={action.running}
      onClick={action.onClick}
      title={wait ? `ESI may have newer data in ${wait}` : undefined}
    >
      {action.label}
      {wait ? ` (${wait})` : ''}
    </Button>
  );
}

/** Refresh Orders, Refresh Prices and Refresh Private Prices, each with its countdown (redrawn each second). */
export function RefreshButtons({ actions }: { readonly actions: readonly RefreshAction[] }) {
  const { token } = theme.useToken();
  const now = useNow(1000);
  return (
    <Flex vertical gap={token.marginXS}>
      <Flex gap={token.marginSM} wrap>
        {actions.map((action) => (
          <RefreshButton key={action.label} action={action} now={now} />
        ))}
      </Flex>
      <Typography.Text type="secondary">
        Refreshing private structure prices takes from a few seconds to a few minutes.
      </Typography.Text>
    </Flex>
  );
}
