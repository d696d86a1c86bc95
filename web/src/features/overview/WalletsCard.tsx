import { Button, Card, Flex, Table, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import { formatIskFull, formatRelativeTime } from '../../shared/format';
import { useNow } from '../../shared/hooks/use-now';
import {
  combinedBalance,
  latestUpdate,
  refreshButtonState,
  type CorporationWalletRow,
  type RefreshButtonState,
  type WalletRow,
} from './wallets';

function RefreshButton({
  testId,
  state,
  onClick,
}: {
  readonly testId: string;
  readonly state: RefreshButtonState;
  readonly onClick: () => void;
}) {
  const button = (
    <Button size="small" data-testid={testId} disabled={state.disabled} onClick={onClick}>
      Refresh{state.countdown ? ` (${state.countdown})` : ''}
    </Button>
  );
  if (!state.reason) return button;
  // A disabled button fires no pointer events; the wrapper carries the tooltip.
  return (
    <Tooltip title={state.reason}>
      <span>{button}</span>
    </Tooltip>
  );
}

function balanceText(balance: number | null): string {
  return balance === null ? '--' : `${formatIskFull(balance)} ISK`;
}

/** The cooldowns count down each second. */
const TICK_MS = 1000;

interface WalletsCardProps {
  /** Every character's wallet (the table). */
  readonly rows: readonly WalletRow[];
  /** The division balances of the corporations whose trade the account tracks (a second table when any). */
  readonly corporationRows: readonly CorporationWalletRow[];
  /** The character the Overview is filtered on, or null for the combined wallet. */
  readonly characterId: number | null;
  readonly refreshAvailable: boolean;
  readonly refreshing: boolean;
  readonly onRefresh: (characterIds: readonly number[]) => void;
}

/**
 * The wallets: the combined wallet (or the chosen character's) with Refresh, and a table of every character's
 * wallet with its own Refresh. Refresh waits 2 minutes after the latest wallet update (account-area §4).
 */
export function WalletsCard({
  rows,
  corporationRows,
  characterId,
  refreshAvailable,
  refreshing,
  onRefresh,
}: WalletsCardProps) {
  const { token } = theme.useToken();
  const now = useNow(TICK_MS);
  const options = { available: refreshAvailable, running: refreshing };
  const chosen = characterId === null ? rows : rows.filter((row) => row.characterId === characterId);
  const chosenName = characterId === null ? 'All characters' : (chosen[0]?.name ?? 'Character');

  const columns: TableColumnsType<WalletRow> = [
    { title: 'Character', dataIndex: 'name', key: 'name' },
    {
      title: 'Balance',
      dataIndex: 'balance',
      key: 'balance',
      align: 'right',
      render: (balance: number | null) => balanceText(balance),
    },
    {
      title: 'Updated',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (updatedAt: number | null) =>
        updatedAt === null ? 'Not synced yet' : formatRelativeTime(updatedAt, now),
    },
    {
      title: 'Actions',
      key: 'refresh',
      align: 'right',
      render: (_: unknown, row: WalletRow) => (
        <RefreshButton
          testId={`wallet-refresh-${row.characterId}`}
          state={refreshButtonState(row.updatedAt, now, options)}
          onClick={() => onRefresh([row.characterId])}
        />
      ),
    },
  ];

  const corporationColumns: TableColumnsType<CorporationWalletRow> = [
    { title: 'Corporation', dataIndex: 'corporationName', key: 'corporationName' },
    { title: 'Division', dataIndex: 'division', key: 'division' },
    {
      title: 'Balance',
      dataIndex: 'balance',
      key: 'balance',
      align: 'right',
      render: (balance: number) => balanceText(balance),
    },
    {
      title: 'Updated',
      dataIndex: 'updatedAt',
      key: 'updatedAt',
      render: (updatedAt: number | null) =>
        updatedAt === null ? 'Not synced yet' : formatRelativeTime(updatedAt, now),
    },
  ];

  return (
    <Card size="small" title="Wallets">
      <Flex
        justify="space-between"
        align="center"
        wrap
        gap={token.margin}
        style={{ marginBottom: token.marginSM }}
      >
        <div>
          <Typography.Text type="secondary">{chosenName}</Typography.Text>
          <Typography.Title level={3} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
            <span data-testid="wallet-combined">{balanceText(combinedBalance(chosen))}</span>
          </Typography.Title>
        </div>
        <RefreshButton
          testId="wallet-refresh"
          state={refreshButtonState(latestUpdate(chosen), now, options)}
          onClick={() => onRefresh(chosen.map((row) => row.characterId))}
        />
      </Flex>
      <Table<WalletRow>
        data-testid="wallets-table"
        size="small"
        rowKey="characterId"
        columns={columns}
        dataSource={rows as WalletRow[]}
        pagination={false}
        locale={{
          emptyText: (
            <span style={{ color: token.colorTextSecondary }}>
              Add characters on the Account page to see their wallets.
            </span>
          ),
        }}
      />
      {corporationRows.length > 0 ? (
        <Table<CorporationWalletRow>
          data-testid="corporation-wallets-table"
          style={{ marginTop: token.marginSM }}
          size="small"
          rowKey="key"
          columns={corporationColumns}
          dataSource={corporationRows as CorporationWalletRow[]}
          pagination={false}
        />
      ) : null}
    </Card>
  );
}
