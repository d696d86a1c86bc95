import {
  AppstoreOutlined,
  CalculatorOutlined,
  CheckOutlined,
  LineChartOutlined,
  RocketOutlined,
  ShopOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Tag, theme } from 'antd';
import type { ReactNode } from 'react';
import { useSelector } from 'react-redux';
import { Link, useSearchParams } from 'react-router';
import { PRODUCT_NAME } from '../../shared/config/product';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { selectLoginState, startLogin } from '../../shared/session';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { Heading, Paragraph, Text } from '../../shared/ui/text';
import { TIER_OFFERS, TRIAL_NOTE } from '../../shared/config/tiers';

interface Highlight {
  readonly icon: ReactNode;
  readonly title: string;
  readonly text: string;
}

const HIGHLIGHTS: readonly Highlight[] = [
  {
    icon: <LineChartOutlined />,
    title: 'Profit per trade',
    text: 'Every sale is matched with what you paid for it, after broker fees and sales tax, across all your characters.',
  },
  {
    icon: <ThunderboltOutlined />,
    title: 'Undercut in seconds',
    text: "See which orders are undercut. Select one and press Shift+C: the new price is on your clipboard and the item's market window opens in the game.",
  },
  {
    icon: <AppstoreOutlined />,
    title: 'Industry and contracts',
    text: 'Manufacturing jobs costed from the materials you bought, and contracts valued item by item, bought or sold.',
  },
  {
    icon: <CalculatorOutlined />,
    title: 'Free market tools',
    text: 'Browse any market, price a pasted list of items, check a margin or cost a build. No login needed.',
  },
];

function HighlightCard({ highlight }: { readonly highlight: Highlight }) {
  const { token } = theme.useToken();
  return (
    <Card style={{ height: '100%' }}>
      <Flex vertical gap={token.marginXS}>
        <span style={{ fontSize: token.fontSizeHeading3, color: token.colorPrimary }} aria-hidden>
          {highlight.icon}
        </span>
        <Heading level={3} size={4}>
          {highlight.title}
        </Heading>
        <Text tone="secondary">{highlight.text}</Text>
      </Flex>
    </Card>
  );
}

/** `/`: what the product does, the way in, and what each tier gives. Navigation and ads are hidden here. */
export default function LandingPage() {
  const { token } = theme.useToken();
  const [searchParams] = useSearchParams();
  const loggedIn = useSelector(selectLoginState) === 'loggedIn';
  const errorMessage = searchParams.get('errorMessage');
  useDocumentTitle(undefined);

  const section = { maxWidth: 1200, margin: '0 auto', padding: `0 ${token.paddingLG}px` };

  return (
    <div style={{ paddingBottom: token.paddingXL * 2 }}>
      <section
        style={{
          background: `radial-gradient(1200px 400px at 20% 0%, ${token.colorPrimaryBg} 0%, transparent 70%)`,
          padding: `${token.paddingXL * 2}px 0 ${token.paddingXL * 1.5}px`,
        }}
      >
        <Flex vertical gap={token.marginLG} style={section}>
          {errorMessage ? (
            <Heading level={2} size={3} tone="danger" role="alert" data-testid="landing-error">
              {errorMessage}
            </Heading>
          ) : null}
          <Tag color="blue" style={{ width: 'fit-content' }}>
            For EVE Online traders and industrialists
          </Tag>
          <Heading level={1} style={{ fontSize: 'clamp(32px, 6vw, 44px)', lineHeight: 1.15, maxWidth: 820 }}>
            Know what every trade really earned
          </Heading>
          <Paragraph large style={{ maxWidth: 760, margin: 0 }}>
            {PRODUCT_NAME} links your characters through EVE Online&apos;s single sign-on, imports their
            wallet transactions and journal, and works out the profit of every sale after broker fees and
            sales tax.
          </Paragraph>
          <Flex gap={token.marginSM} wrap>
            {loggedIn ? (
              <ButtonLink
                to="/index"
                type="primary"
                size="large"
                icon={<RocketOutlined />}
                data-testid="landing-main"
              >
                Go to my dashboard!
              </ButtonLink>
            ) : (
              <Button
                type="primary"
                size="large"
                icon={<RocketOutlined />}
                onClick={startLogin}
                data-testid="landing-main"
              >
                Get started!
              </Button>
            )}
            <ButtonLink to="/market" size="large" icon={<ShopOutlined />}>
              Market browser
            </ButtonLink>
            <ButtonLink to="/appraisal" size="large" icon={<CalculatorOutlined />}>
              Appraisal tool
            </ButtonLink>
          </Flex>
          <Text tone="secondary">
            Free to start. You log in with EVE Online: {PRODUCT_NAME} never sees your password.
          </Text>
        </Flex>
      </section>

      <section style={{ ...section, marginTop: token.marginXL }} aria-labelledby="landing-highlights">
        <Heading id="landing-highlights" level={2} size={3} style={{ marginBottom: token.margin }}>
          What you get
        </Heading>
        <Row gutter={[token.marginLG, token.marginLG]}>
          {HIGHLIGHTS.map((highlight) => (
            <Col key={highlight.title} xs={24} sm={12} lg={6}>
              <HighlightCard highlight={highlight} />
            </Col>
          ))}
        </Row>
      </section>

      <section style={{ ...section, marginTop: token.marginXL * 1.5 }} aria-labelledby="landing-tiers">
        <Heading id="landing-tiers" level={2} size={3} style={{ marginBottom: token.margin }}>
          Subscriptions, paid in ISK
        </Heading>
        <Row gutter={[token.marginLG, token.marginLG]}>
          {TIER_OFFERS.map((offer) => (
            <Col key={offer.tier} xs={24} md={8}>
              <Card
                data-testid={`tier-${offer.tier}`}
                style={{
                  height: '100%',
                  borderColor: offer.highlighted ? token.colorPrimary : undefined,
                }}
                title={
                  <Flex justify="space-between" align="center">
                    <Heading level={3} size={4}>
                      {offer.name}
                    </Heading>
                    {offer.highlighted ? <Tag color="gold">Most complete</Tag> : null}
                  </Flex>
                }
              >
                <Paragraph large style={{ fontWeight: token.fontWeightStrong }}>
                  {offer.price}
                </Paragraph>
                <ul style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                  {offer.features.map((feature) => (
                    <li key={feature} style={{ padding: `${token.paddingXXS}px 0` }}>
                      <CheckOutlined
                        style={{ color: token.colorSuccess, marginInlineEnd: token.marginXS }}
                        aria-hidden
                      />
                      {feature}
                    </li>
                  ))}
                </ul>
              </Card>
            </Col>
          ))}
        </Row>
        <Paragraph tone="secondary" style={{ marginTop: token.margin }}>
          {TRIAL_NOTE} Subscriptions last 30 days and are paid with ISK sent in the game.
        </Paragraph>
      </section>

      <section style={{ ...section, marginTop: token.marginXL }} aria-labelledby="landing-partners">
        <Card>
          <Flex gap={token.margin} align="flex-start">
            <TeamOutlined
              style={{ fontSize: token.fontSizeHeading3, color: token.colorPrimary }}
              aria-hidden
            />
            <div>
              <Heading id="landing-partners" level={2} size={4} style={{ marginBottom: token.marginXS }}>
                Partner programme
              </Heading>
              <Paragraph style={{ marginBottom: 0 }}>
                Lead a trading corporation, run an industry alliance or make EVE videos? Partners get a
                referral code that gives their members a discount, and a share of every subscription paid with
                it. <Link to="/contact">Ask us about it</Link>.
              </Paragraph>
            </div>
          </Flex>
        </Card>
      </section>
    </div>
  );
}
