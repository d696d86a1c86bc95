import { Button, Modal, Typography } from 'antd';
import { SUBSCRIPTION_DAYS, TIER_PRICES_ISK } from '../../shared/config/constants';
import { TIER_NAMES } from '../../shared/config/tiers';
import { formatIskFull } from '../../shared/format';
import type { BillingRefusal } from './use-billing-actions';
import { dateTimeText } from '../../shared/ui/editable-list';
import { NON_REFUNDABLE_TEXT, type PaidTier } from './subscription-rules';

const isk = (value: number) => `${formatIskFull(value)} ISK`;

export interface PurchaseChoice {
  readonly tier: PaidTier;
  readonly upgrade: boolean;
  /** For an upgrade: what it costs now, estimated with this browser's clock. */
  readonly upgradePrice: number | null;
  /** When the new period ends if bought now. */
  readonly endsAt: Date;
}

/** 'Confirm Purchase': non-refundable, what is bought, for how much and until when (account-area §2, §9). */
export function ConfirmPurchaseDialog({
  choice,
  purchasing,
  onConfirm,
  onCancel,
}: {
  readonly choice: PurchaseChoice | null;
  readonly purchasing: boolean;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
}) {
  const name = choice ? TIER_NAMES[choice.tier] : '';
  const until = choice ? `${dateTimeText(choice.endsAt.toISOString())} UTC` : '';
  return (
    <Modal
      open={choice !== null}
      title="Confirm Purchase"
      onCancel={onCancel}
      data-testid="confirm-purchase-dialog"
      footer={[
        <Button key="cancel" onClick={onCancel} disabled={purchasing}>
          Cancel
        </Button>,
        <Button key="purchase" type="primary" loading={purchasing} onClick={onConfirm}>
          {choice?.upgrade ? 'Upgrade' : 'Purchase'}
        </Button>,
      ]}
    >
      <Typography.Paragraph strong data-testid="non-refundable">
        {NON_REFUNDABLE_TEXT}
      </Typography.Paragraph>
      {choice === null ? null : choice.upgrade ? (
        <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="purchase-summary">
          Upgrade to {name} for {isk(TIER_PRICES_ISK[choice.tier])} less the unused part of your Supporter
          subscription
          {choice.upgradePrice === null ? '' : ` (about ${isk(choice.upgradePrice)} now)`}, paid from your
          balance.
          {` ${name} runs ${SUBSCRIPTION_DAYS} days from now, until ${until}.`}
        </Typography.Paragraph>
      ) : (
        <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="purchase-summary">
          {`Buy ${name} for ${isk(TIER_PRICES_ISK[choice.tier])} from your balance. It runs ${SUBSCRIPTION_DAYS} days, until ${until}.`}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}

/** 'Purchase Error' (a purchase) or 'Error' (the trial) with the server's title, and Ok (account-area §8). */
export function BillingRefusalDialog({
  refusal,
  onClose,
}: {
  readonly refusal: BillingRefusal | null;
  readonly onClose: () => void;
}) {
  return (
    <Modal
      open={refusal !== null}
      title={refusal?.dialog}
      onCancel={onClose}
      data-testid="billing-refusal-dialog"
      footer={[
        <Button key="ok" type="primary" onClick={onClose}>
          Ok
        </Button>,
      ]}
    >
      <Typography.Paragraph strong data-testid="refusal-title">
        {refusal?.title}
      </Typography.Paragraph>
      {refusal?.message ? (
        <Typography.Paragraph style={{ marginBottom: 0 }} data-testid="refusal-message">
          {refusal.message}
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
