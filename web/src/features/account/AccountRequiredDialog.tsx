import { LockOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Typography, theme } from 'antd';
import { useDispatch, useSelector } from 'react-redux';
import { startLogin } from '../../shared/session';
import { accountRequiredClosed, selectAccountRequired } from './account-required.slice';

/** 'Account required': a visitor reached for a page that needs login. */
export default function AccountRequiredDialog() {
  const { open, pageLabel } = useSelector(selectAccountRequired);
  const dispatch = useDispatch();
  const { token } = theme.useToken();
  const close = () => dispatch(accountRequiredClosed());
  return (
    <Modal
      open={open}
      onCancel={close}
      title={
        <Flex align="center" gap={token.marginXS}>
          <LockOutlined aria-hidden />
          Account required
        </Flex>
      }
      footer={[
        <Button key="close" onClick={close}>
          Close
        </Button>,
        <Button key="login" type="primary" onClick={startLogin}>
          Log in with EVE Online
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        {pageLabel ? <strong>{pageLabel}</strong> : 'This page'} works with the characters you link to your
        Tradewise account.
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Log in through EVE Online&apos;s single sign-on to create your account. Tradewise never sees your
        password, and the Free tier costs nothing.
      </Typography.Paragraph>
    </Modal>
  );
}
