import { Flex, Typography, theme } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../hooks/use-document-title';

interface PageContainerProps {
  readonly title: string;
  /** The browser tab's title when it says more than the page's (a count in front); the page's title otherwise. */
  readonly documentTitle?: string;
  readonly description?: ReactNode;
  /** Shown at the right of the title (buttons, filters). */
  readonly extra?: ReactNode;
  readonly children: ReactNode;
}

/** The frame of every page inside the shell: a title, an optional lead text, then the content. */
export function PageContainer({ title, documentTitle, description, extra, children }: PageContainerProps) {
  const { token } = theme.useToken();
  useDocumentTitle(documentTitle ?? title);
  return (
    <div style={{ maxWidth: 1200, margin: '0 auto', padding: token.paddingLG }}>
      <Flex
        justify="space-between"
        align="flex-start"
        gap={token.margin}
        wrap
        style={{ marginBottom: token.marginLG }}
      >
        <div>
          <Typography.Title level={1} style={{ margin: 0, fontSize: token.fontSizeHeading2 }}>
            {title}
          </Typography.Title>
          {description ? (
            <Typography.Paragraph
              type="secondary"
              style={{ margin: `${token.marginXS}px 0 0`, maxWidth: 720 }}
            >
              {description}
            </Typography.Paragraph>
          ) : null}
        </div>
        {extra}
      </Flex>
      {children}
    </div>
  );
}
