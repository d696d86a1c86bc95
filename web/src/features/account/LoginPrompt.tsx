import { Flex, theme } from 'antd';
import { Text } from '../../shared/ui/text';
import { LoginButton } from './LoginButton';

/** The header's right side for visitors: a short reason to log in and the login button. */
export function LoginPrompt({ compact }: { readonly compact: boolean }) {
  const { token } = theme.useToken();
  return (
    <Flex align="center" gap={token.marginSM} data-testid="login-prompt">
      {compact ? null : <Text tone="secondary">Log in to track the profit of your characters</Text>}
      <LoginButton>{compact ? 'Log in' : 'Log in with EVE Online'}</LoginButton>
    </Flex>
  );
}
