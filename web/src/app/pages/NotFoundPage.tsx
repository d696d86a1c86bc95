import { Flex, Result } from 'antd';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { ButtonLink } from '../../shared/ui/ButtonLink';

export default function NotFoundPage() {
  const { pathname } = useLocation();
  useDocumentTitle('Page not found');
  return (
    <Result
      status="404"
      title={<h1 style={{ fontSize: 'inherit', margin: 0, color: 'inherit' }}>Page not found</h1>}
      subTitle={`There is no page at ${pathname}. It may have moved, or the link may be mistyped.`}
      extra={
        <Flex gap="small" justify="center" wrap>
          <ButtonLink to="/" type="primary">
            Go to the start page
          </ButtonLink>
          <ButtonLink to="/market">Browse the market</ButtonLink>
          <ButtonLink to="/faq">Read the FAQ</ButtonLink>
        </Flex>
      }
    />
  );
}
