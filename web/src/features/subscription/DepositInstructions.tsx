import { Card, Typography } from 'antd';
import { PRODUCT_CORPORATION_NAME } from '../../shared/config/product';

/** How ISK reaches the balance: a transfer to the product's corporation, credited after the next sync (§2). */
export function DepositInstructions() {
  return (
    <Card size="small" title="Add ISK to your balance" data-testid="deposit-instructions">
      <Typography.Paragraph>
        In the game, send ISK from the personal wallet of one of this account&apos;s characters to the
        corporation <Typography.Text strong>{PRODUCT_CORPORATION_NAME}</Typography.Text> (Give Money on the
        corporation&apos;s information window).
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        The deposit shows in your transactions after the next sync; then buy a tier above. ISK sent from a
        character that is not on this account yet waits, and is credited once you add that character.
      </Typography.Paragraph>
    </Card>
  );
}
