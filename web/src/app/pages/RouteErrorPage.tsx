import { WarningOutlined } from '@ant-design/icons';
import { Button, Flex, theme } from 'antd';
import { useRouteError } from 'react-router';
import { ChunkLoadTimeoutError } from '../../shared/ui/lazy-page';
import { Heading, Paragraph } from '../../shared/ui/text';

/** A page failed to load (a lost connection, a release replacing old files) or failed to render. */
export function RouteErrorPage() {
  const { token } = theme.useToken();
  const error = useRouteError();
  const loading =
    error instanceof ChunkLoadTimeoutError ||
    (error instanceof TypeError && /import|module/i.test(error.message));
  return (
    <Flex
      vertical
      align="center"
      gap={token.margin}
      style={{ padding: token.paddingXL * 2, textAlign: 'center' }}
    >
      <WarningOutlined style={{ fontSize: 48, color: token.colorWarning }} aria-hidden />
      <Heading level={1} size={3}>
        {loading ? 'This page could not be loaded' : 'Something went wrong on this page'}
      </Heading>
      <Paragraph tone="secondary" style={{ maxWidth: 560 }}>
        {loading
          ? 'Check your connection, then reload. If Tradewise was just updated, reloading fetches the new version.'
          : 'Reload the page to try again. If it keeps happening, tell us on the About and Contact page.'}
      </Paragraph>
      <Button type="primary" onClick={() => window.location.reload()}>
        Reload
      </Button>
    </Flex>
  );
}
