import { Alert, Button, Card, Col, Flex, Row, Statistic, Tooltip, Typography, theme } from 'antd';
import type { Appraisal } from './appraisal-api';
import { formatAgo, formatIskFull, formatVolume, unknownItemsNotice, unpricedNote } from './appraisal-format';
import { formatWait, updatePricesWaitMs } from './update-prices';
import { pricedWhere, STRUCTURE_UPDATE_NOTE } from './market-choice';
import { useNow } from '../../shared/hooks/use-now';

interface AppraisalResultProps {
  readonly appraisal: Appraisal;
  /** Items the last Submit could not find; shown only right after creating this appraisal. */
  readonly numUnknown: number | null;
  readonly updating: boolean;
  readonly linkCopied: boolean;
  /** A visitor sees a structure appraisal's saved prices, but cannot price it again. */
  readonly loggedIn: boolean;
  onUpdatePrices(): void;
  onCopyLink(): void;
}

/**
 * The result panel (public-tools §2): totals, the region and age of the prices, Update prices (5 minutes after
 * creation, showing the time left) and Copy link (not for a temporary appraisal).
 */
export function AppraisalResult({
  appraisal,
  numUnknown,
  updating,
  linkCopied,
  loggedIn,
  onUpdatePrices,
  onCopyLink,
}: AppraisalResultProps) {
  const { token } = theme.useToken();
  // Each second: the countdown on Update prices, and the age of the prices.
  const now = useNow(1000);
  const wait = updatePricesWaitMs(appraisal.created, now);
  const temporary = appraisal.id === 'temp';
  const needsLogin = appraisal.structureId !== null && !loggedIn;

  return (
    <Card data-testid="appraisal-result" style={{ marginTop: token.marginLG }}>
      {numUnknown !== null && numUnknown > 0 ? (
        <Alert
          type="warning"
          showIcon
          data-testid="appraisal-unknown-notice"
          message={unknownItemsNotice(numUnknown)}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {unpricedNote(appraisal) ? (
        <Alert
          type="info"
          showIcon
          data-testid="appraisal-unpriced-sides"
          message={unpricedNote(appraisal)}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      {needsLogin ? (
        <Alert
          type="info"
          showIcon
          data-testid="appraisal-structure-update-note"
          message={STRUCTURE_UPDATE_NOTE}
          style={{ marginBottom: token.margin }}
        />
      ) : null}
      <Row gutter={[token.marginLG, token.margin]}>
        <Col xs={24} sm={12} lg={6}>
          <Statistic
            title="Total sell estimate"
            value={`${formatIskFull(appraisal.totalSell)} ISK`}
            valueStyle={{ fontSize: token.fontSizeHeading4 }}
            data-testid="appraisal-total-sell"
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Statistic
            title="Total buy estimate"
            value={`${formatIskFull(appraisal.totalBuy)} ISK`}
            valueStyle={{ fontSize: token.fontSizeHeading4 }}
            data-testid="appraisal-total-buy"
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Statistic
            title="Total volume"
            value={formatVolume(appraisal.totalVolume)}
            valueStyle={{ fontSize: token.fontSizeHeading4 }}
            data-testid="appraisal-total-volume"
          />
        </Col>
        <Col xs={24} sm={12} lg={6}>
          <Tooltip title="What selling everything into the buy orders now would fetch, order by order, and how much less that is than the highest buy price for every unit.">
            <Statistic
              title="Sell now (walking the buy orders)"
              value={`${formatIskFull(appraisal.totalSellNow)} ISK`}
              valueStyle={{ fontSize: token.fontSizeHeading4 }}
              data-testid="appraisal-total-sell-now"
            />
            <Typography.Text type="secondary">
              slippage {formatIskFull(appraisal.totalSlippage)} ISK
            </Typography.Text>
          </Tooltip>
        </Col>
      </Row>
      <Flex
        justify="space-between"
        align="center"
        wrap
        gap={token.marginSM}
        style={{ marginTop: token.margin }}
      >
        <Typography.Text data-testid="appraisal-priced-at">
          {pricedWhere(appraisal)}, {formatAgo(appraisal.created, now)}
        </Typography.Text>
        <Flex gap={token.marginSM}>
          <Button
            onClick={onUpdatePrices}
            loading={updating}
            disabled={wait > 0 || updating || needsLogin}
            data-testid="appraisal-update-prices"
          >
            {wait > 0 ? `Update prices (${formatWait(wait)})` : 'Update prices'}
          </Button>
          <Button onClick={onCopyLink} disabled={temporary} data-testid="appraisal-copy-link">
            {linkCopied ? 'Link copied' : 'Copy link'}
          </Button>
        </Flex>
      </Flex>
    </Card>
  );
}
