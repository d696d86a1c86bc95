import { JUMP_DESTINATIONS_PER_CALL } from './market-constants';

/** The in-game features of the market browser (public-tools §2, account-area §6) and the scope each needs. */
export type InGameAction = 'openMarket' | 'readLocation' | 'setDestination' | 'addWaypoint';

export const ACTION_SCOPES: Readonly<Record<InGameAction, string>> = {
  openMarket: 'esi-ui.open_window.v1',
  readLocation: 'esi-location.read_location.v1',
  setDestination: 'esi-ui.write_waypoint.v1',
  addWaypoint: 'esi-ui.write_waypoint.v1',
};

export const ACTION_LABELS: Readonly<Record<InGameAction, string>> = {
  openMarket: 'open the market window in game',
  readLocation: "read your character's location",
  setDestination: 'set destinations',
  addWaypoint: 'add waypoints',
};

export interface ScopedCharacter {
  readonly id: number;
  readonly esiScopes: string;
}

export function hasScope(character: ScopedCharacter, scope: string): boolean {
  return character.esiScopes
    .split(/[\s,]+/)
    .filter(Boolean)
    .includes(scope);
}

/**
 * Whether an action may run now: visitors are asked to log in, a character without the scope gets the
 * 'additional scope required' dialog, and while a UI request runs or after a 420 (the one-second lock) it waits.
 */
export type ActionGate = 'login' | 'noCharacter' | 'missingScope' | 'busy' | 'ready';

export function actionGate(options: {
  readonly loggedIn: boolean;
  readonly character: ScopedCharacter | null;
  readonly action: InGameAction;
  readonly busy: boolean;
  readonly rateLimited: boolean;
}): ActionGate {
  if (!options.loggedIn) return 'login';
  if (!options.character) return 'noCharacter';
  if (!hasScope(options.character, ACTION_SCOPES[options.action])) return 'missingScope';
  if (options.busy || options.rateLimited) return 'busy';
  return 'ready';
}

/** The body of POST /account/characters/{id}/updateRoute: a destination replaces the route, a waypoint joins it. */
export function routeUpdate(
  action: 'setDestination' | 'addWaypoint',
  destinationId: number,
): { addToBeginning: boolean; clearOtherWaypoints: boolean; destinationId: number } {
  return { addToBeginning: false, clearOtherWaypoints: action === 'setDestination', destinationId };
}

/** The character the in-game actions use: the chosen one while on the account, else the login character. */
export function actingCharacter<Character extends ScopedCharacter>(
  characters: readonly Character[],
  chosenId: number | null,
  loginCharacterId: number,
): Character | null {
  return (
    characters.find((character) => character.id === chosenId) ??
    characters.find((character) => character.id === loginCharacterId) ??
    characters[0] ??
    null
  );
}

/** GET /static/jumps calls for one origin: at most 1000 destinations each, comma-separated. */
export function jumpRequests(
  origin: number,
  systemIds: readonly number[],
): { origin: number; destinations: string }[] {
  const requests: { origin: number; destinations: string }[] = [];
  for (let start = 0; start < systemIds.length; start += JUMP_DESTINATIONS_PER_CALL) {
    requests.push({
      origin,
      destinations: systemIds.slice(start, start + JUMP_DESTINATIONS_PER_CALL).join(','),
    });
  }
  return requests;
}

/** Jumps by system, matched back by position to the destinations of each request. */
export function jumpsBySystem(
  requests: readonly { destinations: string }[],
  answers: readonly (readonly number[] | undefined)[],
): Map<number, number> {
  const jumps = new Map<number, number>();
  requests.forEach((request, index) => {
    const answer = answers[index];
    if (!answer) return;
    request.destinations.split(',').forEach((systemId, position) => {
      const count = answer[position];
      if (count !== undefined) jumps.set(Number(systemId), count);
    });
  });
  return jumps;
}

/** The order ids of the account's own orders, from each character's orders answer (an array, or `{ data }`). */
export function ownOrderIds(answers: readonly unknown[]): Set<number> {
  const ids = new Set<number>();
  for (const answer of answers) {
    const orders = Array.isArray(answer)
      ? answer
      : answer !== null && typeof answer === 'object' && Array.isArray((answer as { data?: unknown }).data)
        ? (answer as { data: unknown[] }).data
        : [];
    for (const order of orders) {
      const id = (order as { orderId?: unknown } | null)?.orderId;
      if (typeof id === 'number') ids.add(id);
    }
  }
  return ids;
}

export { failureText } from '../../shared/api/error-text';
