import { EnvironmentOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Select, Typography, theme } from 'antd';
import { LOGIN_URL } from '../../shared/session';
import { setCharacter } from './market-browser.store';
import type { InGame } from './use-in-game';

/** Shown to visitors in place of the in-game extras (public-tools §8). */
export const VISITOR_MESSAGE = 'Log in to open in-game and see jumps.';

/**
 * The character the in-game extras act as, and its location (the origin of the jump counts); for visitors the
 * message to log in.
 */
export function InGamePanel({ inGame }: { readonly inGame: InGame }) {
  const { token } = theme.useToken();
  if (inGame.loggedIn === undefined) return null;
  if (!inGame.loggedIn) {
    return (
      <Alert
        type="info"
        showIcon
        data-testid="market-visitor-message"
        message={VISITOR_MESSAGE}
        action={
          <Button size="small" type="primary" href={LOGIN_URL}>
            Log in
          </Button>
        }
      />
    );
  }
  const { character, location } = inGame;
  if (!character) {
    return (
      <Alert
        type="info"
        showIcon
        message="Add a character on the Account page to use the in-game features."
      />
    );
  }
  return (
    <Flex wrap align="center" gap={token.marginSM} data-testid="market-in-game-panel">
      <label htmlFor="market-character" style={{ color: token.colorTextSecondary }}>
        Character
      </label>
      <Select
        id="market-character"
        data-testid="market-character"
        style={{ minWidth: 200 }}
        value={character.id}
        options={inGame.characters.map((entry) => ({ value: entry.id, label: entry.name }))}
        onChange={(id: number) => setCharacter(id)}
      />
      <Flex align="center" gap={token.marginXS} data-testid="market-location">
        <EnvironmentOutlined aria-hidden />
        {location ? (
          <span>
            In <strong>{location.systemName}</strong>: jumps are counted from there.
          </span>
        ) : inGame.locationReading ? (
          <Typography.Text type="secondary">Reading the location…</Typography.Text>
        ) : inGame.locationFailure ? (
          <Typography.Text type="danger">
            The location could not be read: {inGame.locationFailure}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">Location unknown: jumps need it.</Typography.Text>
        )}
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={inGame.locationReading}
          onClick={inGame.readLocation}
          data-testid="market-read-location"
        >
          {location ? 'Update location' : 'Read location'}
        </Button>
      </Flex>
    </Flex>
  );
}
