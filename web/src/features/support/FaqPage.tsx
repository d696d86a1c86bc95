import { Collapse, Flex, Typography, theme } from 'antd';
import { Link } from 'react-router';
import { PageContainer } from '../../shared/ui/PageContainer';
import { FAQ } from './faq.content';

/** /faq: questions players ask, grouped by topic. */
export default function FaqPage() {
  const { token } = theme.useToken();
  return (
    <PageContainer
      title="Frequently asked questions"
      description={
        <>
          Answers about accounts, profits, subscriptions and the tools. Something missing?{' '}
          <Link to="/contact">Ask us</Link>.
        </>
      }
    >
      <Flex vertical gap={token.marginLG}>
        {FAQ.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <Typography.Title level={2} style={{ fontSize: token.fontSizeHeading4 }}>
              {group.title}
            </Typography.Title>
            <Collapse
              defaultActiveKey={group === FAQ[0] ? [group.entries[0]?.question ?? ''] : []}
              items={group.entries.map((entry) => ({
                key: entry.question,
                label: <Typography.Text strong>{entry.question}</Typography.Text>,
                children: entry.answer.map((paragraph, index) => (
                  <Typography.Paragraph
                    key={index}
                    style={index === entry.answer.length - 1 ? { marginBottom: 0 } : undefined}
                  >
                    {paragraph}
                  </Typography.Paragraph>
                )),
              }))}
            />
          </section>
        ))}
      </Flex>
    </PageContainer>
  );
}
