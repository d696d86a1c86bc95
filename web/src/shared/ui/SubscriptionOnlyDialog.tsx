import { Button, Modal, Typography } from 'antd';

/** FREE accounts picking All Time (account-area §2, §6). */
export function SubscriptionOnlyDialog({
  open,
  onGoToSubscriptions,
  onClose,
}: {
  readonly open: boolean;
  readonly onGoToSubscriptions: () => void;
  readonly onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title="Subscription only feature"
      onCancel={onClose}
      data-testid="subscription-only-dialog"
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="subscriptions" type="primary" onClick={onGoToSubscriptions}>
          Go to Subscriptions
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        Free accounts keep 30 days of profit history. Supporter and Pro subscribers see their profits over all
        time.
      </Typography.Paragraph>
    </Modal>
  );
}
