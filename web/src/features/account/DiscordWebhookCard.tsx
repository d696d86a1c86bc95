import { Button, Card, Flex, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { tradewiseApi } from '../../shared/api';
import { failureText } from '../../shared/api/error-text';

/** The webhook's reads and writes: a save or a removal reads the setting again. */
const discordWebhookApi = tradewiseApi.enhanceEndpoints({
  addTagTypes: ['DiscordWebhook'],
  endpoints: {
    accountDiscordWebhook: { providesTags: ['DiscordWebhook'] },
    setAccountDiscordWebhook: { invalidatesTags: ['DiscordWebhook'] },
    removeAccountDiscordWebhook: { invalidatesTags: ['DiscordWebhook'] },
  },
});
const {
  useAccountDiscordWebhookQuery,
  useSetAccountDiscordWebhookMutation,
  useRemoveAccountDiscordWebhookMutation,
} = discordWebhookApi;

/**
 * Order alerts on Discord: the sync and Refresh Orders post fills and newly undercut orders to the webhook the
 * owner pastes here. The server keeps it encrypted and shows only a hint of it back.
 */
export function DiscordWebhookCard() {
  const { token } = theme.useToken();
  const { data: setting } = useAccountDiscordWebhookQuery();
  const [save, saving] = useSetAccountDiscordWebhookMutation();
  const [remove, removing] = useRemoveAccountDiscordWebhookMutation();
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSave = async () => {
    setError(null);
    try {
      await save({ discordWebhookUpdate: { url: url.trim() } }).unwrap();
      setUrl('');
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  const onRemove = async () => {
    setError(null);
    try {
      await remove().unwrap();
    } catch (failure) {
      setError(failureText(failure));
    }
  };

  return (
    <Card
      size="small"
      title="Order alerts on Discord"
      style={{ marginTop: token.marginLG }}
      data-testid="discord-webhook"
    >
      <Typography.Paragraph type="secondary">
        Paste a webhook of your Discord server (Server Settings → Integrations → Webhooks) and Tradewise posts
        there when one of your orders fills or is undercut, after each sync and each Refresh Orders.
      </Typography.Paragraph>
      {setting?.configured ? (
        <Flex align="center" gap={token.marginSM} wrap>
          <Typography.Text data-testid="discord-webhook-hint">Alerts go to {setting.hint}</Typography.Text>
          <Button danger loading={removing.isLoading} onClick={() => void onRemove()}>
            Remove
          </Button>
        </Flex>
      ) : null}
      <Flex gap={token.marginSM} style={{ marginTop: token.marginSM }}>
        <Input
          aria-label="Discord webhook URL"
          placeholder="https://discord.com/api/webhooks/…"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onPressEnter={() => void onSave()}
        />
        <Button
          type="primary"
          disabled={url.trim() === ''}
          loading={saving.isLoading}
          onClick={() => void onSave()}
        >
          {setting?.configured ? 'Replace' : 'Save'}
        </Button>
      </Flex>
      {error ? (
        <Typography.Text type="danger" role="alert" data-testid="discord-webhook-error">
          {error}
        </Typography.Text>
      ) : null}
    </Card>
  );
}
