import { Alert, Button, Flex, Spin, theme } from 'antd';
import { PageContainer } from '../PageContainer';

/** A list page while the account it belongs to is read (or missing, on the way to '/'). */
export function AccountLoadingPage({
  title,
  loading,
}: {
  readonly title: string;
  readonly loading: boolean;
}) {
  return (
    <PageContainer title={title}>
      {loading ? (
        <Flex justify="center">
          <Spin size="large" />
        </Flex>
      ) : null}
    </PageContainer>
  );
}

/** 'The … could not be loaded.' with Retry. */
export function ListLoadError({ what, onRetry }: { readonly what: string; readonly onRetry: () => void }) {
  const { token } = theme.useToken();
  return (
    <Alert
      type="error"
      showIcon
      style={{ marginBottom: token.marginMD }}
      message={`The ${what} could not be loaded.`}
      action={
        <Button size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    />
  );
}
