import { BugOutlined, MailOutlined, MessageOutlined, UserOutlined } from '@ant-design/icons';
import { Card, Col, Flex, Row, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CONTACT_EMAIL, IN_GAME_CHANNEL, PRODUCT_NAME, SUPPORT_CHARACTER } from '../../shared/config/product';
import { PageContainer } from '../../shared/ui/PageContainer';

interface Channel {
  readonly icon: ReactNode;
  readonly title: string;
  readonly body: ReactNode;
}

/** /contact: who runs the product, how data is handled, and how to reach us. */
export default function ContactPage() {
  const { token } = theme.useToken();
  const channels: readonly Channel[] = [
    {
      icon: <UserOutlined />,
      title: 'In-game mail',
      body: (
        <>
          Send an EVE mail to <Typography.Text strong>{SUPPORT_CHARACTER}</Typography.Text>. Best for payments
          and subscription questions: include the character that sent the ISK.
        </>
      ),
    },
    {
      icon: <MessageOutlined />,
      title: 'In-game channel',
      body: (
        <>
          Join the public chat channel <Typography.Text strong>{IN_GAME_CHANNEL}</Typography.Text> to talk
          with other traders and with us.
        </>
      ),
    },
    {
      icon: <MailOutlined />,
      title: 'E-mail',
      body: (
        <>
          Write to <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a> for anything else, including
          partner requests and deleting your account. We answer within two days.
        </>
      ),
    },
    {
      icon: <BugOutlined />,
      title: 'Bug reports',
      body: (
        <>
          Tell us what you did, what you expected and what you saw, with the page address. A paste that the
          appraisal tool could not read helps most when you send the paste itself.
        </>
      ),
    },
  ];

  return (
    <PageContainer title="About and Contact" description={`Who makes ${PRODUCT_NAME}, and how to reach us.`}>
      <Flex vertical gap={token.marginLG}>
        <Card>
          <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4, marginTop: 0 }}>
            About {PRODUCT_NAME}
          </Typography.Title>
          <Typography.Paragraph>
            {PRODUCT_NAME} is made by EVE Online players for traders and industrialists who want to know which
            trades and builds actually pay. It started as a spreadsheet for one trading alt and grew into a
            tracker that imports every transaction, order, contract and industry job, and computes profit the
            way a careful accountant would.
          </Typography.Paragraph>
          <Typography.Paragraph>
            Your data is yours. {PRODUCT_NAME} reads only what the scopes you approved allow, uses it only to
            show you your own numbers, and never sells or shares it. Removing a character&apos;s token on the
            Account page stops its sync; ask us by e-mail to delete your account and everything imported for
            it.
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Subscriptions are paid in ISK only, as the EVE Online developer licence asks. Questions first?
            Read the <Link to="/faq">FAQ</Link>.
          </Typography.Paragraph>
        </Card>
        <Row gutter={[token.marginLG, token.marginLG]}>
          {channels.map((channel) => (
            <Col key={channel.title} xs={24} md={12}>
              <Card style={{ height: '100%' }}>
                <Flex gap={token.margin} align="flex-start">
                  <span style={{ fontSize: token.fontSizeHeading3, color: token.colorPrimary }} aria-hidden>
                    {channel.icon}
                  </span>
                  <div>
                    <Typography.Title level={3} style={{ fontSize: token.fontSizeHeading5, marginTop: 0 }}>
                      {channel.title}
                    </Typography.Title>
                    <Typography.Paragraph style={{ marginBottom: 0 }}>{channel.body}</Typography.Paragraph>
                  </div>
                </Flex>
              </Card>
            </Col>
          ))}
        </Row>
      </Flex>
    </PageContainer>
  );
}
