import { Button, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { ACTION_LABELS, ACTION_SCOPES, type InGameAction } from './in-game';

/**
 * 'Additional ESI scopes required' (account-area §2 Account): the character lacks the scope an action needs;
 * Update Scopes on the Account page grants it.
 */
export function AdditionalScopeDialog({
  action,
  characterName,
  onClose,
}: {
  readonly action: InGameAction | null;
  readonly characterName: string;
  readonly onClose: () => void;
}) {
  const navigate = useNavigate();
  return (
    <Modal
      open={action !== null}
      title="Additional ESI scopes required"
      onCancel={onClose}
      data-testid="additional-scope-dialog"
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button
          key="account"
          type="primary"
          onClick={() => {
            onClose();
            void navigate('/account');
          }}
        >
          Go to Account page
        </Button>,
      ]}
    >
      {action ? (
        <>
          <Typography.Paragraph>
            An additional scope is required to {ACTION_LABELS[action]}: {characterName} has not granted{' '}
            <Typography.Text code>{ACTION_SCOPES[action]}</Typography.Text>.
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
            Choose Update Scopes on the Account page and approve the new scope for this character.
          </Typography.Paragraph>
        </>
      ) : null}
    </Modal>
  );
}
