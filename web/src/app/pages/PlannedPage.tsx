import { ToolOutlined } from '@ant-design/icons';
import { Card, Flex, Typography, theme } from 'antd';
import { PageContainer } from '../../shared/ui/PageContainer';

interface PlannedPageProps {
  readonly title: string;
  readonly summary: string;
}

/** A page whose feature is still being built: its title and what it will do. */
export default function PlannedPage({ title, summary }: PlannedPageProps) {
  const { token } = theme.useToken();
  return (
    <PageContainer title={title}>
      <Card data-testid="planned-page">
        <Flex gap={token.margin} align="flex-start">
          <ToolOutlined style={{ fontSize: token.fontSizeHeading3, color: token.colorPrimary }} aria-hidden />
          <div>
            <Typography.Paragraph strong style={{ marginBottom: token.marginXS }}>
              Coming soon
            </Typography.Paragraph>
            <Typography.Paragraph style={{ marginBottom: 0 }}>{summary}</Typography.Paragraph>
          </div>
        </Flex>
      </Card>
    </PageContainer>
  );
}
