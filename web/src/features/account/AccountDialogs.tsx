import { Button, List, Modal, Typography } from 'antd';
import type { AccountCharacter } from '../../shared/session';
import { grantedScopes, insufficientSubscriptionText } from './account-page';

/** 'Insufficient Subscription': starting sync beyond the tier's limit of syncing characters. */
export function InsufficientSubscriptionDialog({
  limit,
  onGoToSubscriptions,
  onCancel,
}: {
  readonly limit: number | null;
  readonly onGoToSubscriptions: () => void;
  readonly onCancel: () => void;
}) {
  return (
    <Modal
      open={limit !== null}
      title="Insufficient Subscription"
      onCancel={onCancel}
      data-testid="insufficient-subscription-dialog"
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="subscriptions" type="primary" onClick={onGoToSubscriptions}>
          Go to Subscriptions
        </Button>,
      ]}
    >
      <Typography.Paragraph>{insufficientSubscriptionText(limit ?? 0)}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Stop syncing another character, or choose a subscription that syncs more characters.
      </Typography.Paragraph>
    </Modal>
  );
}

/** 'Remove ESI token?': the character stops syncing; what was synced stays stored. */
export function RemoveCharacterDialog({
  character,
  removing,
  onRemove,
  onCancel,
}: {
  readonly character: AccountCharacter | null;
  readonly removing: boolean;
  readonly onRemove: () => void;
  readonly onCancel: () => void;
}) {
  return (
    <Modal
      open={character !== null}
      title="Remove ESI token?"
      onCancel={onCancel}
      data-testid="remove-character-dialog"
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button key="remove" type="primary" danger loading={removing} onClick={onRemove}>
          Remove
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Tradewise forgets the ESI token of <strong>{character?.name}</strong> and stops syncing this
        character. The data synced so far stays stored; add the character again to resume syncing.
      </Typography.Paragraph>
    </Modal>
  );
}

/** The ESI scopes a character granted, one per line. */
export function ScopesDialog({
  character,
  onClose,
}: {
  readonly character: AccountCharacter | null;
  readonly onClose: () => void;
}) {
  const scopes = character ? grantedScopes(character.esiScopes) : [];
  return (
    <Modal
      open={character !== null}
      title={`ESI scopes of ${character?.name ?? ''}`}
      onCancel={onClose}
      data-testid="scopes-dialog"
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      <List
        size="small"
        dataSource={scopes}
        locale={{ emptyText: 'No scopes granted' }}
        renderItem={(scope) => (
          <List.Item>
            <Typography.Text code>{scope}</Typography.Text>
          </List.Item>
        )}
      />
    </Modal>
  );
}

/** 'Error' with the server's message and Close. */
export function ErrorDialog({
  message,
  onClose,
}: {
  readonly message: string | null;
  readonly onClose: () => void;
}) {
  return (
    <Modal
      open={message !== null}
      title="Error"
      onCancel={onClose}
      data-testid="account-error-dialog"
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>{message}</Typography.Paragraph>
    </Modal>
  );
}
