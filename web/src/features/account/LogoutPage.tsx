import { Flex, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import { useNavigate } from 'react-router';
import { baseApi } from '../../shared/api';
import { useDocumentTitle } from '../../shared/hooks/use-document-title';
import { useLogoutMutation } from '../../shared/session';

/** /logout: ends the session, forgets every cached account answer, then goes to /. */
export default function LogoutPage() {
  const [logout] = useLogoutMutation();
  const dispatch = useDispatch();
  const navigate = useNavigate();
  const started = useRef(false);
  useDocumentTitle('Logging out');
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logout()
      .catch(() => undefined)
      .finally(() => {
        dispatch(baseApi.util.resetApiState());
        void navigate('/', { replace: true });
      });
  }, [dispatch, logout, navigate]);
  return (
    <Flex justify="center" align="center" style={{ minHeight: '40vh' }}>
      <Spin size="large" description="Logging out..." />
    </Flex>
  );
}
