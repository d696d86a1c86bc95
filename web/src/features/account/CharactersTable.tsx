import { Button, Flex, Table, Tooltip, Typography, theme, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useDispatch } from 'react-redux';
import { accountApi, type Account, type AccountCharacter } from '../../shared/session';
import { Portrait } from '../../shared/ui/Portrait';
import {
  characterActions,
  corpIndustryUpdateText,
  exportButtonState,
  exportUrl,
  lastUpdateText,
  syncStatusText,
  type ExportButtonState,
} from './account-page';

export interface CharacterRowHandlers {
  readonly onViewScopes: (character: AccountCharacter) => void;
  readonly onToggleSync: (character: AccountCharacter) => void;
  readonly onToggleCorpIndustrySync: (character: AccountCharacter) => void;
  readonly onToggleCorpTradeSync: (character: AccountCharacter) => void;
  readonly onRemove: (character: AccountCharacter) => void;
}

interface CharactersTableProps extends CharacterRowHandlers {
  readonly account: Account;
  readonly now: number;
  /** The running write, as `${action}:${characterId}`, or null. */
  readonly pending: string | null;
}

const STATUS_TONE: Record<AccountCharacter['syncStatus'], 'success' | 'warning' | 'danger' | undefined> = {
  SYNCING: 'success',
  NOT_SYNCING_MANUAL: undefined,
  NOT_SYNCING_SUB_INSUFFICIENT: 'warning',
  NOT_SYNCING_ESI_ERROR: 'danger',
};

/** The account read model shows an export's mark a moment after the download started. */
const EXPORT_MARK_REFETCH_MS = 2_000;

type ExportKind = 'transactions' | 'journal';

function ExportButton({
  label,
  state,
  href,
  onExport,
}: {
  readonly label: string;
  readonly state: ExportButtonState;
  readonly href: string;
  readonly onExport: () => void;
}) {
  const button = (
    <Button
      size="small"
      disabled={state.disabled}
      href={state.disabled ? undefined : href}
      download
      onClick={state.disabled ? undefined : onExport}
    >
      {label}
      {state.countdown ? ` (${state.countdown})` : ''}
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

/** The ESI Characters table with each character's buttons (account-area §2). */
export function CharactersTable({
  account,
  now,
  pending,
  onViewScopes,
  onToggleSync,
  onToggleCorpIndustrySync,
  onToggleCorpTradeSync,
  onRemove,
}: CharactersTableProps) {
  const { token } = theme.useToken();
  const dispatch = useDispatch();
  // Exports started on this page, shown at once: the server marks them as the file is served.
  const [exportedHere, setExportedHere] = useState<ReadonlyMap<string, string>>(new Map());
  const exportState = (character: AccountCharacter, kind: ExportKind): ExportButtonState => {
    const here = exportedHere.get(`${character.id}:${kind}`);
    const field = kind === 'transactions' ? 'lastTransactionsExport' : 'lastJournalExport';
    const marked =
      here && (!character[field] || character[field] < here) ? { ...character, [field]: here } : character;
    return exportButtonState(account, marked, kind, now);
  };
  const onExport = (character: AccountCharacter, kind: ExportKind) => {
    setExportedHere((marks) => new Map(marks).set(`${character.id}:${kind}`, new Date().toISOString()));
    setTimeout(() => dispatch(accountApi.util.invalidateTags(['Account'])), EXPORT_MARK_REFETCH_MS);
  };
  const columns: TableColumnsType<AccountCharacter> = [
    {
      title: 'Character',
      key: 'character',
      render: (_value, character) => (
        <Flex align="center" gap={token.marginSM}>
          <Portrait characterId={character.id} name={character.name} size={32} />
          <Typography.Text strong data-testid="character-row-name">
            {character.name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: 'Last Update',
      key: 'lastUpdate',
      render: (_value, character) => lastUpdateText(character, now),
    },
    {
      title: 'Corp Industry Update',
      key: 'corpIndustryUpdate',
      render: (_value, character) => corpIndustryUpdateText(character, now),
    },
    {
      title: 'Sync Status',
      key: 'syncStatus',
      render: (_value, character) => (
        <Typography.Text type={STATUS_TONE[character.syncStatus]} data-testid="sync-status">
          {syncStatusText(character.syncStatus)}
        </Typography.Text>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_value, character) => {
        const actions = characterActions(character);
        const busy = (action: string) => pending === `${action}:${character.id}`;
        return (
          <Flex vertical gap={token.marginXS}>
            <Flex gap={token.marginXS}>
              <Button size="small" onClick={() => onViewScopes(character)}>
                View scopes
              </Button>
              <ExportButton
                label="Export Transactions"
                state={exportState(character, 'transactions')}
                href={exportUrl(account.id, character.id, 'transactions')}
                onExport={() => onExport(character, 'transactions')}
              />
              <ExportButton
                label="Export Journal"
                state={exportState(character, 'journal')}
                href={exportUrl(account.id, character.id, 'journal')}
                onExport={() => onExport(character, 'journal')}
              />
            </Flex>
            <Flex gap={token.marginXS}>
              <Button
                size="small"
                type={actions.sync === 'start' ? 'primary' : 'default'}
                loading={busy('sync')}
                onClick={() => onToggleSync(character)}
              >
                {actions.sync === 'start' ? 'Start syncing' : 'Stop syncing'}
              </Button>
              {actions.corpIndustrySync ? (
                <Button
                  size="small"
                  loading={busy('corp')}
                  onClick={() => onToggleCorpIndustrySync(character)}
                >
                  {actions.corpIndustrySync === 'enable'
                    ? 'Enable corp industry sync'
                    : 'Disable corp industry sync'}
                </Button>
              ) : null}
              {actions.corpTradeSync ? (
                <Button
                  size="small"
                  loading={busy('corpTrade')}
                  onClick={() => onToggleCorpTradeSync(character)}
                >
                  {actions.corpTradeSync === 'enable' ? 'Enable corp trade sync' : 'Disable corp trade sync'}
                </Button>
              ) : null}
              <Button size="small" danger onClick={() => onRemove(character)}>
                Remove ESI Token
              </Button>
            </Flex>
          </Flex>
        );
      },
    },
  ];
  return (
    <div data-testid="characters-table">
      <Table<AccountCharacter>
        rowKey="id"
        columns={columns}
        dataSource={account.characters}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: 'No characters yet: add one to start tracking.' }}
      />
    </div>
  );
}
