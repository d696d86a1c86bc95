import { AimOutlined, CalculatorOutlined, DesktopOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, theme } from 'antd';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { VISITOR_MESSAGE } from './InGamePanel';
import type { InGame } from './use-in-game';

interface ItemActionsProps {
  readonly typeId: number;
  readonly inGame: InGame;
  /** The station or structure of the order chosen in the tables, the target of the route buttons. */
  readonly destination: { readonly locationId: number; readonly locationName: string } | null;
}

/** Open in-game, Industry calculator, Set destination and Add waypoint (public-tools §2). */
export function ItemActions({ typeId, inGame, destination }: ItemActionsProps) {
  const { token } = theme.useToken();
  const visitor = inGame.loggedIn !== true;
  const routeHint = visitor
    ? VISITOR_MESSAGE
    : destination
      ? `To ${destination.locationName}`
      : 'Choose an order in the tables first.';
  return (
    <Flex wrap gap={token.marginXS} data-testid="market-item-actions">
      <Tooltip title={visitor ? VISITOR_MESSAGE : null}>
        <Button
          icon={<DesktopOutlined />}
          disabled={visitor}
          loading={!visitor && inGame.busy}
          onClick={() => inGame.openMarket(typeId)}
        >
          Open in-game
        </Button>
      </Tooltip>
      <ButtonLink icon={<CalculatorOutlined />} to={`/industryCalculator/${typeId}`}>
        Industry calculator
      </ButtonLink>
      <Tooltip title={routeHint}>
        <Button
          icon={<AimOutlined />}
          disabled={visitor || destination === null || inGame.busy}
          onClick={() => destination && inGame.updateRoute('setDestination', destination.locationId)}
        >
          Set destination
        </Button>
      </Tooltip>
      <Tooltip title={routeHint}>
        <Button
          icon={<NodeIndexOutlined />}
          disabled={visitor || destination === null || inGame.busy}
          onClick={() => destination && inGame.updateRoute('addWaypoint', destination.locationId)}
        >
          Add waypoint
        </Button>
      </Tooltip>
    </Flex>
  );
}
