import { LoginOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { startLogin } from '../../shared/session';

/** Starts the game's single sign-on (a browser navigation). */
export function LoginButton({ children = 'Log in with EVE Online', ...props }: ButtonProps) {
  return (
    <Button type="primary" icon={<LoginOutlined />} onClick={startLogin} {...props}>
      {children}
    </Button>
  );
}
