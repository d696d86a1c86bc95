import { PlayCircleOutlined, SafetyCertificateOutlined, UserAddOutlined } from '@ant-design/icons';
import { Button, Flex, Spin, Typography, theme } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useGetAccountQuery, type AccountCharacter } from '../../shared/session';
import { PageContainer } from '../../shared/ui/PageContainer';
import {
  ErrorDialog,
  InsufficientSubscriptionDialog,
  RemoveCharacterDialog,
  ScopesDialog,
} from './AccountDialogs';
import {
  ADD_CHARACTER_POPUP_FEATURES,
  accountWriteFailure,
  addCharacterUrl,
  pageActions,
} from './account-page';
import {
  useChangeAccountSettingsMutation,
  useChangeCharacterSettingsMutation,
  useRemoveCharacterMutation,
} from './account-mutations';
import { CharactersTable } from './CharactersTable';
import { DiscordWebhookCard } from './DiscordWebhookCard';
import { useNow } from '../../shared/hooks/use-now';

const POPUP_NAME = 'tradewise-add-character';

/**
 * /account: the characters linked through ESI, their scopes and sync status, and the buttons to add characters,
 * update scopes and start syncing (account-area §2, §4). Every write re-reads the account; so does the popup's
 * 'addCharacterComplete' message (AccountSessionEffects listens for it app-wide).
 */
export default function AccountPage() {
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { data: account, isLoading } = useGetAccountQuery();
  const now = useNow(1000);
  const [changeAccountSettings] = useChangeAccountSettingsMutation();
  const [changeCharacterSettings] = useChangeCharacterSettingsMutation();
  const [removeCharacter] = useRemoveCharacterMutation();

  const [pending, setPending] = useState<string | null>(null);
  const [scopesOf, setScopesOf] = useState<AccountCharacter | null>(null);
  const [removing, setRemoving] = useState<AccountCharacter | null>(null);
  const [insufficientLimit, setInsufficientLimit] = useState<number | null>(null);
  const [errorMessage, setErrorMessage] = useState<string | null>(null);

  if (!account) {
    return (
      <PageContainer title="Account">
        {isLoading ? (
          <Flex justify="center">
            <Spin size="large" />
          </Flex>
        ) : null}
      </PageContainer>
    );
  }

  /** Runs one write, marking it pending; a failure opens its dialog. Returns whether it succeeded. */
  async function write(key: string, call: () => Promise<unknown>): Promise<boolean> {
    setPending(key);
    try {
      await call();
      return true;
    } catch (error) {
      const failure = accountWriteFailure(error, account?.subscriptionTier);
      if (failure.kind === 'insufficientSubscription') setInsufficientLimit(failure.limit);
      else if (failure.kind === 'error') setErrorMessage(failure.message);
      return false;
    } finally {
      setPending(null);
    }
  }

  function openAddCharacter(extended: boolean) {
    const popup = window.open(addCharacterUrl(extended), POPUP_NAME, ADD_CHARACTER_POPUP_FEATURES);
    if (!popup) {
      setErrorMessage(
        'Your browser blocked the window that adds a character. Allow pop-ups for this site and try again.',
      );
      return;
    }
    popup.focus();
  }

  const actions = pageActions(account);

  const onToggleSync = (character: AccountCharacter) =>
    void write(`sync:${character.id}`, () =>
      changeCharacterSettings({
        id: character.id,
        characterSettingsPatch: { enableSync: !character.enableSync },
      }).unwrap(),
    );

  const onToggleCorpIndustrySync = (character: AccountCharacter) =>
    void write(`corp:${character.id}`, () =>
      changeCharacterSettings({
        id: character.id,
        characterSettingsPatch: { enableCorpIndustrySync: !character.enableCorpIndustrySync },
      }).unwrap(),
    );

  const onToggleCorpTradeSync = (character: AccountCharacter) =>
    void write(`corpTrade:${character.id}`, () =>
      changeCharacterSettings({
        id: character.id,
        characterSettingsPatch: { enableCorpTradeSync: !character.enableCorpTradeSync },
      }).unwrap(),
    );

  const confirmRemove = async () => {
    if (!removing) return;
    const character = removing;
    const removed = await write(`remove:${character.id}`, () =>
      removeCharacter({ id: character.id }).unwrap(),
    );
    if (removed) setRemoving(null);
  };

  const startSyncing = () =>
    void write('startSyncing', () =>
      changeAccountSettings({ accountSettingsPatch: { syncEnabled: true } }).unwrap(),
    );

  return (
    <PageContainer
      title="Account"
      description="The characters whose wallets Tradewise reads through EVE Online's ESI, and whether each one syncs."
      extra={
        <Flex wrap gap={token.marginXS}>
          <Button icon={<UserAddOutlined />} onClick={() => openAddCharacter(false)}>
            Add Character
          </Button>
          {actions.updateScopes ? (
            <Button icon={<SafetyCertificateOutlined />} onClick={() => openAddCharacter(true)}>
              Update Scopes
            </Button>
          ) : null}
          {actions.startSyncing ? (
            <Button
              type="primary"
              icon={<PlayCircleOutlined />}
              loading={pending === 'startSyncing'}
              onClick={startSyncing}
            >
              Start Syncing
            </Button>
          ) : null}
        </Flex>
      }
    >
      <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>
        ESI Characters
      </Typography.Title>
      <CharactersTable
        account={account}
        now={now}
        pending={pending}
        onViewScopes={setScopesOf}
        onToggleSync={onToggleSync}
        onToggleCorpIndustrySync={onToggleCorpIndustrySync}
        onToggleCorpTradeSync={onToggleCorpTradeSync}
        onRemove={setRemoving}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: token.marginMD }}>
        Update Scopes asks again for every character&apos;s permissions, including corporation industry jobs,
        the character&apos;s location and setting waypoints. Removing an ESI token stops that character&apos;s
        sync; its data stays stored.
      </Typography.Paragraph>
      <DiscordWebhookCard />

      <ScopesDialog character={scopesOf} onClose={() => setScopesOf(null)} />
      <RemoveCharacterDialog
        character={removing}
        removing={removing !== null && pending === `remove:${removing.id}`}
        onRemove={() => void confirmRemove()}
        onCancel={() => setRemoving(null)}
      />
      <InsufficientSubscriptionDialog
        limit={insufficientLimit}
        onCancel={() => setInsufficientLimit(null)}
        onGoToSubscriptions={() => {
          setInsufficientLimit(null);
          void navigate('/subscription');
        }}
      />
      <ErrorDialog message={errorMessage} onClose={() => setErrorMessage(null)} />
    </PageContainer>
  );
}
