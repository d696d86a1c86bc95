import { Button, Modal, Typography } from 'antd';
import type { ReactNode } from 'react';

/**
 * A feature the account's tier does not include (account-area §6): 'Subscription only feature' for All Time on
 * the Overview, 'Subscriber-only feature' for Refresh Private Prices; Close, or Go to Subscriptions.
 */
export function SubscriptionOnlyDialog({
  open,
  title,
  testId,
  children,
  onGoToSubscriptions,
  onClose,
}: {
  readonly open: boolean;
  readonly title: string;
  readonly testId: string;
  /** Why the feature needs a subscription. */
  readonly children: ReactNode;
  readonly onGoToSubscriptions: () => void;
  readonly onClose: () => void;
}) {
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      data-testid={testId}
      footer={[
        <Button key="close" onClick={onClose}>
          Close
        </Button>,
        <Button key="subscriptions" type="primary" onClick={onGoToSubscriptions}>
          Go to Subscriptions
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>{children}</Typography.Paragraph>
    </Modal>
  );
}
