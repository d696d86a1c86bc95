import { Flex, Spin } from 'antd';

export function PageSpinner() {
  return (
    <Flex justify="center" align="center" style={{ minHeight: '40vh' }} data-testid="page-spinner">
      <Spin size="large" />
    </Flex>
  );
}
