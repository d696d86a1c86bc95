import { GiftOutlined, HeartOutlined } from '@ant-design/icons';
import { Button, Card, Col, Flex, Row, Tag, Typography, theme } from 'antd';
import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { STORAGE_KEYS, TIER_PRICES_ISK } from '../../shared/config/constants';
import { PATRON_URL } from '../../shared/config/product';
import { formatIsk } from '../../shared/format';
import { writeStored } from '../../shared/storage/local-storage';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { PageContainer } from '../../shared/ui/PageContainer';
import { NEWS } from './news.data';
import { newsSeen } from './news-seen.slice';
import type { NewsEntry } from './news.types';
import { latestNewsTime } from './news';

function ChangeList({ changes }: { readonly changes: readonly string[] }) {
  return (
    <ul style={{ margin: 0, paddingInlineStart: 20 }}>
      {changes.map((change) => (
        <li key={change}>
          <Typography.Text>{change}</Typography.Text>
        </li>
      ))}
    </ul>
  );
}

function NewsCard({ entry }: { readonly entry: NewsEntry }) {
  const { token } = theme.useToken();
  return (
    <Card
      data-testid="news-entry"
      title={
        <Flex align="center" gap={token.marginSM} wrap>
          <Typography.Title level={2} style={{ margin: 0, fontSize: token.fontSizeHeading4 }}>
            {entry.title}
          </Typography.Title>
          <Tag>
            <time dateTime={entry.date}>{entry.date}</time>
          </Tag>
        </Flex>
      }
    >
      <Typography.Paragraph>{entry.content}</Typography.Paragraph>
      {entry.changes.length > 0 ? <ChangeList changes={entry.changes} /> : null}
      {entry.changesCategories.map((category) => (
        <div key={category.title} style={{ marginTop: token.marginSM }}>
          <Typography.Title level={3} style={{ fontSize: token.fontSize, marginBottom: token.marginXXS }}>
            {category.title}
          </Typography.Title>
          <ChangeList changes={category.changes} />
        </div>
      ))}
    </Card>
  );
}

/** /updates: the news, a support panel and a giveaway panel. Opening it marks the newest entry as seen. */
export default function UpdatesPage() {
  const dispatch = useDispatch();
  const { token } = theme.useToken();

  useEffect(() => {
    const latest = latestNewsTime(NEWS);
    if (latest === null) return;
    writeStored(STORAGE_KEYS.newsLastSeen, String(latest));
    dispatch(newsSeen(latest));
  }, [dispatch]);

  return (
    <PageContainer title="News and Updates" description="What changed in Tradewise, newest first.">
      <Row gutter={[token.marginLG, token.marginLG]}>
        <Col xs={24} lg={16}>
          <Flex vertical gap={token.marginLG}>
            {NEWS.map((entry) => (
              <NewsCard key={`${entry.date}-${entry.title}`} entry={entry} />
            ))}
          </Flex>
        </Col>
        <Col xs={24} lg={8}>
          <Flex vertical gap={token.marginLG}>
            <Card
              title={
                <Flex gap={token.marginXS} align="center">
                  <HeartOutlined aria-hidden /> Support Tradewise
                </Flex>
              }
              data-testid="support-panel"
            >
              <Typography.Paragraph>
                Tradewise is built and run by players. A Supporter subscription (
                {formatIsk(TIER_PRICES_ISK.SUPPORTER)} ISK for 30 days) removes the ads and pays for the
                servers that sync your characters.
              </Typography.Paragraph>
              <Flex gap={token.marginSM} wrap>
                <ButtonLink to="/subscription" type="primary">
                  See subscriptions
                </ButtonLink>
                <Button href={PATRON_URL} target="_blank" rel="noreferrer">
                  Become a patron
                </Button>
              </Flex>
            </Card>
            <Card
              title={
                <Flex gap={token.marginXS} align="center">
                  <GiftOutlined aria-hidden /> Monthly giveaway
                </Flex>
              }
              data-testid="giveaway-panel"
            >
              <Typography.Paragraph>
                At the start of every month we give a free month of Pro to three accounts, drawn among
                everyone whose characters synced at least once in the month before.
              </Typography.Paragraph>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                No sign-up needed: winners are announced here and find the month on their Subscription page.
              </Typography.Paragraph>
            </Card>
          </Flex>
        </Col>
      </Row>
    </PageContainer>
  );
}
