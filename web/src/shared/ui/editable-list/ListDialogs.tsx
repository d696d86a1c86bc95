import { Button, Flex, Modal, Spin, Typography } from 'antd';
import type { Blocker } from 'react-router';
import { CONFIRM_DELETION, CONFIRM_NAVIGATION, PROCESSING_TEXT } from './editable-list.texts';

/** 'Error' with the server's text and a Close button (account-area §8). */
export function ErrorDialog({
  text,
  onClose,
  testId = 'error-dialog',
}: {
  readonly text: string | null;
  readonly onClose: () => void;
  readonly testId?: string;
}) {
  return (
    <Modal
      open={text !== null}
      title="Error"
      onCancel={onClose}
      data-testid={testId}
      footer={[
        <Button key="close" type="primary" onClick={onClose}>
          Close
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>{text}</Typography.Paragraph>
    </Modal>
  );
}

/** 'Confirm Deletion' before rows are deleted for good (account-area §8). */
export function ConfirmDeletionDialog({
  open,
  deleting,
  onConfirm,
  onCancel,
}: {
  readonly open: boolean;
  readonly deleting: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  return (
    <Modal
      open={open}
      title={CONFIRM_DELETION.title}
      onCancel={onCancel}
      data-testid="confirm-deletion-dialog"
      footer={[
        <Button key="cancel" onClick={onCancel}>
          {CONFIRM_DELETION.cancel}
        </Button>,
        <Button key="delete" type="primary" danger loading={deleting} onClick={onConfirm}>
          {CONFIRM_DELETION.confirm}
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>{CONFIRM_DELETION.text}</Typography.Paragraph>
    </Modal>
  );
}

/** 'Confirm Navigation' while a navigation away from unsaved edits is held (account-area §8). */
export function ConfirmNavigationDialog({ blocker }: { readonly blocker: Blocker }) {
  const blocked = blocker.state === 'blocked';
  return (
    <Modal
      open={blocked}
      title={CONFIRM_NAVIGATION.title}
      onCancel={() => blocker.reset?.()}
      data-testid="confirm-navigation-dialog"
      footer={[
        <Button key="stay" onClick={() => blocker.reset?.()}>
          {CONFIRM_NAVIGATION.stay}
        </Button>,
        <Button key="leave" type="primary" danger onClick={() => blocker.proceed?.()}>
          {CONFIRM_NAVIGATION.leave}
        </Button>,
      ]}
    >
      <Typography.Paragraph style={{ marginBottom: 0 }}>{CONFIRM_NAVIGATION.text}</Typography.Paragraph>
    </Modal>
  );
}

/** The blocking 'Processing in progress...' dialog: no close button, no mask click, no Escape. */
export function ProcessingDialog({ open }: { readonly open: boolean }) {
  return (
    <Modal
      open={open}
      title={PROCESSING_TEXT}
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      footer={null}
      data-testid="processing-dialog"
    >
      <Flex justify="center">
        <span role="status" aria-label={PROCESSING_TEXT}>
          <Spin />
        </span>
      </Flex>
    </Modal>
  );
}
